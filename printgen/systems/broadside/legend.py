"""The broadside system's part of the map legend: the coloured wind edges (the yarn) and what each
colour means, the wind and the drift."""

from __future__ import annotations

from printgen.draw.shapes import Group, Line, Rect, Shape, Span, translate
from printgen.game.deploy import Deployment
from printgen.i18n import _
from printgen.options import Options
from printgen.sheets.maps.map_legend import BODY, LEAD, Block, compass_point
from printgen.sheets.maps.map_parts import arrow
from printgen.sheets.page.words import said
from printgen.systems.broadside.edges import COLOUR_ORDER, edge_meaning


def edges_block(scenario, dep: Deployment, options: Options, width: float) -> Block:
    b = Block(_("Wind edges (the yarn)"), width)
    present = [c for c in COLOUR_ORDER if any(e.colour == c for e in dep.edges)]
    for colour in present:
        y = b.y - BODY * 0.35
        b.shapes.append(Line(2, y, 26, y, f"edge.{colour}", tag=f"legend-edge:{colour}"))
        b.line((Span(_(colour.capitalize()).upper(), font="bold"),), indent=32)
        b.y -= 2
        b.line(edge_meaning(colour, scenario.ruleset, options), indent=32, role="text.muted")
        b.y += 2
    b.wrapped(_("A ship's speed for the turn comes from the colour its bow points at when the turn starts."))
    return b


def wind_block(scenario, options: Options, width: float) -> Block:
    rs = scenario.ruleset
    drift = getattr(rs, "drift", None)
    b = Block(_("Wind and drift") if drift else _("Wind"), width)
    from printgen.game.deploy_settings import COMPASS_DEG

    rows: list[tuple[Shape, tuple[Span, ...]]]
    rows = [(arrow(13, 0, 22, COMPASS_DEG[rs.table.wind_from] + 180, "arrow", 3.0, tag="wind-arrow"),
             said(_("Wind from the %(point)s"), point=compass_point(rs.table.wind_from, "table.wind_from")))]
    if drift:
        rows.append((arrow(13, 0, 22, COMPASS_DEG[drift.direction], "map.drift", 2.0, tag="drift-arrow"),
                     said(_("Drift: %(distance)s to the %(point)s each turn"),
                          distance=Span(options.measure.fmt(drift.distance_in), "bold", ("rule", "drift.distance_in"),
                                        kind="distance"),
                          point=compass_point(drift.direction, "drift.direction"))))
    rows.append((arrow(13, 0, 18, 0, "arrow", 2.0, tag="north-arrow"), (Span(_("North: up the page")),)))
    for shape, spans in rows:
        top = b.y - LEAD + 2
        b.shapes.append(Group((shape,), translate(0, top + 11)))
        b.y = top + 11 + BODY * 0.35
        b.line(spans, indent=32)
        b.y = max(b.y, top + 22 + LEAD)
    if drift:
        b.wrapped(_("Fouled, grappled and surrendered ships drift downwind."))
    return b


def ground_block(scenario, options: Options, width: float) -> Block | None:
    """Shoals and the shore, and ships at anchor: what they mean under these rules (the Nile). None
    where the scenario has neither."""
    rs = scenario.ruleset
    kinds = [k for k in ("shoal", "shore") if any(o.kind == k for o in scenario.file.terrain)]
    anchored = rs.anchors is not None and any(s.anchored for s in scenario.fleet.ships)
    if not (kinds and rs.aground is not None) and not anchored:
        return None
    b = Block(_("Shoals, shore and anchors"), width)
    words = {"shoal": _("Shoal: shallow water"), "shore": _("Shore: dry land")}
    for kind in kinds if rs.aground is not None else ():
        y = b.y - BODY * 0.75
        b.shapes.append(Rect(2, y, 24, BODY * 0.9, f"hazard.{kind}", tag=f"legend-hazard:{kind}"))
        b.line((Span(words[kind]),), indent=32)
    if kinds and rs.aground is not None:
        b.wrapped(_("A ship whose base touches a shoal or the shore runs aground and stops there."))
    if anchored:
        b.wrapped(_("Ships at anchor never move, turn or drift (the captain cards say which)."))
    return b
