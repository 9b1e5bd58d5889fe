"""Medieval ships seen from above, one silhouette a type: the galley long and narrow with its spur,
the dromon bigger with a ram, the longship slender and double-ended with a dragon head, the English
galley with oars and small castles, the cog a round tub with fore and after castles, the hulk a
bigger banana. Drawn on a base (0, 0)-(L, W), bow to the right. Graphics only: the top-down piece
adds the sectors, boxes and words, and uses `Form` to keep them on the deck or the base."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.draw.shapes import Circle, Line, Poly, Shape

SAMPLES = 28                  # points along each side of a hull outline


@dataclass(frozen=True)
class Form:
    """A silhouette in fractions of the base: beam (of the width), where the hull runs (of the
    length), how its ends taper (length of the taper, and a power: small is bluff, 1 is pointed),
    where the stern and bow sectors begin, and its gear."""
    beam: float
    x0: float
    x1: float
    stern: tuple[float, float]
    bow: tuple[float, float]
    sectors: tuple[float, float]           # stern line, bow line (fractions of the length)
    oars: int = 0                          # oars drawn a side (0: none)
    banks: int = 1
    spur: float = 0.0                      # ram or spur beyond the hull, fraction of the length
    head: bool = False                     # dragon head and tail (longship)
    castles: bool = False
    shields: bool = False
    tower: bool = False                    # a midships tower around the mast (dromon)
    rail: float = 0.06                     # rail width, fraction of the beam
    lantern: bool = False                  # a flagship's great lantern on the stern (Lepanto's flagships)


FORMS = {
    "med-galley": Form(0.50, 0.03, 0.87, (0.10, 0.55), (0.28, 0.85), (0.21, 0.71), oars=15, spur=0.11),
    "dromon": Form(0.56, 0.03, 0.86, (0.12, 0.50), (0.26, 0.80), (0.21, 0.71), oars=14, banks=2, spur=0.12,
                   tower=True),
    "longship": Form(0.48, 0.06, 0.92, (0.32, 0.70), (0.32, 0.70), (0.24, 0.73), oars=12, head=True,
                     shields=True),
    "english-galley": Form(0.56, 0.03, 0.97, (0.20, 0.55), (0.26, 0.65), (0.22, 0.74), oars=14, castles=True),
    "cog": Form(0.66, 0.03, 0.97, (0.16, 0.30), (0.28, 0.42), (0.24, 0.75), castles=True),
    "hulk": Form(0.70, 0.03, 0.97, (0.30, 0.42), (0.30, 0.42), (0.25, 0.75), castles=True),
    # Lepanto (rulesets/lepanto-galleys.toml): galleys with the spur above the water and guns in the bow
    "league-galley": Form(0.50, 0.03, 0.86, (0.10, 0.55), (0.28, 0.85), (0.21, 0.71), oars=15, spur=0.12),
    "ottoman-galley": Form(0.46, 0.03, 0.86, (0.10, 0.55), (0.30, 0.90), (0.21, 0.71), oars=14, spur=0.12),
    "lantern": Form(0.54, 0.04, 0.86, (0.12, 0.50), (0.28, 0.85), (0.21, 0.71), oars=15, spur=0.12, lantern=True),
    "galliot": Form(0.46, 0.03, 0.86, (0.10, 0.55), (0.30, 0.90), (0.22, 0.72), oars=10, spur=0.12),
    "galleass": Form(0.62, 0.03, 0.95, (0.14, 0.50), (0.22, 0.60), (0.22, 0.74), oars=14, castles=True),
}
GUN_W = 0.09                  # a gun's barrel, fraction of the beam (across the barrel)


def form_of(type_key: str, ship_type) -> Form:
    """The silhouette for a ruleset's ship type: by its key, else by what it is (a ruleset may
    add types: a large round ship draws as a hulk, a rammer as a galley or dromon, ...)."""
    if type_key in FORMS:
        return FORMS[type_key]
    if ship_type.round_ship or not ship_type.oars:
        return FORMS["hulk" if ship_type.large else "cog"]
    if ship_type.ram:
        return FORMS["dromon" if ship_type.large else "med-galley"]
    return FORMS["english-galley"]


@dataclass(frozen=True)
class Hull:
    """A form laid on a base of L x W points."""
    form: Form
    L: float
    W: float

    @property
    def yc(self) -> float:
        return self.W / 2

    @property
    def half(self) -> float:
        return self.form.beam * self.W / 2

    @property
    def rail(self) -> float:
        return self.form.rail * self.form.beam * self.W

    @property
    def band(self) -> float:
        """Height of the base strip beside the hull, port and starboard."""
        return self.W / 2 - self.half

    @property
    def stern_x(self) -> float:
        return self.form.sectors[0] * self.L

    @property
    def bow_x(self) -> float:
        return self.form.sectors[1] * self.L

    def half_at(self, x: float) -> float:
        """Half the hull's breadth at x (0 beyond its ends)."""
        f = self.form
        u = (x - f.x0 * self.L) / ((f.x1 - f.x0) * self.L)
        if u <= 0 or u >= 1:
            return 0.0
        (a, pa), (b, pb) = f.stern, f.bow
        return self.half * min(1.0, (u / a) ** pa, ((1 - u) / b) ** pb)

    def outline(self, inset: float = 0.0, lo: float | None = None, hi: float | None = None) -> tuple:
        """The hull's outline (or the deck's, `inset` inside it), optionally cut to lo <= x <= hi."""
        f = self.form
        xa, xb = f.x0 * self.L, f.x1 * self.L
        lo = xa if lo is None else max(lo, xa)
        hi = xb if hi is None else min(hi, xb)
        xs = [lo + (hi - lo) * i / SAMPLES for i in range(SAMPLES + 1)]
        top, bottom = [], []
        for x in xs:
            h = max(0.0, self.half_at(x) - inset)
            top.append((x, self.yc - h))
            bottom.append((x, self.yc + h))
        return tuple(top + bottom[::-1])


def hull_shapes(hull: Hull, nation: str, clear: Sequence[tuple[bool, tuple[float, float]]] = (), guns: int = 0,
                all_round: bool = False) -> list[Shape]:
    """Oars, ram, hull, deck, castles, dragon head, guns: everything under the piece's words and boxes.
    `clear`: (port side?, (x0, x1)) stretches of the base where no oar may cross a word. `guns`: the
    type's gun dice, drawn as barrels over the bow (and along both sides, `all_round`)."""
    f, L, yc = hull.form, hull.L, hull.yc
    out: list[Shape] = []
    if f.oars:
        out += _oars(hull, clear)
    if f.spur:
        tip = f.x1 * L
        w = hull.half * 0.22
        out.append(Poly(((tip - 0.06 * L, yc - w), (tip + f.spur * L, yc), (tip - 0.06 * L, yc + w)), "ram"))
    if f.head:
        out += _dragon(hull)
    out.append(Poly(hull.outline(), f"rail.{nation}"))
    out.append(Poly(hull.outline(inset=hull.rail), "deck"))
    if f.castles:
        aft, fore = hull.stern_x * 0.92, hull.bow_x + (L - hull.bow_x) * 0.08
        out.append(Poly(hull.outline(hull.rail * 1.6, hi=aft), "castle"))
        out.append(Poly(hull.outline(hull.rail * 1.6, lo=fore), "castle"))
    if f.shields:
        out += _shields(hull)
    if f.lantern:                               # hung on the sternpost, off the deck
        r = hull.half * 0.26
        out.append(Circle(max(r + 0.5, f.x0 * L - r * 0.3), yc, r, "lantern"))
    if guns:
        out += _guns(hull, guns, all_round)
    return out


def _guns(hull: Hull, guns: int, all_round: bool) -> list[Shape]:
    """A barrel a gun die (three at most) pointing ahead over the bow, where the spur starts; a
    galleass's also along each side, pointing out over the rail, and one over the stern."""
    from printgen.draw.shapes import Rect

    f, L, yc = hull.form, hull.L, hull.yc
    w = max(GUN_W * hull.W, 1.2)
    tip = f.x1 * L
    n = min(guns, 3)
    out: list[Shape] = []
    for k in range(n):
        y = yc + (k - (n - 1) / 2) * hull.half * 0.42
        out.append(Rect(tip - 0.05 * L, y - w / 2, 0.075 * L, w, "gun"))
    if all_round:
        length = hull.band * 0.5 + hull.rail
        for x in (0.28, 0.36, 0.62, 0.70):        # along the sides, clear of the sides' names
            h = hull.half_at(x * L)
            out.append(Rect(x * L - w / 2, yc - h - length + hull.rail, w, length, "gun"))
            out.append(Rect(x * L - w / 2, yc + h - hull.rail, w, length, "gun"))
        stern = max(0.5, f.x0 * L - 0.03 * L)               # over the sternpost, on the base
        out.append(Rect(stern, yc - w / 2, f.x0 * L + 0.04 * L - stern, w, "gun"))
    return out


def _oars(hull: Hull, clear) -> list[Shape]:
    """Oars from the rail out over the base, raked aft; two banks alternate long and short."""
    f, L, yc = hull.form, hull.L, hull.yc
    x_first, x_last = (f.x0 + 0.16 * (f.x1 - f.x0)) * L, (f.x0 + 0.74 * (f.x1 - f.x0)) * L
    out: list[Shape] = []
    n = f.oars * f.banks
    for i in range(n):
        x = x_first + (x_last - x_first) * i / (n - 1)
        reach = hull.band * (0.86 if f.banks == 1 or i % 2 == 0 else 0.6)
        h = hull.half_at(x)
        for sign in (-1, 1):
            x_end = x - reach * 0.45
            if any(port == (sign < 0) and x_end - 1 <= b and x + 1 >= a for port, (a, b) in clear):
                continue
            out.append(Line(x, yc + sign * (h - hull.rail), x_end, yc + sign * (h + reach), "oar"))
    return out


def _shields(hull: Hull) -> list[Shape]:
    f, L, yc = hull.form, hull.L, hull.yc
    r = hull.rail * 0.95
    out: list[Shape] = []
    n = 11
    for i in range(n):
        x = (f.x0 + (0.22 + 0.56 * i / (n - 1)) * (f.x1 - f.x0)) * L
        for sign in (-1, 1):
            out.append(Circle(x, yc + sign * (hull.half_at(x) - r * 0.6), r, "shield"))
    return out


def _dragon(hull: Hull) -> list[Shape]:
    """A dragon's head on the stem and a curled tail on the sternpost."""
    f, L, yc = hull.form, hull.L, hull.yc
    k = hull.half * 0.55                       # head size
    x = f.x1 * L - 0.01 * L
    head = ((x, yc - k * 0.30), (x + k * 0.9, yc - k * 0.45), (x + k * 1.5, yc - k * 0.55), (x + k * 2.1, yc - k * 0.2),
            (x + k * 1.6, yc + k * 0.05), (x + k * 2.0, yc + k * 0.35), (x + k * 1.1, yc + k * 0.35),
            (x + k * 0.6, yc + k * 0.25), (x, yc + k * 0.30))
    sx = f.x0 * L + 0.01 * L
    tail = [(sx, yc - k * 0.25)]
    for i in range(9):                         # a spiral, outward then back
        a = math.pi * (0.5 + i * 0.28)
        rr = k * (0.75 - i * 0.06)
        tail.append((sx - k * 0.55 + rr * math.cos(a) * 0.9, yc + rr * math.sin(a) * 0.7))
    tail.append((sx, yc + k * 0.25))
    eye = Circle(x + k * 1.45, yc - k * 0.25, k * 0.1, "dragon.eye")
    return [Poly(head, "dragon"), Poly(tuple(tail), "dragon"), eye]


def tower(x: float, y: float, w: float, h: float) -> Poly:
    """A crenellated square tower seen from above (the dromon's midships tower)."""
    n = 4
    step = w / (2 * n)
    notch = min(w, h) * 0.1
    pts = []
    for i in range(2 * n + 1):                 # top edge, merlons and crenels
        pts.append((x + i * step, y + (0 if i % 2 == 0 else notch)))
    for i in range(2 * n + 1):                 # bottom edge, back
        pts.append((x + w - i * step, y + h - (0 if i % 2 == 0 else notch)))
    return Poly(tuple(pts), "tower")
