"""Paper ship pieces: each rule family draws its own (fold-over standing ships, flat bases); these
are what every piece shares: the sheet the kit asks for, the flagship star, and the counts the
consistency checks make on the drawing."""

from __future__ import annotations

import math
from dataclasses import replace

from printgen.draw.shapes import Circle, Drawing, Group, LazyPages, Poly, Rect, Span, Symbol, Text, translate
from printgen.i18n import N_, _, using
from printgen.options import Options
from printgen.registry import system_of

LEGIBLE_PT = 3.5           # the smallest print a student can still read


def sprite_sheets(scenario, options: Options) -> Drawing:
    """The ship pieces of the scenario's rule family, in the options' language (the sprites command
    draws them outside DocumentKind.make, which would set it)."""
    with using(options.lang):
        return system_of(scenario.ruleset).sprite_sheets(scenario, options)


STAR = (("star", ("meta", "star")),)        # a flagship's star on a piece, traced: the check counts them


def star_symbol(cx: float, cy: float, r: float, role: str = "star") -> Symbol:
    """The star as a symbol (drawn once, placed at each flagship, and traced there)."""
    return Symbol(f"star-{role}-{r!r}", (star_shape(0, 0, r, role, STAR),), translate(cx, cy))


def star_shape(cx: float, cy: float, r: float, role: str = "star", meaning: tuple = ()) -> Poly:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Poly(tuple(pts), role, tag="star", meaning=meaning)


def printed_tracks(drawing: Drawing) -> dict[str, int]:
    """Hit circles (or structure boxes) on each ship's piece, counted on the drawing itself (for the
    consistency check)."""
    counts: dict[str, int] = {}

    def walk(shape, key):
        if isinstance(shape, (Group, Symbol)):
            k = (shape.tag if isinstance(shape, Group) else "") or key
            for item in shape.items:
                walk(item, k)
        elif isinstance(shape, (Circle, Rect)) and shape.tag == "hit" and key:
            counts[key] = counts.get(key, 0) + 1

    for page in drawing.pages:
        for item in page.items:
            walk(item, "")
    return counts


def name_sizes(page) -> list[float]:
    """The size of each ship's name on one page of pieces."""
    sizes = []

    def walk(shape):
        if isinstance(shape, (Group, Symbol)):
            for item in shape.items:
                walk(item)
        elif isinstance(shape, Text) and shape.tag == "name":
            sizes.append(shape.size)

    for item in page.items:
        if isinstance(item, (Group, Symbol)):
            walk(item)
    return sizes


def noting_names(drawing: Drawing, sizes: list[float]) -> Drawing:
    """The same drawing, whose pages, as each is laid out to be written, add their names' sizes to
    `sizes`: the sprites command warns of small names without laying every piece out twice."""
    def page(i: int):
        made = drawing.pages[i]
        sizes.extend(name_sizes(made))
        return made

    return replace(drawing, pages=LazyPages(len(drawing.pages), page))


def glue_area(x: float, y: float, w: float, h: float, s: float, outline: bool = True) -> list:
    """A grey area marked "glue" (in bold, never below the pieces' label size: an area too small for
    the word is grey alone, as the sheet's legend explains). `outline=False` for a tab whose edges are
    a fold and cut lines, which must print as they are (nothing drawn over them)."""
    from printgen.draw.theme import TYPE

    size = max(TYPE.piece_label * s, TYPE.piece_label, TYPE.handled)     # large print: 14 pt, or grey alone
    area = Rect(x, y, w, h, "glue" if outline else "glue.tab", tag="glue",
                meaning=(("glue", ("meta", "line", "glue")),) if outline else ())
    if size > h * 0.9:
        return [area]
    return [area, Text(x + w / 2, y + h / 2 + size * 0.36, (Span(_("glue")),), size, role="text.muted", anchor="middle",
                       font="bold", tag="glue")]


def craft_legend(x: float, y: float, size: float) -> list:
    """What the lines on a sheet of pieces mean: cut (solid), fold (dash-dot), glue (grey)."""
    from printgen.draw import fonts
    from printgen.draw.shapes import Line

    out: list = []
    items = (("cut", N_("cut"), N_("cut along it")), ("fold", N_("fold"), N_("fold along it")),
             ("glue", N_("glue"), N_("glue here")))
    x0 = x
    for role, name, words in items:
        name, words = _(name), _(words)
        if role == "glue":
            out.append(Rect(x0, y - size * 0.85, 28, size * 1.2, "glue.tab"))
        else:
            out.append(Line(x0, y - size * 0.3, x0 + 28, y - size * 0.3, role))
        colon = _(": ")
        out.append(Text(x0 + 34, y, (Span(name, font="bold"), Span(colon + words)), size))
        x0 += 34 + fonts.width(f"{name}{colon}{words}", size, "bold") + size
    return out
