"""How many hit circles (or structure boxes) a ship's piece must carry, found without the tracks()
that the sprite sheet draws from: each track names the ruleset entry its count comes from, and the
checker reads that entry itself -- a rule key from the ruleset file's own TOML text (not the model),
a derivation (a flagship's hit points) by the family's second method (printgen.oracle) -- so a
track that draws the wrong count fails. A rule key that the file leaves out is the model's default, read from the model (no second way there)."""

from __future__ import annotations

import tomllib
from functools import lru_cache

from printgen.registry import system_of
from printgen.rules.trace import lookup


def raw_rule(rs, key: str):
    """The value at dotted `key` in the ruleset file's TOML as written; None when the file is not known
    or does not spell the key (a value the model fills in)."""
    if not rs._file:
        return None
    node = _parsed(rs._file[1])
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


@lru_cache(maxsize=4)
def _parsed(text: str) -> dict:
    return tomllib.loads(text)


def expected_marks(rs, tracks: list) -> int | None:
    """The marks the tracks' own sources give; None if a derivation has no second method."""
    total = 0
    for t in tracks:
        s = t.source
        if s.fn == "rule":                          # a value the file leaves out is the model's default
            value = raw_rule(rs, s.args[0])
            value = lookup(rs, s.args[0]) if value is None else value
        else:
            value = system_of(rs).recompute(rs, s.fn, tuple(s.args))
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        total += value
    return total
