"""The kit's page "How this scenario plays" and its records (plays.json): the page prints what the
recorded games say, and `printgen check` replays a sample of the games and recomputes every printed
figure, so an edited figure or an edited record fails, naming the file and the page."""

from __future__ import annotations

import json
import subprocess
import sys

import pdfplumber
import pytest
from pdfread import page_texts
from tamper import build, copy_kit, edit_page, fails, load_trace, rehash, replace_shown_at

from printgen.check.kit import check_kit
from printgen.play.stats import summarise
from printgen.sheets.plays.records import RECORDS, decode, kit_games, sample

SMALL = ("--ships", "8", "--students", "4", "--scale", "0.5", "--edition", "bw")
PAGE = "plays-bw.pdf"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build(tmp_path_factory.mktemp("plays") / "k", "trafalgar", *SMALL)


@pytest.fixture
def kit(built, tmp_path):
    return copy_kit(built, tmp_path)



def entry(folder, stat: str, arg=None) -> dict:
    """The traced figure `stat` of the page (its source ends with the figure's name and argument)."""
    return next(e for e in load_trace(folder)[PAGE][0] if e["source"][0] == "simulation"
                and e["source"][-2:] == [stat, arg])


def test_the_page_prints_the_recorded_games(built):
    manifest = json.loads((built / "manifest.json").read_text())
    assert RECORDS in manifest["data"] and any(d["path"] == PAGE and d["kind"] == "plays" for d in manifest["documents"])
    run, sides, results = decode((built / RECORDS).read_bytes())
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    turns = plan_kit(KitRequest.from_json(manifest["request"])).scenario.lesson.turn_limit     # the fitted lesson's
    assert run.games == len(results) == kit_games(len(manifest["fleet"]), turns) >= 20
    s = summarise(sides, results)
    with pdfplumber.open(built / PAGE) as pdf:
        text = pdf.pages[0].extract_text()
    win, lo, hi = s.win("british")
    assert f"British {100 * win:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)" in text
    assert f"{run.games} games played by the computer" in text and "modelled" in text
    teacher = " ".join(" ".join(t.split()) for t in page_texts(built / "teacher-bw.pdf"))                # the technician's box: the command
    assert f"printgen simulate trafalgar --games {run.games} --seed 1805 --ships 8 --scale 0.5" in teacher
    assert "--students" in teacher.split("printgen simulate trafalgar")[1][:300]    # the lesson's game, as the kit
    assert "Beside them, the real battle" in text                      # Trafalgar's history beside the rates
    assert "a win for the British side" in " ".join(text.split())      # (was "a American win" at Lake Erie)
    assert check_kit(built, echo=lambda s: None, quiet=True)


def test_a_changed_win_rate_fails_naming_the_page(kit):
    e = entry(kit, "win", "british")
    edit_page(kit, PAGE, 1, replace_shown_at(e["text"].encode(), b"99.9%", e["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {PAGE}, page 1: simulation(") and f"prints '99.9%', the rules say '{e['text']}'"
               in f for f in found), found


def _edit_record(kit, index: int, change) -> None:
    data = json.loads((kit / RECORDS).read_text())
    change(data["games"][index])
    (kit / RECORDS).write_text(json.dumps(data))
    rehash(kit, RECORDS)


def test_a_record_in_the_replayed_sample_fails_and_so_do_the_figures(kit):
    run, _, results = decode((kit / RECORDS).read_bytes())
    i = sample(run, len(results))[0]
    _edit_record(kit, i, lambda g: g.__setitem__(2, 1 if g[2] != 1 else 0))      # another winner
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {RECORDS}: game {i} is recorded as") for f in found), found
    assert any(f.startswith(f"FAIL  {PAGE}, page 1: simulation(") for f in found), found      # the rates moved


def test_a_record_outside_the_sample_fails_by_its_figures(kit):
    run, _, results = decode((kit / RECORDS).read_bytes())
    i = next(k for k in range(len(results)) if k not in sample(run, len(results)))
    assert results[i].turns != 1
    _edit_record(kit, i, lambda g: g.__setitem__(0, 1))                          # the game said to end in turn 1
    found = fails(kit)
    assert not any(f.startswith(f"FAIL  {RECORDS}") for f in found)
    assert any(f.startswith(f"FAIL  {PAGE}, page 1: simulation(") and "'length', 1) prints '0', the rules say '1'" in f
               for f in found), found


def test_damaged_or_missing_records_fail(kit):
    (kit / RECORDS).write_text('{"format": 1, "games": "none"}')
    rehash(kit, RECORDS)
    assert any(f.startswith(f"FAIL  {RECORDS}: is damaged") for f in fails(kit))
    (kit / RECORDS).unlink()
    assert any(f.startswith(f"FAIL  {RECORDS}") for f in fails(kit))


def test_sluys_kit_has_the_page_and_checks(tmp_path):
    out = tmp_path / "s"
    result = subprocess.run([sys.executable, "-m", "printgen", "kit", "sluys-1340", "--ships", "10", "--students", "8",
                             "--out", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    with pdfplumber.open(out / "plays-color.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    run, sides, results = decode((out / RECORDS).read_bytes())
    assert sides == ("english", "french") and run.games == len(results)
    win, lo, hi = summarise(sides, results).win("french")
    assert f"French {100 * win:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)" in text


def test_a_rebuild_plays_its_games_again_and_never_prints_records_edited_outside_the_sample(kit, run):
    """Issue 30: 22 games edited outside the replayed sample, the manifest's sum fixed: a rebuild with
    the same request used to take those records (its sample replayed the same) and print the
    fabricated figures in a kit that passed its check. The kit's records are now always its own games."""
    original = (kit / RECORDS).read_bytes()
    run_, _, results = decode(original)
    checked = set(sample(run_, len(results)))
    edited = [i for i in range(len(results)) if i not in checked][:22]
    assert len(edited) == 22
    for i in edited:
        _edit_record(kit, i, lambda g: g.__setitem__(2, 1 if g[2] != 1 else 0))    # sum fixed too
    assert (kit / RECORDS).read_bytes() != original
    code, out, err = run("kit", "trafalgar", *SMALL, "--out", kit)
    assert code == 0, out + err
    assert (kit / RECORDS).read_bytes() == original


def test_the_kit_replays_no_game_it_has_just_recorded_and_every_check_does(kit, run, monkeypatch):
    """Inside `printgen kit`, records that are the very bytes its worker wrote are not replayed (the
    same games played again by the same code from the same inputs prove nothing new); records with
    any other bytes, and every `printgen check`, replay the sample."""
    import hashlib

    from printgen.check import plays as kitcheck
    from printgen.check.kit import Checked
    from printgen.kit import parallel
    from printgen.sheets.plays.records import SAMPLE

    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 1)         # one process: the replays are seen here
    played = []
    real = kitcheck.replay
    monkeypatch.setattr(kitcheck, "replay", lambda job: played.append(job[2]) or real(job))

    def replayed(**how) -> list[int]:
        played.clear()
        assert check_kit(kit, echo=lambda s: None, quiet=True, **how)
        return list(played)

    run_, _, results = decode((kit / RECORDS).read_bytes())
    written = hashlib.sha256((kit / RECORDS).read_bytes()).hexdigest()
    assert replayed() == sample(run_, len(results)) and len(played) == SAMPLE      # `printgen check`
    assert replayed(checked={"plays-bw.pdf": Checked("0" * 64, [], None, {RECORDS: written})}) == []
    assert replayed(checked={"plays-bw.pdf": Checked("0" * 64, [], None, {RECORDS: "1" * 64})}) == sample(run_, len(results))
    played.clear()
    code, out, err = run("kit", "trafalgar", *SMALL, "--out", kit.parent / "again")    # the kit's own check
    assert code == 0 and played == [], out + err
    i = sample(run_, len(results))[0]                      # records changed after the worker wrote them: replayed
    _edit_record(kit, i, lambda g: g.__setitem__(2, 1 if g[2] != 1 else 0))
    played.clear()
    assert not check_kit(kit, echo=lambda s: None, quiet=True,
                         checked={"plays-bw.pdf": Checked("0" * 64, [], None, {RECORDS: written})})
    assert i in played
