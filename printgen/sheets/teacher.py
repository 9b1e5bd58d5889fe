"""The teacher's sheet: roster, printing and set-up checklist, the turn step by step."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.options import Options
from printgen.sheets.quickref import panel_sheet

HOW_TO_PRINT = {
    "sprites": "Ship sprites: on thin card if your printer takes it, at actual size.",
    "quickref": "Quick reference: plain paper, one for each table group.",
    "cards": "Rule cards: card or plain paper; cut on the grey lines.",
    "map": "Deployment map: plain paper, for you to set the table.",
    "tiled-map": "Full-size map: plain paper; trim and tape the sheets in the order of the index.",
    "rulers": "Rulers and gauges: card; one set for each table group.",
    "captains": "Captain cards: plain paper, one card for each student.",
}


def teacher_sheet(scenario, options: Options, captains, kinds: list[str] | None = None) -> Drawing:
    printing = [HOW_TO_PRINT[k] for k in (kinds or list(HOW_TO_PRINT)) if k in HOW_TO_PRINT]
    return panel_sheet(scenario, options, "teacher.md.j2", "Teacher's sheet", columns=1, max_pages=3,
                       captains=captains, printing=printing)
