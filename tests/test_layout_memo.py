"""Layout work done once: the layout remembers wraps (printgen.sheets.text.wrap), and a remembered
wrap must be the caller's own, as if worked out afresh (its own lists, its own traced sources, the
same lines for a source that cannot be remembered); the other edition's teacher's sheet reads the
kit's page counts instead of drawing every document again to count its pages; a panel sheet drawn
again reuses the panels it laid out, and only those whose words are unchanged."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.shapes import Span
from printgen.sheets.text.wrap import wrap_spans

WORDS = "Each ship fires once a turn at the nearest enemy in its arc; roll the dice shown"


def _para(source) -> list[Span]:
    return [Span(WORDS + " for "), Span("3", "bold", source, "count"), Span(" hits (long range).")]


def _text(lines) -> list[str]:
    return ["".join(s.text for s in line) for line in lines]


def test_a_remembered_wrap_is_a_fresh_copy():
    first = wrap_spans(_para(["rule", "shooting.dice"]), 120, 9)
    assert len(first) > 2
    first[0].clear()                                   # a caller may change what it was given
    first.append([Span("stray")])
    again = wrap_spans(_para(["rule", "shooting.dice"]), 120, 9)
    assert again[0] and "stray" not in _text(again)
    assert all(fonts.width(t, 9) <= 120 for t in _text(again) if " " in t)


def test_traced_spans_keep_the_callers_own_source():
    one, two = ["rule", "shooting.dice"], ["rule", "shooting.dice"]
    a = [s for line in wrap_spans(_para(one), 120, 9) for s in line if s.source is not None]
    b = [s for line in wrap_spans(_para(two), 120, 9) for s in line if s.source is not None]
    assert len(a) == len(b) == 1
    assert a[0].source is one and b[0].source is two
    assert (a[0].text, a[0].font, a[0].kind) == ("3", "bold", "count")


def test_a_source_that_cannot_be_remembered_wraps_the_same():
    odd = ["derived", ["a", "list"], 2]               # unhashable: worked out afresh each time
    plain = ["derived", "a list", 2]
    assert _text(wrap_spans(_para(odd), 100, 8.5)) == _text(wrap_spans(_para(plain), 100, 8.5))
    traced = [s for line in wrap_spans(_para(odd), 100, 8.5) for s in line if s.source is not None]
    assert traced[0].source is odd


def test_the_width_and_size_are_part_of_what_is_remembered():
    narrow, wide = wrap_spans(_para(None), 90, 9), wrap_spans(_para(None), 300, 9)
    small = wrap_spans(_para(None), 90, 6)
    assert len(narrow) > len(wide) and len(narrow) > len(small)
    assert " ".join(_text(narrow)).split() == " ".join(_text(wide)).split() == " ".join(_text(small)).split()
    for lines, width, size in ((narrow, 90, 9), (wide, 300, 9), (small, 90, 6)):
        assert all(sum(fonts.width(s.text, size, s.font or "regular") for s in line) <= width for line in lines)


def test_split_fleet_text_traces_each_word():
    fate = Span("Captured, then wrecked in the storm off Cadiz", "", ["fleet", "bucentaure", "fate"], "text")
    lines = wrap_spans([fate], 60, 9, split=True)
    words = [s for line in lines for s in line if s.source is not None]
    assert [s.text for s in words] == fate.text.split()
    assert [s.source for s in words] == [("fleet", "bucentaure", "fate", i) for i in range(len(words))]
    assert len(lines) > 1


def test_the_other_editions_teacher_sheet_draws_no_other_document(monkeypatch):
    from printgen.game.plan import Plan
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", 24))
    counts = {kind: 1 for kind in plan.kinds()}
    plan.page_counts().update(counts)                # what the kit knows once it has drawn them
    real, drawn = Plan.draw, []
    monkeypatch.setattr(Plan, "draw", lambda p, kind, o=None: drawn.append(kind) if kind != "teacher" else real(p, kind, o))
    for edition in ("color", "bw"):
        assert plan.draw("teacher", plan.options.but(edition=edition, fmt="pdf")).pages
    assert drawn == []                               # no document drawn again to count its pages
    assert plan.page_counts() == counts


# -- panels remembered across drawings (printgen.sheets.text.quickref) ---------------------------------------
def _laid_titles(monkeypatch) -> list[str]:
    """Titles of the sections the panel sheets lay out afresh from now on (not from their memory)."""
    from printgen.sheets.text import quickref

    laid: list[str] = []
    real = quickref._laid_panel

    def counted(section, *args):
        laid.append(_title(section))
        return real(section, *args)

    monkeypatch.setattr(quickref, "_laid_panel", counted)
    return laid


def _words(drawing) -> list[str]:
    """The text of every span the drawing prints."""
    from printgen.sheets.page.frame import _spans

    return [sp.text for page in drawing.pages for sp in _spans(page.items)]


def test_a_sheet_drawn_again_is_the_sheet_laid_out_afresh(monkeypatch):
    """The quick reference drawn again (the other edition) lays out again only the sections that ask
    the sheet for a block ([odds ...], [wind-edges]: it refers to the sheet's own objects), and draws
    what a fresh layout draws."""
    from printgen.game.prepare import prepare
    from printgen.sheets.text import quickref

    for name in ("trafalgar", "sluys-1340"):
        s, o = prepare(name)
        sections = _sections(s, o)
        asks = {_title(sec) for sec in sections if any(b.kind == "directive" for b in sec.blocks)}
        assert 0 < len(asks) < len(sections)
        quickref._panels.clear()
        fresh = quickref.quickref_sheet(s, o)
        laid = _laid_titles(monkeypatch)
        again = quickref.quickref_sheet(s, o)
        assert set(laid) == asks, name
        assert again.pages == fresh.pages
        monkeypatch.undo()


def test_a_panel_whose_words_changed_is_laid_out_afresh(monkeypatch):
    """A number changed (the largest turn, say) changes the panels that print it, and only those (with
    those that ask the sheet for a block): the sheet prints the new number, never a remembered panel's
    old one."""
    from printgen.game.prepare import prepare
    from printgen.sheets.text import quickref, wording

    s, o = prepare("trafalgar")
    quickref._panels.clear()
    before = _words(quickref.quickref_sheet(s, o))
    real = wording.Wording.put

    def tampered(self, t):
        marker = real(self, t)
        span = self.spans[-1]
        if span.source and list(span.source) == ["rule", "movement.turn_max_deg"]:
            self.spans[-1] = wording.Span("97", span.font, span.source, span.kind)
        return marker

    monkeypatch.setattr(wording.Wording, "put", tampered)
    laid = _laid_titles(monkeypatch)
    after = _words(quickref.quickref_sheet(s, o))
    assert "97" in after and "97" not in before
    sections = _sections(s, o)
    printing = {_title(sec) for sec in sections if any(sp.text == "97" for b in sec.blocks for sp in _block_spans(b))}
    asks = {_title(sec) for sec in sections if any(b.kind == "directive" for b in sec.blocks)}
    assert printing - asks and set(laid) == printing | asks


def _sections(s, o):
    from printgen.sheets.text.markup import parse
    from printgen.sheets.text.wording import Wording, to_spans

    w = Wording(s.ruleset, o.measure)
    return parse(w.render(f"{s.ruleset.ruleset.id}/quickref.md.j2", scenario=s), lambda t: to_spans(t, w))


def _block_spans(b):
    return list(b.spans) + [sp for row in b.rows for cell in row for sp in cell]


def _title(section) -> str:
    return "".join(s.text for s in section.title)
