"""The pupils' glossary on the quick reference (issue 44, item 4): the game's words explained for an
11-year-old, each battle's own.

Data. GLOSSARY is a list of words: the word as the pupils' pages print it, the English forms that
show it is used (looked for as whole words), and what it means. The explanations are printgen's own,
written for the classroom (no source defines them): every one carries the provenance mark
`words.glossary` (kind "classroom", rules.provenance.PRINTGEN_WORDS), which its heading prints.

Which words. A battle's glossary holds the words its pupils read: those whose forms occur in the
English words of the battle's quick reference and rule cards (their templates rendered with its
rules), the first turn's steps, and its scenario and fleet (the captain cards' squadrons, the story, the
ships' fates). One
thing has one name: a ship "strikes" (STRUCK marker) when her last hit circle is ticked."""

from __future__ import annotations

import re
from dataclasses import dataclass

from printgen.i18n import N_


@dataclass(frozen=True)
class Word:
    term: str                     # as the pupils' pages print it (a message of the catalogue)
    forms: tuple[str, ...]        # English forms that show the word is used (whole words, any case)
    says: str                     # what it means, for an 11-year-old (a message of the catalogue)
    family: str = ""              # only in this rule family's kits ("broadside", "sectors"); "": any


GLOSSARY: tuple[Word, ...] = (
    Word(N_("attack speed"), ("attack speed",),
         N_("a short burst of extra speed to close on a target (on a galley, the crew rows as hard as it can).")),
    Word(N_("bardi"), ("bardi",), N_("iron plates fixed on a ship's stern to protect it from a ram.")),
    Word(N_("astern"), ("astern",), N_("behind a ship, beyond her stern.")),
    Word(N_("backs, veers"), ("backs", "veers"),
         N_("the wind backs when it turns anticlockwise (from north towards west) and veers when it turns "
            "clockwise (from north towards east).")),
    Word(N_("bow, stern"), ("bow", "stern"),
         N_("the bow is the front of a ship, where she is going; the stern is her back end.")),
    Word(N_("broadside"), ("broadside", "broadsides"),
         N_("all the guns along one side of a ship, or the shots they fire together: a ship fires her broadside "
            "at an enemy beside her.")),
    Word(N_("close-hauled"), ("close-hauled",),
         N_("sailing as close to the wind as a sailing ship can: she still moves, but more slowly.")),
    Word(N_("downwind"), ("downwind",),
         N_("the way the wind blows: a ship sailing downwind has the wind behind her.")),
    Word(N_("fouled"), ("fouled", "fouling"),
         N_("two ships whose bases touched and whose ropes and spars got tangled by accident. They stay stuck "
            "together until they cut loose.")),
    Word(N_("furl"), ("furl", "furls", "furled", "furling"),
         N_("to roll up the sails and tie them, so that the wind no longer pushes the ship.")),
    Word(N_("galleass"), ("galleass", "galleasses"),
         N_("a big galley with high sides and guns all round, slower than a galley.")),
    Word(N_("galliot"), ("galliot", "galliots"), N_("a small, fast galley with few rowers.")),
    Word(N_("grappled"), ("grapple", "grappled", "grappling"),
         N_("held to an enemy ship with iron hooks on ropes, so that the crews can fight on each other's decks "
            "(boarding).")),
    Word(N_("in irons"), ("in irons",),
         N_("a sailing ship pointing into the wind: her sails flap and she may not move. Roll to see if she "
            "gets out.")),
    Word(N_("nef"), ("nef",), N_("in the Middle Ages, a common word for any big ship; the ships called Nef here "
                                 "are cogs or hulks.")),
    Word(N_("prize"), ("prize", "prizes"), N_("an enemy ship taken while she is grappled to one of your ships: "
                                              "the winners take her away.")),   # as the scoring counts it
    Word(N_("rake"), ("rake", "raking", "rakes"),
         N_("to fire from in front of or behind an enemy ship, along her whole length: the shots do more "
            "harm.")),
    Word(N_("roll off"), ("roll off", "roll-off"),
         N_("each captain rolls one die; the higher roll wins. Roll again on a tie.")),
    Word(N_("round ship"), ("round ship", "round ships"),
         N_("a tall, wide sailing ship with no oars, such as a cog or a hulk.")),
    Word(N_("skeg"), ("skeg",), N_("a strong wooden fin under the stern that protects the rudder.")),
    Word(N_("squadron"), ("squadron", "squadrons"), N_("a group of ships of one side that sail and fight "
                                                       "together under one leader.")),
    Word(N_("strike"), ("strike", "strikes", "struck"),
         N_("a ship strikes her colours (lowers her flag to give up) when her last hit circle is ticked: put a "
            "STRUCK marker beside her. She cannot move or fire."), "broadside"),
    Word(N_("strike"), ("strikes",),
         N_("a ship strikes (gives up) when her crew breaks while she is grappled, chained or aground: she is "
            "out of the fight. A ship \"struck\" in the bow or the stern is one that is hit there."), "sectors"),
    Word(N_("weather, lee"), ("(weather)", "weather side", "weather column", "lee", "(lee)"),
         N_("the weather side is the side the wind blows from; the lee side is the side it blows towards.")),
)

WORD_KEY = "words.glossary"       # its provenance: printgen's classroom explanation
PUPILS_OWN = ("captains.md.j2", "background.md.j2", "worksheet.md.j2", "score.md.j2", "records.md.j2")


def used_in(text: str, family: str = "") -> list[Word]:
    """The glossary's words (of the rule family) whose forms `text` (English) uses, in the glossary's order."""
    low = " ".join(text.lower().split())
    return [w for w in GLOSSARY if w.family in ("", family)
            and any(re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", low) for f in w.forms)]
