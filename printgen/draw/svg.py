"""SVG backend (svgwrite): one file per page, in physical units, for editing in Inkscape & co."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.flatten import FCircle, FDots, FlatPage, FPath, FRect, FText, FUse, ungrouped
from printgen.draw.theme import Paint

WEIGHT = {"regular": ("normal", "normal"), "bold": ("bold", "normal"), "italic": ("normal", "italic"),
          "bolditalic": ("bold", "italic")}


MARK = "printgen"              # the file's <desc>: a later run knows the file for its own (printgen.output)


def render_svg(page: FlatPage, title: str) -> bytes:
    import svgwrite

    d = svgwrite.Drawing(size=(f"{page.width / 72:.4f}in", f"{page.height / 72:.4f}in"), profile="full", debug=False)
    d.viewbox(0, 0, round(page.width, 3), round(page.height, 3))
    d.set_desc(title=title, desc=MARK)
    for name, prims in page.symbols.items():          # each drawn once, placed by <use>
        sym = d.symbol(id=name, overflow="visible")
        for prim in ungrouped(prims):
            sym.add(_element(d, prim))
        d.defs.add(sym)
    for prim in ungrouped(page.prims):
        el = _element(d, prim)
        if el is not None:
            d.add(el)
    return d.tostring().encode("utf-8")


def _style(p: Paint) -> dict:
    s = {"fill": p.fill or "none"}
    if p.stroke:
        s.update({"stroke": p.stroke, "stroke_width": _n(p.width)})
        if p.dash:
            s["stroke_dasharray"] = ",".join(_n(v) for v in p.dash)
            s["stroke_linecap"] = "round"          # as in the PDF: a dash of ~0 prints as a dot
    return s


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _element(d, prim):
    if isinstance(prim, FRect):
        return d.rect((_n(prim.x), _n(prim.y)), (_n(prim.w), _n(prim.h)),
                      rx=_n(prim.radius) if prim.radius else None, **_style(prim.paint))
    if isinstance(prim, FCircle):
        return d.circle((_n(prim.cx), _n(prim.cy)), _n(prim.r), **_style(prim.paint))
    if isinstance(prim, FDots):                     # round caps: a line of no length prints as a dot
        return d.path(d="".join(f"M{_n(x)} {_n(y)}h0" for x, y in prim.centres), fill="none",
                      stroke=prim.paint.fill, stroke_width=_n(2 * prim.r), stroke_linecap="round")
    if isinstance(prim, FPath):
        pts = [(float(_n(x)), float(_n(y))) for x, y in prim.points]
        if prim.closed:
            return d.polygon(pts, **_style(prim.paint))
        return d.polyline(pts, **{**_style(prim.paint), "fill": "none"})
    if isinstance(prim, FUse):
        return d.use(f"#{prim.name}", transform="matrix(%s)" % " ".join(_n(v) if i > 3 else f"{v:.6g}"
                                                                    for i, v in enumerate(prim.matrix)))
    if isinstance(prim, FText):
        el = d.text("", insert=(_n(prim.x), _n(prim.y)), font_size=_n(prim.size), fill=prim.colour,
                    font_family=fonts.SVG_FAMILY)
        if prim.angle:
            el["transform"] = f"rotate({_n(prim.angle)} {_n(prim.x)} {_n(prim.y)})"
        x = prim.x
        for s, font in prim.runs:
            weight, style = WEIGHT[font]
            # explicit x per run keeps widths identical to the PDF's whatever font the viewer substitutes
            el.add(d.tspan(s, x=[_n(x)], font_weight=weight, font_style=style))
            x += fonts.width(s, prim.size, font)
        return el
    return None
