"""Drawn geometry measured against the rules. A sheet gives a shape a meaning (a ruler band ends at
the long range, a tick stands one inch further than the last, a bar is as tall as its chance:
printgen.draw.flatten.measured); the checker computes where that shape must be from the rules as they
are now, and looks for a path there in the PDF, read back by pdfium, to within TOL_PT."""

from __future__ import annotations

from printgen.check.numbers import Discrepancy
from printgen.rules.trace import Source, resolve

TOL_PT = 0.72                    # 0.01 inch: a length or a position drawn further off than this is wrong
KIND = {"start": "rect", "end": "rect", "mid": "rect", "height": "rect", "x": "line"}


def local_value(source: Source, shape: dict, ruleset, measure) -> float:
    """The length the meaning claims, in the shape's frame (points before its group's scale)."""
    if source.fn == "meta" and source.args[0] == "tick":
        return source.args[1] * measure.unit_pt()
    value = float(resolve(ruleset, source))
    if shape["edge"] == "height":
        return value * shape["per"]
    return measure.printed_pt(value)


def where(entry: dict, length: float) -> tuple[float, float, float, float]:
    """The page box the shape must occupy: its traced box, the measured edge put where the rules say."""
    x0, top, x1, bottom = entry["bbox"]
    s = entry["shape"]
    at = s["origin"][0] + s["scale"] * length
    edge = s["edge"]
    if edge == "start":
        return at, top, x1, bottom
    if edge == "end":
        return x0, top, at, bottom
    if edge == "mid":
        half = (x1 - x0) / 2
        return at - half, top, at + half, bottom
    if edge == "x":
        return at, top, at, bottom
    return x0, bottom - s["scale"] * length, x1, bottom            # height: the bar stands on its baseline


def _fits(p, box) -> bool:
    return (abs(p.x0 - box[0]) <= TOL_PT and abs(p.top - box[1]) <= TOL_PT and abs(p.x1 - box[2]) <= TOL_PT
            and abs(p.bottom - box[3]) <= TOL_PT)


def check_geometry(paths: list, shapes: list[dict], ruleset, measure, file: str, page: int) -> list[Discrepancy]:
    out = []
    for e in shapes:
        source = Source.from_json(e["source"])
        try:
            length = local_value(source, e["shape"], ruleset, measure)
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, page, f"a shape measures {source}, which the rules no longer have"))
            continue
        box = where(e, length)
        kind = KIND[e["shape"]["edge"]]
        if any(p.kind == kind and _fits(p, box) for p in paths):
            continue
        what = {"start": "starts", "end": "ends", "mid": "is centred", "x": "stands", "height": "is as tall as"}
        want = (f"{length * e['shape']['scale'] / 72:.2f}\" tall" if e["shape"]["edge"] == "height"
                else f"{length / 72:.2f}\" from its zero" if source.fn == "meta"
                else f"{measure.fmt(float(resolve(ruleset, source)))} from its zero")
        out.append(Discrepancy(file, page, f"{source}: no {kind} drawn where it {what[e['shape']['edge']]} {want} "
                                           f"(at ({box[0]:.1f}, {box[1]:.1f}) pt, to {TOL_PT / 72:.2f}\")",
                               tuple(e["bbox"])))
    return out
