"""Numbers in the reader's format, through Babel's locale data (CLDR): "2,5" and "59,8 %" in French,
"2,5" and "59,8 %" in Spanish, "22,5°". printgen.rules.printed.fmt, which the sheets and the check
share, rounds a value the way English prints it and then asks here for the reader's way of writing
that same rounded number: the rounding never depends on the language, only the writing.

Called for French and Spanish only: English prints as it always has and never imports Babel."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache


# Small counts in running text as words, and the compass's words and letters: the language's
# glossary (locale/<lang>/glossary.toml, [counts], [compass], [compass_letters]), the one place they are
# written, which the catalogue's translations follow too.
@cache
def glossary(lang: str) -> dict:
    import tomllib

    from printgen.i18n.catalogue import LOCALE

    return tomllib.loads((LOCALE / lang / "glossary.toml").read_text(encoding="utf-8"))


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def number(text: str, lang: str) -> str:
    """Each number in `text` as English writes it ("22.5", "1234") rewritten in `lang` ("22,5",
    "1 234" in French), the words and signs around it kept ("22.5°", '2.5"')."""
    return _NUMBER.sub(lambda m: _one(m.group(0), lang), text)


def _one(english: str, lang: str) -> str:
    from babel.numbers import format_decimal

    value = Decimal(english)
    places = len(english.partition(".")[2])
    return format_decimal(value, format="#,##0" + ("." + "0" * places if places else ""), locale=lang)


def percent(english: str, lang: str) -> str:
    """A percentage as printgen.rules.odds.percent writes it ("59.8%", "<0.1%") in `lang`'s way
    ("59,8 %", "<0,1 %" in French, its space the no-break space CLDR gives)."""
    from babel.numbers import format_percent

    sign = english[0] if english[0] in "<>" else ""
    digits = english[len(sign):].removesuffix("%")
    places = len(digits.partition(".")[2])
    text = format_percent(Decimal(digits) / 100, format=_percent_pattern(lang, places), locale=lang)
    from printgen.i18n.typography import percent_space

    return sign + percent_space(text, lang)


@cache
def _percent_pattern(lang: str, places: int) -> str:
    """The language's percent pattern ("#,##0 %" in French) with `places` decimals."""
    from babel import Locale

    return _with_places(Locale.parse(lang).percent_formats[None].pattern.split(";")[0], places)


def _with_places(pattern: str, places: int) -> str:
    """"#,##0 %" with 1 place: "#,##0.0 %" (the decimals after the pattern's last zero)."""
    if not places:
        return pattern
    i = pattern.rindex("0") + 1
    return pattern[:i] + "." + "0" * places + pattern[i:]


def word(n: int, lang: str) -> str:
    """A small count as a word ("un", "deux"), else its digits."""
    words = glossary(lang)["counts"]["words"]
    return words[n] if 0 <= n < len(words) else number(str(n), lang)


def share(english: str, lang: str) -> str:
    """A fraction as prose says a share of something ("1/2" -> "la moitié", "la mitad"): the glossary's
    [shares], else the fraction itself."""
    return glossary(lang).get("shares", {}).get(english, english)


def compass_from(point: str, lang: str) -> str | None:
    """"W" -> "de l'ouest": where the wind blows from, with the contraction the language makes (the
    glossary's [compass_from]); None where the glossary gives none."""
    return glossary(lang).get("compass_from", {}).get(point) if lang in ("fr", "es") else None


def compass_letters(point: str, lang: str) -> str:
    """"NW" -> "NO" (French and Spanish write west as O)."""
    letters = glossary(lang)["compass_letters"]
    return "".join(letters.get(ch, ch) for ch in point)


def compass_word(point: str, lang: str) -> str:
    """"NW" -> "nord-ouest" / "noroeste"."""
    return glossary(lang)["compass"][point]


def feminine(text: str, lang: str) -> str:
    """A fate said of a feminine ship ("Coulé" -> "Coulée"): the glossary's [feminine] words, whole words."""
    forms = glossary(lang).get("feminine", {})
    if not forms:
        return text
    pattern = _feminine_pattern(lang)
    return pattern.sub(lambda m: forms.get(m.group(0)) or forms[m.group(0).lower()].capitalize(), text)


@cache
def _feminine_pattern(lang: str) -> re.Pattern:
    forms = glossary(lang).get("feminine", {})
    words = sorted(forms, key=len, reverse=True)
    return re.compile(r"(?<![\w'’])(?:" + "|".join(re.escape(w) + "|" + re.escape(w.capitalize()) for w in words)
                      + r")(?![\w'’])")
