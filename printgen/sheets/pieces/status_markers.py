"""Markers to cut out for the states a ship can be in (struck, fouled, grappled, in irons, moved):
the ruleset's [status_markers] (a classroom addition, marked), at the kit's scale, as many of each
as the class needs (printgen.game.materials.marker_count). Each state starts a new row; the words
are on every marker, so the black-and-white edition needs no colour to tell them apart."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.shapes import Drawing, Line, Page, Rect, Span, Text
from printgen.options import Options
from printgen.sheets.page.frame import Box, content_box, frame, new_page
from printgen.sheets.pieces.pack import grid

TITLE_PT, TEXT_PT = 12.0, 8.5


def status_marker_sheets(plan, options: Options) -> Drawing:
    from printgen.game.materials import marker_count

    s = plan.scenario
    rs, m = s.ruleset, options.measure
    sm = rs.status_markers
    w, h = (m.pt(v) for v in sm.size_in)
    box = content_box(options)
    pages: list[Page] = [new_page(options)]
    top = _intro(pages[0], plan, options, box)
    g = grid(Box(box.x, top, box.w, box.bottom - top), w, h, "marker")
    rows = [(state, min(g.cols, n - i)) for state in sm.per_ship
            for n in (marker_count(plan, state),) for i in range(0, n, g.cols)]    # each state on new rows
    k = 0
    for state, count in rows:
        if k == g.rows:
            pages.append(new_page(options))
            g, k = grid(Box(box.x, box.y + 4, box.w, box.h - 4), w, h, "marker"), 0
        for c in range(count):                     # the first of a row measures the rule's size (printgen check)
            _marker(pages[-1], g.x0 + c * w, g.y0 + k * h, w, h, state, m.pt(1.0) if c == 0 else 0.0)
        k += 1
    for k, page in enumerate(pages):
        frame(page, options, s.title, "Markers", k + 1, len(pages))
    return Drawing(f"{s.title}: markers ({options.edition_name})", pages, subject="printgen status-markers")


def _marker(page: Page, x: float, y: float, w: float, h: float, state: str, per: float = 0.0) -> None:
    label = state.upper()
    size = min(h * 0.36, w * 0.8 / max(fonts.width(label, 1.0, "bold"), 1e-6))
    measured = (("width", ("rule", "status_markers.size_in.0"), per),
                ("height", ("rule", "status_markers.size_in.1"), per)) if per else ()
    page.add(Rect(x, y, w, h, "panel", tag="marker", meaning=measured), Line(x, y, x + w, y, "cut"), Line(x, y + h, x + w, y + h, "cut"),
             Line(x, y, x, y + h, "cut"), Line(x + w, y, x + w, y + h, "cut"),
             Text(x + w / 2, y + h / 2 + size * 0.35, (Span(label),), size, font="bold", anchor="middle",
                  tag="marker-label"))


def _intro(page: Page, plan, options: Options, box: Box) -> float:
    """Title, what each marker is for and how many, their size; returns where the markers start."""
    from printgen.game.materials import marker_count

    rs = plan.scenario.ruleset
    y = box.y + TITLE_PT
    page.add(Text(box.x, y, (Span("Markers to cut out"), Span(" ("), _mark(plan, "status_markers"), Span(")")),
                  TITLE_PT, font="bold"))
    size = [Span(options.measure.fmt(v), source=("rule", f"status_markers.size_in.{i}"), kind="distance")
            for i, v in enumerate(rs.status_markers.size_in)]
    y += TEXT_PT * 1.9
    page.add(Text(box.x, y, (Span("Cut on the grey lines. Each marker is "), size[0], Span(" by "), size[1],
                             Span(": set it beside the base; take it away when the state ends.")), TEXT_PT))
    counts: list[Span] = []
    for i, state in enumerate(rs.status_markers.per_ship):
        counts += [Span(("; " if i else "For the class: ") + state + " "),
                   Span(str(marker_count(plan, state)), "bold", ("marker_count", state), "count")]
    y += TEXT_PT * 1.4
    page.add(Text(box.x, y, tuple(counts) + (Span("."),), TEXT_PT))
    return y + TEXT_PT * 1.2


def _mark(plan, key: str) -> Span:
    from printgen.rules.provenance import mark_source, provenance_of

    return Span(provenance_of(plan.scenario.ruleset, plan.scenario).words(key), source=mark_source(key), kind="text")
