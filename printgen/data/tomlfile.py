"""Read a TOML data file and turn validation errors into problems that name the file and line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from printgen.errors import PrintgenError, Problem

M = TypeVar("M", bound=BaseModel)

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")


def read_toml(path: Path) -> tuple[dict, str]:
    if not path.is_file():
        raise PrintgenError(Problem("file not found", file=path,
                                    fix="check the name in scenario.toml, or run `printgen list`"))
    text = path.read_text(encoding="utf-8-sig")
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise PrintgenError(Problem(f"is not valid TOML ({e})", file=path,
                                    line=int(m.group(1)) if m else None,
                                    fix="compare with the built-in file; strings need quotes, lists [a, b]")) from None


def locate(text: str, loc: tuple) -> int | None:
    """Best line for a validation error at `loc` (e.g. ('shooting', 'to_hit', 'long', 'hit', 0)).

    Walks table headers and keys; good enough to point a teacher at the right line, and None
    rather than a wrong line when unsure.
    """
    names = [str(p) for p in loc if not isinstance(p, int)]
    best, best_depth = None, -1
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
        depth = _common(path, names)
        if depth == len(path) and depth > best_depth:
            best, best_depth = number, depth
    return best


def _common(path: list[str], names: list[str]) -> int:
    n = 0
    for a, b in zip(path, names):
        if a != b:
            break
        n += 1
    return n


def validate(model: type[M], data: dict, path: Path, text: str, fix: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            loc = tuple(err["loc"])
            field = ".".join(str(p) for p in loc if not str(p).startswith("function-"))
            problems.append(Problem(_message(err), file=path, line=locate(text, loc), field=field or None, fix=fix))
        raise PrintgenError(problems) from None


def _message(err: dict) -> str:
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] == "missing":
        return "is missing"
    if err["type"] == "extra_forbidden":
        return "is not a setting printgen knows (misspelt?)"
    return msg
