"""The lesson search's answers kept between runs (printgen/lesson/stored.py): the same kit, stored or
played again; a damaged or foreign file is played again; never a file of the teacher's removed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from printgen.lesson import stored


def kit(tmp_path, name: str, store: str) -> tuple[subprocess.CompletedProcess, dict[str, bytes]]:
    """The kit built by `printgen kit` with the lesson store `store` (a folder, or "off"); the compiled
    engine is the tests' own (conftest.py engine_cache), copied into the folder the store's setting
    makes printgen read it from."""
    out = tmp_path / name
    env = {**os.environ, stored.ENV: store, "XDG_CACHE_HOME": str(tmp_path / "system-cache")}
    done = subprocess.run([sys.executable, "-m", "printgen", "kit", "sluys-1340", "--periods", "1", "--out", str(out)],
                          capture_output=True, text=True, env=env)
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return done, files


def test_a_stored_answer_gives_the_same_kit_as_playing_it_again(tmp_path, engine_cache):
    store = engine_cache(tmp_path / "store")
    engine_cache(tmp_path / "system-cache", system=True)     # where the engine is kept when the store is off
    first, a = kit(tmp_path, "a", str(store))
    answers = list(store.glob("lesson-*.json"))
    assert first.returncode == 0, first.stderr
    assert len(answers) == 1
    json.loads(answers[0].read_text())["answer"]["chosen"]["choice"]["lesson"]["periods"]   # its shape
    again, b = kit(tmp_path, "b", str(store))                 # from the store
    fresh, c = kit(tmp_path, "c", "off")                      # played again, nothing stored
    assert again.returncode == fresh.returncode == 0
    assert a == b == c
    assert list(store.glob("lesson-*.json")) == answers


def test_a_damaged_or_foreign_answer_is_played_again(tmp_path, monkeypatch):
    monkeypatch.setenv(stored.ENV, str(tmp_path))
    key = stored.key_of("some", "inputs")
    stored.save(key, {"chosen": 1})
    assert stored.load(key) == {"chosen": 1}
    path = tmp_path / f"{stored.PREFIX}{key}{stored.SUFFIX}"
    path.write_text('{"mark": "printgen lesson search", "key": "' + key + '", "answer": {"chosen"')  # cut short
    assert stored.load(key) is None
    path.write_text(json.dumps({"mark": "someone else", "key": key, "answer": {}}))
    assert stored.load(key) is None
    path.write_text(json.dumps({"mark": stored.MARK, "key": "another", "answer": {}}))
    assert stored.load(key) is None
    monkeypatch.setenv(stored.ENV, "off")
    stored.save(key, {"chosen": 2})
    assert stored.load(key) is None


def test_only_printgens_own_answers_are_removed_to_keep_the_store_small(tmp_path, monkeypatch):
    monkeypatch.setenv(stored.ENV, str(tmp_path))
    monkeypatch.setattr(stored, "KEPT", 3)
    yours = tmp_path / "lesson-notes.json"                   # named like an answer, not one
    yours.write_text('{"my": "notes"}')
    os.utime(yours, (0, 0))                                   # the oldest file there
    keys = [stored.key_of(str(i)) for i in range(5)]
    for i, key in enumerate(keys):
        stored.save(key, {"n": i})
        os.utime(tmp_path / f"{stored.PREFIX}{key}{stored.SUFFIX}", (1000 + i, 1000 + i))
    stored.save(stored.key_of("last"), {"n": 5})
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert yours.read_text() == '{"my": "notes"}'
    assert len(kept) == 4 and "lesson-notes.json" in kept
    assert all(stored.load(k) is None for k in keys[:3]) and stored.load(keys[4]) == {"n": 4}


def test_a_kit_in_another_language_or_with_a_poster_takes_the_same_answer(tmp_path, monkeypatch):
    """The games depend on no word, no poster and no raster's pixels: the French, Spanish and poster
    kits of a class are given the answer the English kit's search stored (one file), and choose the
    same game; another class is another search."""
    from printgen.game.prepare import prepare
    from printgen.lesson import search

    monkeypatch.setenv(stored.ENV, str(tmp_path / "store"))
    chosen = []
    for how in ({}, {"lang": "fr"}, {"lang": "es", "poster": "A1"}):
        scenario, options = prepare("trafalgar", ships=12, **how)
        search._CHOSEN.clear()                               # not this process's memory: the store's
        chosen.append(search.choose(scenario, options.but(dpi=150.0) if how else options, 6)[0])
    assert len(list((tmp_path / "store").glob("lesson-*.json"))) == 1
    assert chosen[0] == chosen[1] == chosen[2]
    scenario, options = prepare("trafalgar", ships=12, lang="fr")
    search.choose(scenario, options, 8)
    assert len(list((tmp_path / "store").glob("lesson-*.json"))) == 2


# -- a stored answer never vouches for itself (issue 38) ----------------------------------------------
def _poison(answer: dict) -> None:
    """What an edited store file says: the British win 90% of the games, all of them on the kit's map."""
    c = answer["chosen"]
    c["wins"], c["draws"] = [0.9, 1 - 0.9], 0.0
    c["spread"][0] = [1.0, 0.0]
    for game in c["kit_map"]:
        game[2] = "british"


def test_a_poisoned_stored_answer_is_played_again_and_the_kit_is_the_true_one(tmp_path, engine_cache):
    """`printgen kit` from a store whose answer was edited (the British winning every game) makes the
    kit the real search makes, byte for byte, and puts the true answer back in the store."""
    store = engine_cache(tmp_path / "store")                 # the tests' compiled engine, not compiled again
    args = ["trafalgar", "--ships", "12", "--students", "6"]
    done = subprocess.run([sys.executable, "-m", "printgen", "kit", *args, "--out", str(tmp_path / "a")],
                          capture_output=True, text=True, env={**os.environ, stored.ENV: str(store)})
    assert done.returncode == 0, done.stderr
    [path] = store.glob("lesson-*.json")
    true = path.read_bytes()
    data = json.loads(true)
    _poison(data["answer"])
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "printgen", "kit", *args, "--out", str(tmp_path / "b")],
                          capture_output=True, text=True, env={**os.environ, stored.ENV: str(store)})
    assert done.returncode == 0, done.stderr
    files = {out: {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
             for out in (tmp_path / "a", tmp_path / "b")}
    assert files[tmp_path / "a"] == files[tmp_path / "b"]
    plays = json.loads(files[tmp_path / "b"]["plays.json"])
    assert {g[2] for g in plays["games"]} != {0}                  # not every game the British's
    assert path.read_bytes() == true


def test_a_stored_answer_is_used_only_when_its_games_give_every_figure_it_holds(tmp_path, monkeypatch):
    """The true answer is taken from the store without searching; any one of its figures changed (a
    share, a map's share, one game of the kit's map, the games' count, the lesson's timing, the break-off
    rule) and the search is played again."""
    from printgen.game.prepare import prepare
    from printgen.lesson import search

    monkeypatch.setenv(stored.ENV, str(tmp_path / "store"))
    scenario, options = prepare("trafalgar", ships=12)
    search._CHOSEN.clear()
    true = search.choose(scenario, options, 6)
    [path] = (tmp_path / "store").glob("lesson-*.json")
    good = json.loads(path.read_text())
    searched = []
    real = search._search
    monkeypatch.setattr(search, "_search", lambda *a: searched.append(1) or real(*a))

    def chosen_from(answer: dict):
        path.write_text(json.dumps({**good, "answer": answer}))
        search._CHOSEN.clear()
        before = len(searched)
        assert search.choose(scenario, options, 6) == true
        return len(searched) == before                            # taken from the store

    assert chosen_from(good["answer"])

    def edit(how):
        answer = json.loads(json.dumps(good["answer"]))
        how(answer["chosen"])
        return answer

    other = {"british": "allied", "allied": None, None: "british"}
    edits = {
        "a side's share": lambda c: c.update(wins=[c["wins"][0] + 0.01, c["wins"][1] - 0.01]),
        "a map's share": lambda c: c["spread"][1].reverse(),
        "one game's winner": lambda c: c["kit_map"][3].__setitem__(2, other[c["kit_map"][3][2]]),
        "one game's points": lambda c: c["kit_map"][-1][4].__setitem__(0, c["kit_map"][-1][4][0] + 1),
        "the games' count": lambda c: c.update(games=c["games"] + 3),
        "the lesson's timing": lambda c: c["choice"]["lesson"].update(
            minutes_per_turn=c["choice"]["lesson"]["minutes_per_turn"] + 1),
        "the break-off rule": lambda c: c["choice"].update(breaks_at=0.9),
        "a game unmet": lambda c: c.update(unmet=["draws"]),
    }
    for what, how in edits.items():
        assert not chosen_from(edit(how)), what
        assert json.loads(path.read_text()) == good               # the true answer written back
