"""The maps: the deployment map, the same at table size, the poster (printgen.registry.documents records)."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind

DRAWN = "printgen.sheets.page.languages:drawn_languages"      # the languages the family says (RuleSystem.languages)

MAP = DocumentKind("map", "Deployment map", 130, "printgen.sheets.maps.deploy_map:map_document", takes="plan",
                   languages=DRAWN, audience="teacher", checks=("fleet",),
                   advice=N_("Deployment map: plain paper, for you to set the table."),
                   help="Deploy the fleets (seeded) and print the map, the placement table and deployment.csv/.json.")
TILED = DocumentKind("tiled-map", N_("Full-size map"), 140, "printgen.sheets.maps.tiled_map:tiled_document",
                     takes="plan",
                     languages=DRAWN, audience="teacher", in_kit="optional", stem="map-tiled", heavy=True,
                     thumbs="first", checks=("tiles",),
                     advice=N_("Full-size map: plain paper; trim and tape the sheets as the overview on its first "
                               "sheet shows (each sheet names its row and column)."))
KINDS = (
    MAP,
    TILED,
    DocumentKind("poster", N_("Poster map"), 150, "printgen.sheets.maps.poster:poster_document", takes="plan",
                 languages=DRAWN,
                 audience="teacher", in_kit="print shop", option="poster",
                 advice=N_("Poster map: the whole table on one large sheet, for a print shop to print at actual "
                           "size.")),
)
