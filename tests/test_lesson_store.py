"""The lesson search's answers kept between runs (printgen/lesson/stored.py): the same kit, stored or
played again; a damaged or foreign file is played again; never a file of the teacher's removed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from printgen.lesson import stored


def kit(tmp_path, name: str, store: str) -> tuple[subprocess.CompletedProcess, dict[str, bytes]]:
    out = tmp_path / name
    env = {**os.environ, stored.ENV: store}
    done = subprocess.run([sys.executable, "-m", "printgen", "kit", "sluys-1340", "--periods", "1", "--out", str(out)],
                          capture_output=True, text=True, env=env)
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return done, files


def test_a_stored_answer_gives_the_same_kit_as_playing_it_again(tmp_path):
    store = tmp_path / "store"
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
