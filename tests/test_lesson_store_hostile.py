"""A lesson store file edited by someone else (issue 48): every count in it is bounded before a game is
played from it, a file nested too deep is not an internal error, and either way the kit's search gives
the true answer and writes it back, so the next run is clean."""

from __future__ import annotations

import json
import time

import pytest

from printgen import limits
from printgen.lesson import search, stored
from printgen.play import run


@pytest.fixture
def store(tmp_path, monkeypatch):
    """The true answer of a small Trafalgar lesson in a store of its own: (scenario, options, the
    answer, its file, the games the engine was asked to play since)."""
    from printgen.game.prepare import prepare

    monkeypatch.setenv(stored.ENV, str(tmp_path / "store"))
    scenario, options = prepare("trafalgar", ships=12)
    search._CHOSEN.clear()
    true = search.choose(scenario, options, 6)
    [path] = (tmp_path / "store").glob("lesson-*.json")
    asked: list[int] = []
    real = run.simulate

    def counted(setup, games, *a, **k):
        asked.append(games)
        assert games <= search.CONFIRM * search.GAMES, f"{games} games asked of the engine"
        return real(setup, games, *a, **k)

    monkeypatch.setattr(run, "simulate", counted)
    yield scenario, options, true, path, asked
    search._CHOSEN.clear()


def _again(scenario, options, true):
    search._CHOSEN.clear()
    start = time.monotonic()
    assert search.choose(scenario, options, 6) == true
    return time.monotonic() - start


@pytest.mark.parametrize("games", [1_000_000_000_000, 1_000_000, -5])
def test_a_tampered_games_count_is_not_played_and_the_true_answer_is_written_back(store, games):
    scenario, options, true, path, asked = store
    good = path.read_text()
    data = json.loads(good)
    data["answer"]["chosen"]["games"] = games
    path.write_text(json.dumps(data))
    assert _again(scenario, options, true) < 120
    assert max(asked) <= search.CONFIRM * search.GAMES
    assert json.loads(path.read_text()) == json.loads(good)       # replaced: the next run is clean
    asked.clear()
    _again(scenario, options, true)
    assert sum(asked) <= search.CONFIRM * search.GAMES + (search.DEPLOYMENTS - 1) * search.GAMES   # a replay only


def test_a_stored_file_nested_100000_deep_is_played_again_and_replaced(store):
    scenario, options, true, path, asked = store
    good = path.read_text()
    depth = 100_000
    head = '{"mark": "printgen lesson search", "key": "' + path.stem[len(stored.PREFIX):] + '", "answer": '
    path.write_text(head + "[" * depth + "]" * depth + "}")
    assert path.stat().st_size < stored.MAX_BYTES
    assert _again(scenario, options, true) < 120
    assert json.loads(path.read_text()) == json.loads(good)


def test_answers_shaped_wrongly_anywhere_are_played_again(store, monkeypatch):
    """Every field of the answer replaced by values of the wrong kind or size: never an internal error
    (the search itself, tested above, stands in by its answer here)."""
    scenario, options, true, path, asked = store
    monkeypatch.setattr(search, "_search", lambda *a: true)
    good = json.loads(path.read_text())
    bad_values = [None, [], {}, "x", 10 ** 400, -1, 1e308, [[[[[]]]]], "9" * 5000]
    for field in list(good["answer"]["chosen"]) + ["choice.counts", "choice.lesson", "choice.breaks_at"]:
        for value in bad_values:
            data = json.loads(json.dumps(good))
            where = data["answer"]["chosen"]
            *parents, last = field.split(".")
            for p in parents:
                where = where[p]
            where[last] = value
            path.write_text(json.dumps(data))
            _again(scenario, options, true)
            assert json.loads(path.read_text()) == good, (field, value)


def test_the_engine_is_never_asked_for_more_games_than_the_limit():
    assert len(run.chunks(limits.GAMES, 2)) <= limits.GAMES
    with pytest.raises(ValueError):
        run.chunks(limits.GAMES + 1, 2)
    with pytest.raises(ValueError):
        run.chunks(-1, 2)
