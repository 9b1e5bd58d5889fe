"""Read a TOML data file and turn validation errors into problems that name the file and line."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from printgen import limits
from printgen.files import text as texts
from printgen.errors import PrintgenError, Problem

M = TypeVar("M", bound=BaseModel)

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")


def read_toml(path: Path) -> tuple[dict, str]:
    if not path.exists():                # a folder or a pipe of that name is read_bounded's to name
        raise PrintgenError(Problem("file not found", file=path,
                                    fix="check the name in scenario.toml, or run `printgen list`"))
    raw = read_bounded(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PrintgenError(Problem("is not UTF-8 text; save as UTF-8", file=path, line=raw[: e.start].count(b"\n") + 1,
                                    fix="in your text editor choose 'Save as' with the encoding UTF-8")) from None
    from printgen.reading import deep_toml

    if why := deep_toml(text):                  # before the parser, which recurses once a level
        raise PrintgenError(Problem(why, file=path, fix="a scenario or ruleset nests a few levels: "
                                    "compare with the built-in file")) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise PrintgenError(Problem(f"is not valid TOML ({texts.snippet(str(e), 120)})", file=path,
                                    line=int(m.group(1)) if m else None,
                                    fix="compare with the built-in file; strings need quotes, lists [a, b]")) from None
    problems: list[Problem] = []
    data = _clean(data, (), path, text, problems)
    if problems:
        raise PrintgenError(problems)
    return data, text


def read_bounded(path: Path) -> bytes:
    """A data file's bytes, refused when larger than any real one could be, or not a plain file (a
    pipe would wait for ever; a teacher's own data may be a link, and is followed)."""
    from printgen import reading

    try:
        return reading.read_bytes(path, limits.FILE_BYTES, follow=True)
    except reading.Unreadable as e:
        size = e.why.startswith("is ") and "bytes" in e.why
        raise PrintgenError(Problem(e.why, file=path, fix="is it the right file? a fleet or a ruleset is a few kilobytes"
                                    if size else "give the scenario's own file")) from None


def _clean(value, loc: tuple, path: Path, text: str, problems: list[Problem]):
    """The parsed data with every text normalised (NFC, spaces, ligatures: printgen.files.text); non-finite numbers and unprintable texts
    (keys too: squadron and type names print) become problems naming the field."""
    def bad(what: str, fix: str):
        problems.append(Problem(what, file=path, line=locate(text, loc), field=".".join(map(str, loc)) or None, fix=fix))

    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            key = texts.normal(k)
            if why := texts.problem(key, limits.KEY_CHARS):
                problems.append(Problem(f"the name {why}", file=path, line=locate(text, loc + (k,)),
                                        field=".".join(map(str, loc + (k,))), fix=texts.fix_of(why)))
            out[key] = _clean(v, loc + (k,), path, text, problems)
        return out
    if isinstance(value, list):
        return [_clean(v, loc + (i,), path, text, problems) for i, v in enumerate(value)]
    if texts.non_finite(value):
        bad(f"{value} is not a number", "write a number, e.g. 6 or 1.5")
    elif isinstance(value, str):
        value = texts.normal(value)
        if why := texts.problem(value, limits.STORY_CHARS if loc[:1] == ("story",) else limits.TEXT_CHARS):
            bad(why, texts.fix_of(why))
    return value


def locate(text: str, loc: tuple) -> int | None:
    """Best line for a validation error at `loc` (e.g. ('shooting', 'to_hit', 'long', 'hit', 0)).

    Walks table headers and keys; good enough to point a teacher at the right line, and None
    rather than a wrong line when unsure.
    """
    names = tuple(str(p) for p in loc if not isinstance(p, int))
    index = _lines(text)
    for depth in range(len(names), 0, -1):
        if (number := index.get(names[:depth])) is not None:
            return number
    return None


@lru_cache(maxsize=8)
def _lines(text: str) -> dict[tuple[str, ...], int]:
    """The first line of each table header and key path, read once per file (thousands of errors
    are located in an instant)."""
    index: dict[tuple[str, ...], int] = {}
    table: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0]
        if m := _HEADER.match(line):
            table = [p.strip().strip('"') for p in m.group(1).split(".")]
            path = table
        elif m := _KEY.match(line):
            path = table + [m.group(1).strip('"')]
        else:
            continue
        index.setdefault(tuple(path), number)
    return index


def validate(model: type[M], data: dict, path: Path, text: str, fix: str) -> M:
    try:
        result = model.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            loc = tuple(err["loc"])
            field = ".".join(str(p) for p in loc if not str(p).startswith("function-"))
            problems.append(Problem(_message(err), file=path, line=locate(text, loc), field=field or None, fix=fix))
        raise PrintgenError(problems) from None
    if wrong := list(_truth_as_number(data, result.model_dump(by_alias=True))):
        raise PrintgenError([Problem(f"{'true' if value else 'false'} is not a number", file=path, line=locate(text, loc),
                                     field=".".join(map(str, loc)), fix="write a number, e.g. 6 (true and false are "
                                     "for yes-or-no settings)") for loc, value in wrong])
    return result


def _truth_as_number(given, kept, loc: tuple = ()):
    """(where, value) of each true or false the model took as a number (pydantic reads `ships = true`
    as 1): a yes-or-no where a count belongs is a mistake to name, not a 1."""
    if isinstance(given, bool):
        if isinstance(kept, (int, float)) and not isinstance(kept, bool):
            yield loc, given
    elif isinstance(given, dict) and isinstance(kept, dict):
        for k, v in given.items():
            if k in kept:
                yield from _truth_as_number(v, kept[k], loc + (k,))
    elif isinstance(given, list) and isinstance(kept, (list, tuple)) and len(given) == len(kept):
        for i, (v, w) in enumerate(zip(given, kept)):
            yield from _truth_as_number(v, w, loc + (i,))


_BOUNDS = {"less_than_equal": "at most {le}", "less_than": "less than {lt}", "greater_than_equal": "at least {ge}",
           "greater_than": "more than {gt}", "string_too_long": "at most {max_length} characters",
           "string_too_short": "at least {min_length} characters", "too_long": "at most {max_length}",
           "too_short": "at least {min_length}"}


def _message(err: dict) -> str:
    if err["type"] in _BOUNDS:
        given = err.get("input")
        shown = f"{len(given)} entries" if isinstance(given, (list, dict)) else texts.snippet(repr(given), 40)
        return (f"{shown} is out of range: it must be {_BOUNDS[err['type']].format(**err.get('ctx', {}))}"
                + (" (printgen's limits, and why, are in printgen/limits.py)" if err["type"] in
                   ("less_than_equal", "string_too_long", "too_long") else ""))
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] == "missing":
        return "is missing"
    if err["type"] == "extra_forbidden":
        return "is not a setting printgen knows (misspelt?)"
    return msg
