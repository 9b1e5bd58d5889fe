"""The teacher's own words with digits in them ("1st Division", "Nelson's 2 columns"): a squadron's
name or label, an engagement's title, a story's heading, any text of scenario.toml. Their digits are
the teacher's writing, not rule numbers, so the check traces them to the field that holds them (the
scenario file's `squadrons.Van.label`, say) instead of calling them numbers without a source.

Only a whole occurrence of such a text on the page vouches for its digits (spaces and line breaks
aside: a label wraps); a text that is nothing but a number vouches for nothing (it would cover every
such number on the page), and every traced number is still checked against its own source."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

_WORDY = re.compile(r"(?=.*\d)(?=.*[^\W\d_])", re.S)     # a digit and a letter at least


def own_words(scenario, lang: str = "en") -> list[tuple[str, str]]:
    """(the text without its spaces, where it is written: "scenario.toml: squadrons.Van.label"),
    longest first, for every text of the scenario file that holds a digit and a letter, in the
    kit's language too where the catalogue translates it."""
    if scenario is None:
        return []
    from printgen.i18n import translated

    found: dict[str, str] = {}
    where = scenario.path.name
    for field, text in _texts(scenario.file.model_dump(mode="json")):
        if not _WORDY.match(text):
            continue
        for said in {text, translated(lang, text) if lang != "en" else text}:
            found.setdefault("".join(said.split()), f"{where}: {field}")
    return sorted(found.items(), key=lambda kv: -len(kv[0]))


def _texts(value: Any, field: str = "", depth: int = 0) -> Iterator[tuple[str, str]]:
    """Every text of the data (a table's names too), with its dotted field."""
    if depth > 32:                                       # limits.NESTING: the file was read within it
        return
    if isinstance(value, str):
        yield field, value
    elif isinstance(value, dict):
        for k, v in value.items():
            here = f"{field}.{k}" if field else str(k)
            yield here, str(k)
            yield from _texts(v, here, depth + 1)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _texts(v, f"{field}.{i}", depth + 1)


def covered(text: str, words: list[tuple[str, str]]) -> list[bool]:
    """For each character of `text` (a page's characters in reading order), whether it lies in a
    whole occurrence of one of the teacher's texts (spaces in `text` skipped, as a wrapped label's)."""
    kept = [i for i, ch in enumerate(text) if not ch.isspace()]
    bare = "".join(text[i] for i in kept)
    out = [False] * len(text)
    for word, _ in words:
        start = bare.find(word)
        while start >= 0:
            for j in range(start, start + len(word)):
                out[kept[j]] = True
            start = bare.find(word, start + 1)
    return out


def uncovered_digits(text: str, words: list[tuple[str, str]]) -> list[str]:
    """The runs of digits of `text` that no occurrence of the teacher's texts accounts for."""
    if not words or not any(ch.isdigit() for ch in text):
        return re.findall(r"\d+", text)
    mask = covered(text, words)
    kept = "".join(" " if mask[i] else ch for i, ch in enumerate(text))
    return re.findall(r"\d+", kept)
