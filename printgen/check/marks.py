"""How many hit circles (or structure boxes) a ship's piece must carry, found without the tracks()
that the sprite sheet draws from: each track names the ruleset entry its count comes from, and the
checker reads that entry itself -- a rule key from the ruleset file's own TOML text (not the model),
a derivation (a flagship's hit points) by the family's second method (printgen.check.oracle) -- so a
track that draws the wrong count fails. On the printed sheet, a flagship's piece must also carry at
least the marks of any other ship's (the seed: a flagship is the stronger ship)."""

from __future__ import annotations

import tomllib

from printgen.check.numbers import Discrepancy


def raw_rule(rs, key: str):
    """The value at dotted `key` in the ruleset file's TOML as written; None when the file is not known
    or does not spell the key (a value the model fills in)."""
    if not rs._file:
        return None
    node = tomllib.loads(rs._file[1])
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def expected_marks(rs, tracks: list) -> int | None:
    """The marks the tracks' own sources give; None if one of them cannot be read a second way."""
    from printgen.systems import system_of

    total = 0
    for t in tracks:
        s = t.source
        value = raw_rule(rs, s.args[0]) if s.fn == "rule" else system_of(rs).recompute(rs, s.fn, tuple(s.args))
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        total += value
    return total


def flagships_strongest(counts: dict[str, int], flagship: dict[str, bool], file: str, page: int) -> list[Discrepancy]:
    """Marks counted on the page: no flagship with fewer than another ship of the page."""
    ships = [n for k, n in counts.items() if not flagship[k]]
    return [Discrepancy(file, page, f"{k}: a flagship with {n} marks on its base, fewer than another ship's {max(ships)}")
            for k, n in sorted(counts.items()) if flagship[k] and ships and n < max(ships)]
