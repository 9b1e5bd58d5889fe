"""How many hit circles (or structure boxes) a ship's piece must carry, found without the tracks()
that the sprite sheet draws from: each track names the ruleset entry its count comes from, and the
checker reads that entry itself -- a rule key from the ruleset file's own TOML text (not the model),
a derivation (a flagship's hit points) by the family's second method (printgen.check.oracle) -- so a
track that draws the wrong count fails. On the printed sheet, a flagship's piece must also carry at
least the marks of any other ship's of its type (the Trafalgar seed: a flagship is the stronger ship).
A rule key that the file leaves out is the model's default, read from the model (no second way there)."""

from __future__ import annotations

import tomllib
from functools import lru_cache

from printgen.check.discrepancy import Discrepancy


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
    from printgen.rules.trace import lookup
    from printgen.systems import system_of

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


def flagships_strongest(counts: dict[str, int], flagship: dict[str, bool], file: str, page: int,
                        kind: dict[str, str] | None = None) -> list[Discrepancy]:
    """Marks counted on the page: no flagship with fewer than another ship of its type on the page
    (a flagship cog is not a hulk; `kind`: each ship's type, None when all ships are alike)."""
    out = []
    for k, n in sorted(counts.items()):
        ships = [m for j, m in counts.items() if not flagship[j] and (kind or {}).get(j) == (kind or {}).get(k)]
        if flagship[k] and ships and n < max(ships):
            out.append(Discrepancy(file, page, f"{k}: a flagship with {n} marks on its base, fewer than another "
                                               f"ship's {max(ships)}"))
    return out
