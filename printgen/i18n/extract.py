"""`pybabel extract` for the data files (babel.cfg names these functions): the words a ruleset
prints as its own (its [labels], the names of its sides, the phases of its turn, the sectors rules'
ship types, factors, damage effects and marker) and a scenario's
title become messages of the catalogue, as the templates' and the code's words do. Compass points
are not messages (printgen.i18n.numbers writes them); neither is anything else in the files: ship
and captain names, the sources' quotations and the stories stay as the sources have them.

Used by the tools only (Babel's extraction API): never imported when printing."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator

Found = tuple[int, str | None, str, list[str]]      # (line, function, message, comments), as Babel wants


def _line_of(text: str, value: str) -> int:
    """The first line of the file holding the quoted value (Babel sorts and cites by it)."""
    for n, line in enumerate(text.splitlines(), 1):
        if f'"{value}"' in line:
            return n
    return 1


def _compass(value: str) -> bool:
    return bool(value) and len(value) <= 3 and all(ch in "NESW" for ch in value)


def ruleset_words(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    """The printed words of a ruleset file: [labels] values, sides' names, sequence.phases, the states
    of [status_markers] (a marker prints its state's name)."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    found: list[tuple[str, str]] = []
    found += [(value, f"label {key}") for key, value in data.get("labels", {}).items()]
    found += [(side.get("name", ""), f"side {key}") for key, side in data.get("sides", {}).items()]
    found += [(side.get("shooters", ""), f"the shooters of side {key}") for key, side in data.get("sides", {}).items()]
    found += [(phase, "a phase of the turn") for phase in data.get("sequence", {}).get("phases", [])]
    found += [(state, "a state's marker") for state in data.get("status_markers", {}).get("per_ship", {})]
    found += _reasons(data)
    found += _rule_text(data)
    if options.get("nations"):            # a ruleset whose documents name a ship's nation (babel.cfg)
        found += [(n, f"a nation of side {key}") for key, side in data.get("sides", {}).items()
                  for n in side.get("nations", [])]
    for value, what in found:
        if isinstance(value, str) and value and not _compass(value):
            yield _line_of(text, value), None, value, [f"ruleset: {what}"]


def _reasons(data: dict) -> list[tuple[str, str]]:
    """Each [provenance] entry's reason (`why`: the teacher's sheet lists every mark with it) and its
    `original`, the source's own words: printed as the source has them, a translation beside them."""
    entries = [(key, entry) for key, entry in data.get("provenance", {}).items() if isinstance(entry, dict)]
    return [(entry.get("why", ""), f"the reason of the mark {key}") for key, entry in entries] + \
        [(entry.get("original", ""), f"the source's words at the mark {key}: the teacher's sheet prints them as "
          "the source has them, this translation beside them") for key, entry in entries]
def _rule_text(data: dict) -> list[tuple[str, str]]:
    """The rule text a ruleset prints as its own words (the sectors rules): ship types' names, the
    factors of a modifier table, the damage table's effects, the obstacles' marker."""
    found = [(t.get("name", ""), f"ship type {key}") for key, t in data.get("types", {}).items() if isinstance(t, dict)]
    for table, entry in data.items():
        mods = entry.get("modifiers", {}) if isinstance(entry, dict) else {}
        found += [(m.get("text", ""), f"{table} factor {key}") for key, m in mods.items() if isinstance(m, dict)]
    found += [(row.get("effect", ""), "a damage table's effect")
              for row in data.get("damage", []) if isinstance(row, dict)]
    marker = data.get("obstacles", {}).get("marker")
    found += [(marker, "the obstacles' marker")] if isinstance(marker, str) else []
    return found


def scenario_title(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    """A scenario's title (the header of every page): its date in the reader's words; its squadrons'
    names (the placement table's groups)."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    title = data.get("scenario", {}).get("title")
    if isinstance(title, str) and title:
        yield _line_of(text, title), None, title, ["scenario title: the date in the reader's words"]
    for squadron in data.get("squadrons", {}).values():          # the placement table's group titles
        label = squadron.get("label") if isinstance(squadron, dict) else None
        if isinstance(label, str) and label:
            yield _line_of(text, label), None, label, ["a squadron's name (the placement table)"]


def scenario_story(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    """A scenario whose story page is translated (babel.cfg names it): its title and squadrons as
    scenario_title's, the story before the battle (its headings, its texts, the map's caption), its
    games' titles and stories (the lesson plan), the history after it and its sources (the debrief)."""
    import io

    raw = fileobj.read()
    yield from scenario_title(io.BytesIO(raw), keywords, comment_tags, options)
    text = raw.decode("utf-8")
    story = tomllib.loads(text).get("story", {})
    parts = [(p.get("heading"), "a heading of the story before the battle") for p in story.get("before", [])]
    parts += [(p.get("text"), "the story before the battle") for p in story.get("before", [])]
    parts += [(story.get("approach"), "the story page's map"), (story.get("turned"), "how the table is turned")]
    parts += _reasons(tomllib.loads(text))
    data = tomllib.loads(text)                      # the lesson plan's games and the debrief's history
    for key, e in data.get("engagements", {}).items():
        parts += [(e.get("title"), f"engagement {key}: title"), (e.get("story"), f"engagement {key}: story")]
    parts += [(p.get("title"), f"preset {key}") for key, p in data.get("presets", {}).items()]
    parts += [(p.get("heading"), "a heading of the history (the debrief)") for p in story.get("after", [])]
    parts += [(p.get("text"), "the history (the debrief)") for p in story.get("after", [])]
    parts += [(s, "a source, named in words (the debrief)") for s in story.get("sources", [])]
    for value, what in parts:
        if isinstance(value, str) and value:
            line = next((n for n, row in enumerate(text.splitlines(), 1) if value[:60] in row), 1)
            yield line, None, value, [what]


def scenario_words(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    """A scenario's printed words besides its title (a scenario whose documents are translated:
    babel.cfg): its squadrons' labels, its engagements' titles and stories, its presets' titles,
    its terrain's names and its history ([story]). Ship and captain names are the fleet's
    (ships.csv), never messages."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    found: list[tuple[str, str]] = []
    title = data.get("scenario", {}).get("title")
    found += [(title, "scenario title: the date in the reader's words")] if isinstance(title, str) else []
    found += [(sq.get("label", ""), f"squadron {key}") for key, sq in data.get("squadrons", {}).items()]
    for key, e in data.get("engagements", {}).items():
        found += [(e.get("title", ""), f"engagement {key}: title"), (e.get("story", ""), f"engagement {key}: story")]
    found += [(p.get("title", ""), f"preset {key}") for key, p in data.get("presets", {}).items()]
    found += [(t.get("name", ""), f"terrain ({t.get('kind', '')})") for t in data.get("terrain", [])]
    story = data.get("story", {})
    for when in ("before", "after"):                # the history
        for i, part in enumerate(story.get(when, [])):
            found += [(part.get("heading", ""), f"story {when} {i}: heading"),
                      (part.get("text", ""), f"story {when} {i}")]
    found += [(story.get("approach", ""), "story: the approach map's words"),
              (story.get("turned", ""), "story: how the table is turned")]
    found += [(s, "a source, named in words (the debrief; a book's title stays)") for s in story.get("sources", [])]
    found += _reasons(data)                         # the teacher's sheet lists every mark with its reason
    for value, what in found:
        if isinstance(value, str) and value:
            yield _line_of(text, value), None, value, [what]


def fleet_words(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    """A fleet's words that are not names (babel.cfg names the fleets whose documents are translated):
    each ship's fate and its flag officer's rank and fate (printgen.i18n.FLEET_WORDS); the
    names in them stay as the sources have them."""
    import csv
    import io

    from printgen.i18n import FLEET_NOTES, FLEET_WORDS, fleet_note, fleet_rank

    text = fileobj.read().decode("utf-8")
    seen: set[str] = set()
    for n, row in enumerate(csv.DictReader(io.StringIO(text)), 2):
        for column in FLEET_WORDS + FLEET_NOTES:
            value = (row.get(column) or "").strip()
            words = [fleet_note(value)[1], fleet_rank(fleet_note(value)[0])[0]] if column in FLEET_NOTES else [value]
            for value in words:
                if value and value not in seen:
                    seen.add(value)
                    yield n, None, value, [f"the fleet's {column} column (a ship's name in it stays)"]
