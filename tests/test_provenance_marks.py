"""A mark stands only on words whose provenance is the mark's (issue 45): the reading-of-a-damaged-
source mark (‡) stood on modern history (the Outcome paragraphs, Lepanto's "each galley piece stands
for about a dozen galleys") and alone on a line of the quick reference's wind key. The check reads
the marks where the page printed them (printgen/check/provmarks.py)."""

from __future__ import annotations

import pytest

from printgen.check.numbers import Char
from printgen.check.provmarks import check_provenance_marks


def _made(scenario: str, kind: str):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24))
    made = _document((plan, None), ("color", kind))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.slow
@pytest.mark.parametrize("scenario,kind", [("nile-1798", "quickref"), ("nile-1798", "debrief"),
                                           ("lepanto-1571", "background")])
def test_a_reading_mark_only_on_the_rules_words_and_never_alone(scenario, kind):
    from printgen.check.pdfread import open_pages

    plan, made, found = _made(scenario, kind)
    assert found == []
    marks = [e["source"][1] for page in made["trace"] for e in page if e["source"][0] == "provenance"]
    assert not [k for k in marks if k.startswith("story.")], "the story is history: no mark on it"
    with open_pages(made["pdf"]) as pages:
        lines = [ln.strip() for p in pages for ln in p.text().splitlines()]
    assert "\u2021" not in lines, "a mark alone on a line"
    if kind == "quickref":
        assert any(ln.endswith("close-hauled: half speed\u2021") for ln in lines), "the wind key marks its words"


def _line(text: str, x: float, top: float) -> list[Char]:
    return [Char(ch, x + 5 * k, top, x + 5 * k + 4.5, top + 9) for k, ch in enumerate(text) if ch != " "]


def test_a_story_mark_and_a_lone_mark_fail():
    from printgen.rules.provenance import Entry

    class Rules:
        provenance = {"words.close_hauled": Entry(kind="reading", original="close quartered")}

    class Story:
        provenance_table = {"story.after.1": Entry(kind="reading", original="2,000 to 5,000")}

    chars = _line("The French lost 2,000 to 5,000 men\u2021", 50, 100) + _line("close-hauled: half speed", 50, 120) \
        + _line("\u2021", 50, 132)
    story = {"bbox": [50 + 5 * 34, 100, 50 + 5 * 35, 109], "source": ["provenance", "story.after.1", "symbol"]}
    lone = {"bbox": [50, 132, 55, 141], "source": ["provenance", "words.close_hauled", "symbol"]}
    found = [d.what for d in check_provenance_marks(chars, [story, lone], Rules, Story, "x.pdf", 1)]
    assert len(found) == 2 and "stands on 'story.after.1'" in found[0] and "stands alone on its line" in found[1], found
    chars = chars[:-1] + _line("\u2021", 50 + 5 * 24, 120)
    kept = {"bbox": [50 + 5 * 24, 120, 55 + 5 * 24, 129], "source": ["provenance", "words.close_hauled", "symbol"]}
    assert check_provenance_marks(chars, [kept], Rules, type("None", (), {"provenance_table": {}}), "x.pdf", 1) == []
