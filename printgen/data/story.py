"""The story of the battle, in the scenario's own words (scenario.toml's optional [story]): what the
pupils read before the battle (why the fleets met, who led them, the plan, the wind; never how it
ended) and what the debrief tells after it (what happened, the sources, named in words).

    [[story.before]]   heading = "Why the fleets met", text = "..."   (the story page)
    [[story.after]]    heading = "What happened", text = "..."        (the debrief)
    [story]            approach = "..." (the story page's map), sources = ["...", ...]
                       turned = "..." (a table whose compass is not the real battle's: how it lies)

The words are data, so they are traced like a fleet's text: each word printed is checked against the
file (`story_word`). The story is history, told from the histories (docs/battles/): a reading mark
(of a damaged source) never stands on it; where the histories differ the words say so."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from printgen import limits
from printgen.rules.model import Strict
from printgen.rules.trace import lookup, plan_derivation

Words = Annotated[str, StringConstraints(min_length=1, max_length=limits.STORY_CHARS)]


class Part(Strict):
    heading: Annotated[str, StringConstraints(min_length=1, max_length=80)]
    text: Words


class Story(Strict):
    before: list[Part] = Field(default=[], max_length=8)
    after: list[Part] = Field(default=[], max_length=8)
    approach: Annotated[str, StringConstraints(max_length=400)] = ""              # what the story page's map shows
    # the table's compass where it is not the real battle's (the Nile: the table is turned), in the
    # pupils' words: the story page prints it for "North is up.", the deployment map points to it
    turned: Annotated[str, StringConstraints(max_length=400)] = ""
    sources: list[Annotated[str, StringConstraints(min_length=1, max_length=300)]] = Field(default=[], max_length=12)


def story_words(plan, key: str) -> list[str]:
    """The words of the scenario's text at `key` in the language of the document being drawn or
    checked (a message of the catalogue where it is translated: printgen.i18n.extract), split at
    spaces but never at a no-break space (French "partie\u00a0:" is one word)."""
    from printgen.i18n import _, words

    return words(_(str(lookup(plan.scenario.file, key))))


@plan_derivation
def story_word(plan, key: str, i: int) -> str:
    """The i-th word of the scenario's text at `key` ("story.before.0.text"), in the reader's language."""
    words = story_words(plan, key)
    return words[i] if i < len(words) else ""
