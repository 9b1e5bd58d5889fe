"""The words a number is printed with. A table records, for each traced number, the traced labels
of its row and column (printgen.sheets.text.flow.paired); the checker reads each label's text like
a number's (numbers.check_page), and here verifies the pairing: a label with that source is printed
on the number's row band (left of it) or above it in its column. A page whose "Long" row carries the
short range's numbers, or whose side rows were swapped, fails on the label's text or on its place."""

from __future__ import annotations

from printgen.check.numbers import Discrepancy

ROW_TOL = 1.0          # points: a row label's band may differ this much from its number's (baselines agree)


def _on_row(label: list, number: list) -> bool:
    mid = (number[1] + number[3]) / 2
    return label[1] - ROW_TOL <= mid <= label[3] + ROW_TOL and label[0] <= number[0] + ROW_TOL


def _in_column(label: list, cell: list) -> bool:
    mid = (label[0] + label[2]) / 2                 # a head is centred over its cell (fraction and percentage)
    return cell[0] - ROW_TOL <= mid <= cell[2] + ROW_TOL and label[3] <= cell[1] + ROW_TOL


def check_pairs(trace: list[dict], file: str, page: int) -> list[Discrepancy]:
    """Discrepancies of one page: a number whose row or column label is not where the table put it."""
    by_source: dict[tuple, list[list]] = {}
    for e in trace:
        by_source.setdefault(tuple(e["source"]), []).append(e["bbox"])
    cells: dict[tuple, list[float]] = {}           # the numbers of one cell share their labels and line
    for e in trace:
        if e.get("labels"):
            key = (round(e["bbox"][1]), repr(e["labels"]))
            box = cells.setdefault(key, list(e["bbox"]))
            box[0], box[2] = min(box[0], e["bbox"][0]), max(box[2], e["bbox"][2])
    out = []
    for e in trace:
        for axis, src in e.get("labels", ()):
            boxes = by_source.get(tuple(src), [])
            if axis == "row":
                ok = any(_on_row(b, e["bbox"]) for b in boxes)
            else:
                ok = any(_in_column(b, cells[(round(e["bbox"][1]), repr(e["labels"]))]) for b in boxes)
            if not ok:
                where = "on its row" if axis == "row" else "at the head of its column"
                out.append(Discrepancy(file, page, f"{_name(e['source'])} ('{e['text']}') is not printed with its "
                                                   f"label {_name(src)} {where}"))
    return out


def _name(src: list) -> str:
    from printgen.rules.trace import Source

    return str(Source.from_json(src))
