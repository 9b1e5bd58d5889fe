"""How a traced value prints. The sheets and the checker share this one function, so a printed
number can be compared with the ruleset after scale, units and the reader's language.

The language comes with the Measure (Measure.lang, from Options.lang): every traced number already
travels with its Measure from the options to the sheet and from the manifest's request to the check,
so the reader's way of writing numbers travels the same road and cannot be forgotten on one side.
`shown` adds the words: a ruleset's own words (its labels, its phases, a compass point) are
translated through the catalogue; names, fleet text and quotations never are."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from printgen.i18n import N_
from printgen.rules.faces import format_faces
from printgen.rules.odds import percent
from printgen.units import Measure

WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


COMPASS_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def compass_word(point: str) -> str:
    """"NW" -> "north-west", "S" -> "south"."""
    return "-".join(COMPASS_WORDS[ch] for ch in point)


# Sources whose text is the ruleset's own wording (a label, a phase's name): translated when printed.
RULE_WORDS = ("rule", "label")
WORD_KINDS = ("text", "label", "lower", "initial")


def shown(value: Any, kind: str, source_fn: str, measure: Measure | None = None) -> str:
    """What a traced value from a source of kind `source_fn` prints: fmt, after translating the
    ruleset's own words into the reader's language (never a ship's name or a quotation)."""
    lang = measure.lang if measure is not None else "en"
    if lang != "en" and source_fn in RULE_WORDS and kind in WORD_KINDS and isinstance(value, str):
        value = rule_words(value, lang)
    return fmt(value, kind, measure)


# a name the fleet's row leaves empty, as a sentence that names it says so (the debrief's "captain ...")
UNNAMED = {"captain": N_("not named in the sources")}


def _translated(lang: str, text: str) -> str:
    from printgen.i18n.catalogue import translate

    return translate(lang, text)


def ship_words(ship: Any, column: str, lang: str) -> Any:
    """A ship's column as the sheets print it and the check expects it in `lang`: its name as the
    reader's historians write it (name_fr, name_es), its fate agreeing with a feminine name ("coulée"),
    the other words translated (fleet_words)."""
    if column == "name":
        return ship.name_in(lang)
    value = fleet_words(getattr(ship, column), column, lang)
    if column == "fate" and lang != "en" and isinstance(value, str) and ship.gender_in(lang) == "f":
        from printgen.i18n.numbers import feminine

        value = feminine(value, lang)
    return value


def fleet_words(value: Any, column: str, lang: str) -> Any:
    """A fleet column's value as a sheet prints it in `lang` (the sheets and the check share it)."""
    from printgen.i18n import FLEET_NOTES, FLEET_WORDS, fleet_note, fleet_rank

    if column in UNNAMED and isinstance(value, str) and not value.strip():   # "Diane, captain : Escaped"
        return UNNAMED[column] if lang == "en" else _translated(lang, UNNAMED[column])
    if lang == "en" or column not in FLEET_WORDS + FLEET_NOTES or not isinstance(value, str) or not value:
        return value
    from printgen.i18n.catalogue import translate

    if column in FLEET_NOTES:                   # "Francisco Alsedo (killed)": the name stays, the note is words
        name, note = fleet_note(value)
        rank, rest = fleet_rank(name)           # "Lieutenant Cambon": the rank is words too
        name = f"{translate(lang, rank)} {rest}" if rank else name
        # the note after a comma: the sentence that names the captain holds it in brackets already
        # ("(capitán: Sir James Saumarez, herido)", never two brackets inside each other)
        return f"{name}, {translate(lang, note)}" if note else name
    return translate(lang, value)


def rule_words(text: str, lang: str) -> str:
    """A ruleset's words in `lang`: a compass point by its letters ("NW": "NO"), else the catalogue's."""
    if lang == "en":
        return text
    if text and all(ch in "NESW" for ch in text) and len(text) <= 3:
        from printgen.i18n.numbers import compass_letters

        return compass_letters(text, lang)
    from printgen.i18n.catalogue import translate

    return translate(lang, text)


def fmt(value: Any, kind: str, measure: Measure | None = None) -> str:
    if measure is not None and measure.lang != "en":
        return _in_language(value, kind, measure, measure.lang)
    if kind == "count":
        return str(int(value))
    if kind == "year":                       # a year or a number that names (a deployment's): never grouped
        return str(int(value))
    if kind == "word":                       # small counts in running text read as words
        n = int(value)
        return WORDS[n] if 0 <= n < len(WORDS) else str(n)
    if kind == "signed":
        return f"{int(value):+d}"
    if kind == "faces":
        return format_faces(value)
    if kind == "distance":
        return (measure or Measure()).fmt(float(value))
    if kind == "size":                       # a thing drawn exactly to scale: its size as drawn
        return (measure or Measure()).fmt_size(float(value))
    if kind == "feet":                       # table-sized lengths: feet at full scale, scaled
        m = measure or Measure()
        if m.units == "in":
            return f"{round(float(value) * m.scale, 1):g} ft"
        from printgen.units import CM_PER_GAME_IN

        return f"{round(float(value) * 12 * CM_PER_GAME_IN * m.scale / 100, 2):g} m"
    if kind == "length":                     # a real thing's length, given in feet (a galley's): metres in a
        m = measure or Measure()             # metric kit, never scaled (it is history, not the table)
        if m.units == "in":
            return f"{round(float(value)):d} ft"
        return f"{round(float(value) * 0.3048):d} m"
    if kind in ("fraction", "share"):        # share: a fraction in prose ("la moitié" in French)
        f = Fraction(value)
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    if kind == "percent":
        return percent(Fraction(value))
    if kind == "decimal":
        return f"{float(value):.2f}"
    if kind == "degrees":
        return f"{float(value):g}°"
    if kind in ("text", "label"):
        return str(value)
    if kind == "lower":                      # a label inside a sentence ("at short range")
        return str(value).lower()
    if kind == "initial":                    # words that begin a table cell or a sentence: a capital first
        text = str(value)                    # ("le roi Édouard III" in a cell: "Le roi Édouard III")
        return text[:1].upper() + text[1:]
    if kind == "compass":                    # a compass point in words ("NW": north-west)
        return compass_word(str(value))
    raise ValueError(f"unknown print kind {kind!r}")


NUMBER_KINDS = ("count", "signed", "distance", "size", "feet", "length", "decimal", "degrees")   # not "year": "1805"


def _in_language(value: Any, kind: str, measure: Measure, lang: str) -> str:
    """fmt in French or Spanish: the English text's numbers rewritten in the language's way (the
    rounding is English's, so both sides of the check round alike), words from the language."""
    from printgen.i18n import numbers

    if kind == "word":
        return numbers.word(int(value), lang)
    if kind == "percent":
        return numbers.percent(percent(Fraction(value)), lang)
    if kind == "compass":
        return numbers.compass_word(str(value), lang)
    if kind == "share":                          # "lost half or more": "la moitié", "la mitad"
        return numbers.share(fmt(value, "fraction"), lang)
    if kind == "distance":
        return measure.fmt(float(value))         # the Measure writes its own numbers in its language
    if kind == "size":
        return measure.fmt_size(float(value))
    english = fmt(value, kind, Measure(measure.scale, measure.units))
    if kind == "faces":                          # a range of faces with its en dash: "5–6"
        return english.replace("-", "\u2013")
    if kind == "signed":                         # a signed number with its minus sign: "−1", "+2"
        return numbers.number(english.lstrip("+-"), lang).join(("\u2212" if english.startswith("-") else "+", ""))
    if kind in ("feet", "length"):
        english = english.replace(" ft", " pi" if lang == "fr" else " pies")
    return numbers.number(english, lang) if kind in NUMBER_KINDS else english
