"""Markers to cut out for the states a ship can be in (struck, fouled, grappled, in irons, moved):
the ruleset's [status_markers] (a classroom addition, marked), at the kit's scale, as many of each
as the class needs (printgen.game.materials.marker_count). Each state starts a new row; the words
are on every marker, so the black-and-white edition needs no colour to tell them apart. A strip along
each marker's foot carries its nation's pattern (its family's nation look, as on the bases), so a marker is
set beside the right side's ship; the intro explains the patterns."""

from __future__ import annotations

import functools

from printgen.draw import fonts
from printgen.draw.shapes import Drawing, Line, Page, Rect, Span, Text
from printgen.draw.theme import TYPE
from printgen.draw.typescale import handled
from printgen.errors import PrintgenError, Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.rules.provenance import mark_spans
from printgen.rules.rolls import LARGE_PRINT_MARKER
from printgen.sheets.page.frame import MARGIN, Box, content_box, frame, new_page
from printgen.sheets.page.words import said, titled
from printgen.sheets.pieces.ensigns import nation_code
from printgen.sheets.pieces.pack import grid

_TITLE_PT, _TEXT_PT = 12.0, 8.5       # the intro's type (large print: 14 pt, draw.typescale.handled)
STRIP = 0.3                         # the pattern strip at a marker's foot, of its height


def has_markers(rs, kind: str) -> bool:
    """Whether the ruleset has status markers ([status_markers], a classroom addition)."""
    return rs.status_markers is not None


def status_marker_sheets(plan, options: Options) -> Drawing:
    from printgen.game.materials import markers_by_nation

    s = plan.scenario
    rs, m = s.ruleset, options.measure
    sm = rs.status_markers
    grow = LARGE_PRINT_MARKER if TYPE.handled else (1.0, 1.0)      # large print: larger, for words at 14 pt
    w, h = (m.pt(v * k) for v, k in zip(sm.size_in, grow))
    box = content_box(options)
    pages: list[Page] = [new_page(options)]
    top = _intro(pages[0], plan, options, box)
    g = grid(Box(box.x, top, box.w, box.bottom - top), w, h, "marker")
    rows = []
    for state in sm.per_ship:                                                   # each state on new rows
        todo = [nation for nation, n in markers_by_nation(plan, state) for _ in range(n)]
        rows += [(state, todo[i:i + g.cols]) for i in range(0, len(todo), g.cols)]
    k = 0
    for state, nations in rows:
        if k == g.rows:
            pages.append(new_page(options))
            g, k = grid(Box(box.x, box.y + 4, box.w, box.h - 4), w, h, "marker"), 0
        for c, nation in enumerate(nations):       # the first of a row measures the rule's size (printgen check)
            _marker(pages[-1], g.x0 + c * g.w, g.y0 + k * g.h, w, h, state, nation,
                    (m.pt(grow[0]), m.pt(grow[1])) if c == 0 else (0.0, 0.0))
        k += 1
    for k, page in enumerate(pages):
        frame(page, options, s.title, _("Markers"), k + 1, len(pages))
    return Drawing(titled(s.title, N_("markers"), options.edition_name), pages, look=system_of(s.ruleset), subject="printgen status-markers")


def _marker(page: Page, x: float, y: float, w: float, h: float, state: str, nation: str,
            per: tuple[float, float] = (0.0, 0.0)) -> None:
    label = marker_word(state).upper()         # the ruleset's word for the state (its [status_markers])
    code_pt = handled(TYPE.piece_label)        # the nation's code (large print: 14 pt, on a strip that holds it)
    strip = max(h * STRIP, code_pt + 5) if TYPE.handled else h * STRIP
    size = min((h - strip) * 0.5, w * 0.8 / max(fonts.width(label, 1.0, "bold"), 1e-6))
    lines = [label]
    if " " in label and (size < (h - strip) * 0.5 * 0.7 or size < TYPE.handled):   # long words ("PROA AL VIENTO"):
        # two lines, larger (large print: whenever one line falls below 14 pt)
        cut = min((i for i, ch in enumerate(label) if ch == " "), key=lambda i: abs(2 * i - len(label)))
        two = [label[:cut], label[cut + 1:]]
        size2 = min((h - strip) * 0.9 / 2.2, w * 0.8 / max(fonts.width(t, 1.0, "bold") for t in two))
        if size2 > size * 1.15 or (size < TYPE.handled <= size2):     # large print: two lines at 14 pt, not one less
            lines, size = two, size2
    if TYPE.handled and size < TYPE.handled:   # a word too long for the marker at 14 pt: say which
        raise PrintgenError(Problem(f"the marker's word '{label}' does not fit a large-print marker at "
                                    f"{TYPE.handled:g} pt", field="status_markers",
                                    fix="a shorter word for the state in the ruleset's [status_markers]"))
    measured = (("width", ("rule", "status_markers.size_in.0"), per[0]),
                ("height", ("rule", "status_markers.size_in.1"), per[1])) if per[0] else ()
    page.add(Rect(x, y, w, h, "panel", tag="marker", meaning=measured),
             Rect(x, y + h - strip, w, strip, f"base.{nation}", tag=f"marker-pattern:{nation}"),
             Line(x, y, x + w, y, "cut"), Line(x, y + h, x + w, y + h, "cut"),
             Line(x, y, x, y + h, "cut"), Line(x + w, y, x + w, y + h, "cut"),
             *(Text(x + w / 2, y + (h - strip) / 2 + size * (0.35 + 1.1 * (i - (len(lines) - 1) / 2)), (Span(line),),
                    size, font="bold", anchor="middle", tag="marker-label") for i, line in enumerate(lines)))
    code = nation_code(nation)                  # the letters the bases print, on a white patch of the strip
    cw = fonts.width(code, code_pt, "bold") + 3
    page.add(Rect(x + w - cw - 2, y + h - strip + (strip - code_pt - 1) / 2, cw, code_pt + 1, "paper"),
             Text(x + w - cw / 2 - 2, y + h - strip / 2 + code_pt * 0.36, (Span(code),), code_pt,
                  font="bold", anchor="middle"))


def marker_word(state: str) -> str:
    """A state's word on its marker: the language's glossary's short form ([markers]: Spanish "enganchado", where
    the rules say "enganchado con garfios", which no large-print marker holds at 14 pt), else the rules' word."""
    from printgen.i18n import LANG

    return _short_words(LANG.get()).get(state) or _(state)


@functools.lru_cache(maxsize=8)
def _short_words(lang: str) -> dict:
    from printgen.i18n.numbers import glossary

    return {} if lang == "en" else dict(glossary(lang).get("markers", {}))


def _intro(page: Page, plan, options: Options, box: Box) -> float:
    """Title, what each marker is for and how many, their size; returns where the markers start."""
    from printgen.game.materials import marker_count
    from printgen.rules.rolls import large_print_marker

    rs = plan.scenario.ruleset
    title_pt, text_pt = handled(_TITLE_PT), handled(_TEXT_PT)          # large print: 14 pt
    y = box.y + title_pt
    page.add(Text(box.x, y, (Span(_("Markers to cut out")), *mark_spans(plan.scenario.ruleset, "status_markers",
                                                                      plan.scenario)), title_pt, font="bold"))
    size = [Span(options.measure.fmt_size(v), "bold", ("rule", f"status_markers.size_in.{i}"), "size")
            for i, v in enumerate(rs.status_markers.size_in)]
    y += text_pt * 1.9
    if TYPE.handled:                           # large print: the markers as printed, and the rules' own size
        grown = [Span(options.measure.fmt_size(large_print_marker(rs, i)), "bold", ("large_print_marker", i), "size")
                 for i in range(2)]
        cut = list(said(_("Cut on the solid lines. Each marker is %(width)s by %(height)s, larger than the rules' "
                          "%(rule_width)s by %(rule_height)s so that its words are large: set it beside the base; "
                          "take it away when the state ends."), width=grown[0], height=grown[1],
                        rule_width=size[0], rule_height=size[1]))
    else:
        cut = list(said(_("Cut on the solid lines. Each marker is %(width)s by %(height)s: set it beside the "
                          "base; take it away when the state ends."), width=size[0], height=size[1]))
    from printgen.sheets.text.wrap import wrap_spans

    for k, line in enumerate(wrap_spans(cut, box.w, text_pt)):     # a longer language: two lines, not past the edge
        y += text_pt * 1.3 if k else 0
        page.add(Text(box.x, y, tuple(line), text_pt))
    counts: list[Span] = []
    for i, state in enumerate(rs.status_markers.per_ship):
        n = Span(str(marker_count(plan, state)), "bold", ("marker_count", state), "count")
        counts += said(_("; %(state)s %(count)s") if i else _("For the class: %(state)s %(count)s"), state=_(state),
                       count=n)
    y += text_pt * 1.4
    page.add(Text(box.x, y, tuple(counts) + (Span(_(".")),), text_pt))
    for state in rs.status_markers.per_flagship:            # what a flagship's marker is for, and why so few
        told = list(said(_("%(state)s: one for each flagship, beside her base; when her admiral moves to another "
                           "ship, the marker moves with him."), state=Span(_(state).capitalize(), "bold")))
        for line in wrap_spans(told, box.w, text_pt):
            y += text_pt * 1.3
            page.add(Text(box.x, y, tuple(line), text_pt))
    y += text_pt * 1.6
    return _legend(page, plan, box, y) + text_pt * 1.2


def _legend(page: Page, plan, box: Box, y: float) -> float:
    """The patterns of the markers' strips, a swatch for each nation; returns the line's baseline."""
    from printgen.draw.theme import pattern_name

    text_pt = handled(_TEXT_PT)                                     # large print: 14 pt
    lead = _("The strip at a marker's foot is the pattern of its ship's bases:")
    page.add(Text(box.x, y, (Span(lead),), text_pt))
    x = box.x + fonts.width(lead, text_pt) + text_pt
    sw, sh = text_pt * 3.2, text_pt * 1.6
    for nation in dict.fromkeys(s.nation for s in plan.scenario.fleet.ships):
        look = system_of(plan.scenario.ruleset).nations.get(nation)
        words = _("%(nation)s %(pattern)s") % {"nation": _(nation), "pattern": _(pattern_name(look))}
        # a longer language: the next line, where the words would run past the margin's middle (the English
        # key, as it always has, ends a point or two into the margin)
        if x + sw + text_pt * 0.4 + fonts.width(words, text_pt) > box.right + MARGIN / 2:
            x, y = box.x, y + sh * 1.3
        page.add(Rect(x, y - sh * 0.75, sw, sh, f"base.{nation}", tag=f"legend-pattern:{nation}"),
                 Text(x + sw + text_pt * 0.4, y, (Span(words),), text_pt))
        x += sw + text_pt * 1.4 + fonts.width(words, text_pt)
    return y + sh * 0.25

