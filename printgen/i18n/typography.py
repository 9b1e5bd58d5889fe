"""The reader's typography, by rule, in one place: every translated message passes through `typeset` as
the catalogue is read (printgen.i18n.catalogue), so the sheets, the handouts and the web page print it
alike, and the check, which reads the same catalogue, expects it.

French (the Imprimerie nationale's rules): an espace fine insécable (U+202F) before ; ! ? and before
a percent sign, an espace insécable (U+00A0) before : and inside guillemets « », "1er" for the first
of a month; a fine no-break space between the thousands a translator typed (Spanish: a no-break space).
Every language: a multiplication sign × between two numbers where a message wrote "x",
an en dash between the two numbers of a range ("1–3").
The numbers themselves (the decimal comma, thousands, the en dash of a range, the minus sign of a
signed number) are written by printgen.rules.printed.fmt and printgen.i18n.numbers.

The rules only change spaces and signs a translator typed: a missing space is added only where the
mark ends a phrase (a "?" inside a web address stays as it is)."""

from __future__ import annotations

import re

NBSP, THIN = "\u00a0", "\u202f"          # espace insécable, espace fine insécable
MONTHS_FR = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
             "novembre", "décembre")

_FR_TALL = re.compile(r"[ \u00a0\u202f]([;!?])|(?<=[\w)\]»])([;!?])(?=[\s)»*\"]|$)")
_FR_COLON = re.compile(r"[ \u00a0\u202f](:)|(?<=[\w)\]»])(:)(?=[\s*»\"]|$)")
_FR_PERCENT = re.compile(r"(\d|\)|%\(\w+\)s)[ \u00a0](%%|%)(?!\()")
_FR_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_FR_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
_FR_CURLY = re.compile(r"“\s*([^“”]*?)\s*”")
_FR_FIRST = re.compile(r"\b1 (" + "|".join(MONTHS_FR) + r")\b")
_RANGE = re.compile(r"(?<=\d)-(?=\d)")
_THOUSANDS = re.compile(r"(?<![\d,.])(\d{1,3}) (?=\d{3}(?!\d))")     # 12 000: never broken
_TIMES = re.compile(r"(?:(?<=[\d)])|(?<=\)s))[ \u00a0]x[ \u00a0](?=[\d%])")        # 5 × 3, %(w)s × %(h)s


def typeset(text: str, lang: str) -> str:
    """A translated message (or any text in `lang`) with the language's spaces and signs."""
    if not text:
        return text
    text = _TIMES.sub(" × ", text)
    text = _RANGE.sub("\u2013", text)
    if lang in ("fr", "es"):                 # a typed thousands space: French's fine one, Spanish's no-break one
        text = _THOUSANDS.sub(lambda m: m.group(1) + (THIN if lang == "fr" else NBSP), text)
    if lang == "fr":
        text = _FR_CURLY.sub(lambda m: f"«{NBSP}{m.group(1)}{NBSP}»", text)
        text = _FR_OPEN.sub("«" + NBSP, text)
        text = _FR_CLOSE.sub(NBSP + "»", text)
        text = _FR_TALL.sub(lambda m: THIN + (m.group(1) or m.group(2)), text)
        text = _FR_COLON.sub(NBSP + ":", text)
        text = _FR_PERCENT.sub(lambda m: m.group(1) + THIN + m.group(2), text)
        text = _FR_FIRST.sub(lambda m: f"1er{NBSP}{m.group(1)}", text)
    return text


def percent_space(text: str, lang: str) -> str:
    """A percentage Babel wrote ("59,8\u00a0%") with the language's space before the sign (French: fine)."""
    return text.replace(NBSP + "%", THIN + "%") if lang == "fr" else text
