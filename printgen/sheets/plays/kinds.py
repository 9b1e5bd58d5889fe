"""The teacher's page "How this scenario plays" (a printgen.registry.documents record)."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind

DRAWN = "printgen.sheets.page.languages:drawn_languages"      # the languages the family says (RuleSystem.languages)

KINDS = (
    DocumentKind("first-turn", "The first turn, shown", 36, "printgen.sheets.plays.first_turn:first_turn_document",
                 languages=DRAWN, handout="printgen.sheets.plays.first_turn:first_turn_handout",
                 slides="printgen.sheets.plays.slides:first_turn_slides",
                 takes="plan", present="printgen.sheets.plays.records:has_engine",
                 advice=N_("The first turn, shown: plain paper, one copy to show the class (or on the projector) "
                        "before the game: the first turn of this table, phase by phase, as the computer played it.")),
    DocumentKind("plays", "How this scenario plays", 30, "printgen.sheets.plays.page:plays_document", takes="plan",
                 languages=DRAWN,
                 audience="teacher", present="printgen.sheets.plays.records:has_engine", heavy=True, one_page=True,
                 data=("plays.json",),
                 advice=N_("How this scenario plays: plain paper, for you (who wins the computer's games, how long "
                           "they last).")),
)
