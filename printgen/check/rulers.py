"""A ruler's body measured back: its cut outline (traced where the rulers sheet draws it,
printgen.sheets.gauges.rulers) is as long as the rule distance it measures at the kit's scale (the
printed, rounded value, the sum of its rules for a stick whose furthest mark adds two) and as wide
as its rule (a base's side) or its strip, to 0.01 in, like the calibration square; a ruler cut into
pieces carries a glue tab at the end of each piece but the last, and its pieces join end to end
from zero to the ruler's length."""

from __future__ import annotations

from printgen.check.discrepancy import Discrepancy

TOL_PT = 0.72                     # 0.01 inch
EDGES = ("ruler", "tab")


def _what(frame: dict) -> str:
    k, n = frame["piece"]
    return frame["name"] + (f", piece {k} of {n}" if n > 1 else "")


def _rules(frame: dict) -> str:
    return " + ".join(":".join(str(a) for a in src) if src[0] != "rule" else f"rule:{src[1]}" for src in frame["reach"])


def length_pt(frame: dict, ruleset, measure) -> float:
    """The whole ruler's length in points: its rules' distances added, printed (rounded) at the kit's scale."""
    from printgen.rules.trace import Source, resolve

    return measure.printed_pt(sum(float(resolve(ruleset, Source.from_json(src))) for src in frame["reach"]))


def height_pt(frame: dict, ruleset, measure) -> float:
    """Its width across: a rule's distance exactly to scale (a base's side), or the strip printgen draws."""
    from printgen.rules.trace import Source, resolve

    if "across" in frame:
        return measure.pt(float(resolve(ruleset, Source.from_json(frame["across"]))))
    return float(frame["height"])


def check_bodies(page, shapes: list[dict], plan, file: str, number: int) -> list[Discrepancy]:
    """Each traced ruler body of the page: drawn (the outline drawn last at its top-left corner) as
    long as the stretch it carries and its tab, as wide as its rule; its tab drawn at its end."""
    rs, measure = plan.scenario.ruleset, plan.options.measure
    out = []
    for e in (e for e in shapes if e["shape"]["edge"] == "ruler"):
        frame, box, what = e["shape"], tuple(e["bbox"]), _what(e["shape"])
        try:
            h = height_pt(frame, rs, measure)
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, number, f"{what}: its width is {frame['across']}, which the rules lack"))
            continue
        a, b = frame["span"]
        w = b - a + frame["tab"]
        near = [p for p in page.paths if p.kind == "rect" and abs(p.x0 - box[0]) <= 3 * TOL_PT
                and abs(p.top - box[1]) <= 3 * TOL_PT]
        if not near:
            out.append(Discrepancy(file, number, f"{what}: no body drawn at ({box[0]:.1f}, {box[1]:.1f}) pt", box))
            continue
        body = near[-1]                                         # the cut outline, drawn over the strip
        if abs(body.w - w) > TOL_PT or abs(body.h - h) > TOL_PT:
            rule = f"{_rules(frame)} at the kit's scale" if frame["piece"][1] == 1 else "its stretch of the ruler"
            across = f"rule:{frame['across'][1]}" if "across" in frame else "its strip"
            tab = " and its glue tab" if frame["tab"] else ""
            out.append(Discrepancy(file, number, f"{what}: its body measures {body.w / 72:.2f} x {body.h / 72:.2f} in; "
                                                 f"it must measure {w / 72:.2f} x {h / 72:.2f} in ({rule}{tab}; "
                                                 f"{across}) to 0.01 in", box))
        if frame["tab"] and not _tab_at(page.paths, body, frame["tab"], h):
            out.append(Discrepancy(file, number, f"{what}: no glue tab ({frame['tab'] / 72:.2f} x {h / 72:.2f} in) "
                                                 f"drawn at its end, for the next piece to be glued over", box))
    return out


def _tab_at(paths, body, tab: float, h: float) -> bool:
    """A rectangle tab wide and h high at the right end of the body, as drawn."""
    return any(p.kind == "rect" and p is not body and abs(p.x1 - body.x1) <= TOL_PT and abs(p.top - body.top) <= TOL_PT
               and abs(p.w - tab) <= TOL_PT and abs(p.h - h) <= TOL_PT for p in paths)


def check_pieces(trace: list, plan, file: str) -> list[Discrepancy]:
    """A document's rulers, each whole: its pieces 1..n in order, joining end to end from zero to the
    length its rules give today, a tab on each but the last (the pages' traced bodies, read together)."""
    rulers: dict[str, list[tuple[int, dict]]] = {}
    for number, entries in enumerate(trace, start=1):
        for e in entries:
            if "shape" in e and e["shape"]["edge"] == "ruler":
                rulers.setdefault(e["shape"]["name"], []).append((number, e["shape"]))
    if not rulers:
        return []
    rs, measure = plan.scenario.ruleset, plan.options.measure
    out = []
    for name, pieces in rulers.items():
        first, frame = pieces[0]
        n = frame["piece"][1]
        if [f["piece"] for _, f in pieces] != [[k, n] for k in range(1, n + 1)]:
            got = ", ".join(str(f["piece"][0]) for _, f in pieces)
            out.append(Discrepancy(file, first, f"{name}: its pieces are {got}, not 1 to {n}"))
            continue
        try:
            want = length_pt(frame, rs, measure)
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, first, f"{name}: it measures {_rules(frame)}, which the rules no longer have"))
            continue
        at = 0.0
        for number, f in pieces:
            a, b = f["span"]
            last = f["piece"][0] == n
            if abs(a - at) > TOL_PT:
                out.append(Discrepancy(file, number, f"{_what(f)} starts {a / 72:.2f} in along the ruler, where the "
                                                     f"piece before ends {at / 72:.2f} in along"))
            if last == bool(f["tab"]):
                out.append(Discrepancy(file, number, f"{_what(f)}: " + ("its last piece carries a glue tab" if last
                                                                         else "no glue tab for the next piece")))
            at = b
        if abs(at - want) > TOL_PT:
            out.append(Discrepancy(file, pieces[-1][0], f"{name}: {at / 72:.2f} in long, the rules make it "
                                                        f"{want / 72:.2f} in ({_rules(frame)} at the kit's scale)"))
    return out
