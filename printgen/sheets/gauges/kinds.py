"""The rulers and gauges (a printgen.registry.documents record)."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind

DRAWN = "printgen.sheets.page.languages:drawn_languages"      # the languages the family says (RuleSystem.languages)

RULERS = DocumentKind("rulers", "Rulers and gauges", 120, "printgen.sheets.gauges.rulers:ruler_sheets", copies="group",
                      languages=DRAWN,
                      paper="card", cut_out=True, advice=N_("Rulers and gauges: card; one set for each table group."))
KINDS = (RULERS,)
