"""Text read from a teacher's files, made safe to print: NFC-normalised, refused when it holds a
character that would print wrong or not at all.

Refused: control characters (a newline or tab in a name breaks lines and tables), format characters
(zero-width spaces and joiners, bidi overrides: invisible, or reordering what follows), private-use
characters (printgen's own markers use them), line separators, right-to-left scripts (the sheets
lay text out left to right, unshaped), and any character the bundled font has no glyph for (it
would print a box). An error names the character as U+XXXX."""

from __future__ import annotations

import math
import unicodedata

from printgen import limits

_REFUSED = {"Cc": "control character", "Cf": "invisible formatting character", "Co": "private-use character",
            "Cs": "surrogate", "Cn": "unassigned character", "Zl": "line separator", "Zp": "paragraph separator"}


def codepoint(c: str) -> str:
    name = unicodedata.name(c, "")
    return f"U+{ord(c):04X}" + (f" {name}" if name else "")


def snippet(text: str, width: int = 30) -> str:
    """A short, printable quotation of untrusted text for a message (never a whole file)."""
    shown = "".join(c if c.isprintable() else "?" for c in text[:width])
    return shown + ("..." if len(text) > width else "")


def problem(text: str, most: int = limits.TEXT_CHARS) -> str | None:
    """What is wrong with `text` (already NFC), or None."""
    for c in text:
        kind = _REFUSED.get(unicodedata.category(c))
        if kind:
            return f"'{snippet(text)}' contains the {kind} {codepoint(c)}"
    if not text.isascii() and (why := _marks(text)):
        return f"'{snippet(text)}' {why}"
    if rtl := [c for c in text if unicodedata.bidirectional(c) in ("R", "AL")]:
        return (f"'{snippet(text)}' is written right to left ({codepoint(rtl[0])}), which the sheets cannot "
                "lay out (they would print its letters backwards and unjoined)")
    if len(text) > most:
        return f"'{snippet(text)}' is {len(text)} characters long; at most {most} fit where it is printed"
    from printgen.draw.fonts import missing

    if lost := missing(text):
        return (f"'{snippet(text)}' has characters the printed font cannot show: "
                + ", ".join(f"{c} ({codepoint(c)})" for c in lost[:5]))
    return None


FIX = ("retype it with letters, digits and punctuation only (no tabs, line breaks or invisible characters; "
       "the font covers Latin, Greek and Cyrillic, not Chinese, Japanese or Korean)")
SHORTEN = "shorten it: a longer text would not fit its place on the page"


def fix_of(why: str) -> str:
    """The fix for what `problem` found: shorten a text that is too long, else retype it."""
    return SHORTEN if "characters long;" in why else FIX


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# Typographic ligatures and digraphs (ﬁ, ﬂ, Ĳ, Ǆ...): the font draws them as one glyph, which a
# reader of the PDF (and the kit's check) reads back as the letters; they are stored as the letters.
_LIGATURES = {c: unicodedata.normalize("NFKC", c) for c in map(chr, [*range(0xFB00, 0xFB07), 0x0132, 0x0133,
                                                                     *range(0x01C4, 0x01CD), *range(0x01F1, 0x01F4)])}


def normal(text: str) -> str:
    """Text as printgen stores it: NFC, every Unicode space (no-break, em, thin...) an ordinary
    space, ligatures as their letters. (What is still unprintable, `problem` says.)"""
    text = unicodedata.normalize("NFC", text)
    if text.isascii():
        return text
    return unicodedata.normalize("NFC", "".join(" " if unicodedata.category(c) == "Zs" else _LIGATURES.get(c, c)
                                                for c in text))


# Invisible characters that are not "format" characters: variation selectors (a glyph's variant,
# or emoji style) and the combining grapheme joiner.
_INVISIBLE = {0x034F, 0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}


def _marks(text: str) -> str | None:
    """What is wrong with the combining marks (accents) of `text`: one with no letter under it (first,
    or after a space), or the same one twice on a letter; or an invisible selector. None if nothing."""
    base: str | None = None
    on: set[str] = set()
    for c in unicodedata.normalize("NFD", text):
        if ord(c) in _INVISIBLE:
            return f"contains the invisible character {codepoint(c)}"
        if unicodedata.category(c) in ("Mn", "Mc", "Me"):
            if base is None or base.isspace():
                return f"has the accent {codepoint(c)} on no letter"
            if c in on:
                return f"has the accent {codepoint(c)} twice on one letter"
            on.add(c)
        else:
            base, on = c, set()
    return None


def non_finite(value) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


# Letters of other scripts drawn like Latin ones (after Unicode's confusables, UTS #39): "Victory"
# with a Cyrillic с prints like "Victory", and students could not tell the two ships apart.
_LOOKALIKE = dict(zip(
    "АВЕЅІЈКМНОРСТХУҮаеоірсјѕхуһԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιρνϲϳ01",
    "ABESIJKMHOPCTXYYaeoipcjsxyhdqwlABEZHIKMNOPTYXoipvcjOl"))


def skeleton(text: str) -> str:
    """How a name looks, for telling lookalikes apart: letters of other scripts that are drawn like
    Latin ones as those, then accent-, case- and spacing-blind."""
    plain = "".join(_LOOKALIKE.get(c, c) for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("-", " ").replace("'", " ").split())


def lookalikes(text: str) -> list[str]:
    """The characters of `text` drawn like Latin letters but not (for a message)."""
    return [codepoint(c) for c in dict.fromkeys(unicodedata.normalize("NFKD", text)) if c in _LOOKALIKE and not c.isdigit()]
