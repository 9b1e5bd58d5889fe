"""The table-size map's sheets measured against deployment.json. Each sheet prints which tile of the
table it is ("row D of 11, column 2 of 9", under its name); the kit's tiling of the table
(printgen.sheets.maps.tiled_map.plan_tiles: the sheets' printed area and their overlap, from the
paper and the table) gives where the table lies on that sheet, and every base of deployment.json that
reaches the sheet must be drawn there: each of its corners inside the sheet's printed area is a
corner of a drawn outline (a base cut at the sheet's edge is drawn to the edge), to within TOL_IN on
the table. A base moved, a sheet drawn for another tile, or a sheet shifted on its page fails.
Read from the PDF paths by pdfium, as the deployment map is (printgen/check/deployment.py)."""

from __future__ import annotations

import re

from printgen.check.deployment import CELL_PT, _outlines, base_size, corners, deployment_file
from printgen.check.discrepancy import Discrepancy
from printgen.units import CM_PER_GAME_IN

TOL_IN = 0.02
LABEL = re.compile(r"row ([A-Z]+) of (\d+), column (\d+) of (\d+)")


def label_pattern(lang: str) -> re.Pattern:
    """What a sheet prints of its tile, in the kit's language (the sheet's own message,
    tiled_map.TILE_LABEL, its values in the order the translation puts them)."""
    if lang == "en":
        return LABEL
    from printgen.i18n import translated
    from printgen.sheets.maps.tiled_map import TILE_LABEL

    groups = {"row": "(?P<row>[A-Z]+)", "rows": r"(?P<rows>\d+)", "column": r"(?P<column>\d+)",
              "columns": r"(?P<columns>\d+)"}
    pieces = re.split(r"%\((\w+)\)s", translated(lang, TILE_LABEL))
    text = [r"\s*".join(re.escape(w) for w in re.split(r"\s+", p)) for p in pieces[::2]]   # any space read back
    names = pieces[1::2] + [""]
    return re.compile("".join(t + (groups[name] if name else "") for t, name in zip(text, names, strict=True)))


def row_index(name: str) -> int:
    """A -> 0, Z -> 25, AA -> 26 (the sheets' row names)."""
    n = 0
    for ch in name:
        n = n * 26 + ord(ch) - 64
    return n - 1


def check_tiles(page, plan, file: str, n: int) -> list[Discrepancy]:
    """One sheet of the table-size map (the index sheet, page 1, has no tile of its own)."""
    from printgen.sheets.maps.tiled_map import plan_tiles

    found = label_pattern(getattr(plan.options, "lang", "en")).search(page.text())
    if found is None:
        return [] if n == 1 else [Discrepancy(file, n, "the sheet does not say which row and column of the table it is")]
    m = (None, found["row"], found["rows"], found["column"], found["columns"]) if found.re is not LABEL else found
    tiles = plan_tiles(plan.deployment, plan.options)
    r, c = row_index(m[1]), int(m[3]) - 1
    if (int(m[2]), int(m[4])) != (tiles.rows, tiles.cols) or not (0 <= r < tiles.rows and 0 <= c < tiles.cols):
        return [Discrepancy(file, n, f"the sheet says row {m[1]} of {m[2]}, column {m[3]} of {m[4]}; the table "
                                     f"takes {tiles.rows} rows and {tiles.cols} columns of sheets")]
    data = deployment_file(plan)[1]
    inch = CM_PER_GAME_IN if data["units"] == "cm" else 1.0
    view = tiles.view(r, c)
    k = view.w / data["table"]["east_west"]                 # page points per print unit (the table at 1:1)
    tol = TOL_IN * inch * k
    x0, y0, x1, y1 = tiles.clip()
    cells: dict[tuple[int, int], list] = {}
    for pts in _outlines(page.page, page.height, tuple(range(3, 17))):
        for x, y in pts:
            cells.setdefault((int(x // CELL_PT), int(y // CELL_PT)), []).append((x, y))

    def drawn(x: float, y: float) -> bool:
        return any(abs(x - gx) <= tol and abs(y - gy) <= tol
                   for i in (-1, 0, 1) for j in (-1, 0, 1)
                   for gx, gy in cells.get((int(x // CELL_PT) + i, int(y // CELL_PT) + j), ()))

    out = []
    for p in data["placements"]:
        want = corners(p, base_size(p, plan, inch), view.x0, view.y0 + view.h, k)
        inside = [q for q in want if x0 + tol < q[0] < x1 - tol and y0 + tol < q[1] < y1 - tol]
        if inside and not all(drawn(*q) for q in inside):
            cx, cy = sum(q[0] for q in inside) / len(inside), sum(q[1] for q in inside) / len(inside)
            out.append(Discrepancy(file, n, f"{p['ship']}: its base is not drawn at x {p['x']:g}, y {p['y']:g} "
                                            f"{data['units']}, heading {p['heading_deg']:g}° as deployment.json "
                                            f"places it (to {TOL_IN:g}\" on the table)", (cx - 4, cy - 4, cx + 4, cy + 4)))
    return out
