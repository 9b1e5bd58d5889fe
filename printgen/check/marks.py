"""On the printed sheet, a flagship's piece must carry at least the marks of any other ship's of its
type (the Trafalgar seed: a flagship is the stronger ship). How many marks each piece carries is
read a second way by printgen.rules.marks."""

from __future__ import annotations

from printgen.check.discrepancy import Discrepancy


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
