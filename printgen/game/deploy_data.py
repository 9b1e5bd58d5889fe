"""The deployment as data, next to the map: deployment.json for programs (the other sheets, the
checker, tests) and deployment.csv for a spreadsheet.

Positions are in print units (inches, or cm at 2.5 cm to the inch), rounded exactly as the
placement table prints them; the deployment itself is snapped to those values, so the file, the
map and the table agree to the last digit. Rules with a base per ship type add each ship's type and
base; rules without coloured wind edges add each bow's angle off the wind instead."""

from __future__ import annotations

import csv
import io
import json
import math

from printgen.game.deploy import Deployment, Placement
from printgen.options import Options
from printgen.units import Measure

COLUMNS = ["number", "ship", "nation", "squadron", "group", "flagship", "leader", "x", "y", "heading_deg", "heading",
           "edge"]
TYPED = ["type", "length", "width"]           # when ships have types, each with its own base
WIND = ["off_wind_deg"]                       # when the table has no coloured edges


def columns(dep: Deployment) -> list[str]:
    typed = any(p.ship.type for p in dep.placements)
    return COLUMNS + (TYPED if typed else []) + ([] if dep.edges else WIND)


CM_STEP = 0.25        # a position in centimetres: the deployment's tenth of an inch (2.5 cm to the inch)


def printed(dep: Deployment, table_in: float, options: Options) -> float:
    """A table distance (inches on the scaled table) in print units, as printed."""
    return options.measure.value(table_in / dep.scale)


def position(dep: Deployment, table_in: float, options: Options | Measure) -> float:
    """A ship's position in print units, as printed: in inches to the rulers' tenth; in centimetres to
    the quarter that a tenth of an inch is (not the rulers' half centimetre), so that the ships stand
    on the same tenths of an inch in either unit and each prints exactly (printgen.game.deploy.SNAP_IN)."""
    m = options if isinstance(options, Measure) else options.measure
    if m.units != "cm":
        return m.value(table_in / dep.scale)
    return round(math.floor(m.exact(table_in / dep.scale) / CM_STEP + 0.5 + 1e-9) * CM_STEP, 4)


def printed_text(dep: Deployment, table_in: float, options: Options | Measure) -> str:
    """A ship's position as the placement table and the captain cards print it."""
    m = options if isinstance(options, Measure) else options.measure
    if m.units != "cm":
        return m.fmt(table_in / dep.scale)
    return m.written(_trimmed(position(dep, table_in, m))) + " cm"


def _trimmed(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def record(dep: Deployment, p: Placement, options: Options) -> dict:
    row = {"number": p.number, "ship": p.ship.name, "nation": p.ship.nation, "squadron": p.ship.squadron,
           "group": p.group, "flagship": p.ship.flagship, "leader": p.leader,
           "x": position(dep, p.x_in, options), "y": position(dep, p.y_in, options),
           "heading_deg": p.heading_deg, "heading": p.heading, "edge": p.edge}
    extra = {"type": p.ship.type, "length": printed(dep, p.length_in, options),
             "width": printed(dep, p.width_in, options), "off_wind_deg": dep.off_wind(p)}
    return row | {k: extra[k] for k in columns(dep) if k not in row}


def to_json(dep: Deployment, scenario, options: Options) -> bytes:
    about = ("x from the west edge, y from the south edge, to the centre of each base, in `units`; "
             "heading in compass degrees (0 north, 90 east); edge: the wind colour the bow points at")
    if not dep.edges:
        about += (f" (none: the table has no coloured edges); off_wind_deg: degrees between the bow and the wind "
                  f"from the {dep.wind_from} (0 head to wind, 180 dead downwind)")
    if any(p.ship.type for p in dep.placements):
        about += "; type: the ship type of the rules, length and width: its base, in `units`"
    data = {
        "scenario": scenario.name, "title": scenario.title, "seed": dep.seed, "scale": dep.scale,
        "units": options.units,
        "about": about,
        # the table as the maps draw it, to scale: a 0.75-scale table is 168.75 cm, not the 169 a
        # placement would print (positions are rounded as printed; the table they sit on is not)
        "table": {"east_west": options.measure.exact(dep.width_in / dep.scale),
                  "north_south": options.measure.exact(dep.height_in / dep.scale)},
        "base": {"length": options.measure.value(dep.base_length_in / dep.scale),
                 "width": options.measure.value(dep.base_width_in / dep.scale)},     # the largest, if they differ
        "long_range": options.measure.value(dep.long_range_in / dep.scale),
        "line_columns": dep.line_columns,
        "edges": [{"side": e.side, "from": printed(dep, e.start, options), "to": printed(dep, e.end, options),
                   "colour": e.colour} for e in dep.edges],
        "placements": [record(dep, p, options) for p in dep.placements],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def to_csv(dep: Deployment, options: Options) -> bytes:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns(dep), lineterminator="\n")
    w.writeheader()
    for p in dep.placements:
        row = record(dep, p, options)
        row["flagship"] = "yes" if row["flagship"] else "no"
        row["leader"] = "yes" if row["leader"] else "no"
        w.writerow({k: inert(v) for k, v in row.items()})
    return ("\ufeff" + buf.getvalue()).encode("utf-8")          # the BOM makes Excel read the accents right


def inert(value):
    """A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
    apostrophe, which Excel and LibreOffice show as plain text; numbers pass as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def print_units_text(value: float, units: str) -> str:
    """A value already in print units, written as the sheets write distances (Measure.fmt)."""
    text = _trimmed(value)
    return f'{text}"' if units == "in" else f"{text} cm"


def measured_text(value: float, units: str) -> str:
    """A value already in print units as a pupil measures it (a captain card): to the half inch on
    the stick, or to the whole centimetre."""
    from printgen.units import PLACE_STEP, rounded

    return print_units_text(rounded(value, PLACE_STEP[units]), units)     # halves up, as a pupil rounds them


def point_text(heading_deg: float) -> str:
    """A heading as a pupil reads it: the nearest of eight compass points in words, in the language
    of the kit being checked (or drawn)."""
    from printgen.game.geometry import eight_point
    from printgen.i18n import LANG
    from printgen.rules.printed import compass_word

    if LANG.get() == "en":
        return compass_word(eight_point(heading_deg))
    from printgen.i18n.numbers import compass_word as in_language

    return in_language(eight_point(heading_deg), LANG.get())


def _in_language(text: str) -> str:
    """A number as the placement table prints it in the language of the kit being checked ("6,1\"")."""
    from printgen.i18n import LANG

    if LANG.get() == "en":
        return text
    from printgen.i18n.numbers import number

    return number(text, LANG.get())


def source_resolver(data: dict):
    """For the checker: the text a ("deploy", ship key, what) source must print, from deployment.json's
    data (x, y: distances; heading, off_wind: degrees; number: the ship's label). Other sources: None."""
    rows = {f"{r['ship']} ({r['nation']})": r for r in data["placements"]}

    def resolve(source) -> str | None:
        if source.fn != "deploy":
            return None
        key, what = source.args
        row = rows.get(key)
        if row is None:
            return f"<no ship {key} in the deployment>"
        if what in ("x", "y"):
            return _in_language(print_units_text(row[what], data["units"]))
        if what in ("x_measured", "y_measured"):
            return _in_language(measured_text(row[what[0]], data["units"]))
        if what == "point":
            return point_text(row["heading_deg"])
        if what == "heading":
            return _in_language(f"{row['heading_deg']}°")
        if what == "off_wind":
            return _in_language(f"{row['off_wind_deg']}°")
        return str(row[what])

    return resolve


def data_files(dep: Deployment, scenario, options: Options) -> dict[str, bytes]:
    """File name -> content, for the writer."""
    return {"deployment.json": to_json(dep, scenario, options), "deployment.csv": to_csv(dep, options)}
