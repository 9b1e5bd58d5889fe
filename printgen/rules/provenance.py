"""Provenance as data: where each rule, number and word printgen prints comes from.

Data. A `[provenance]` table in a ruleset or a scenario TOML maps a dotted key (or a key prefix) to
`{ kind = "...", original = "...", why = "..." }`. `kind` is one of KINDS; `original` keeps the
source's own words (for a reading), `why` says why. A key names data of its own file (checked when
the file loads: a misspelt key is an error, not a silently missing mark), or starts with `words.`
for wording a template prints that is no value of the file ("close-hauled", a page of rulings).
Anything unlisted is `source`; the longest listed prefix wins; a scenario's entry wins over the
ruleset's for the same key.

Marks. A mark prints after its item as " (classroom addition)": the words are a traced span with
the source ("provenance", key), so `printgen check` verifies that the words printed still equal the
data's kind (and fails when a kind is changed after printing).
- Automatic: rule(), word(), dist(), faces() and deg() in a template (values read straight from a
  ruleset key) append the mark of their key when its kind is not `source`.
- By hand: everything else (derived numbers, the lesson's numbers, words) carries no automatic
  mark; the template writes mark(key) once beside the item or heading it qualifies.

Legend. `frame()` gives every page that prints a mark a one-line legend of the kinds it used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal["source", "reading", "default", "classroom", "choice"]

WORDS: dict[str, str] = {                     # the printed mark, after the item
    "source": "",
    "reading": "reading of a damaged source",
    "default": "not from the source",
    "classroom": "classroom addition",
    "choice": "printgen's choice",
}
MEANING: dict[str, str] = {                   # the legend
    "reading": "printgen's reading of garbled words in the source",
    "default": "a default filling a gap the source leaves",
    "classroom": "added for the lesson, not in the source's rules",
    "choice": "chosen by printgen where the source says nothing",
}
WORD_KEYS = "words."                          # keys for wording, not for values of the file


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Kind
    original: str = ""                        # the source's own words (for a reading)
    why: str = ""


SOURCE = Entry(kind="source")


def unknown_keys(table: dict[str, Entry], data: Any) -> list[str]:
    """Keys of a `[provenance]` table that name nothing in `data` (the validated file)."""
    from printgen.rules.trace import lookup

    bad = []
    for key in table:
        if key.startswith(WORD_KEYS):
            continue
        try:
            lookup(data, key)
        except (KeyError, AttributeError, IndexError, ValueError):
            bad.append(key)
    return bad


def check_table(table: dict[str, Entry], data: Any) -> None:
    """For a pydantic model validator: raise ValueError naming each key that names nothing."""
    bad = unknown_keys(table, data)
    if bad:
        raise ValueError(f"provenance keys name nothing in this file: {', '.join(bad)} (a key names a "
                         f"setting of the file, e.g. 'shooting.dice', or starts with '{WORD_KEYS}' for wording)")


@dataclass(frozen=True)
class Provenance:
    table: dict[str, Entry]

    def of(self, key: str) -> Entry:
        """The entry of the longest listed prefix of `key` (whole dotted parts), else source."""
        parts = key.split(".")
        for n in range(len(parts), 0, -1):
            entry = self.table.get(".".join(parts[:n]))
            if entry is not None:
                return entry
        return SOURCE

    def kind(self, key: str) -> str:
        return self.of(key).kind

    def words(self, key: str) -> str:
        return WORDS[self.kind(key)]


def provenance_of(ruleset, scenario=None) -> Provenance:
    """The ruleset's table, then the scenario's over it."""
    table = dict(getattr(ruleset, "provenance", None) or {})
    if scenario is not None:
        table |= scenario.provenance_table
    return Provenance(table)


# -- on the page ------------------------------------------------------------------------------------
def mark_source(key: str) -> tuple:
    return ("provenance", key)


def kinds_on(spans: Iterable) -> list[str]:
    """The mark kinds among spans (in KINDS order), read from their words."""
    by_words = {w: k for k, w in WORDS.items() if w}
    found = {by_words.get(s.text) for s in spans if s.source and s.source[0] == "provenance"}
    return [k for k in WORDS if k in found]


def legend_text(kinds: list[str]) -> str:
    """One line: what each mark used on the page means."""
    return "Marks: " + "; ".join(f"{WORDS[k]}: {MEANING[k]}" for k in kinds if k in MEANING) + "."


def mark_spans(ruleset, key: str, scenario=None) -> tuple:
    """' (classroom addition)' as spans for a sheet drawn in code (not from a template): the words
    traced to ("provenance", key); nothing for the source's own."""
    from printgen.draw.shapes import Span

    words = provenance_of(ruleset, scenario).words(key)
    return (Span(" ("), Span(words, source=mark_source(key), kind="text"), Span(")")) if words else ()
