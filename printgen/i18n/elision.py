"""French and Spanish words that change with the word after them, in a drawn sentence whose values
(a ship's name with its article, a compass point) are separate spans: "a el Niagara" is "al Niagara",
"vers le est" is "vers l'est". A span is any dataclass with `text` and `source` (a traced value's
source, None for plain words): only plain words change, a traced value never does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from printgen.i18n import LANG

S = TypeVar("S", bound=Any)

# A preposition the words end with and the article a ship's name begins with, as one word ("a" + "el "
# Niagara: "al Niagara"; "de" + "le " Goliath: "du Goliath"), in the language of the document.
CONTRACTIONS = {"es": {("a", "el "): "al ", ("de", "el "): "del "},
                "fr": {("à", "le "): "au ", ("de", "le "): "du ", ("à", "les "): "aux ", ("de", "les "): "des "}}


# French words that lose their vowel before one: "vers le est" is "vers l'est", "vent du ouest" "vent d'ouest".
ELIDED = {"le": "l'", "la": "l'", "du": "d'", "de": "d'", "au": "à l'"}   # the straight apostrophe the catalogue types
VOWELS = "aeiouyàâéèêëîïôûAEIOUYÀÂÉÈÊËÎÏÔÛ"


def contracted(spans: Sequence[S]) -> tuple[S, ...]:
    """The spans with "a el" said "al" (and the like) where a value's article follows a preposition,
    and in French the article or "de" elided before a value that begins with a vowel ("vers l'est")."""
    lang = LANG.get()
    table = CONTRACTIONS.get(lang, {})
    out: list[S | None] = list(spans)
    for i in range(1, len(out)):
        before, article = out[i - 1], out[i]
        if before is None or article is None:
            continue
        head, _, last = before.text[:-1].rpartition(" ")
        if lang == "fr" and before.source is None and before.text.endswith(" ") and last in ELIDED and \
                article.text[:1] in VOWELS and not article.text.startswith("onze"):
            out[i - 1] = replace(before, text=(head + " " if head else "") + ELIDED[last])
            continue
        joined = table.get((last.lower(), article.text)) if before.source is None and article.source is None and \
            before.text.endswith(" ") else None
        if joined:
            out[i - 1] = replace(before, text=head + " ") if head else None
            out[i] = replace(article, text=joined.capitalize() if last[:1].isupper() else joined)
    return tuple(s for s in out if s is not None)
