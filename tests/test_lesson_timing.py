"""A lesson's minutes and turns agree across the lesson plan (issue 45): the Nile's table gave the
turns minutes 20 to 80 and its text "leave 65 for play"; Lepanto 68 and 70; "Period 1 ends at
minute 50, during turn 4" when turn 4 started at minute 50. The check reads the numbers where the
page printed them (printgen/check/timing.py)."""

from __future__ import annotations

import re

import pytest

from printgen.check.numbers import Char
from printgen.check.timing import check_timing


def _made(scenario: str, lang: str = "en"):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24, lang=lang))
    made = _document((plan, None), ("color", "lesson"))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["nile-1798", "lepanto-1571"])
def test_the_lesson_plans_text_gives_the_minutes_its_table_gives(scenario):
    from printgen.check.pdfread import open_pages

    plan, made, found = _made(scenario)
    assert found == []
    with open_pages(made["pdf"]) as pages:
        text = " ".join(p.text() for p in pages).replace("\n", " ")
    start, end = map(int, re.search(r"(\d+) to (\d+) Turns 1 to", text).groups())
    per, play = map(int, re.search(r"at (\d+) minutes a turn, the turns take (\d+) minutes", text).groups())
    turns = int(re.search(r"The game ends after turn (\d+):", text).group(1))
    assert play == end - start == turns * per
    assert re.search(r"(\d+) to 100 Debrief", text).group(1) == str(end)
    for minute, during in re.findall(r"ends at minute (\d+), during turn (\d+)", text):
        assert start + (int(during) - 1) * per < int(minute) < start + int(during) * per
    for minute, after, following in re.findall(r"ends at minute (\d+), between turns (\d+) and (\d+)", text):
        assert int(minute) == start + int(after) * per and int(following) == int(after) + 1
    assert "during turn" in text or "between turns" in text, "the lesson of two periods says when the first ends"


def _spans(*parts: tuple[str, tuple | None], top: float = 100) -> tuple[list[Char], list[dict]]:
    """A line of type: each part's characters, and a trace entry for each part with a source."""
    chars, trace, x = [], [], 50.0
    for text, source in parts:
        first = x
        for ch in text:
            if ch != " ":
                chars.append(Char(ch, x, top, x + 4.5, top + 9))
            x += 5
        if source is not None:
            trace.append({"bbox": [first, top, x - 0.5, top + 9], "source": list(source), "kind": "count"})
    return chars, trace


def test_the_old_sentences_fail():
    table = _spans(("20", ("timeline", "turns", 0)), (" to ", None), ("80", ("timeline", "turns", 1)),
                   (" Turns 1 to ", None), ("6", ("turn_limit",)))
    text = _spans(("leave ", None), ("65", ("lesson_value", "play_minutes")), (" for play, at ", None),
                  ("10", ("lesson_value", "minutes_per_turn")), (" minutes a turn. Period 1 ends at minute ", None),
                  ("50", ("period_end_minute", 1)), (", during turn ", None), ("4", ("period_end_turn", 1)), top=120)
    found = [d.what for d in check_timing([(table[0] + text[0], table[1] + text[1])], "lesson.pdf")]
    assert any("65 minutes of play" in f and "(60)" in f for f in found), found
    assert any("'during turn 4'" in f and "from minute 50 to 60" in f for f in found), found
    right = _spans(("leave ", None), ("60", ("turn_minutes",)), (" for play, at ", None),
                   ("10", ("lesson_value", "minutes_per_turn")), (" minutes a turn. Period 1 ends at minute ", None),
                   ("50", ("period_end_minute", 1)), (", between turns ", None), ("3", ("period_end_after", 1)),
                   top=120)
    assert check_timing([(table[0] + right[0], table[1] + right[1])], "lesson.pdf") == []
