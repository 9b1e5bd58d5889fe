"""A handout: a document's words as structure (headings, paragraphs, lists, tables), the markup
blocks of its template (printgen.sheets.text.markup) with every picture replaced by its words."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.sheets.text.markup import Block, Section


@dataclass
class Handout:
    kind: str                          # the document's kind (its record in the catalogue)
    name: str                          # the sheet's name, in the reader's language ("Quick reference")
    scenario: str                      # the scenario's title, as the template wrote it (a message)
    sections: list[Section]            # one a `## ` heading; no directive left among their blocks
    intro: list[Block] = field(default_factory=list)    # blocks before the first section
