"""The deployment as data, next to the map: deployment.json for programs (the other sheets, the
checker, tests) and deployment.csv for a spreadsheet.

Positions are in print units (inches, or cm at 2.5 cm to the inch), rounded exactly as the
placement table prints them; the deployment itself is snapped to those values, so the file, the
map and the table agree to the last digit."""

from __future__ import annotations

import csv
import io
import json

from printgen.game.deploy import Deployment, Placement
from printgen.options import Options

COLUMNS = ["number", "ship", "nation", "squadron", "group", "flagship", "leader", "x", "y", "heading_deg", "heading",
           "edge"]


def printed(dep: Deployment, table_in: float, options: Options) -> float:
    """A table distance (inches on the scaled table) in print units, as printed."""
    return options.measure.value(table_in / dep.scale)


def printed_text(dep: Deployment, table_in: float, options: Options) -> str:
    return options.measure.fmt(table_in / dep.scale)


def record(dep: Deployment, p: Placement, options: Options) -> dict:
    return {"number": p.number, "ship": p.ship.name, "nation": p.ship.nation, "squadron": p.ship.squadron,
            "group": p.group, "flagship": p.ship.flagship, "leader": p.leader,
            "x": printed(dep, p.x_in, options), "y": printed(dep, p.y_in, options),
            "heading_deg": p.heading_deg, "heading": p.heading, "edge": p.edge}


def to_json(dep: Deployment, scenario, options: Options) -> bytes:
    data = {
        "scenario": scenario.name, "title": scenario.title, "seed": dep.seed, "scale": dep.scale,
        "units": options.units,
        "about": "x from the west edge, y from the south edge, to the centre of each base, in `units`; "
                 "heading in compass degrees (0 north, 90 east); edge: the wind colour the bow points at",
        "table": {"east_west": printed(dep, dep.width_in, options), "north_south": printed(dep, dep.height_in, options)},
        "base": {"length": options.measure.value(dep.base_length_in / dep.scale),
                 "width": options.measure.value(dep.base_width_in / dep.scale)},
        "long_range": options.measure.value(dep.long_range_in / dep.scale),
        "line_columns": dep.line_columns,
        "edges": [{"side": e.side, "from": printed(dep, e.start, options), "to": printed(dep, e.end, options),
                   "colour": e.colour} for e in dep.edges],
        "placements": [record(dep, p, options) for p in dep.placements],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def to_csv(dep: Deployment, options: Options) -> bytes:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for p in dep.placements:
        row = record(dep, p, options)
        row["flagship"] = "yes" if row["flagship"] else "no"
        row["leader"] = "yes" if row["leader"] else "no"
        w.writerow(row)
    return ("\ufeff" + buf.getvalue()).encode("utf-8")          # the BOM makes Excel read the accents right


def data_files(dep: Deployment, scenario, options: Options) -> dict[str, bytes]:
    """File name -> content, for the writer."""
    return {"deployment.json": to_json(dep, scenario, options), "deployment.csv": to_csv(dep, options)}
