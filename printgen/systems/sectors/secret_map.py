"""The teacher's secret obstacle map: the deployment map with the hidden obstacles drawn and
numbered, and a placement table of every obstacle (from the west and south edges, as the ships'
placement table measures). The fragment's obstacles are "hidden and unmarked on the table until a
vessel moves across them": only the teacher sees this map."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Line, Span, Text
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.provenance import mark_spans
from printgen.sheets.maps.hazards import letter, obstacles
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.registry import system_of

ROW = 15.0
KINDS = {"hidden": N_("hidden obstacle"), "shoal": N_("shoal or bank"), "shore": N_("shore")}
COLUMNS = ((N_("Mark"), 0), (N_("Obstacle"), 22), (N_("Kind"), 200), (N_("From west"), 290), (N_("From south"), 360),
           (N_("Size"), 430))


def secret_map_sheets(scenario, options: Options) -> Drawing:
    from printgen.game.deploy import deploy
    from printgen.sheets.maps.deploy_map import map_page

    dep = deploy(scenario, options)
    pages = [map_page(scenario, dep, options, secret=True, title=_("Secret obstacle map")), _table(scenario, options)]
    for i, p in enumerate(pages):
        frame(p, options, scenario.title, _("Secret obstacle map (the teacher's only)"), i + 1, len(pages),
              hint=_("Do not show the class: hidden obstacles are found by sailing over them."))
    return Drawing(titled(scenario.title, N_("secret obstacle map"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen map")


def _table(scenario, options: Options):
    page = new_page(options)
    box = content_box(options)
    y = box.y + 14
    page.add(Text(box.x, y, (Span(_("Obstacle placement table")), *mark_spans(scenario.ruleset, "terrain", scenario)),
                  13, font="bold"))
    y += 18
    for line in (_("Measure each obstacle's south-west corner from the west and south edges; the size runs east, "
                   "then north. Lay the shore and the banks on the table at the start (paper or cloth); keep the "
                   "hidden obstacles on this sheet until a ship sails over one, then put an obstacle marker there."),):
        from printgen.sheets.text.textfit import wrap

        for row in wrap(line, box.w, 8.5):
            page.add(Text(box.x, y, (Span(row),), 8.5, role="text.muted"))
            y += 11
    y += 8
    columns = _columns()
    for head, dx in columns:
        page.add(Text(box.x + dx, y, (Span(_(head)),), 8.5, font="bold"))
    page.add(Line(box.x, y + 4, box.x + box.w, y + 4, "rule"))
    y += ROW
    for n, o in enumerate(obstacles(scenario, secret=True), start=1):
        area = o.area_in(scenario.ruleset.obstacles.marker_in)
        at = lambda what: Span(options.measure.fmt(area[("x", "y", "width", "depth").index(what)]),  # noqa: E731
                               "bold", ("obstacle_at", n, what), "distance")
        cells = [(Span(letter(n), source=("meta", "obstacle"), kind="text"),), (Span(_(o.name)),),
                 (Span(_(KINDS[o.kind])),),
                 (at("x"),), (at("y"),), (at("width"), Span(" × "), at("depth"))]
        for (_head, dx), spans in zip(columns, cells):
            page.add(Text(box.x + dx, y, spans, 8.5, font="bold" if o.kind == "hidden" and dx == 22 else "regular"))
        y += ROW
    return page


def _columns() -> list[tuple[str, float]]:
    """COLUMNS, the distances' each moved right as far as its left neighbour's title needs (a longer
    translation: "Desde el oeste")."""
    from printgen.draw import fonts

    out: list[tuple[str, float]] = []
    for i, (head, dx) in enumerate(COLUMNS):
        at = max(float(dx), out[-1][1] + fonts.width(_(out[-1][0]), 8.5, "bold") + 8) if i >= 4 else dx
        out.append((head, at))
    return out
