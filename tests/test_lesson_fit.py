"""A game that fits the lesson (printgen/lesson/): the time model, the break-off rule read from
turn-by-turn tallies exactly as the engine plays it, the search's aims, the classes of 1 to 40, and
the lesson plan and `printgen scenario` that say and keep what was chosen."""

from __future__ import annotations

import dataclasses
import re

import pytest
from pdfread import page_texts

from printgen.data.lesson import Lesson
from printgen.lesson import timing
from printgen.lesson.search import MAX_DRAWS, MIN_TURNS, MIN_WIN, ending
from printgen.request import KitRequest


def plan_of(name="trafalgar", students=24, **kw):
    from printgen.kit.build import plan_kit

    return plan_kit(KitRequest(name, students, **kw))


# -- the time model ------------------------------------------------------------------------------------
def test_the_whole_fleet_keeps_the_scenarios_timings_in_a_long_lesson():
    two = Lesson(periods=2, period_minutes=50)
    assert timing.fit(two, 60, 60) == two
    half = timing.fit(two, 30, 60)
    assert half.minutes_per_turn < two.minutes_per_turn and half.setup_minutes < two.setup_minutes
    assert half.briefing_minutes == two.briefing_minutes and half.debrief_minutes == two.debrief_minutes


def test_a_short_lesson_shortens_its_briefing_and_debrief_and_a_small_fleet_its_turns():
    one = Lesson.model_construct(**{**Lesson().model_dump(), "periods": 1, "period_minutes": 50})
    small = timing.fit(one, 16, 60)
    assert small.briefing_minutes < one.briefing_minutes and small.debrief_minutes < one.debrief_minutes
    assert timing.turns(small) >= MIN_TURNS                       # a one-period lesson plays turns
    assert timing.turns(timing.fit(one, 60, 60)) < MIN_TURNS      # the whole battle would not


# -- the break-off rule, read from tallies as the engine plays it ----------------------------------------
@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_a_game_ended_from_its_tallies_is_the_game_the_engine_plays(name):
    """A game played without breaking off, then ended at its tallies by a break-off share, is the very
    game the engine plays with that share: same turns, end, winner, ships struck and points (the search
    relies on it, and the kit's plays page takes its games from the search's)."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.play.engine import play, same_games, setup

    s, o = prepare(name, ships=14)
    sides = tuple(s.ruleset.sides)
    sizes = tuple(sum(1 for x in s.fleet.ships if x.side == side) for side in sides)
    dep = deploy(s, o)
    free = setup(s, dep, None, 8)
    compared = 0
    for share in (0.25, 1 / 3, 0.5):
        victory = s.victory.model_copy(update={"breaks_at": share})
        ruled = setup(dataclasses.replace(s, file=s.file.model_copy(update={"victory": victory})), dep,
                      None, 8)
        for i in range(12):
            tally: list = []
            result = play(free, 1805, i, tally=tally)
            real = play(ruled, 1805, i)
            assert ending(result, tally, victory, sides, sizes) == real
            assert same_games(free) == same_games(ruled)
            compared += real.turns < result.turns        # the share ended it sooner: the tally was used
    assert compared > 0


def test_a_side_that_breaks_off_loses_whatever_its_points():
    from printgen.data.lesson import Victory

    v = Victory(breaks_at=0.5)
    assert v.break_count(7) == 4 and v.broken(4, 7) and not v.broken(3, 7)
    assert v.winner(("a", "b"), [9, 1], [True, False]) == "b"        # broke off: lost, though ahead on points
    assert v.winner(("a", "b"), [9, 1], [True, True]) == "a"         # both broke off: the points decide
    assert v.winner(("a", "b"), [3, 3], [False, False]) is None


# -- the search's choice ---------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name,kw", [("trafalgar", {"periods": 1}), ("trafalgar", {"minutes": 45}),
                                     ("sluys-1340", {"periods": 1})])
def test_a_one_period_lesson_gets_a_game_that_meets_the_aims(name, kw):
    plan = plan_of(name, **kw)
    t = plan.fitted
    assert not t.unmet, t.unmet
    assert t.draws <= MAX_DRAWS and min(t.wins) >= MIN_WIN and plan.scenario.lesson.turn_limit >= MIN_TURNS
    assert t.by_limit <= 0.5
    assert len(t.spread) >= 3 and t.games >= 3 * 24                 # over several deployments
    assert sum(1 for _ in plan.scenario.fleet.ships) == t.choice.ships


def test_a_pinned_engagement_is_played_and_an_unknown_one_is_refused(run, tmp_path):
    plan = plan_of("trafalgar", 24, engagement="weather-column", periods=1)
    names = {s.name for s in plan.scenario.fleet.ships}
    assert "Victory" in names and "Royal Sovereign" not in names          # Nelson's column, not Collingwood's
    assert plan.fitted.choice.engagement == "weather-column"
    code, _, err = run("kit", "trafalgar", "--engagement", "no-such-fight", "--out", tmp_path / "k")
    assert code == 2 and "--engagement" in err and "weather-column" in err and not (tmp_path / "k").exists()


# -- classes and ships -----------------------------------------------------------------------------------
@pytest.mark.parametrize("students", [1, 2, 3, 7, 24, 40])
def test_no_class_from_one_to_forty_is_refused_and_every_pupil_has_a_place(students):
    from printgen.game.students import CREW, TEACHER

    plan = plan_of("sluys-1340", students, periods=1)
    pupils = [c for c in plan.captains if c.role != TEACHER]
    assert len(pupils) == students
    ships = {s.key for c in plan.captains for s in c.ships}
    assert ships == {s.key for s in plan.scenario.fleet.ships}            # every ship commanded
    for c in pupils:                                                       # crews of at most CREW, each its role
        crew = [x for x in pupils if x.ships == c.ships]
        assert len(crew) <= CREW and len({x.role for x in crew}) == len(crew)
    assert (students == 1) == any(c.role == TEACHER for c in plan.captains)


def test_forty_pupils_share_ships_and_their_cards_say_so(tmp_path):
    from printgen.kit.build import _document

    plan = plan_of("trafalgar", 40, periods=1, edition="color")
    assert any(c.shared for c in plan.captains)
    # the captain cards as the kit's worker makes them (the kit's other documents are not read here)
    (tmp_path / "captains-color.pdf").write_bytes(_document((plan, None), ("color", "captains"))["pdf"])
    text = " ".join(" ".join(t.split()) for t in page_texts(tmp_path / "captains-color.pdf"))
    gunner = next(c for c in plan.captains if c.role == "gunner")
    assert re.search(rf"Gunner {gunner.number}\b", text) and "you measure the range and roll the ship's dice" in text
    assert f"You share your ship with number {gunner.crew[0]}" in text


# -- what the teacher reads ------------------------------------------------------------------------------
def half_up(share: float, games: int) -> int:
    """n games of `games` in whole per cent as a reader rounds, halves up, in integers: 5 of 40 is 13."""
    n = round(share * games)
    return (200 * n + games) // (2 * games)


def test_a_share_is_printed_in_whole_per_cent_halves_up():
    """The odds auditor's calculator read "12%" for 5 games of 40 (12.5%: round() goes to the even 12)."""
    from printgen.lesson.figures import whole_percent

    for games in (40, 72, 111, 120, 200):
        assert [whole_percent(n / games) for n in range(games + 1)] == [half_up(n / games, games)
                                                                         for n in range(games + 1)]


@pytest.fixture(scope="module")
def one_period(tmp_path_factory):
    """Trafalgar's one-period kit for 24 pupils (built, not yet checked) and its plan."""
    from printgen.kit.build import build_kit

    plan = plan_of("trafalgar", 24, periods=1)
    folder = tmp_path_factory.mktemp("one-period") / "k"
    build_kit(plan, folder)
    return folder, plan


def test_the_lesson_plan_says_what_game_was_chosen_and_how_it_played(one_period):
    import pdfplumber

    folder, plan = one_period
    text = " ".join(" ".join(t.split()) for t in page_texts(folder / "lesson-color.pdf"))
    t = plan.fitted
    assert "The game: " in text and "(printgen's choice)" in text.split("The game: ")[1][:120]
    names = {k: side.name for k, side in plan.scenario.ruleset.sides.items()}
    for side, share in zip(t.sides, t.wins):
        assert f"{names[side]} won {half_up(share, t.games)}%" in text
    assert f"draws {half_up(t.draws, t.games)}%" in text and f"{t.games} times on {len(t.spread)} different deployments" in text
    turns = plan.scenario.lesson.turn_limit
    assert f"The game ends after turn {turns}" in text
    counts = {side: plan.scenario.victory.break_count(n) for side, n in t.choice.counts}   # each side its own
    said = " or ".join(f"{counts[k]} ship{'s' if counts[k] != 1 else ''} struck (the {names[k]})" for k in names)
    assert f"Breaking off: at the end of a turn, a side with {said} breaks off" in text
    with pdfplumber.open(folder / "plays-color.pdf") as pdf:                  # each map's figure, not one map's
        plays = " ".join((pdf.pages[0].extract_text() or "").split())
    first = names[t.sides[0]]
    rates = [f"{half_up(row[0], t.games // len(t.spread))}%" for row in t.spread]
    assert f"played it on {len(t.spread)} deployments, this kit's map first; the {first} won " \
           f"{', '.join(rates[:-1])} and {rates[-1]} of those games" in plays
    from tamper import passed

    passed(folder)                             # its check passes (asserted), each document's result kept


def test_a_maps_figure_printed_wrong_is_caught(one_period, tmp_path, monkeypatch):
    from tamper import fails, passed, remade

    from printgen.sheets.plays import page

    folder, plan = one_period
    passed(folder)                             # the kit as built passes its check
    real = page._plan
    monkeypatch.setattr(page, "_plan", lambda value, fn, *args: real(value + 1 if fn == "fitted_map_rate" and args[0] == 1
                                                                      else value, fn, *args))
    wrong = remade(folder, tmp_path, plan, kinds=("plays",))       # its plays page printed so, in a copy
    monkeypatch.undo()
    assert "fitted_map_rate" in "\n".join(fails(wrong))


def test_printgen_scenario_writes_a_folder_the_kit_plays_as_written(run, tmp_path):
    import tomllib

    out = tmp_path / "myclass"
    code, stdout, err = run("scenario", "sluys-1340", "--periods", "1", "--students", "20", "--out", out)
    assert code == 0, stdout + err
    data = tomllib.loads((out / "scenario.toml").read_text())
    assert data["lesson"]["fit"] is False and data["lesson"]["periods"] == 1 and "engagements" not in data
    rows = (out / "ships.csv").read_text().splitlines()[1:]
    assert sum(sq["ships"] for sq in data["squadrons"].values()) == len(rows)
    plan = plan_of(str(out), 20)
    assert len(plan.scenario.fleet.ships) == len(rows) and plan.scenario.victory.breaks_at == data["victory"]["breaks_at"]
    (out / "scenario.toml").write_text("# a teacher's own\n" + (out / "scenario.toml").read_text())
    code, _, err = run("scenario", "sluys-1340", "--periods", "1", "--out", out)
    assert code == 2 and "did not write" in err


def test_the_kits_command_plays_the_kits_games_and_simulate_takes_the_lessons_options(run):
    """The command the teacher's sheet prints (`printgen simulate ... --students 24 --periods 1`) plays the
    lesson's game, with the kit's turn limit and the very games of its plays page."""
    import shlex

    from printgen.play.stats import summarise
    from printgen.sheets.plays.records import kit_results

    plan = plan_of("trafalgar", 24, periods=1)
    sim, st, results = kit_results(plan)
    words = shlex.split(sim.command())
    assert words[:3] == ["printgen", "simulate", "trafalgar"] and "--periods" in words and "--students" in words
    code, out, err = run(*words[1:], "--workers", "1")
    assert code == 0, out + err
    assert f"turn limit {plan.scenario.lesson.turn_limit} " in out and "The lesson's game (printgen's choice" in out
    summary = summarise(st.sides, results)
    name = plan.scenario.ruleset.sides[st.sides[0]].name
    assert re.search(rf"{name}\s+{100 * summary.win(st.sides[0])[0]:.1f}%", out), out
    code, out, err = run("simulate", "trafalgar", "--periods", "1", "--deployments", "2")
    assert code == 2 and "--deployments" in err
