"""The words a number is printed with. A table records, for each traced number, the traced labels
of its row and column (printgen.sheets.text.flow.paired); the checker reads each label's text like
a number's (numbers.check_page), and here verifies the pairing: a label with that source is printed
on the number's row band (left of it) or above it in its column. A page whose "Long" row carries the
short range's numbers, or whose side rows were swapped, fails on the label's text or on its place."""

from __future__ import annotations

from printgen.check.numbers import Discrepancy

ROW_TOL = 1.0          # points: a row label's band may differ this much from its number's (baselines agree)
CELL_GAP = 12.0        # points: numbers of one cell ("1/3 (33.3%)") stand closer than this; cells farther
LARGE_EM = 13.9        # points: a box this tall holds type of 14 pt, large print's (its distances grow with it)


def _on_row(label: list, number: list) -> bool:
    mid = (number[1] + number[3]) / 2
    return label[1] - ROW_TOL <= mid <= label[3] + ROW_TOL and label[0] <= number[0] + ROW_TOL


def _nearest_head(src: list, cell: list, heads: list, own: set) -> bool:
    """The cell's column head is, of the heads on the nearest head line above it, the one closest
    across (a head may carry words beside its number, so centres need not agree exactly); `own`:
    every traced word of the number's head cell ("Short, up to 6\"": the nearest may be either)."""
    above = [(s, b) for s, b in heads if b[3] <= cell[1] + ROW_TOL]
    if not above:
        return False
    near = 4 * CELL_GAP * _em(cell)
    mine = [b for s, b in above if s == tuple(src)
            and b[0] - near <= cell[2] and cell[0] <= b[2] + near]     # over the cell, not a card beside it
    if not mine:
        return False
    top = max(b[1] for b in mine)                                   # the nearest head line with this head
    row = [(s, b) for s, b in above if abs(b[1] - top) < 1]
    mid = (cell[0] + cell[2]) / 2
    nearest = min(row, key=lambda sb: abs((sb[1][0] + sb[1][2]) / 2 - mid))
    return nearest[0] in own


def _em(box: list) -> float:
    """How much larger than the standard sheets' table type (about 8.5 pt) a cell's type is, for a
    large-print page's (14 pt and more: its columns are as much wider); 1 for any other."""
    tall = box[3] - box[1]
    return tall / 8.5 if tall >= LARGE_EM else 1.0


def _cells(trace: list[dict]) -> dict[int, list[float]]:
    """id(entry) -> the box of its cell: the entries beside it on its line sharing its labels."""
    groups: dict[tuple, list[dict]] = {}
    for e in trace:
        if e.get("labels"):
            groups.setdefault((round(e["bbox"][1]), repr(e["labels"])), []).append(e)
    out: dict[int, list[float]] = {}
    for entries in groups.values():
        entries.sort(key=lambda e: e["bbox"][0])
        box: list[float] = []
        run: list[dict] = []
        for e in entries + [None]:
            if e is None or (box and e["bbox"][0] - box[2] > CELL_GAP):
                out.update({id(r): box for r in run})
                box, run = [], []
            if e is not None:
                box = [min(box[0], e["bbox"][0]), e["bbox"][1], max(box[2], e["bbox"][2]), e["bbox"][3]] if box \
                    else list(e["bbox"])
                run.append(e)
    return out


def check_pairs(trace: list[dict], file: str, page: int) -> list[Discrepancy]:
    """Discrepancies of one page: a number whose row or column label is not where the table put it."""
    by_source: dict[tuple, list[list]] = {}
    for e in trace:
        by_source.setdefault(tuple(e["source"]), []).append(e["bbox"])
    cells = _cells(trace)
    col = {tuple(s) for x in trace for a, s in x.get("labels", ()) if a == "col"}
    heads = [(tuple(e["source"]), e["bbox"]) for e in trace if tuple(e["source"]) in col]   # the page's column heads
    out = []
    for e in trace:
        for axis, src in e.get("labels", ()):
            boxes = by_source.get(tuple(src), [])
            if axis == "row":
                ok = any(_on_row(b, e["bbox"]) for b in boxes)
            else:
                ok = _nearest_head(src, cells[id(e)], heads, {tuple(x) for a, x in e["labels"] if a == "col"})
            if not ok:
                where = "on its row" if axis == "row" else "at the head of its column"
                out.append(Discrepancy(file, page, f"{_name(e['source'])} ('{e['text']}') is not printed with its "
                                                   f"label {_name(src)} {where}", tuple(e["bbox"])))
    return out


def _name(src: list) -> str:
    from printgen.rules.trace import Source

    return str(Source.from_json(src))
