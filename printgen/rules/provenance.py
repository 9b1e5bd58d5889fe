"""Provenance as data: where each rule, number and word printgen prints comes from.

Data. A `[provenance]` table in a ruleset or a scenario TOML maps a dotted key (or a key prefix) to
`{ kind = "...", original = "...", why = "..." }`. `kind` is one of KINDS; `original` keeps the
source's own words (for a reading), `why` says why. A key names data of its own file (checked when
the file loads: a misspelt key is an error, not a silently missing mark), or starts with `words.`
for wording a template prints that is no value of the file ("close-hauled", a page of rulings).
Anything unlisted is `source`; the longest listed prefix wins; a scenario's entry wins over the
ruleset's for the same key.

Marks. On a teacher's page a mark prints after its item as " (classroom addition)": the words are a
traced span with the source ("provenance", key), so `printgen check` verifies that the words printed
still equal the data's kind (and fails when a kind is changed after printing). On a pupil's page
(the document's record says who reads it: registry.documents.AUDIENCE while it is drawn) the mark is
a small symbol after the item ("close-hauled‡"), traced to ("provenance", key, "symbol"): an
11-year-old's sentence is not interrupted by the words, and the page's footer explains each symbol once.
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

from printgen.i18n import N_

Kind = Literal["source", "reading", "default", "classroom", "choice"]

WORDS: dict[str, str] = {                     # the printed mark on a teacher's page, after the item
    "source": "",
    "reading": N_("reading of a damaged source"),
    "default": N_("not from the source"),
    "classroom": N_("classroom addition"),
    "choice": N_("printgen's choice"),
}
MEANING: dict[str, str] = {                   # the legend of a teacher's page
    "reading": N_("our reading of words garbled or unclear in the source"),
    "default": N_("a default filling a gap the source leaves"),
    "classroom": N_("added for the lesson, not in the source's rules"),
    "choice": N_("chosen by printgen where the source says nothing"),
}
SYMBOLS: dict[str, str] = {                   # the printed mark on a pupil's page, right after the item
    "source": "",
    "classroom": "*",
    "default": "\u2020",                       # dagger
    "reading": "\u2021",                       # double dagger
    "choice": "\u00a7",                        # section sign
}
PUPIL_MEANING: dict[str, str] = {             # the footer of a pupil's page: what each symbol means
    "classroom": N_("added for your class"),
    "default": N_("not in the old rules: filled in for this game"),
    "reading": N_("the old words are damaged or unclear here: this is our best reading"),
    "choice": N_("the old rules do not say: chosen for this game"),
}
WORD_KEYS = "words."                          # keys for wording, not for values of the file


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Kind
    original: str = ""                        # the source's own words (for a reading)
    why: str = ""

    @property
    def symbol(self) -> str:
        """Its mark on a pupil's page."""
        return SYMBOLS[self.kind]


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
        return mark_words(self.kind(key))


PRINTGEN_WORDS: dict[str, Entry] = {         # wording of printgen's own in every kit, under any ruleset's table
    "words.glossary": Entry(kind="classroom", why=N_("the pupils' glossary: printgen's explanations of the game's "
                                                     "words for the classroom, not the source's")),
}


def provenance_of(ruleset, scenario=None) -> Provenance:
    """printgen's own wording (PRINTGEN_WORDS), the ruleset's table over it, then the scenario's."""
    table = {**PRINTGEN_WORDS, **dict(getattr(ruleset, "provenance", None) or {})}
    if scenario is not None:
        table |= scenario.provenance_table
    return Provenance(table)


# -- on the page ------------------------------------------------------------------------------------
def mark_words(kind: str) -> str:
    """The words of a mark on a teacher's page (WORDS), in the language of the document being drawn."""
    from printgen.i18n import _

    return _(WORDS[kind]) if WORDS[kind] else ""


def mark_source(key: str, symbol: bool = False) -> tuple:
    return ("provenance", key, "symbol") if symbol else ("provenance", key)


def for_pupils() -> bool:
    """Whether the document being drawn is read by pupils (its record's audience): marks as symbols."""
    from printgen.registry.documents import AUDIENCE

    return AUDIENCE.get() == "pupil"


def kinds_on(spans: Iterable) -> list[str]:
    """The mark kinds among spans (in WORDS order), read from their words or symbols."""
    by_text = {w: k for table in ({k: mark_words(k) for k in WORDS}, SYMBOLS) for k, w in table.items() if w}
    found = {by_text.get(s.text) for s in spans if _a_mark(s.source)}
    return [k for k in WORDS if k in found]


def _a_mark(source) -> bool:
    """A mark's source: ("provenance", key) for its words, ("provenance", key, "symbol") for its symbol
    (an entry's original or why, ("provenance", key, "why"), is no mark)."""
    return bool(source) and source[0] == "provenance" and tuple(source[2:]) in ((), ("symbol",))


def symbols_on(spans: Iterable) -> bool:
    """Whether the spans' marks are pupils' symbols (their legend explains the symbols)."""
    return any(s.source and s.source[0] == "provenance" and tuple(s.source[2:]) == ("symbol",) for s in spans)


def words_on(spans: Iterable) -> bool:
    """Whether the spans' marks include words (a teacher's page, whose legend explains the words)."""
    return any(s.source and s.source[0] == "provenance" and len(s.source) == 2 for s in spans)


def legend_text(kinds: list[str], symbols: bool = False) -> str:
    """One line: what each mark used on the page means (each symbol, on a pupil's page)."""
    from printgen.i18n import _

    if symbols:
        return "  ".join(f"{SYMBOLS[k]} {_(PUPIL_MEANING[k])}." for k in kinds if k in PUPIL_MEANING)
    return _("Marks: ") + _("; ").join(_("%(mark)s: %(meaning)s") % {"mark": mark_words(k), "meaning": _(MEANING[k])}
                                       for k in kinds if k in MEANING) + "."    # the language's spaces


def mark_text(ruleset, key: str, scenario=None) -> tuple[str, tuple] | None:
    """(what the mark of `key` prints, its source): its words on a teacher's page, its symbol on a
    pupil's; None for the source's own."""
    entry = provenance_of(ruleset, scenario).of(key)
    if entry.kind == "source":
        return None
    if for_pupils():
        return entry.symbol, mark_source(key, True)
    return mark_words(entry.kind), mark_source(key)


def mark_spans(ruleset, key: str, scenario=None, before: str = " (", after: str = ")", font: str = "") -> tuple:
    """For sheets drawn in code: ' (mark)' after an item, the words a traced span (none for the
    source's); on a pupil's page the symbol alone, right after the item."""
    from printgen.draw.shapes import Span

    found = mark_text(ruleset, key, scenario)
    if found is None:
        return ()
    text, source = found
    if for_pupils():
        return (Span(text, font, source, "text"),)
    return (Span(before, font), Span(text, font, source, "text"), Span(after, font))
