"""Drawn marks that carry a rule, measured back from the PDF (pdfium):
- a track's row on a captain or record card (traced as an area, printgen.sheets.pieces.tracks) holds
  as many hit circles or boxes as the rules give its ship, read a second way (rules/marks.py);
- a flagship's piece carries its stars and no other piece carries one (the star's place is traced, the
  ship it belongs to is the one named on the same piece, whose flag the fleet gives now);
- the calibration square measures one unit of the kit's measure (1 in or 2 cm) to 0.01 in.
A mark a later shape covers counts as not drawn (check/covered.py), and is named."""

from __future__ import annotations

from printgen.check.discrepancy import Discrepancy

TOL_PT = 0.72                     # 0.01 inch
EDGES = ("marks", "star", "calibration")


def check_marks(page, shapes: list[dict], names: list[dict], plan, file: str, number: int) -> list[Discrepancy]:
    """`shapes`: the page's traced shapes; `names`: its traced ship names (where each piece is named)."""
    by_edge: dict[str, list] = {}
    for e in shapes:
        by_edge.setdefault(e["shape"]["edge"], []).append(e)
    out = []
    if "calibration" in by_edge:
        out += _calibration(page.paths, by_edge["calibration"], plan.options.measure, file, number)
    if "marks" in by_edge:
        out += _tracks(page, by_edge["marks"], plan, file, number)
    outlines = [e for e in by_edge.get("cut", ()) if e["source"][2:] == ["outline"] and "ends" not in e["shape"]]
    if "star" in by_edge or outlines:
        out += _stars(page, by_edge.get("star", []), outlines, names, plan, file, number)
    return out


def _calibration(paths, entries: list[dict], measure, file: str, number: int) -> list[Discrepancy]:
    from printgen.units import PT_PER_CM, PT_PER_IN

    side, says = (PT_PER_IN, "1 in") if measure.units == "in" else (2 * PT_PER_CM, "2 cm")
    out = []
    for e in entries:
        x0, top, x1, bottom = e["bbox"]
        near = [p for p in paths if p.kind == "rect" and abs(p.x0 - x0) <= 3 * TOL_PT and abs(p.bottom - bottom) <= 3 * TOL_PT]
        if any(abs(p.w - side) <= TOL_PT and abs(p.h - side) <= TOL_PT for p in near):
            continue
        got = (f"measures {near[-1].w / 72:.2f} x {near[-1].h / 72:.2f} in" if near
               else f"is not drawn at ({x0:.1f}, {top:.1f}) pt")
        out.append(Discrepancy(file, number, f"the calibration square {got}; it must measure {says} "
                                             f"({side / 72:.2f} in) to 0.01 in", tuple(e["bbox"])))
    return out


def _in_row(paths, box, mark: str) -> list:
    """The marks (circles, or square boxes) inside the row's box."""
    x0, top, x1, bottom = box
    kind = "circle" if mark == "circle" else "rect"
    return [p for p in paths if p.kind == kind and p.inside(box, TOL_PT) and abs(p.w - p.h) < 0.5
            and p.w < bottom - top + TOL_PT]


def _counted(marks: list, hidden: dict) -> int:
    """The marks not hidden: a mark painted as fill and outline counts once."""
    return len({(round(p.x0), round(p.top)) for p in marks} - {(round(p.x0), round(p.top)) for p in hidden})


def _hidden(who: str, hidden: dict, file: str, number: int) -> list[Discrepancy]:
    from printgen.check.covered import FIX, mark_words

    seen, out = set(), []
    for p, why in hidden.items():
        if (round(p.x0), round(p.top)) not in seen:
            seen.add((round(p.x0), round(p.top)))
            out.append(Discrepancy(file, number, f"{who}: a {mark_words(p)} at ({p.x0:.0f}, {p.top:.0f}) pt is "
                                                 f"covered: {why}, {FIX}", (p.x0, p.top, p.x1, p.bottom)))
    return out


def _tracks(page, entries: list[dict], plan, file: str, number: int) -> list[Discrepancy]:
    from types import SimpleNamespace

    from printgen.check.covered import covered
    from printgen.rules.marks import expected_marks
    from printgen.rules.trace import Source, resolve
    from printgen.rules.tracks import tracks

    rs = plan.scenario.ruleset
    ships = {s.key: s for s in plan.scenario.fleet.ships}
    out = []
    for e in entries:
        source, frame = Source.from_json(e["source"]), e["shape"]
        unit = "hit circles" if frame.get("mark") == "circle" else "boxes"
        who = frame.get("ship") or "a row"
        try:
            want = expected_marks(rs, [SimpleNamespace(source=source)])
            want = int(resolve(rs, source)) if want is None else want
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, number, f"{who}: a track counts {source}, which the rules no longer have"))
            continue
        marks = _in_row(page.paths, e["bbox"], frame.get("mark", "circle"))
        hidden = covered(page, marks)
        out += _hidden(who, hidden, file, number)
        got = _counted(marks, hidden)
        if got != want:
            out.append(Discrepancy(file, number, f"{who}: {got} {unit} on its track, the rules give {want} ({source})",
                                   tuple(e["bbox"])))
        ship = ships.get(frame.get("ship") or "")
        if ship is not None and source not in {t.source for t in tracks(rs, ship)}:
            out.append(Discrepancy(file, number, f"{ship.key}: its track counts {source}, not one of the ship's own "
                                                 f"({', '.join(str(t.source) for t in tracks(rs, ship))})",
                                   tuple(e["bbox"])))
    return out


def _is_star(p) -> bool:
    return p.kind == "star" and 0.9 < p.w / max(p.h, 1e-6) < 1.2


def _stars(page, stars: list[dict], outlines: list[dict], names: list[dict], plan, file: str,
           number: int) -> list[Discrepancy]:
    """On each piece (a traced cut outline): as many stars drawn as traced, and stars only on a
    flagship's, at least one there; no star drawn where none is traced. A star covered is not drawn."""
    from printgen.check.covered import covered

    ships = {s.key: s for s in plan.scenario.fleet.ships}
    every = [p for p in page.paths if _is_star(p)]
    hidden = covered(page, every)
    drawn = {(round(p.x0), round(p.top)): p for p in every if p not in hidden}        # fill and outline: one star
    out = []
    for e in stars:                                      # each traced star is drawn where traced
        x0, top, x1, bottom = e["bbox"]
        if not any(abs(p.x0 - x0) <= TOL_PT and abs(p.top - top) <= TOL_PT and abs(p.x1 - x1) <= TOL_PT
                   and abs(p.bottom - bottom) <= TOL_PT for p in drawn.values()):
            out.append(Discrepancy(file, number, f"a flagship's star is not drawn where it lies (at ({x0:.1f}, "
                                                 f"{top:.1f}) pt)", tuple(e["bbox"])))
    for o in outlines:
        box = o["bbox"]
        inside = {n["source"][1] for n in names if box[0] <= (n["bbox"][0] + n["bbox"][2]) / 2 <= box[2]
                  and box[1] <= (n["bbox"][1] + n["bbox"][3]) / 2 <= box[3]}
        if len(inside) != 1:
            continue                                     # a piece without one name: the names' check says so
        key = inside.pop()
        ship = ships.get(key)
        if ship is None:
            continue
        out += _hidden(key, {p: why for p, why in hidden.items() if p.inside(box, TOL_PT)}, file, number)
        got = sum(1 for p in drawn.values() if p.inside(box, TOL_PT))
        traced = sum(1 for e in stars if _within(e["bbox"], box))
        if ship.flagship and (got == 0 or got != traced):
            out.append(Discrepancy(file, number, f"{key}: a flagship whose piece carries {got} star"
                                                 f"{'' if got == 1 else 's'}" + (f", {traced} traced" if traced else ""),
                                   tuple(box)))
        elif not ship.flagship and (got or traced):
            out.append(Discrepancy(file, number, f"{key}: not a flagship, but its piece carries {max(got, traced)} "
                                                 f"star{'' if max(got, traced) == 1 else 's'}", tuple(box)))
    return out


def _within(b, box) -> bool:
    return box[0] - TOL_PT <= b[0] and box[1] - TOL_PT <= b[1] and b[2] <= box[2] + TOL_PT and b[3] <= box[3] + TOL_PT
