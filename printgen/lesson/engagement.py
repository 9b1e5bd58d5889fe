"""A lesson's game as printgen chose it (or the teacher pinned it): which engagement of the battle,
how many ships of each side, when a side breaks off, the lesson's timings; and the scenario the kit
prints for it (its ships, its lesson, its victory, each choice with its provenance)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from printgen.data import turn_time
from printgen.data.lesson import Lesson
from printgen.data.scenario import Scenario
from printgen.errors import PrintgenError, Problem
from printgen.game.reduce import keep
from printgen.i18n import N_
from printgen.lesson import reasons, timing
from printgen.rules.provenance import Entry

WHOLE = "whole-battle"          # the engagement that is the whole battle, as the scenario gives it
THE_WHOLE_BATTLE = N_("The whole battle")
BREAKS_OFF = N_("a side that has lost %(ships)s breaks off, so that a short lesson ends by decision")
SIDE_COUNT = N_("%(ships)s (%(side)s)")       # "5 ships (English)", then "6 (French)"
EITHER = N_("%(one)s or %(other)s")


@dataclass(frozen=True)
class Choice:
    engagement: str                             # a key of [engagements], or WHOLE
    counts: tuple[tuple[str, int], ...]         # ships of each side, in the ruleset's order of sides
    breaks_at: float | None                     # a side breaks off once this share of its ships has struck
    lesson: Lesson                              # the lesson timed for these ships (printgen.lesson.timing)

    def but(self, **changes) -> Choice:
        return dataclasses.replace(self, **changes)

    @property
    def ships(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def turns(self) -> int:
        return self.lesson.turn_limit


def pool(scenario: Scenario, engagement: str) -> list:
    """The ships that fought in an engagement, in the fleet's order."""
    if engagement == WHOLE:
        return list(scenario.fleet.ships)
    return scenario.file.engagements[engagement].members(scenario.fleet)


def title(scenario: Scenario, engagement: str) -> str:
    return THE_WHOLE_BATTLE if engagement == WHOLE else scenario.file.engagements[engagement].title


def timed(scenario: Scenario, counts: dict[str, int]) -> Lesson:
    """The scenario's lesson (the teacher's periods and minutes in it) timed for `counts` ships of each
    side, a turn as long as the ruleset's phases take them (printgen.data.turn_time): a lesson that
    leaves no time for one turn is refused, as the scenario's own would be."""
    lesson = timing.fit(scenario.lesson, sum(counts.values()), len(scenario.fleet.ships),
                        turn_time.turn_minutes(scenario.ruleset, counts))
    if lesson.turn_limit < 1:
        raise PrintgenError(Problem(f"the lesson's {lesson.total_minutes} minutes leave {max(0, lesson.play_minutes)} "
                                    f"for play, less than one turn of {lesson.minutes_per_turn}", field="--minutes",
                                    fix="give more periods or longer ones (--periods, --minutes)"))
    return lesson


def breaks_off(scenario: Scenario, victory, choice: Choice, lang: str) -> str:
    """The break-off rule in `lang` with each side's number of ships ("a side that has lost 5 ships
    (English) or 6 (French) breaks off ..."), not a share the reader must work out."""
    from printgen.i18n import translated_plural
    from printgen.i18n.sides import side_said
    from printgen.lesson.reasons import count, say

    said = []
    for i, (key, n) in enumerate(choice.counts):
        lost = victory.break_count(n)
        ships = (translated_plural(lang, "%(count)s ship", "%(count)s ships", lost) if i == 0 else "%(count)s") \
            % {"count": count(lost, lang)}
        said.append(say(lang, SIDE_COUNT, ships=ships, side=side_said(scenario.ruleset.sides[key].name, lang, "plain")))
    if len(set(victory.break_count(n) for _, n in choice.counts)) == 1:   # the same number for every side
        said = [(translated_plural(lang, "%(count)s ship", "%(count)s ships", victory.break_count(choice.counts[0][1]))
                 % {"count": count(victory.break_count(choice.counts[0][1]), lang)})]
    ships = said[0]
    for other in said[1:]:
        ships = say(lang, EITHER, one=ships, other=other)
    return say(lang, BREAKS_OFF, ships=ships)


def apply(scenario: Scenario, choice: Choice, why: str, lang: str = "en") -> Scenario:
    """The scenario the kit prints for the choice: the chosen ships (flagships, leaders and named
    ships kept first), the lesson timed for them, the break-off rule; `why` is printed with each
    of printgen's choices, worded in `lang` (the kit's: printgen.lesson.reasons) like the timing's reason."""
    ships = keep(scenario, pool(scenario, choice.engagement), dict(choice.counts))
    victory = scenario.victory.model_copy(update={"breaks_at": choice.breaks_at})
    provenance = {"lesson": Entry(kind="choice", why=reasons.timed(len(ships), lang,
                                                                       turn_time.timed(scenario.ruleset))),
                  "words.engagement": Entry(kind="choice", why=why)}
    if choice.breaks_at is not None:
        provenance["victory.breaks_at"] = Entry(kind="classroom", why=breaks_off(scenario, victory, choice, lang))
    # the file's marks, and printgen's own for a section it leaves out (its victory becomes the kit's)
    file = scenario.file.model_copy(update={"lesson": choice.lesson, "victory": victory,
                                            "provenance": {**scenario.provenance_table, **provenance}})
    return dataclasses.replace(scenario, file=file).with_ships(ships)
