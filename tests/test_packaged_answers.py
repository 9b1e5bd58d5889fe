"""Issue 47 item 1: the built-in battles' default lesson answers ship with printgen
(printgen/lesson/answers/, tools/lesson_answers.py, printgen/lesson/packaged.py), so the first kit on a
new computer neither searches nor compiles the engine; each is used only once its figures are the
judge's of its games and a sample of them, played again, gives the same rows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_lazy_imports import PROBE  # the one probe of a process's modules

from printgen.lesson import packaged, search


def fresh_env(tmp_path: Path) -> dict[str, str]:
    """A new computer: an empty cache folder (no compiled engine, no stored answer), the engine chosen
    by what the run plays (PRINTGEN_JIT unset)."""
    env = {**os.environ, "PRINTGEN_CACHE": str(tmp_path / "new-computer")}
    env.pop("PRINTGEN_JIT", None)
    return env


NO_SEARCH = """
from printgen.lesson import search
def searched(*a, **k):
    raise SystemExit("the lesson was searched")
search._search = searched
""" + PROBE


def test_the_default_kit_on_a_new_computer_never_imports_the_compiler(tmp_path):
    env = fresh_env(tmp_path)
    p = subprocess.run([sys.executable, "-c", NO_SEARCH, "kit", "trafalgar", "--out", str(tmp_path / "kit")],
                       env=env, capture_output=True, text=True, timeout=900)
    result = json.loads(p.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, p.stderr
    assert "numba" not in result["modules"]                  # neither compiled nor loaded: no search played
    assert "printgen.lesson.packaged" in result["modules"]
    assert len(list((tmp_path / "new-computer").glob("lesson-*.json"))) == 1   # kept, sealed, for the next kit
    assert not (tmp_path / "new-computer" / "engine").exists()


def test_a_kit_that_searches_decides_on_the_compiled_engine_before_the_data_are_checked(tmp_path):
    """The kit's checks of the data ask the family for its engine, which decides how the engine runs
    as it is imported: the search's wish must come first, or the search plays as Python (on
    6 December: 92 s of CPU for Trafalgar's first kit, against a few seconds compiled)."""
    code = """
import json, sys
from printgen.kit.build import plan_kit
from printgen.lesson import search
from printgen.request import KitRequest
def probe(*a, **k):
    from printgen.play import jit
    print(json.dumps(jit.compiled()))
    raise SystemExit(0)
search._search = probe
plan_kit(KitRequest("trafalgar", students=13))
"""
    p = subprocess.run([sys.executable, "-c", code], env=fresh_env(tmp_path), capture_output=True, text=True,
                       timeout=900)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.strip().splitlines()[-1]) is True


def packaged_files() -> list[Path]:
    return sorted(packaged.FOLDER.glob("*.json"))


def test_every_built_in_battle_ships_its_default_answer():
    about = [json.loads(p.read_text())["about"] for p in packaged_files()]
    for battle in ("trafalgar", "nile-1798", "lake-erie-1813", "lepanto-1571", "sluys-1340"):
        assert any(a.startswith(f"printgen kit {battle} ") for a in about), battle


def _plan_request(about: str):
    """The request an answer was written for (tools/lesson_answers.py's `about`)."""
    from printgen.game.prepare import prepare
    from printgen.i18n import USUAL_PAPER, USUAL_UNITS
    from printgen.request import KitRequest

    battle, lang = about.split()[2], about.split("'")[1]
    request = KitRequest(battle, paper=USUAL_PAPER[lang], units=USUAL_UNITS[lang], lang=lang)
    scenario, options = prepare(request.scenario, **request.choices())
    return request, scenario, options


@pytest.mark.parametrize("path", packaged_files(), ids=lambda p: p.stem[:8])
def test_each_packaged_answer_is_the_search_of_today_in_full(path):
    """Every game of a packaged answer played again (the compiled engine) gives its rows, and its
    figures are the judge's of those rows: an answer left stale by a change to the engine or the
    data fails here (python tools/lesson_answers.py writes them again), not in a teacher's kit."""
    data = json.loads(path.read_text())
    request, scenario, options = _plan_request(data["about"])
    key = search._request(scenario, options, request.students, request.balance, None, None, request.sized)
    assert packaged.key_of(repr(key), repr(scenario.fleet.ships)) == path.stem
    answer = data["answer"]
    chosen, rows = search._trial(answer["chosen"]), search._rounds(answer["rounds"])
    every = search._rounds(answer["rounds"])
    old = search.SAMPLED
    try:
        search.SAMPLED = search.CONFIRM * search.GAMES        # every game, not a sample
        assert search._replays(scenario, options, chosen, request.balance, None, None, every)
    finally:
        search.SAMPLED = old
    assert rows == every


def test_a_packaged_answer_whose_games_differ_is_not_used(monkeypatch):
    """A row changed where the sample does not play it: its figures are no longer the judge's of its
    rows. A row changed where it does: the game played again differs. Either way the kit searches."""
    path = next(p for p in packaged_files() if "trafalgar (the usual paper and units of 'en')" in
                json.loads(p.read_text())["about"])
    data = json.loads(path.read_text())
    request, scenario, options = _plan_request(data["about"])
    chosen = search._trial(data["answer"]["chosen"])
    rows = data["answer"]["rounds"]
    assert search._replays(scenario, options, chosen, "fair", None, None, search._rounds(rows))
    sampled = search._sample(options.seed, len(rows[0]))
    limited = [i for i in range(len(rows[0])) if rows[0][i][0][1] and i not in sampled]   # ended at the turn limit
    for i in (limited[0], sampled[0]):
        changed = json.loads(json.dumps(rows))
        game = changed[0][i][0]
        game[1] = not game[1]                                  # "ended at the turn limit" flipped
        assert not search._replays(scenario, options, chosen, "fair", None, None, search._rounds(changed)), i
    monkeypatch.setattr(packaged, "FOLDER", Path("/nonexistent"))
    assert search.packaged_chosen(scenario, options, 24) is None
