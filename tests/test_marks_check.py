"""Issue 16: the hit-circle checks can fail on a real mistake. The count a piece must carry comes
from each track's source read a second way (the ruleset file's own TOML, or the family's second
method), so tracks() giving the wrong count -- which the sprites then draw -- fails both the
scenario check and `printgen check` of a kit."""

from __future__ import annotations

from dataclasses import replace

from printgen.check.marks import flagships_strongest
from printgen.rules.marks import expected_marks, raw_rule
from printgen.data.scenario import load_scenario
from printgen.rules.checks import damage_tracks
from printgen.registry import system_of


def _wrong_tracks(monkeypatch, family):
    real = type(family).tracks
    monkeypatch.setattr(type(family), "tracks", lambda self, rs, ship: [replace(t, count=t.count + 1)
                                                                     if ship.flagship else t for t in real(self, rs, ship)])


def test_tracks_with_a_wrong_count_fail_the_scenario_check(monkeypatch):
    s = load_scenario("trafalgar")
    assert damage_tracks(s).ok
    _wrong_tracks(monkeypatch, system_of(s.ruleset))
    result = damage_tracks(s)
    assert not result.ok and "Victory (British): its tracks give 7 hit circles, the rules 6" in result.failures
    printed = {ship.key: sum(t.count for t in system_of(s.ruleset).tracks(s.ruleset, ship)) for ship in s.fleet.ships}
    result = damage_tracks(s, printed)                       # as the sprites would draw them
    assert not result.ok and "Victory (British): 7 hit circles printed, the rules give 6" in result.failures


def test_structure_boxes_are_read_from_the_ruleset_file():
    s = load_scenario("sluys-1340")
    rs = s.ruleset
    ship = s.fleet.ships[0]
    tracks = system_of(rs).tracks(rs, ship)
    key = tracks[0].source.args[0]                             # e.g. types.cog.structure.bow
    assert raw_rule(rs, key) == tracks[0].count and isinstance(raw_rule(rs, key), int)
    assert expected_marks(rs, tracks) == sum(t.count for t in tracks)
    assert expected_marks(rs, [replace(t, count=t.count + 1) for t in tracks]) == sum(t.count for t in tracks)
    assert raw_rule(rs, "types.nothing.structure.bow") is None


def test_a_flagship_with_fewer_marks_than_a_ship_fails():
    flag = {"A": True, "B": False, "C": False}
    assert flagships_strongest({"A": 6, "B": 5, "C": 5}, flag, "sprites-bw.pdf", 2) == []
    (d,) = flagships_strongest({"A": 4, "B": 5, "C": 3}, flag, "sprites-bw.pdf", 2)
    assert (d.file, d.page) == ("sprites-bw.pdf", 2) and "A: a flagship with 4 marks on its base, fewer than" in d.what


def test_a_kit_is_not_printed_from_tracks_with_a_wrong_count(run, monkeypatch, tmp_path):
    """`printgen kit` runs the scenario checks first: sprites drawn from wrong tracks never print."""
    s = load_scenario("trafalgar")
    _wrong_tracks(monkeypatch, system_of(s.ruleset))
    code, out, err = run("kit", "trafalgar", "--ships", "4", "--students", "4", "--scale", "0.5", "--edition", "bw",
                         "--out", tmp_path / "k")
    assert code == 2 and "hit circles: Victory (British): its tracks give 7 hit circles, the rules 6" in err
    assert not (tmp_path / "k").exists()


def test_a_flagship_is_compared_with_ships_of_its_own_type():
    flag, kind = {"A": True, "B": False, "C": False}, {"A": "cog", "B": "hulk", "C": "cog"}
    assert flagships_strongest({"A": 22, "B": 25, "C": 22}, flag, "sprites-bw.pdf", 1, kind) == []
    assert flagships_strongest({"A": 21, "B": 25, "C": 22}, flag, "sprites-bw.pdf", 1, kind)[0].what.startswith("A: ")
