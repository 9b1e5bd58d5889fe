"""Every traced number on a page: is it printed where the drawing put it, and does it still equal
what its source says (the ruleset after scale and units, the fleet, the page count)? And is any
digit printed that no source accounts for?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printgen.rules.printed import fmt
from printgen.rules.trace import Source, resolve


@dataclass(frozen=True)
class Char:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.top + self.bottom) / 2


@dataclass(frozen=True)
class Discrepancy:
    file: str
    page: int                 # 1-based
    what: str

    def __str__(self) -> str:
        return f"{self.file}, page {self.page}: {self.what}"


@dataclass
class Context:
    """What a source may need besides the ruleset: units and scale, the fleet, the pages."""
    ruleset: object
    measure: object
    fleet: object = None
    title: str = ""
    page: int = 1
    pages: int = 1
    extra: Callable[[Source], str | None] | None = None     # sheet-specific sources (deployment, ...)


def expected(source: Source, kind: str, ctx: Context) -> str | None:
    """The text the source prints today; None when the source checks nothing (free wording)."""
    fn, args = source.fn, source.args
    if fn == "meta":
        name = args[0]
        if name == "page":
            return str(ctx.page)
        if name == "pages":
            return str(ctx.pages)
        if name == "calibration":
            return "1" if ctx.measure.units == "in" else "2"
        if name == "actual-size":
            return "100"
        if name == "scale":
            return f"{ctx.measure.scale:g}"
        return None                                   # step numbers, axis labels: just counting
    if fn == "scenario":
        return ctx.title
    if fn == "example":
        return fmt(args[0], kind, ctx.measure)
    if fn == "fleet":
        key, column = args
        ships = {s.key: s for s in ctx.fleet.ships} if ctx.fleet is not None else {}
        if key not in ships:
            return f"<no ship {key} in the fleet>"
        return fmt(getattr(ships[key], column), kind, ctx.measure)
    if ctx.extra is not None:
        text = ctx.extra(source)
        if text is not None:
            return text
    return fmt(resolve(ctx.ruleset, source), kind, ctx.measure)


def text_in(chars: list[Char], bbox: tuple[float, float, float, float], tol: float = 0.6) -> str:
    x0, top, x1, bottom = bbox
    inside = [c for c in chars
              if x0 - tol <= c.centre[0] <= x1 + tol and top - tol <= c.centre[1] <= bottom + tol]
    return "".join(c.text for c in inside).strip()


def check_page(chars: list[Char], trace: list[dict], ctx: Context, file: str) -> list[Discrepancy]:
    out: list[Discrepancy] = []
    covered: list[tuple[float, float, float, float]] = []
    for entry in trace:
        source = Source.from_json(entry["source"])
        bbox = tuple(entry["bbox"])
        covered.append(bbox)
        printed = text_in(chars, bbox).replace(" ", "")
        want = expected(source, entry["kind"], ctx)
        if want is None:
            continue
        if printed != want.replace(" ", ""):
            out.append(Discrepancy(file, ctx.page, f"{source} prints '{printed}', the rules say '{want}'"))
    for c in chars:
        if c.text.isdigit() and not any(b[0] - 0.6 <= c.centre[0] <= b[2] + 0.6 and b[1] - 0.6 <= c.centre[1] <= b[3] + 0.6
                                        for b in covered):
            out.append(Discrepancy(file, ctx.page, f"the number '{c.text}' at ({c.x0:.0f}, {c.top:.0f}) pt has no source"))
    return out
