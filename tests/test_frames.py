"""Every word inside its frame (issue 45): a line of type that starts inside a card or a box ends
inside it. Lepanto's and Sluys's Collisions card ran "...is protected by iron plates (bardi)" past
the card's edge in every language; Lake Erie's teacher's sheet ran the technician's command out of
its box. The check reads the characters where the PDF put them."""

from __future__ import annotations

import pytest

from printgen.check.frames import check_frames, lines_of
from printgen.check.numbers import Char


def _made(scenario: str, kind: str, lang: str = "en", **extra):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24, lang=lang, **extra))
    made = _document((plan, None), ("color", kind))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.parametrize("scenario,lang", [("lepanto-1571", "en"), ("sluys-1340", "en"), ("lepanto-1571", "fr"),
                                           ("sluys-1340", "es")])
def test_rule_cards_keep_every_word_inside_the_card(scenario, lang):
    _, made, found = _made(scenario, "cards", lang)
    assert [f for f in found if "beyond" in f] == []
    assert "(bardi)" in "".join(t["text"] for page in made["trace"] for t in page) or lang != "en"


def test_the_technicians_command_stays_in_its_box():
    _, _, found = _made("lake-erie-1813", "teacher")
    assert [f for f in found if "beyond" in f] == []


def _line(text: str, x: float, top: float = 100.0, w: float = 5.0) -> list[Char]:
    out, at = [], x
    for ch in text:
        if ch != " ":
            out.append(Char(ch, at, top, at + w - 0.5, top + 9))
        at += w
    return out


def test_a_line_that_runs_past_its_card_fails_and_one_inside_passes():
    frame = {"bbox": [50.0, 50.0, 200.0, 300.0], "shape": {"edge": "frame"}}
    inside = _line("is protected", 60)
    assert check_frames(inside, [frame], 612, 792, "cards.pdf", 1) == []
    past = _line("is protected by iron plates (bardi)", 60)
    found = check_frames(past, [frame], 612, 792, "cards.pdf", 1)
    assert len(found) == 1 and "beyond its frame" in found[0].what and "plates" in found[0].what
    assert len(lines_of(past)) == 1


def test_a_line_off_the_page_fails():
    found = check_frames(_line("far too long a line", 560), [], 612, 792, "x.pdf", 1)
    assert found and "beyond the page" in found[0].what


def test_a_template_word_pushed_past_the_card_makes_the_kit_check_fail(monkeypatch):
    """A template edit that pushes a long word past a rule card's frame: the kit's own check fails
    (or the word is made to fit: then it must stand inside the card)."""
    from printgen.sheets.text import wording

    real = wording.Wording.render

    def longer(self, template, **context):
        text = real(self, template, **context)
        return text.replace("## ", "## Supercalifragilisticexpialidociousnessesque" * 2 + " ", 1)

    monkeypatch.setattr(wording.Wording, "render", longer)
    _, made, found = _made("trafalgar", "cards")
    assert [f for f in found if "beyond" in f], "a word wider than the card passed the check"
