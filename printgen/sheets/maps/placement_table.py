"""The placement table: every ship's distance from the west edge and from the south edge, its
heading and the edge its bow points at (or, on a table without coloured edges, its type and its
angle off the wind), so the table can be set with a tape measure.

Rows are grouped as the ships stand (each squadron, the loner, the line from its head, or each
line of a line a squadron) and flow into two columns a page, as many pages as the fleet needs."""

from __future__ import annotations

import math

from printgen.draw import fonts
from printgen.draw.shapes import Line, Page, Shape, Span, Text
from printgen.game.deploy import Deployment, Placement
from printgen.game.deploy_data import printed_text
from printgen.i18n import LANG, N_, _
from printgen.options import Options
from printgen.sheets.page.frame import Box, content_box, new_page
from printgen.sheets.page.words import said
from printgen.sheets.pieces.ensigns import nation_code
from printgen.sheets.pieces.sprites import star_shape
from printgen.sheets.text.textfit import fit_size

SIZE, ROW, GUTTER = 8.0, 12.5, 14.0         # names and positions in bold: a copy keeps their decimal points
MIN_NAME = 5.5                    # smallest (bold) type a name may shrink to before the table takes one column a page
COLS = (("#", 15, "end"), (N_("Ship"), 0, "start"), (N_("From west"), 34, "end"), (N_("From south"), 34, "end"),
        (N_("Heading"), 42, "end"), (N_("Bow at"), 38, "start"))
WIND_COLS = (("#", 15, "end"), (N_("Ship"), 0, "start"), (N_("Type"), 112, "start"), (N_("From west"), 34, "end"),
             (N_("From south"), 34, "end"), (N_("Heading"), 42, "end"), (N_("Off wind"), 30, "end"))


def columns_of(dep: Deployment, options: Options | None = None) -> tuple:
    """Coloured edges: the edge each bow points at; none: the ship's type and its angle off the wind.
    With the options, the position columns as wide as their widest number (a centimetre's take more)."""
    cols = COLS if dep.edges else WIND_COLS
    if options is None:
        return cols
    need = max((fonts.width(printed_text(dep, v, options), SIZE, "bold") + 6 for p in dep.placements
                for v in (p.x_in, p.y_in)), default=0.0)
    return tuple((t, max(w, need) if t.startswith("From ") else w, a) for t, w, a in cols)
HEADER = 18.0


def intro() -> tuple[Span, ...]:
    """How to read the table, in the language of the document being drawn."""
    return said(_("Measure from the west edge (the left of the map) and from the south edge (the bottom) to the centre "
                  "of each base; then turn the bow to the heading, in compass degrees: north is %(north)s, east %(east)s."),
                north=Span("0°", source=("meta", "compass", "N"), kind="degrees"),
                east=Span("90°", source=("meta", "compass", "E"), kind="degrees"))


def _degrees(value) -> str:
    """A heading as the table prints it ("45°"; "22,5°" in French)."""
    if LANG.get() == "en":
        return f"{value}°"
    from printgen.sheets.page.words import degrees

    return degrees(float(value))


def group_title(scenario, dep: Deployment, group: str) -> str:
    if group == "line":
        from printgen.game.deploy_settings import load_settings
        from printgen.i18n.sides import said_here

        side = scenario.ruleset.sides[load_settings(scenario).line_side].name
        return _("%(side)s line, from its head (north) to its rear") % {"side": said_here(side, "of")}
    if group == "alone":
        return _("Alone, near the head of the line")
    label = scenario.squadrons[group].label if group in scenario.squadrons else group
    from printgen.i18n import article

    lang = LANG.get()                   # "menée par la Cogue Thomas", "encabezada por el Goliath"
    leaders = [article(p.ship.said, p.ship.gender_in(lang), lang) + p.ship.said
               for p in dep.placements if p.group == group and p.leader]
    named = _(label or group)
    if not leaders:
        return named
    return _("%(squadron)s, led by %(leaders)s") % {"squadron": named, "leaders": _(" and ").join(leaders)}


def _rows(scenario, dep: Deployment) -> list[tuple[str, object]]:
    rows: list[tuple[str, object]] = []
    groups = list(dict.fromkeys(p.group for p in dep.placements))
    for g in groups:
        ships = [p for p in dep.placements if p.group == g]
        if g == "line" and dep.line_form == "squadrons":
            for sq in dict.fromkeys(p.ship.squadron for p in ships):
                label = scenario.squadrons[sq].label or sq
                rows.append(("group", _("%(squadron)s, from its head (north) to its rear") % {"squadron": _(label)}))
                rows += [("ship", p) for p in ships if p.ship.squadron == sq]
            continue
        rows.append(("group", group_title(scenario, dep, g)))
        rows += [("ship", p) for p in ships]
    return rows


def placement_pages(scenario, dep: Deployment, options: Options) -> list[Page]:
    box = content_box(options)
    top = box.y + 46
    per_col = max(4, int((box.bottom - top - HEADER) / ROW))
    rows = _rows(scenario, dep)
    across = _across(dep, box.w, options)
    n_cols = across * math.ceil(len(rows) / (across * per_col))
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
    col_w = (box.w - GUTTER) / 2 if across == 2 else min(box.w, _fixed(dep, options) + _longest_name(dep) + 24)
    for i in range(0, len(columns), across):
        page = new_page(options)
        _head(page, box, i == 0, dep)
        for j, col in enumerate(columns[i:i + across]):
            page.add(*_column(col, box.x + j * (col_w + GUTTER), top, col_w, dep, options, scenario.ruleset))
        pages.append(page)
    return pages


def _fixed(dep: Deployment, options: Options) -> float:
    return sum(c[1] for c in columns_of(dep, options))


def _longest_name(dep: Deployment) -> float:
    return max((fonts.width(f"{p.ship.said} {nation_code(p.ship.nation)}", SIZE, "bold") for p in dep.placements),
               default=0)


def _across(dep: Deployment, width: float, options: Options) -> int:
    """Two columns a page, or one (only as wide as it needs) where two would squeeze the longest
    name below MIN_NAME."""
    room = (width - GUTTER) / 2 - _fixed(dep, options) - 6 - 9
    return 2 if _longest_name(dep) * MIN_NAME / SIZE <= room else 1


def _head(page: Page, box: Box, first: bool, dep: Deployment) -> None:
    from printgen.i18n.numbers import compass_from
    from printgen.rules.printed import rule_words
    from printgen.sheets.maps.map_legend import wrap_spans

    page.add(Text(box.x, box.y + 12, (Span(_("Placement table") if first else _("Placement table (continued)")),), 12,
                  font="bold"))
    told = intro()
    if not dep.edges:
        told += (Span(_(" Off wind: the angle between the bow and the wind's eye (the wind blows from the %(point)s).")
                      % {"point": compass_from(dep.wind_from, LANG.get()) or rule_words(dep.wind_from, LANG.get())}),)
    for i, line in enumerate(wrap_spans(told, box.w, 8)):
        page.add(Text(box.x, box.y + 25 + i * 10, line, 8, role="text.muted"))


def _column(rows, x: float, y: float, w: float, dep: Deployment, options: Options, rs) -> list[Shape]:
    cols = columns_of(dep, options)
    fixed = sum(c[1] for c in cols)
    widths = [c[1] or (w - fixed) for c in cols]
    xs = [x + sum(widths[:i]) for i in range(len(cols))]
    out: list[Shape] = []
    for (title, _w, anchor), cx, cw in zip(cols, xs, widths):
        title = _(title)
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
            out += _ship_row(item, xs, widths, base, dep, options, rs)
        cy += ROW
        out.append(Line(x, cy, x + w, cy, "rule.light"))
    return out


def _ship_row(p: Placement, xs, widths, base: float, dep: Deployment, options: Options, rs) -> list[Shape]:
    if not dep.edges:
        return _wind_row(p, xs, widths, base, dep, options, rs)
    out = _name_cells(p, xs, widths, base)
    out += _position_cells(p, xs, widths, base, dep, options, 2)
    out.append(Line(xs[5] + 3, base - SIZE * 0.3, xs[5] + 13, base - SIZE * 0.3, f"edge.{p.edge}"))
    out.append(Text(xs[5] + 16, base, (Span(p.edge if LANG.get() == "en" else _(p.edge.capitalize()).lower()),), SIZE))
    return out


def _name_cells(p: Placement, xs, widths, base: float) -> list[Shape]:
    """Number, flagship star and name (with the nation's code), shrunk to the column."""
    key = p.ship.key
    out: list[Shape] = [Text(xs[0] + widths[0] - 3, base, (Span(str(p.number), source=("deploy", key, "number"),
                                                                 kind="count"),), SIZE, font="bold", anchor="end")]
    star = 0.0
    if p.ship.flagship:
        star = 9.0
        out.append(star_shape(xs[1] + 3 + 3.6, base - SIZE * 0.33, 3.6))
    name = (Span(p.ship.said, "bold", ("fleet", key, "name"), "text"),              # bold: a copy keeps an í
            Span(" " + nation_code(p.ship.nation), font="italic"))
    room = widths[1] - 6 - star
    full = sum(fonts.width(s.text, SIZE, s.font or "regular") for s in name)
    size = SIZE if full <= room else fit_size(" ".join(s.text for s in name), room, SIZE, "bold")
    out.append(Text(xs[1] + 3 + star, base, name, size, tag="name"))
    return out


def _wind_row(p: Placement, xs, widths, base: float, dep: Deployment, options: Options, rs) -> list[Shape]:
    """A row of a table without coloured edges: type (its name, not the data's key), position, heading,
    angle off the wind."""
    key = p.ship.key
    out = _name_cells(p, xs, widths, base)
    known = getattr(rs, "types", None) or {}                # a family without types: the fleet's own word
    kind = _(known[p.ship.type].name) if p.ship.type in known else p.ship.type
    source = ("rule", f"types.{p.ship.type}.name") if p.ship.type in known else ("fleet", key, "type")
    out.append(Text(xs[2] + 3, base, (Span(kind, source=source, kind="text"),),
                    fit_size(kind, widths[2] - 5, SIZE), tag="type"))
    out += _position_cells(p, xs, widths, base, dep, options, 3)
    out.append(Text(xs[6] + widths[6] - 3, base, (Span(_degrees(dep.off_wind(p)), source=("deploy", key, "off_wind"),
                                                       kind="degrees"),), SIZE, anchor="end"))
    return out


def _position_cells(p, xs, widths, base: float, dep, options, first: int) -> list[Shape]:
    """From the west edge, from the south edge and the heading, in columns first, first+1, first+2."""
    key = p.ship.key
    out: list[Shape] = []
    for i, axis, v in ((first, "x", p.x_in), (first + 1, "y", p.y_in)):
        out.append(Text(xs[i] + widths[i] - 3, base, (Span(printed_text(dep, v, options), source=("deploy", key, axis),
                                                           kind="distance"),), SIZE, font="bold", anchor="end"))
    h = first + 2
    from printgen.rules.printed import rule_words

    out.append(Text(xs[h] + widths[h] - 3, base, (Span(_degrees(p.heading_deg), source=("deploy", key, "heading"),
                                                       kind="degrees"),
                                                  Span(" " + rule_words(p.heading, LANG.get()), font="bold")), SIZE,
                    anchor="end"))
    return out
