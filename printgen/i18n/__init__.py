"""The reader's language: English, French or Spanish. Every printed word of a translated document
comes from a gettext catalogue (printgen/i18n/locale/, read by printgen.i18n.catalogue), every
number is written in the reader's format (printgen.i18n.numbers).

The language of the document being drawn is a context variable, set by the document's record as
it draws (printgen.registry.documents.DocumentKind.make, from Options.lang) like its audience; code
that draws words asks `_("...")`. English is the catalogues' source language: it returns the
message itself and imports nothing (no Babel, no catalogue read), so an English kit pays nothing."""

from __future__ import annotations

from contextvars import ContextVar

LANGS = ("en", "fr", "es")          # --lang's choices; English first, the default
SOURCE = "en"                       # the language the messages are written in
NAMES = {"en": "English", "fr": "French", "es": "Spanish"}
# The reader's conventions where the teacher chose none (--paper, --units, `printgen config`): the
# French and Spanish measure in centimetres and print on A4, the English edition as before
USUAL_PAPER = {"en": "letter", "fr": "a4", "es": "a4"}
USUAL_UNITS = {"en": "in", "fr": "cm", "es": "cm"}
# The fleet's columns that are words, not names: a ship's fate, its flag officer's rank and fate (the
# names in them stay as the sources have them), messages of the catalogue (extract.fleet_words).
FLEET_WORDS = ("fate", "admiral")
FLEET_NOTES = ("captain",)          # names, but a note in brackets after one is words ("(killed)")
# a rank or title such a name begins with: words too ("lieutenant de vaisseau"; "Sir", lower-case "sir" in Spanish)
RANKS = ("Lieutenant", "Commander", "Sir")

# The language of the document being drawn or checked (DocumentKind.make sets it from Options.lang).
LANG: ContextVar[str] = ContextVar("lang", default=SOURCE)


def _(message: str) -> str:
    """`message` in the language of the document being drawn (itself in English)."""
    lang = LANG.get()
    if lang == SOURCE:
        return message
    from printgen.i18n.catalogue import translate

    return translate(lang, message)


def translated(lang: str, message: str) -> str:
    """`message` in `lang`, whatever document is being drawn (the check, which knows the kit's language)."""
    if lang == SOURCE:
        return message
    from printgen.i18n.catalogue import translate

    return translate(lang, message)


class using:
    """`with using("fr"):` -- draw (or check) in that language, then back to the one before."""

    def __init__(self, lang: str):
        self.lang = lang

    def __enter__(self) -> str:
        self._token = LANG.set(self.lang)
        return self.lang

    def __exit__(self, *exc) -> None:
        LANG.reset(self._token)


# Each language's plural rule (the catalogues' Plural-Forms say the same, and a test holds them together):
# the index of the form a count takes. French is singular for 0 and 1 ("0 point", "1,5 point").
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
                "es": "nplurals=2; plural=(n != 1);"}


def plural_index(lang: str, n: float) -> int:
    """Which form of a counted message `n` takes in `lang` (0: the singular)."""
    if lang == "fr":
        return 0 if abs(n) < 2 else 1
    return 0 if n == 1 else 1


def singular_for(n: float) -> bool:
    """Whether a count `n` takes the singular in the language of the document being drawn (a message
    with two counts, written in its four forms, picks one by this)."""
    return plural_index(LANG.get(), n) == 0


def ngettext(singular: str, plural: str, n: float) -> str:
    """The message for a count `n`, in the language of the document being drawn, by that language's
    plural rule: `ngettext("%(count)s ship", "%(count)s ships", n) % {"count": n}`."""
    return translated_plural(LANG.get(), singular, plural, n)


def translated_plural(lang: str, singular: str, plural: str, n: float) -> str:
    """ngettext in `lang`, whatever document is being drawn."""
    if lang == SOURCE:
        return singular if n == 1 else plural
    from printgen.i18n.catalogue import translate_plural

    return translate_plural(lang, singular, plural, plural_index(lang, n))


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined (a table of words), translated where it
    is printed with _(): `pybabel extract` finds it by this name."""
    return message


def slots(message: str, values: dict) -> list:
    """A (translated) message with named values, `%(name)s`, cut into its pieces for a drawing:
    each value of `values` is text (joined with the words around it) or a list of pieces (traced
    spans, kept apart); the words between are strings. "%%" is a percent sign. A translation may
    put the values in another order; each one appears where its name is."""
    import re

    out: list = []
    for i, piece in enumerate(re.split(r"%\((\w+)\)s", message)):
        found = values[piece] if i % 2 else piece.replace("%%", "%")
        for item in ([found] if isinstance(found, str) else found):
            if isinstance(item, str) and out and isinstance(out[-1], str):
                out[-1] += item
            elif item != "":
                out.append(item)
    return out


def article(name: str, gender: str, lang: str, initial: bool = False) -> str:
    """The definite article a ship's name takes in `lang` ("le ", "la ", "l'", "el "; English: none),
    capitalised at the start of a sentence; none where the name carries its own ("L'Orient")."""
    import unicodedata

    if lang not in ("fr", "es") or name[:2].lower() in ("l'", "l’") or name.split(" ")[0].lower() in (
            "le", "la", "les", "el", "los", "las"):
        return ""
    first = unicodedata.normalize("NFD", name[:1].lower())[:1]
    if lang == "fr":
        said = "l’" if first in "aeiouyh" else ("la " if gender == "f" else "le ")
    else:
        said = "la " if gender == "f" else "el "
    return said[:1].upper() + said[1:] if initial else said


def words(text: str) -> list[str]:
    """A text's words as a line may break it: at ordinary spaces, never at a no-break one (French
    "partie\u00a0:", "lourdes\u202f;", "2\u202f000" are one word each). Sheets and check split alike."""
    import re

    return [w for w in re.split(r"[^\S\u00a0\u202f]+", text) if w]


def fleet_rank(name: str) -> tuple[str, str]:
    """(the rank a fleet's name begins with, one of RANKS, or "", the rest): "Lieutenant Cambon"."""
    rank, _, rest = name.partition(" ")
    return (rank, rest) if rank in RANKS and rest else ("", name)


def fleet_note(value: str) -> tuple[str, str]:
    """(a name, the note in brackets after it) of a fleet's cell ("Francisco Alsedo (killed)"); no note: ""."""
    import re

    found = re.fullmatch(r"(.*\S) \(([^()]+)\)", value)
    return (found.group(1), found.group(2)) if found else (value, "")
