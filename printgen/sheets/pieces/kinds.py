"""The pieces to cut out: the ships and the markers (printgen.registry.documents records)."""

from __future__ import annotations

from printgen.registry.documents import DocumentKind

SPRITES = DocumentKind("sprites", "Ship sprites", 70, "printgen.sheets.pieces.sprites:sprite_sheets", paper="card",
                       heavy=True, checks=("fleet", "bases"),
                       advice="Ship sprites: on thin card if your printer takes it, at actual size.",
                       help="Print the paper ship sprites: named, flagships starred, a hit circle per hit point.")
KINDS = (
    SPRITES,
    DocumentKind("status-markers", "Markers", 80, "printgen.sheets.pieces.status_markers:status_marker_sheets",
                 takes="plan", paper="card", present="printgen.sheets.pieces.status_markers:has_markers",
                 advice="Markers: card; cut them out for the whole class."),
)
