"""The rulers and gauges (a printgen.registry.documents record)."""

from __future__ import annotations

from printgen.registry.documents import DocumentKind

RULERS = DocumentKind("rulers", "Rulers and gauges", 120, "printgen.sheets.gauges.rulers:ruler_sheets", copies="group",
                      paper="card", advice="Rulers and gauges: card; one set for each table group.")
KINDS = (RULERS,)
