"""Drawn geometry measured against the rules. A sheet gives a shape a meaning (a ruler band ends at
the long range, a tick stands one inch further than the last, a bar is as tall as its chance:
printgen.draw.flatten.measured); the checker computes where that shape must be from the rules as they
are now, and looks for a path there in the PDF, read back by pdfium, to within TOL_PT."""

from __future__ import annotations

from printgen.check.numbers import Discrepancy
from printgen.rules.trace import Source, resolve

TOL_PT = 0.72                    # 0.01 inch: a length or a position drawn further off than this is wrong
KIND = {"start": "rect", "end": "rect", "mid": "rect", "height": "rect", "width": "rect", "x": "line", "from": "line",
        "to": "line", "colour": "line"}
COLOUR_TOL = 3                   # 0-255: a colour read back may differ this much per channel


def local_value(source: Source, shape: dict, ruleset, measure) -> float:
    """The length the meaning claims, in the shape's frame (points before its group's scale)."""
    if source.fn == "meta" and source.args[0] == "tick":
        return source.args[1] * measure.unit_pt()
    value = float(resolve(ruleset, source))
    if shape["edge"] in ("height", "width", "from", "to"):
        return value * shape["per"]
    return measure.printed_pt(value)


def where(entry: dict, length: float) -> tuple[float, float, float, float]:
    """The page box the shape must occupy: its traced box, the measured edge put where the rules say."""
    x0, top, x1, bottom = entry["bbox"]
    s = entry["shape"]
    edge = s["edge"]
    if edge in ("from", "to"):                                      # a line's end, along its frame's axis
        (ax, ay), (ox, oy) = s["axis"], s["origin"]
        ends = [list(p) for p in s["ends"]]
        ends[0 if edge == "from" else 1] = [ox + ax * length, oy + ay * length]
        xs, ys = [p[0] for p in ends], [p[1] for p in ends]
        return min(xs), min(ys), max(xs), max(ys)
    at = s["origin"][0] + s["scale"] * length
    if edge == "start":
        return at, top, x1, bottom
    if edge == "end":
        return x0, top, at, bottom
    if edge == "mid":
        half = (x1 - x0) / 2
        return at - half, top, at + half, bottom
    if edge == "x":
        return at, top, at, bottom
    if edge == "width":                                               # a marker or base: as wide as the rule
        return x0, top, x0 + s["scale"] * length, bottom
    return x0, bottom - s["scale"] * length, x1, bottom            # height: the bar stands on its baseline


def _fits(p, box) -> bool:
    return (abs(p.x0 - box[0]) <= TOL_PT and abs(p.top - box[1]) <= TOL_PT and abs(p.x1 - box[2]) <= TOL_PT
            and abs(p.bottom - box[3]) <= TOL_PT)


def _colour(entry: dict, ruleset, edition: str) -> tuple | None:
    """The (r, g, b) the theme paints a line whose role names the source's value ("edge.green")."""
    from printgen.draw.theme import theme

    value = resolve(ruleset, Source.from_json(entry["source"]))
    hexa = theme(edition).paint(f"edge.{value}").stroke
    return tuple(int(hexa[i:i + 2], 16) for i in (1, 3, 5)) if hexa else None


def check_colours(paths: list, shapes: list[dict], ruleset, edition: str, file: str, page: int) -> list[Discrepancy]:
    out = []
    for e in shapes:
        want = _colour(e, ruleset, edition)
        near = [p for p in paths if p.kind == "line" and _fits(p, e["bbox"])]
        if not any(p.stroke and all(abs(a - b) <= COLOUR_TOL for a, b in zip(p.stroke, want)) for p in near):
            got = next((p.stroke for p in near if p.stroke), None)
            out.append(Discrepancy(file, page, f"{Source.from_json(e['source'])}: the line is drawn in {got}, the "
                                               f"rules' {resolve(ruleset, Source.from_json(e['source']))} is {want}",
                                   tuple(e["bbox"])))
    return out


def check_geometry(paths: list, shapes: list[dict], ruleset, measure, file: str, page: int,
                   edition: str = "color") -> list[Discrepancy]:
    out = check_colours(paths, [e for e in shapes if e["shape"]["edge"] == "colour"], ruleset, edition, file, page)
    shapes = [e for e in shapes if e["shape"]["edge"] in KIND and e["shape"]["edge"] != "colour"]   # angles: check/gauges.py
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
        what = {"start": "starts", "end": "ends", "mid": "is centred", "x": "stands", "height": "is as tall as",
                "width": "is as wide as",
                "from": "starts", "to": "ends"}
        edge = e["shape"]["edge"]
        want = (f"{length * e['shape']['scale'] / 72:.2f}\" tall" if edge == "height"
                else f"{length * e['shape']['scale'] / 72:.2f}\" wide" if edge == "width"
                else f"{float(resolve(ruleset, source)):g} ft along its side" if edge in ("from", "to")
                else f"{length / 72:.2f}\" from its zero" if source.fn == "meta"
                else f"{measure.fmt(float(resolve(ruleset, source)))} from its zero")
        out.append(Discrepancy(file, page, f"{source}: no {kind} drawn where it {what[e['shape']['edge']]} {want} "
                                           f"(at ({box[0]:.1f}, {box[1]:.1f}) pt, to {TOL_PT / 72:.2f}\")",
                               tuple(e["bbox"])))
    return out


def then(inner: tuple, outer: tuple | None) -> tuple:
    """The matrix that applies `inner`, then `outer` (None: the page itself)."""
    if outer is None:
        return inner
    a1, b1, c1, d1, e1, f1 = inner
    a2, b2, c2, d2, e2, f2 = outer
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)
