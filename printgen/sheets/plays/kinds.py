"""The teacher's page "How this scenario plays" (a printgen.registry.documents record)."""

from __future__ import annotations

from printgen.registry.documents import DocumentKind

KINDS = (
    DocumentKind("plays", "How this scenario plays", 30, "printgen.sheets.plays.page:plays_document", takes="plan",
                 audience="teacher", present="printgen.sheets.plays.records:has_engine", heavy=True, one_page=True,
                 data=("plays.json",),
                 advice="How this scenario plays: plain paper, for you (who wins the computer's games, how long they "
                        "last)."),
)
