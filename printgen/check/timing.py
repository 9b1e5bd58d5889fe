"""A lesson's minutes and turns agree with themselves, as printed: the minutes of play a sentence
gives are the span the timeline's table gives the turns, and that span is the turn limit times the
minutes a turn; the debrief starts when the turns end; a period that ends "during turn 4" ends after
turn 4 has started and before it ends, and one that ends "between turns 3 and 4" ends as turn 4
starts. Read from the page: the numbers where the PDF printed them, each known by its traced source,
so a sentence and a table derived from two different numbers are caught (issue 45: the Nile's table
gave the turns 60 minutes and its text "leave 65"; "Period 1 ends at minute 50, during turn 4" with
turn 4 starting at minute 50). A turn's printed minutes are the sum of its phases' printed minutes
(issue 44: Lake Erie's "A turn of 6 minutes" beside a breakdown that added up to 10 or 11)."""

from __future__ import annotations

import re

from printgen.check.numbers import Char, Discrepancy, text_in

TIMED = ("timeline", "turn_minutes", "turn_limit", "period_end_minute", "period_end_turn", "period_end_after",
         "period_end_next", "turn_phase")                                            # and lesson_value's minutes
PLAY = (("turn_minutes",), ("lesson_value", "play_minutes"))     # a sentence's minutes of play


def _number(text: str) -> int | None:
    digits = re.sub(r"[^\d]", "", text)
    return int(digits) if digits else None


def printed(pages: list[tuple[list[Char], list[dict]]]) -> list[tuple[tuple, int, int, tuple]]:
    """(source, the number printed, page, box) of every traced number about the lesson's timing."""
    out = []
    for i, (chars, trace) in enumerate(pages, start=1):
        for e in trace:
            src = tuple(e["source"])
            if src[0] not in TIMED and src[0] != "lesson_value":
                continue
            value = _number(text_in(chars, tuple(e["bbox"])))
            if value is not None:
                out.append((src, value, i, tuple(e["bbox"])))
    return out


def check_timing(pages: list[tuple[list[Char], list[dict]]], file: str) -> list[Discrepancy]:
    """`pages`: each page's characters and traced entries."""
    seen = printed(pages)
    if not seen:
        return []
    one = {src: value for src, value, _, _ in seen}
    out: list[Discrepancy] = []
    start, end = one.get(("timeline", "turns", 0)), one.get(("timeline", "turns", 1))
    turns, per = one.get(("turn_limit",)), one.get(("lesson_value", "minutes_per_turn"))
    if start is not None and end is not None:
        for src, value, page, box in seen:
            if src in PLAY and value != end - start:
                out.append(Discrepancy(file, page, f"{value} minutes of play, where the timeline gives the turns "
                                                   f"minutes {start} to {end} ({end - start})", box))
            if src == ("timeline", "debrief", 0) and value != end:
                out.append(Discrepancy(file, page, f"the debrief starts at minute {value}, the turns end at {end}",
                                       box))
        if turns is not None and per is not None and turns * per != end - start:
            out.append(Discrepancy(file, 0, f"{turns} turns of {per} minutes take {turns * per} minutes, the timeline "
                                            f"gives them minutes {start} to {end}"))
    phases = {src[1]: (v, p, b) for src, v, p, b in seen if src[0] == "turn_phase"}
    if phases and per is not None:                  # the turn's minutes are its phases' sum, as printed
        total = sum(v for v, _, _ in phases.values())
        for src, value, page, box in seen:
            if src == ("lesson_value", "minutes_per_turn") and value != total:
                listed = " + ".join(str(phases[k][0]) for k in sorted(phases))
                out.append(Discrepancy(file, page, f"a turn of {value} minutes, where its phases' minutes add up to "
                                                   f"{listed} = {total}", box))
    if start is None or per is None:
        return out
    minutes = [(v, p, b) for src, v, p, b in seen if src[0] == "period_end_minute"]
    for src, value, page, box in seen:
        near = min(minutes, key=lambda m: (m[1] != page, abs(m[2][1] - box[1])), default=None)
        if near is None or not value:
            continue
        minute = near[0]
        if src[0] == "period_end_turn" and not start + (value - 1) * per < minute < start + value * per:
            out.append(Discrepancy(file, page, f"a period ends at minute {minute}, 'during turn {value}', but turn "
                                               f"{value} runs from minute {start + (value - 1) * per} to "
                                               f"{start + value * per}", box))
        if src[0] == "period_end_after" and minute != start + value * per:
            out.append(Discrepancy(file, page, f"a period ends at minute {minute}, 'after turn {value}', but turn "
                                               f"{value} ends at minute {start + value * per}", box))
    return out
