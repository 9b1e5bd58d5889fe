"""The words of printgen's reasons for the lesson's game (the teacher's sheet lists every mark with its
reason) in the kit's language. They are worded when the kit is planned, in the language it is planned
in, so the sheet and `printgen check` (which plans the kit again in its language) print the same
words; English words them as it always has (each message with its values is the old sentence)."""

from __future__ import annotations

from printgen.i18n import N_

TIMED = N_("timed for %(ships)s ships: %(assumes)s")


def say(lang: str, message: str, **values) -> str:
    """`message` in `lang` with its named values put in."""
    from printgen.i18n import translated

    return translated(lang, message) % values


def count(n: int, lang: str) -> str:
    """A whole number in `lang`'s way."""
    if lang == "en":
        return str(n)
    from printgen.i18n.numbers import number

    return number(str(n), lang)


def pct(share: float, lang: str) -> str:
    """A share as a whole percentage in `lang`'s way ("25%", "25 %")."""
    from printgen.lesson.figures import whole_percent

    english = f"{whole_percent(share)}%"
    if lang == "en":
        return english
    from printgen.i18n.numbers import percent

    return percent(english, lang)


def timed(ships: int, lang: str = "en", phased: bool = False) -> str:
    """Why the lesson's times are what they are (the mark of "lesson"); `phased`: the ruleset times
    each phase (printgen.data.turn_time)."""
    from printgen.lesson import timing

    if phased:
        return say(lang, TIMED, ships=count(ships, lang),
                   assumes=say(lang, timing.PHASED, setup=count(timing.SETUP_BASE, lang)))
    return say(lang, TIMED, ships=count(ships, lang),
               assumes=say(lang, timing.ASSUMED, turn=count(timing.TURN_BASE, lang),
                           setup=count(timing.SETUP_BASE, lang)))
