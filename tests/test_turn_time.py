"""Turn times from a model the teacher can see (issue 44 item 7): the lesson plan states a turn's
minutes beside each phase's, the stated figure is their sum, and every page that uses minutes a
turn (the timeline, the game's end, the plays page) uses that figure. Before: Lake Erie's plan said
"A turn of 6 minutes assumes ... drift and each side's move about a minute each, each side's
shooting about three ..., boarding a minute or two" (10 to 11 minutes), and printed no phase's
minutes. The phase minutes are worked out here from the ruleset's TOML file, not from printgen."""

from __future__ import annotations

import math
import re
import tomllib

import pytest

from printgen import paths

PHASE = re.compile(r"([A-Z][A-Za-z-]*(?: [a-z(][A-Za-z(),-]*)*) (\d+) min")


def _pages(scenario: str, kinds: tuple[str, ...]):
    """The kit's plan and each document's text, drawn as the kit draws it."""
    from printgen.check.pdfread import open_pages
    from printgen.kit.build import _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24))
    text = {}
    for kind in kinds:
        made = _document((plan, None), ("color", kind))
        with open_pages(made["pdf"]) as pages:
            text[kind] = re.sub(r"\s+", " ", " ".join(p.text() for p in pages))
    return plan, text


def _model(scenario: str, counts: dict[str, int]) -> list[int]:
    """Each phase's minutes from the ruleset's own file: call + ship x the ships that act, rounded up."""
    folder = paths.fleets_dir() / scenario
    name = tomllib.loads((folder / "scenario.toml").read_text())["scenario"]["ruleset"]
    rules = tomllib.loads((paths.rulesets_dir() / f"{name}.toml").read_text())
    out = []
    for t in rules["sequence"]["minutes"]:
        ships = counts[t["side"]] if "side" in t else sum(counts.values())
        out.append(max(1, math.ceil(t["call"] + t.get("ship", 0) * ships - 1e-9)))
    return out


@pytest.fixture(scope="module")
def erie():
    return _pages("lake-erie-1813", ("lesson", "plays"))


def test_the_stated_turn_is_the_sum_of_the_phases_printed_beside_it(erie):
    plan, text = erie
    lesson = text["lesson"]
    note = re.search(r"A turn of (\d+) minutes is the sum of its phases.*?: (.*?)\. A phase", lesson)
    assert note, "the lesson plan prints no phase's minutes beside the turn's"
    stated = int(note.group(1))
    phases = [(name, int(m)) for name, m in PHASE.findall(note.group(2))]
    rs = plan.scenario.ruleset
    assert [n for n, _ in phases] == list(rs.sequence.phases)          # every phase, in order, once
    counts = {side: sum(1 for s in plan.scenario.fleet.ships if s.side == side) for side in rs.sides}
    assert [m for _, m in phases] == _model("lake-erie-1813", counts)
    assert stated == sum(m for _, m in phases)
    # the same figure wherever the plan uses minutes a turn
    assert f"About {stated} minutes a turn" in lesson
    per, play = map(int, re.search(r"at (\d+) minutes a turn, the turns take (\d+) minutes", lesson).groups())
    turns = int(re.search(r"The game ends after turn (\d+):", lesson).group(1))
    assert per == stated and play == turns * stated
    assert re.search(rf"At {stated} minutes a turn: {turns} turns", text["plays"])


def test_the_plays_page_says_where_its_minutes_of_play_go(erie):
    """"debrief 10 min: 74 minutes of play" against the lesson plan's 72 and a debrief of 12: the plays
    page says that the minutes the turns leave go to the debrief, with the plan's own figures."""
    _, text = erie
    play = int(re.search(r"debrief \d+ min: (\d+) minutes of play", text["plays"]).group(1))
    start, end = map(int, re.search(r"(\d+) to (\d+) Turns 1 to", text["lesson"]).groups())
    debrief = int(re.search(r"(\d+) to 100 Debrief", text["lesson"]).group(1))
    said = re.search(r"which take (\d+) minutes; the (\d+) minutes left over go to the debrief, which the lesson "
                     r"plan's timeline gives (\d+) minutes", text["plays"])
    assert said, "the plays page does not say how its minutes of play and the lesson plan's agree"
    taken, left, whole = map(int, said.groups())
    assert taken == end - start and taken + left == play and whole == 100 - debrief


def test_the_check_catches_a_turn_that_is_not_its_phases_sum():
    """A planted mismatch: the stated turn 6, the phases printed 1+1+1+2+2+1 = 8."""
    from test_lesson_timing import _spans

    from printgen.check.timing import check_timing

    parts = [("A turn of ", None), ("6", ("lesson_value", "minutes_per_turn")), (" minutes: Drift ", None)]
    for i, m in enumerate((1, 1, 1, 2, 2, 1)):
        parts += [(str(m), ("turn_phase", i)), (" min; ", None)]
    chars, trace = _spans(*parts)
    found = [d.what for d in check_timing([(chars, trace)], "lesson.pdf")]
    assert any("a turn of 6 minutes" in f and "= 8" in f for f in found), found
    right = [("8" if p[1] == ("lesson_value", "minutes_per_turn") else p[0], p[1]) for p in parts]
    assert check_timing([_spans(*right)], "lesson.pdf") == []
