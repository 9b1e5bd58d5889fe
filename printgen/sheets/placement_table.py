"""The placement table: every ship's distance from the west edge and from the south edge, its
heading and the edge its bow points at, so the table can be set with a tape measure.

Rows are grouped as the ships stand (each squadron, the loner, the line from its head) and flow
into two columns a page, as many pages as the fleet needs."""

from __future__ import annotations

import math

from printgen.draw import fonts
from printgen.draw.shapes import Line, Page, Shape, Span, Text
from printgen.game.deploy import Deployment, Placement
from printgen.game.deploy_data import printed_text
from printgen.options import Options
from printgen.sheets.ensigns import nation_code
from printgen.sheets.frame import Box, content_box, new_page
from printgen.sheets.sprites import star_shape
from printgen.sheets.textfit import fit_size

SIZE, ROW, GUTTER = 7.5, 12.5, 14.0
COLS = (("#", 15, "end"), ("Ship", 0, "start"), ("From west", 34, "end"), ("From south", 34, "end"),
        ("Heading", 42, "end"), ("Bow at", 38, "start"))
HEADER = 18.0
INTRO = (Span("Measure from the west edge (the left of the map) and from the south edge (the bottom) to the centre "
              "of each base; then turn the bow to the heading, in compass degrees: north is "),
         Span("0°", source=("meta", "compass", "N"), kind="degrees"), Span(", east "),
         Span("90°", source=("meta", "compass", "E"), kind="degrees"), Span("."))


def group_title(scenario, dep: Deployment, group: str) -> str:
    if group == "line":
        from printgen.game.deploy_settings import load_settings

        side = scenario.ruleset.sides[load_settings(scenario).line_side].name
        return f"{side} line, from its head (north) to its rear"
    if group == "alone":
        return "Alone, near the head of the line"
    label = scenario.squadrons[group].label if group in scenario.squadrons else group
    leaders = [p.ship.name for p in dep.placements if p.group == group and p.leader]
    return f"{label or group}" + (f", led by {' and '.join(leaders)}" if leaders else "")


def _rows(scenario, dep: Deployment) -> list[tuple[str, object]]:
    rows: list[tuple[str, object]] = []
    groups = list(dict.fromkeys(p.group for p in dep.placements))
    for g in groups:
        rows.append(("group", group_title(scenario, dep, g)))
        rows += [("ship", p) for p in dep.placements if p.group == g]
    return rows


def placement_pages(scenario, dep: Deployment, options: Options) -> list[Page]:
    box = content_box(options)
    top = box.y + 46
    per_col = max(4, int((box.bottom - top - HEADER) / ROW))
    rows = _rows(scenario, dep)
    n_cols = 2 * math.ceil(len(rows) / (2 * per_col))
    even = min(per_col, math.ceil(len(rows) / n_cols))            # balanced columns
    columns: list[list] = []
    while rows:
        take = min(even if len(columns) < n_cols - 1 else per_col, len(rows))
        for j in range(take - 1, max(0, take - 3), -1):
            if take < len(rows) and rows[j][0] == "group":
                take = j                                             # a group title goes with its first rows
                break
        columns.append(rows[:take])
        rows = rows[take:]
    pages = []
    col_w = (box.w - GUTTER) / 2
    for i in range(0, len(columns), 2):
        page = new_page(options)
        _head(page, box, i == 0)
        for j, col in enumerate(columns[i:i + 2]):
            page.add(*_column(col, box.x + j * (col_w + GUTTER), top, col_w, dep, options))
        pages.append(page)
    return pages


def _head(page: Page, box: Box, first: bool) -> None:
    from printgen.sheets.map_legend import wrap_spans

    page.add(Text(box.x, box.y + 12, (Span("Placement table" + ("" if first else " (continued)")),), 12, font="bold"))
    for i, line in enumerate(wrap_spans(INTRO, box.w, 8)):
        page.add(Text(box.x, box.y + 25 + i * 10, line, 8, role="text.muted"))


def _column(rows, x: float, y: float, w: float, dep: Deployment, options: Options) -> list[Shape]:
    fixed = sum(c[1] for c in COLS)
    widths = [c[1] or (w - fixed) for c in COLS]
    xs = [x + sum(widths[:i]) for i in range(len(COLS))]
    out: list[Shape] = []
    for (title, _, anchor), cx, cw in zip(COLS, xs, widths):
        tx = cx + cw - 3 if anchor == "end" else cx + 3
        words = title.split(" ", 1) if fonts.width(title, 7, "bold") > cw - 4 else [title]
        for i, word in enumerate(words):
            out.append(Text(tx, y + HEADER - 4 - (len(words) - 1 - i) * 7.5, (Span(word),), 7, font="bold",
                            anchor=anchor))
    out.append(Line(x, y + HEADER, x + w, y + HEADER, "rule"))
    cy = y + HEADER
    for kind, item in rows:
        base = cy + ROW - 3.5
        if kind == "group":
            size = fit_size(item, w - 6, SIZE, "bold")
            out.append(Text(x + 3, base, (Span(item),), size, font="bold", tag="group"))
        else:
            out += _ship_row(item, xs, widths, base, dep, options)
        cy += ROW
        out.append(Line(x, cy, x + w, cy, "rule.light"))
    return out


def _ship_row(p: Placement, xs, widths, base: float, dep: Deployment, options: Options) -> list[Shape]:
    key = p.ship.key
    out: list[Shape] = [Text(xs[0] + widths[0] - 3, base, (Span(str(p.number), source=("deploy", key, "number"),
                                                                 kind="count"),), SIZE, font="bold", anchor="end")]
    star = 0.0
    if p.ship.flagship:
        star = 9.0
        out.append(star_shape(xs[1] + 3 + 3.6, base - SIZE * 0.33, 3.6))
    name = (Span(p.ship.name, source=("fleet", key, "name"), kind="text"),
            Span(" " + nation_code(p.ship.nation), font="italic"))
    room = widths[1] - 6 - star
    full = sum(fonts.width(s.text, SIZE, s.font or "regular") for s in name)
    size = SIZE if full <= room else fit_size(" ".join(s.text for s in name), room, SIZE)
    out.append(Text(xs[1] + 3 + star, base, name, size, tag="name"))
    for i, axis, v in ((2, "x", p.x_in), (3, "y", p.y_in)):
        out.append(Text(xs[i] + widths[i] - 3, base, (Span(printed_text(dep, v, options), source=("deploy", key, axis),
                                                           kind="distance"),), SIZE, anchor="end"))
    out.append(Text(xs[4] + widths[4] - 3, base, (Span(f"{p.heading_deg}°", source=("deploy", key, "heading"),
                                                       kind="degrees"), Span(" " + p.heading, font="bold")), SIZE,
                    anchor="end"))
    out.append(Line(xs[5] + 3, base - SIZE * 0.3, xs[5] + 13, base - SIZE * 0.3, f"edge.{p.edge}"))
    out.append(Text(xs[5] + 16, base, (Span(p.edge),), SIZE))
    return out
