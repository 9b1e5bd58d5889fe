"""The pieces to cut out: the ships and the markers (printgen.registry.documents records)."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind

DRAWN = "printgen.sheets.page.languages:drawn_languages"      # the languages the family says (RuleSystem.languages)

SPRITES = DocumentKind("sprites", "Ship pieces", 70, "printgen.sheets.pieces.sprites:sprite_sheets", paper="card",
                       languages=DRAWN,
                       heavy=True, checks=("fleet", "bases"), cut_out=True,
                       advice=N_("Ship pieces: on thin card if your printer takes it, at actual size."),
                       help="Print the paper ship sprites: named, flagships starred, a hit circle per hit point.")
KINDS = (
    SPRITES,
    DocumentKind("status-markers", "Markers", 80, "printgen.sheets.pieces.status_markers:status_marker_sheets",
                 languages=DRAWN,
                 takes="plan", paper="card", present="printgen.sheets.pieces.status_markers:has_markers", cut_out=True,
                 advice=N_("Markers: card; cut them out for the whole class.")),
)
