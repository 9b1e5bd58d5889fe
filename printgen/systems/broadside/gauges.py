"""The broadside system's rulers and gauges: the movement stick, the range ruler, the turn template
and the wind-and-drift compass."""

from __future__ import annotations

import math

from printgen.draw.shapes import Poly, Shape, Span, Text
from printgen.draw.theme import TYPE
from printgen.draw.typescale import handled
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.sheets.gauges.rulers import (Piece, Strip, _angle, _bands, _base_at, _bearing, _compass_letters, _dist, _fan,
                                          _marked_stick, pivot_caption, reach)
from printgen.sheets.maps.table_diagram import COMPASS, arrow
from printgen.sheets.page.words import said


def movement_stick(scenario, options: Options) -> list[Strip]:
    rs = scenario.ruleset
    sp = rs.movement.speed_in
    marks = []
    for colour, words in (("green", N_("Green: full move %(distance)s")), ("yellow", N_("Yellow: half move %(distance)s")),
                          ("red", N_("Red, after the in-irons check: %(distance)s"))):
        dist = _dist(rs, options, f"movement.speed_in.{colour}")
        marks.append((getattr(sp, colour), f"swatch.{colour}",
                      [said(_(words), distance=dist), said(_("%(colour)s %(distance)s"), colour=_(colour.capitalize()),
                                                           distance=dist), (dist,)], dist.source))
    shapes, length, cuts = _marked_stick(marks, options)
    return [Strip(shapes, length, _("Movement stick"), cuts, reach=reach(marks))]


def range_ruler(scenario, options: Options) -> list[Strip]:
    rs = scenario.ruleset

    def words(name: str) -> list[Span]:
        hits = Span(_faces(rs, name, options), "bold", ("rule", f"shooting.to_hit.{name}.hit"), "faces")
        if name == "short":
            rake = Span(_faces(rs, "rake", options), "bold", ("rule", "shooting.to_hit.rake.hit"), "faces")
            return list(said(_(": hits on %(hits)s, rake %(rake)s"), hits=hits, rake=rake))
        return list(said(_(": hits on %(hits)s"), hits=hits))

    return [_bands(rs, options, "shooting.range_in", words, _("Range ruler"))]


def _faces(rs, band: str, options: Options) -> str:
    from printgen.rules.printed import fmt

    return fmt(getattr(rs.shooting.to_hit, band).hit, "faces", options.measure)


def turn_template(scenario, options: Options) -> list[Piece]:
    rs = scenario.ruleset
    m = options.measure
    L, W = m.pt(rs.bases.length_in), m.pt(rs.bases.width_in)
    r = 100.0                                      # the angles matter, not the size
    cx, cy = max(r, L) + 6, r + 6
    turn = rs.movement.turn_max_deg
    key = "movement.turn_max_deg"
    shapes = _fan(cx, cy, r, turn, (-turn, -turn / 2, 0, turn / 2, turn),
                  {a * turn: _angle(key, a) for a in (-1, -0.5, 0.5, 1)})
    shapes += _base_at(cx, cy, L, W)
    from printgen.sheets.page.words import degrees

    angle = Span(degrees(turn), "bold", ("rule", "movement.turn_max_deg"), "degrees")
    caption = (*said(_("Turn up to %(angle)s either way, once a move"), angle=angle), *pivot_caption(L, W))
    from printgen.draw import fonts
    from printgen.sheets.maps.map_legend import wrap_spans

    room = 2 * cx - 4                                  # a longer language: two lines, centred under the fan
    note = handled(TYPE.small)
    rows = [caption] if sum(fonts.width(sp.text, note) for sp in caption) <= room else wrap_spans(caption, room, note)
    for i, row in enumerate(rows):
        shapes.append(Text(cx, cy + r + 12 * note / TYPE.small + i * note * 1.25, tuple(row), note, anchor="middle"))
    return [Piece(shapes, cx + r + 6, _("Turn template"))]


def compass(scenario, options: Options) -> list[Piece]:
    """Wind and drift: the wind arrow from its quarter; the drift arrow exactly the drift distance long."""
    rs = scenario.ruleset
    drift = options.measure.printed_pt(rs.drift.distance_in)
    r = max(drift / 2 + 8, 56.0)
    cx = cy = r + 14
    shapes: list[Shape] = [Poly(tuple((cx + r * math.cos(t * math.pi / 18), cy + r * math.sin(t * math.pi / 18))
                                      for t in range(36)), "panel")]
    shapes += _compass_letters(cx, cy, r)
    frm = math.radians(COMPASS[rs.table.wind_from])
    ux, uy = math.sin(frm), -math.cos(frm)               # towards where the wind comes from
    shapes += _bearing(arrow(cx + ux * r * 0.9, cy + uy * r * 0.9, cx + ux * r * 0.2, cy + uy * r * 0.2, 7),
                       "table.wind_from", 180)
    shapes.append(Text(cx + ux * r * 0.55 + 6, cy + uy * r * 0.55, (Span(_("wind")),), handled(TYPE.small),
                       font="bold"))
    to = math.radians(COMPASS[rs.drift.direction])
    dx, dy = math.sin(to), -math.cos(to)
    x0, y0 = cx - dx * drift / 2, cy - dy * drift / 2
    shapes += _bearing(arrow(x0, y0, x0 + dx * drift, y0 + dy * drift, 7), "drift.direction")
    shapes.append(Text(cx - 2, cy + 16 * handled(TYPE.small) / TYPE.small,
                       said(_("drift %(distance)s"), distance=_dist(rs, options, "drift.distance_in")),
                       handled(TYPE.small), anchor="end"))
    return [Piece(shapes, 2 * cx, _("Wind and drift"))]


def firing_arc(scenario, options: Options) -> list[Strip]:
    """Cut-out firing-area templates at the kit's scale: a strip as long as the base is long,
    reaching to long range (lay it along the side of the base, ends level with bow and stern), and
    a strip as wide as the base, reaching to short range (the rake zone, against the bow or stern)."""
    from printgen.rules.provenance import mark_spans

    rs, m = scenario.ruleset, options.measure
    bands = rs.shooting.range_in.bands()
    L, W = m.pt(rs.bases.length_in), m.pt(rs.bases.width_in)
    out = []
    broadside = _zone_strip(rs, options, L, [("short", bands["short"]), ("long", bands["long"])])
    out.append(Strip(broadside, m.printed_pt(bands["long"][1]), (
        Span(_("Firing area template"), "bold"), Span(_(": along a side of the base, bow to stern; fire at a target partly on it"))),
        [m.printed_pt(bands["short"][1]), m.printed_pt(bands["long"][1])], L,
        reach=(("rule", "shooting.range_in.long.1"),), across=("rule", "bases.length_in")))
    rake = _zone_strip(rs, options, W, [("rake", bands["short"])])
    out.append(Strip(rake, m.printed_pt(bands["short"][1]), (
        Span(_("Rake zone template"), "bold"), Span(_(": across the target's bow or stern; a ship mostly on it rakes")),
        *mark_spans(rs, "words.rake_zone", scenario)),
        [m.printed_pt(bands["short"][1])], W, reach=(("rule", "shooting.range_in.short.1"),),
        across=("rule", "bases.width_in")))
    return out


def _zone_strip(rs, options: Options, h: float, bands) -> list[Shape]:
    from printgen.draw.shapes import Rect

    m = options.measure
    shapes: list[Shape] = []
    for name, (a, b) in bands:
        x0, x1 = m.printed_pt(a), m.printed_pt(b)
        role = "band.range.short" if name == "rake" else f"band.range.{name}"      # light: a card to cut
        shapes.append(Rect(x0, 0, x1 - x0, h, role, tag=f"zone.{name}"))
        band = "short" if name == "rake" else name
        label = said(_("%(band)s from %(from)s to %(to)s") if a == 0 else _("%(band)s %(from)s to %(to)s"),
                     band=_(name.capitalize()),
                     **{"from": _dist(rs, options, f"shooting.range_in.{band}.0"),
                        "to": _dist(rs, options, f"shooting.range_in.{band}.1")})
        size = max(min(7.5, h * 0.45), TYPE.handled)
        shapes.append(Text(x0 + 4, h / 2 + size * 0.35, label, size, font="bold"))
    return shapes
