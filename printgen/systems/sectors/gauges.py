"""The sectors system's rulers and gauges: a movement stick per ship type, the missile ruler, the
furl gauge, the sweep template and the wind gauge."""

from __future__ import annotations

import math

from printgen.draw.shapes import Rect, Shape, Span, Text
from printgen.draw.theme import TYPE
from printgen.draw.typescale import handled
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.provenance import mark_spans
from printgen.sheets.gauges.rulers import (Piece, Strip, _angle, _bands, _base_at, _compass_letters,
                                          _deg, _dist, _fan, _marked_stick, _ticks, pivot_caption, reach)
from printgen.sheets.maps.table_diagram import arrow
from printgen.sheets.text.textfit import fit_size
from printgen.systems.sectors.words import said as _said


def type_sticks(scenario, options: Options) -> list[Strip]:
    """A movement stick for each ship type of the fleet: its move, the with-wind bonus on top, its
    attack speed (speeds and bases are defaults of the ruleset, the bonus is the source's)."""
    rs = scenario.ruleset
    present = {s.type for s in scenario.fleet.ships}
    bonus = rs.movement.with_wind_bonus_in
    out = []
    for key, t in rs.types.items():
        if key not in present:
            continue
        move = _dist(rs, options, f"types.{key}.speed_in")
        attack = _dist(rs, options, f"types.{key}.attack_speed_in")
        plus = (Span("+", "bold"), _dist(rs, options, "movement.with_wind_bonus_in"))
        marks = [(t.speed_in, "swatch.move", [_said(N_("Move %(d)s"), d=move), (move,)], move.source),
                 (t.speed_in + bonus, "swatch.wind", [_said(N_("With the wind %(d)s"), d=plus),
                                                      _said(N_("Wind %(d)s"), d=plus), plus],
                  None, (move.source, plus[1].source)),                 # a sum: the checker adds its rules
                 (t.attack_speed_in, "swatch.attack", [_said(N_("Attack speed %(d)s"), d=attack),
                                                       _said(N_("Attack %(d)s"), d=attack), (attack,)], attack.source)]
        shapes, length, cuts = _marked_stick(marks, options)
        title = (*_said(N_("Movement stick: %(type)s"), "bold", type=Span(_(t.name), "bold")),
                 *_said(N_(" (speeds%(mark)s)"), mark=mark_spans(rs, f"types.{key}.speed_in", before=" ", after="")))
        out.append(Strip(shapes, length, title, cuts, reach=reach(marks)))
    return out


def missile_ruler(scenario, options: Options) -> list[Strip]:
    title = (Span(_("Missile range ruler"), "bold"),
             *mark_spans(scenario.ruleset, "missile.range_in", before=" (" + _("ranges") + " ", after=")"))
    return [_bands(scenario.ruleset, options, "missile.range_in", lambda name: [], title)]


def furl_gauge(scenario, options: Options) -> list[Strip]:
    """Galleys and longships furl within this distance of an enemy: a short strip to check it."""
    from printgen.rules.trace import rule

    rs = scenario.ruleset
    if not any(rs.type_of(s).oars for s in scenario.fleet.ships):
        return []
    h = TYPE.strip * 0.7
    length = options.measure.printed_pt(rs.movement.furl_within_in)
    shapes: list[Shape] = [Rect(0, 0, length, h, "band.range.short"), *_ticks(length, options, 0, h)]
    turns = rule(rs, "movement.unfurl_turns")
    inside = _said(N_("Furl within %(d)s of an enemy"), d=_dist(rs, options, "movement.furl_within_in"))
    size = fit_size("".join(s.text for s in inside), length - 10, handled(7.5), "bold")
    shapes.append(Text(5, h * 0.82, inside if size >= handled(5.5) else tuple(p for p in inside if p.source),
                       max(size, handled(5.5)), font="bold"))
    title = (Span(_("Furl gauge"), "bold"),
             *_said(N_(": a galley or longship within %(d)s of an enemy ship furls its sail (no wind bonus); unfurling "
                    "takes %(turns)s whole turn"), d=_dist(rs, options, "movement.furl_within_in"),
                    turns=Span(_word(turns.value, options), "bold", ("rule", "movement.unfurl_turns"), "word")))
    return [Strip(shapes, length, title, [length], h, reach=(("rule", "movement.furl_within_in"),))]


def _word(n, options: Options) -> str:
    from printgen.rules.printed import fmt

    return fmt(n, "word", options.measure if options.measure.lang != "en" else None)


def sweep_template(scenario, options: Options) -> list[Piece]:
    """Turning 90 degrees is a sweep: alter course 45, move forward, again. A fan with both rays,
    the sweep's track drawn on one side; the base is the fleet's commonest, cut short."""
    from collections import Counter

    rs = scenario.ruleset
    mv = rs.movement
    common = Counter(s.type for s in scenario.fleet.ships).most_common(1)
    length, width = rs.types[common[0][0]].base_in if common else (rs.bases.length_in, rs.bases.width_in)
    r = 100.0
    L, W = min(options.measure.pt(length), r * 0.8), options.measure.pt(width)
    cx, cy = L + 6, r + 14 + TYPE.handled              # large print: room above for the 90 degrees' 14 pt label
    steps = [mv.sweep_step_deg * k for k in range(1, int(mv.sweep_turn_deg / mv.sweep_step_deg + 1e-9) + 1)]
    traced = {a * s: _angle("movement.sweep_step_deg", s * k) + (_angle("movement.sweep_turn_deg", s)
                                                               if a == mv.sweep_turn_deg else ())
              for k, a in enumerate(steps, 1) for s in (-1, 1)}                 # each step, the last the whole turn
    shapes = _fan(cx, cy, r, mv.sweep_turn_deg, tuple(a * s for a in steps for s in (-1, 1)) + (0,), traced)
    for k, a in enumerate(steps):                  # each ray's angle at its end, the last the whole turn
        key = "movement.sweep_turn_deg" if k == len(steps) - 1 else "movement.sweep_step_deg"
        for side in (-1, 1):
            t = math.radians(a * side)
            x, y = cx + (r + 5) * math.cos(t), cy - (r + 5) * math.sin(t)
            note = handled(TYPE.small)
            if abs(abs(a) - 90) < 1:
                below = (9 if side < 0 else -1) if note == TYPE.small else (note + 1 if side < 0 else -3)
                shapes.append(Text(x, y + below, (_deg(rs, key),), note, anchor="middle"))
            else:
                shapes.append(Text(x, y + 3 + side * -2, (_deg(rs, key),), note))
    x, y, leg = cx, cy, r * 0.42                    # the track: a leg at each step of the sweep
    for a in steps:
        t = math.radians(a)
        nx, ny = x + leg * math.cos(t), y - leg * math.sin(t)
        shapes += arrow(x, y, nx, ny, 6)
        x, y = nx, ny
    shapes += _base_at(cx, cy, L, W)
    lines = [_said(N_("Turning %(turn)s: alter course %(step)s and move forward,"),
                   turn=_deg(rs, "movement.sweep_turn_deg"),
                   step=_deg(rs, "movement.sweep_step_deg")),
             _said(N_("then again: %(moves)s moves in a sweep, no pivoting."),
                   moves=Span(_word(mv.sweep_moves, options), "bold", ("rule", "movement.sweep_moves"), "word")),
             (Span(_("A galley then finishes its move on the new course.")),)]
    if pivot_caption(L, W):                        # the base too short for the words (large print): here
        lines.append((Span(_("Put the middle of your base's bow on the dot.")),))
    width = cx + r + 24
    if not TYPE.handled:
        for i, spans in enumerate(lines):
            shapes.append(Text(0, cy + r + 26 + i * 10, spans, TYPE.small))
    else:                                          # large print: the words wrapped to the template's width
        from printgen.sheets.maps.map_legend import wrap_spans

        y = cy + r + 26 + TYPE.handled
        for row in (row for spans in lines for row in wrap_spans(spans, width, TYPE.handled)):
            shapes.append(Text(0, y, row, TYPE.handled))
            y += TYPE.handled * 1.25
    return [Piece(shapes, width, _("Sweep template"))]


def wind_gauge(scenario, options: Options) -> list[Piece]:
    """The wind rose at gauge size, with compass letters: laid on a ship, centre on centre, its arrow
    along the wind (N to the north until the wind shifts, then turned with it, as the weather card says)."""
    from printgen.systems.sectors.wind import wind_rose

    rs = scenario.ruleset
    r = 62.0 if not TYPE.handled else 96.0          # large print: room inside for the angles at 14 pt
    cx, cy = (r + 16, r + 16) if not TYPE.handled else (r + 26, r + 26)
    shapes: list[Shape] = [*wind_rose(cx, cy, r, rs, handled(8.0), word=False), *_compass_letters(cx, cy, r)]
    lines = [_said(N_("Lay its centre on the ship's centre, its arrow along the wind: N to the north at the "
                      "start; when the wind shifts, turn it with the wind. Round ships cannot point within "
                      "%(angle)s%(mark)s of the wind."), angle=_deg(rs, "movement.round_ship_min_angle_to_wind_deg"),
                   mark=mark_spans(rs, "movement.round_ship_min_angle_to_wind_deg")),
             _said(N_("Within %(angle)s%(mark)s of dead downwind a ship adds %(bonus)s to its move (not with "
                      "sails furled)."), angle=_deg(rs, "movement.with_wind_within_deg"),
                   mark=mark_spans(rs, "movement.with_wind_within_deg"),
                   bonus=Span(options.measure.fmt(rs.movement.with_wind_bonus_in), "bold",
                              ("rule", "movement.with_wind_bonus_in"), "distance")),
             ]
    from printgen.sheets.maps.map_legend import wrap_spans

    y = cy + r + 20 + TYPE.handled                 # large print: below the S at 14 pt
    for spans in lines:
        for row in wrap_spans(spans, 2 * cx + 10, handled(TYPE.small)):
            shapes.append(Text(0, y, row, handled(TYPE.small)))
            y += 10 if not TYPE.handled else TYPE.handled * 1.25
    return [Piece(shapes, 2 * cx + 10, _("Wind gauge"))]
