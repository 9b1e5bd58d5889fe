"""Cut, fold and glue lines say what to do with the paper: a fold printed solid is cut through, a cut
printed dashed is folded. Each such line is traced with where it lies (printgen.draw.flatten.measured:
("meta", "line", "mast") is the fold between a piece's halves); the checker finds the path drawn
there in the PDF, reads its width and dash pattern back (pdfium) and compares them with what the
edition's theme draws for that kind of line, then measures where the line lies on its piece: folds
and inner cuts run across the piece from outline to outline, the masthead fold midway between the
tab folds (the sides then fold back to back), a card's cut lines meet end to end."""

from __future__ import annotations

import math

from printgen.check.discrepancy import Discrepancy

EDGES = ("cut", "fold", "glue")
TOL_PT = 0.72                       # 0.01 inch, as check/geometry.py: a line further off lies elsewhere
STYLE_TOL = 0.05                    # points: a width or a dash read back differs this much at most
WHERE = {"mast": "the fold at the mastheads", "tab": "a glue tab's fold", "base": "the cut between ship and base",
         "outline": "the outline", "glue": "the glue strip"}
CELL = 4.0                          # points: the grid the page's paths are found in


def check_lines(page, shapes: list[dict], edition: str, file: str, number: int) -> list[Discrepancy]:
    """Every traced cut, fold and glue line of the page: drawn where traced, in its style, where it belongs."""
    entries = [e for e in shapes if e["shape"]["edge"] in EDGES]
    if not entries:
        return []
    from printgen.draw.theme import theme

    paint = theme(edition).paint
    grid = _grid(page.paths)
    out, drawn = [], {}
    for e in entries:
        role, where = e["shape"]["edge"], _where(e)
        kind = "line" if "ends" in e["shape"] else "rect"
        styled = [(i, st) for i in _near(grid, page.paths, kind, e["bbox"]) if (st := page.line_style(i))]
        what = f"{WHERE.get(where, where)} ({role} line)"
        if not styled:
            out.append(Discrepancy(file, number, f"{what}: no line drawn where it lies (at ({e['bbox'][0]:.1f}, "
                                                 f"{e['bbox'][1]:.1f}) pt, to {TOL_PT / 72:.2f}\")", tuple(e["bbox"])))
            continue
        want = paint(role)
        ok = [i for i, st in styled if _same(st, (want.width, want.dash))]
        if not ok:
            got = styled[-1][1]                                  # the one drawn last, on top
            like = next((r for r in EDGES if r != role and paint(r).stroke and _same(got, (paint(r).width, paint(r).dash))), None)
            out.append(Discrepancy(file, number, f"{what} is drawn {_describe(got)}" + (f", as a {like} line" if like else "")
                                                 + f"; a {role} line is {_describe((want.width, want.dash))}",
                                   tuple(e["bbox"])))
            continue
        drawn[id(e)] = page.paths[ok[-1]]
    return out + _placed(entries, drawn, file, number)


def _where(e: dict) -> str:
    src = e["source"]
    return str(src[2]) if len(src) > 2 else ""


def _grid(paths) -> dict:
    grid: dict = {}
    for i, p in enumerate(paths):
        if p.kind in ("line", "rect"):
            grid.setdefault((p.kind, math.floor(p.x0 / CELL), math.floor(p.top / CELL)), []).append(i)
    return grid


def _near(grid: dict, paths, kind: str, box) -> list[int]:
    """The paths of `kind` whose box is the traced box to TOL_PT, in drawing order."""
    cx, cy = math.floor(box[0] / CELL), math.floor(box[1] / CELL)
    found = [i for dx in (-1, 0, 1) for dy in (-1, 0, 1) for i in grid.get((kind, cx + dx, cy + dy), ())]
    return sorted(i for i in found if all(abs(a - b) <= TOL_PT for a, b in zip(paths[i][:4], box)))


def _same(got: tuple, want: tuple) -> bool:
    (w1, d1), (w2, d2) = got, want
    return (abs(w1 - w2) <= STYLE_TOL and len(d1) == len(d2)
            and all(abs(a - b) <= STYLE_TOL for a, b in zip(d1, d2)))


def _describe(style: tuple) -> str:
    width, dash = style
    pattern = "solid" if not dash else "dashed [" + " ".join(f"{d:g}" for d in (round(v, 2) for v in dash)) + "]"
    return f"{pattern}, {round(width, 2):g} pt wide"


def _placed(entries: list[dict], drawn: dict, file: str, number: int) -> list[Discrepancy]:
    """Where each line lies, measured on the paths found: on its piece's outline, across it, the
    masthead fold midway between the tab folds; a card's outline closed."""
    out = []
    outlines = [drawn[id(e)] for e in entries if _where(e) == "outline" and id(e) in drawn and "ends" not in e["shape"]]
    loose = [drawn[id(e)] for e in entries if _where(e) == "outline" and id(e) in drawn and "ends" in e["shape"]]
    ends = [(x, y) for p in loose for x, y in ((p.x0, p.top), (p.x1, p.bottom))]
    for p in loose:                          # a line of a card's outline: both ends meet another's
        for x, y in ((p.x0, p.top), (p.x1, p.bottom)):
            if sum(1 for a, b in ends if abs(a - x) <= TOL_PT and abs(b - y) <= TOL_PT) < 2:
                out.append(Discrepancy(file, number, f"a cut line ends at ({x:.1f}, {y:.1f}) pt, where no other cut "
                                                     f"line of its outline meets it: the outline is open",
                                       (p.x0, p.top, p.x1, p.bottom)))
    pieces: dict[int, list] = {}
    for e in entries:
        if _where(e) == "outline" or id(e) not in drawn:
            continue
        p = drawn[id(e)]
        home = next((k for k, o in enumerate(outlines) if p.inside((o.x0, o.top, o.x1, o.bottom), TOL_PT)), None)
        what = WHERE.get(_where(e), _where(e))
        if home is None:
            out.append(Discrepancy(file, number, f"{what} lies outside every piece's cut outline",
                                   (p.x0, p.top, p.x1, p.bottom)))
            continue
        o = outlines[home]
        if p.kind == "line" and (abs(p.x0 - o.x0) > TOL_PT or abs(p.x1 - o.x1) > TOL_PT):
            out.append(Discrepancy(file, number, f"{what} runs from {p.x0:.1f} to {p.x1:.1f} pt, not across its piece "
                                                 f"(its outline: {o.x0:.1f} to {o.x1:.1f} pt)",
                                   (p.x0, p.top, p.x1, p.bottom)))
        pieces.setdefault(home, []).append((_where(e), p))
    for _home, lines in sorted(pieces.items()):
        tabs = sorted(p.top for w, p in lines if w == "tab")
        for w, p in lines:
            if w == "mast" and len(tabs) == 2 and abs(p.top - (tabs[0] + tabs[1]) / 2) > TOL_PT:
                out.append(Discrepancy(file, number, f"the fold at the mastheads lies at {p.top:.1f} pt, not midway "
                                                     f"between the tab folds ({(tabs[0] + tabs[1]) / 2:.1f} pt): the "
                                                     f"two sides would not fold back to back",
                                       (p.x0, p.top, p.x1, p.bottom)))
    return out
