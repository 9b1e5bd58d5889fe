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


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def non_finite(value) -> bool:
    return isinstance(value, float) and not math.isfinite(value)
