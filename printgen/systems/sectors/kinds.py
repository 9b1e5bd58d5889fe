"""The documents only the sectors family prints, and the shared ones it words its own way
(printgen.registry.documents records, read without loading the family)."""

from __future__ import annotations

from dataclasses import replace

from printgen.registry.documents import DocumentKind
from printgen.sheets.gauges.kinds import RULERS

_HERE = "printgen.systems.sectors"

KINDS = (
    DocumentKind("records", "Ship records", 72, f"{_HERE}.records:record_sheets", command=True, checks=("fleet",),
                 advice="Ship records: plain paper, one set for the class; each captain takes their ships' cards and "
                        "keeps all their damage on them.",
                 help="Print a record card for each ship (structure boxes, attack speed, ram, sail): sectors rulesets."),
    DocumentKind("markers", "Obstacle markers", 74, f"{_HERE}.markers:marker_sheets", command=True,
                 help="Print the obstacle markers to cut out: sectors rulesets."),
    DocumentKind("secret-map", "Secret obstacle map (the teacher's)", 76, f"{_HERE}.secret_map:secret_map_sheets",
                 audience="teacher", command=True, advice="Secret obstacle map: plain paper, one copy, for you alone.",
                 help="Print the teacher's secret obstacle map and its placement table: sectors rulesets."),
    replace(RULERS, advice="Rulers and gauges: card; one set for each table group (a movement stick for each ship "
                           "type, the sweep template, the wind gauge)."),
)
