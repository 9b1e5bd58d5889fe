"""The drawing vocabulary. Units are points (1/72 in), origin at the page's top-left, y down.

Shapes carry a role ("cut", "hull.british", "text.title"), never a colour: the edition's theme
paints roles. Text is a row of spans; a span that prints a number carries its source, so the
checker can find it on the page and trace it back to the ruleset."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable, Union

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]        # x' = a x + c y + e ; y' = b x + d y + f

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Matrix:
    """Clockwise on the page (y points down)."""
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    if abs(c) < 1e-12:
        c = 0.0
    if abs(s) < 1e-12:
        s = 0.0
    return (c, s, -s, c, 0.0, 0.0)


def compose(*ms: Matrix) -> Matrix:
    """compose(A, B) applies B first, then A (like A @ B)."""
    out = IDENTITY
    for m in ms:
        a1, b1, c1, d1, e1, f1 = out
        a2, b2, c2, d2, e2, f2 = m
        out = (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
               a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)
    return out


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


@dataclass(frozen=True)
class Span:
    text: str
    font: str = ""                  # "" inherits the Text's font
    source: tuple | None = None     # a traced number's source (JSON-able), None for plain words
    kind: str = ""                  # how the number prints (count, distance, percent, ...)
    labels: tuple = ()              # ("row" | "col", label source): the labels a table prints it under


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    role: str
    radius: float = 0.0
    tag: str = ""                   # what it is, for tests and the checker ("base", "piece", ...)
    meaning: tuple = ()             # what its size says: (edge, source[, pt per unit]), see flatten.measured


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    role: str
    tag: str = ""
    meaning: tuple = ()             # ("x", source): it stands at the source's distance from the origin


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]
    role: str
    closed: bool = True
    tag: str = ""
    meaning: tuple = ()             # (edge, source[, details]): a flagship's star, see flatten.measured


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    role: str
    tag: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float                        # baseline
    spans: tuple[Span, ...]
    size: float
    role: str = "text"
    font: str = "regular"           # regular, bold, italic, bolditalic
    anchor: str = "start"           # start, middle, end
    angle: float = 0.0              # clockwise degrees about (x, y)
    tag: str = ""

    @property
    def string(self) -> str:
        return "".join(s.text for s in self.spans)


@dataclass(frozen=True)
class Group:
    items: tuple[Shape, ...]
    matrix: Matrix = IDENTITY
    tag: str = ""
    local: bool = False             # the PDF writes its contents from its own origin (when it only moves them):
                                    # a piece repeated on a sheet then repeats its operators, which compress to little


@dataclass(frozen=True)
class Symbol:
    """Shapes drawn once and placed many times (a ship's profile): the backends define it once (a PDF
    form, an SVG <symbol>) and place it at each use. Every symbol with the same `key` must hold the
    same shapes. It holds no traced numbers and no other symbol: those stay on the page, where the
    checker reads them."""
    key: str
    items: tuple[Shape, ...]
    matrix: Matrix = IDENTITY
    tag: str = ""


Shape = Union[Rect, Line, Poly, Circle, Text, Group, Symbol]


@dataclass
class Page:
    width: float
    height: float
    items: list[Shape] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.items.extend(shapes)


class LazyPages(Sequence):
    """Pages laid out only when asked for, one at a time, as `make(i)` lays out page i (the same page
    each time): a sheet of six thousand ships is written without ever holding its pages at once."""

    def __init__(self, count: int, make: Callable[[int], Page]):
        self.count, self.make = count, make

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self.make(k) for k in range(*i.indices(self.count))]
        if not -self.count <= i < self.count:
            raise IndexError(i)
        return self.make(i % self.count)


@dataclass
class Drawing:
    """A document: pages plus what the backends write into its metadata."""

    title: str
    pages: list[Page] | LazyPages
    subject: str = ""
    files: dict[str, bytes] = field(default_factory=dict)     # data files the document brings (a kit writes them)
    look: object = None             # the rule family whose paints it uses (`paints(edition)`; draw.theme.theme)


def text(x: float, y: float, s: str, size: float, **kw) -> Text:
    return Text(x, y, (Span(s),), size, **kw)
