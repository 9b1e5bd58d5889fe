"""What the coloured wind edges mean under the broadside rules, in words with their speeds traced,
and the small table diagram (`[wind-edges]` in a template): the edges, compass letters, the wind
and the drift."""

from __future__ import annotations

import math

from printgen.draw.shapes import Line, Rect, Shape, Span, Text
from printgen.options import Options
from printgen.sheets.maps.table_diagram import COMPASS, SIDE_FRAME, arrow, edge_line
from printgen.sheets.text.textfit import fit_size
from printgen.draw import fonts
from printgen.draw.typescale import large
from printgen.i18n import N_
from printgen.sheets.text.flow import at_least

COLOUR_ORDER = ("green", "yellow", "red")


def edge_meaning(colour: str, rs, options: Options, short: bool = False) -> tuple[Span, ...]:
    """What a wind colour means, with its speed from the ruleset."""
    from printgen.i18n import _, slots

    speed = getattr(rs.movement.speed_in, colour)
    v = Span(options.measure.fmt(speed), "bold", ("rule", f"movement.speed_in.{colour}"), "distance")
    if colour == "green":
        message = _("wind behind: full speed, up to %(speed)s") if not short else _("wind behind, full speed %(speed)s")
        marked: tuple = ()
    elif colour == "yellow":                           # the seed says "close quartered": a reading
        from printgen.rules.provenance import mark_spans

        message = _("close-hauled: half speed, up to %(speed)s%(mark)s") if not short else _("half speed %(speed)s")
        marked = mark_spans(rs, "words.close_hauled") if not short else ()
    else:
        message = (_("into the wind: moves %(speed)s only after passing the in-irons check") if not short
                   else _("into the wind: in-irons check"))
        marked = ()
    return tuple(Span(p) if isinstance(p, str) else p for p in slots(message, {"speed": [v], "mark": list(marked)}))


def table_diagram(rs, width: float, size: float, measure=None) -> tuple[list[Shape], float]:
    """The diagram in a column `width` wide; returns (shapes, height)."""
    t = rs.table
    h_max = min(width * 0.9, size * 14) if large() else width * 0.9      # large print: a page holds it and its legend
    from printgen.i18n import LANG, _, slots
    from printgen.rules.provenance import mark_words

    meaning = {"green": _("wind behind: full speed"), "yellow": _("close-hauled: half speed"),
               "red": _("into the wind: in-irons check")}
    wind_from = _("Wind from the %(point)s.")
    lines = [wind_from % {"point": _compass_word(t.wind_from)}] + list(meaning.values()) + [f"({mark_words('reading')})"]
    legend_w = size * 2.8 + fonts.width("(reading of a damaged source)", at_least(size * 0.85))  # its widest line
    if large():         # large print never shrinks the legend below its floor: its own longest line decides
        legend_w = max(legend_w, size * 2.8 + max(fonts.width(s, at_least(size * 0.85)) for s in lines))
    beside = width - size * 7.0 - legend_w                      # room for the picture left of the legend
    # a narrow column: the legend goes under it (large print's one column keeps a small picture beside it:
    # stacked, the picture at its width would take most of a page)
    stacked = beside < (size * 6 if large() else width * 0.3)
    w = min(width * (0.45 if stacked else 0.3), h_max * t.east_west_ft / t.north_south_ft,
            width if stacked else beside)
    h = w * t.north_south_ft / t.east_west_ft
    x0, y0 = (width - w) / 2 if stacked else size * 1.6, size * 1.4
    shapes: list[Shape] = [Rect(x0, y0, w, h, "table")]
    per_ft = w / t.east_west_ft
    for i, e in enumerate(t.edges):
        (cx, cy), along = SIDE_FRAME[e.side]
        shapes.append(edge_line(i, e, (x0 + cx * w, y0 + cy * h), along, per_ft))
    c = at_least(size * 0.8)
    from printgen.rules.printed import rule_words

    n, s_, w_, e_ = (rule_words(p, LANG.get()) for p in "NSWE")
    shapes += [Text(x0 + w / 2, y0 - c * 0.6, (Span(n),), c, font="bold", anchor="middle"),
               Text(x0 + w / 2, y0 + h + c * 1.5, (Span(s_),), c, font="bold", anchor="middle"),
               Text(x0 - c * 0.9, y0 + h / 2 + c * 0.35, (Span(w_),), c, font="bold", anchor="middle"),
               Text(x0 + w + c * 0.9, y0 + h / 2 + c * 0.35, (Span(e_),), c, font="bold", anchor="middle")]
    # Wind: an arrow blowing from the wind's quarter across the table; drift: downwind.
    frm = math.radians(COMPASS[t.wind_from])
    dx, dy = -math.sin(frm), math.cos(frm)                   # the direction the wind blows, page coords
    cx, cy, r = x0 + w / 2, y0 + h / 2, min(w, h) * 0.32
    shapes += arrow(cx - dx * r, cy - dy * r, cx + dx * r, cy + dy * r, size * 0.9)
    shapes.append(Text(cx - dx * r - size * 0.2, cy - dy * r - size * 0.5, (Span(_("wind")),), at_least(size * 0.8),
                       font="italic", anchor="middle"))
    # Legend to the right of the picture (or under it), its type shrunk to the room left.
    lx = size * 0.4 if stacked else x0 + w + size * 2.6
    room = width - lx - size * 2.8
    drift = getattr(rs, "drift", None)
    ls = at_least(min(size * 0.85, *(fit_size(s, room, size * 0.85) for s in lines)))
    y = y0 + h + size * 3.0 if stacked else y0 + size * 0.4
    for colour in ("green", "yellow", "red"):
        shapes.append(Line(lx, y, lx + size * 2.2, y, f"edge.{colour}"))
        shapes.append(Text(lx + size * 2.8, y + ls * 0.4, (Span(_(colour.capitalize()), "bold"),), ls * 1.05))
        marked = ()
        if colour == "yellow":                         # the seed says "close quartered": a reading, marked
            from printgen.rules.provenance import for_pupils, mark_spans

            marked = mark_spans(rs, "words.close_hauled")
        # a pupil's symbol stands right after the words it marks, never alone on a line; a teacher's
        # words "(reading of a damaged source)" take the line below
        after = marked if marked and for_pupils() else ()
        shapes.append(Text(lx + size * 2.8, y + ls * 1.6, (Span(meaning[colour]), *after), ls, role="text.muted"))
        if marked and not after:
            shapes.append(Text(lx + size * 2.8, y + ls * 2.8, tuple(marked), ls, role="text.muted"))
            y += ls * 1.2
        y += size * 2.7
    said = slots(wind_from, {"point": [_compass(t.wind_from, "table.wind_from")]})
    shapes.append(Text(lx, y + size * 0.2, tuple(Span(p) if isinstance(p, str) else p for p in said), ls))
    if drift is not None and measure is not None:
        said = slots(_("Drift: %(distance)s %(direction)s"),
                     {"distance": [Span(measure.fmt(drift.distance_in), "bold", ("rule", "drift.distance_in"), kind="distance")],
                      "direction": [_compass(drift.direction, "drift.direction")]})
        shapes.append(Text(lx, y + size * 0.2 + ls * 1.3, tuple(Span(p) if isinstance(p, str) else p for p in said), ls))
    return shapes, max(y0 + h + size * 2.0, y + size * 0.2 + ls * 1.3 + size)     # the taller of picture and legend


def _compass_word(c: str) -> str:
    """A compass point in words in the language of the document being drawn."""
    from printgen.i18n import LANG
    from printgen.rules.printed import compass_word, fmt
    from printgen.units import Measure

    return compass_word(c) if LANG.get() == "en" else fmt(c, "compass", Measure(lang=LANG.get()))


def _compass(c: str, key: str) -> Span:
    """A compass point in words, traced to the rule that gives it (the wind's quarter, the drift)."""
    return Span(_compass_word(c), source=("rule", key), kind="compass")


SIDE_WORDS = {"north": N_("North edge"), "east": N_("East edge"), "south": N_("South edge"), "west": N_("West edge")}
CORNERS = {"north": "NW", "east": "NE", "south": "SE", "west": "SW"}     # where each side's feet count from


def edges_text(rs, options: Options) -> list:
    """The table diagram in words, for a handout (printgen.sheets.handouts): each edge, the stretch of
    it, its colour and what the colour means, then the wind and the drift, their numbers traced."""
    from printgen.i18n import _, slots
    from printgen.sheets.text.markup import Block

    m = options.measure
    t = rs.table

    def feet(i: int, end: str) -> Span:
        from printgen.rules.printed import fmt

        return Span(fmt(getattr(t.edges[i], end), "feet", m), "", ("rule", f"table.edges.{i}.{end}"), "feet")

    def said(message: str, **values) -> list[Span]:
        return [Span(p) if isinstance(p, str) else p for p in slots(message, values)]

    rows = [[[Span(_("Edge"))], [Span(_("Stretch"))], [Span(_("Colour"))], [Span(_("Meaning"))]]]
    for i, e in enumerate(t.edges):
        corner = Span(_compass_word(CORNERS[e.side]))
        rows.append([[Span(_(SIDE_WORDS[e.side]))],
                     said(_("%(start)s to %(end)s from the %(corner)s corner"), start=[feet(i, "from_ft")],
                          end=[feet(i, "to_ft")], corner=[corner]),
                     [Span(_(e.colour.capitalize()), "bold")], list(edge_meaning(e.colour, rs, options))])
    out = [Block("heading", [Span(_("The table's edges and the wind"), "bold")], level=4),
           Block("table", rows=rows, header=True),
           Block("para", said(_("Wind from the %(point)s."), point=[_compass(t.wind_from, "table.wind_from")]))]
    drift = getattr(rs, "drift", None)
    if drift is not None:
        out.append(Block("para", said(_("Drift: %(distance)s %(direction)s"),
                                      distance=[Span(m.fmt(drift.distance_in), "bold", ("rule", "drift.distance_in"),
                                                     kind="distance")],
                                      direction=[_compass(drift.direction, "drift.direction")])))
    return out
