"""The sectors family's dice pools recomputed by printgen check's second methods (printgen.oracle), from
the ruleset's raw faces: no call into odds.py. The single rolls (chance_faces), the missile fire and the
guns (a volley's average and its chance of a hit); the damage table's cases stay the printing side's."""

from __future__ import annotations

from fractions import Fraction

from printgen import oracle as o


def _faces(rs, key: str) -> frozenset | None:
    """The faces listed at a ruleset key ("obstacles.sector.port", "guns.to_hit.short.hit")."""
    node = rs
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else getattr(node, part, None)
        if node is None:
            return None
    return frozenset(node) if isinstance(node, (list, tuple)) else None


def recompute(rs, fn: str, args: tuple) -> Fraction | None:
    """The value of derivation `fn(*args)` by a second method; None for one not recomputed here."""
    die = rs.ruleset.die
    if fn == "chance_faces":
        faces = _faces(rs, args[0])
        return None if faces is None else o.any_of(1, die, faces)
    if fn in ("missile_expected", "missile_any"):
        side, band, dice = args
        hits = frozenset(rs.missile.to_hit[side][band].hit)
    elif fn in ("guns_expected", "guns_any") and rs.guns is not None:
        band, dice = args
        hits = frozenset(rs.guns.to_hit[band].hit)
    else:
        return None
    return o.mean(dice, die, hits) if fn.endswith("_expected") else o.at_least(dice, die, hits, 1)
