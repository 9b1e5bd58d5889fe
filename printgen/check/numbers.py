"""Every traced number on a page: is it printed where the drawing put it, and does it still equal
what its source says (the ruleset after scale and units, the fleet, the page count)? And is any
digit printed that no source accounts for?"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

from printgen.check.discrepancy import Discrepancy
from printgen.i18n import words as words_of  # the checks import it from here
from printgen.rules.printed import fmt, rule_words, ship_words, shown
from printgen.rules.trace import PLAN_DERIVATIONS, Source, resolve

if TYPE_CHECKING:
    from printgen.data.fleet import Fleet
    from printgen.units import Measure


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


CELL = 24.0                     # points: the grid that finds characters near a box quickly


class CharIndex:
    """Characters of a page bucketed by their centres on a coarse grid."""

    def __init__(self, chars: list[Char]):
        self.cells: dict[tuple[int, int], list[tuple[float, float, int, Char]]] = {}
        for n, c in enumerate(chars):
            if not c.text.strip():
                continue                                  # spaces and the reader's own line breaks
            cx, cy = (c.x0 + c.x1) / 2, (c.top + c.bottom) / 2
            self.cells.setdefault((int(cx // CELL), int(cy // CELL)), []).append((cx, cy, n, c))

    def within(self, bbox, tol: float = 0.6) -> list[Char]:
        """The characters whose centres fall in the box, give or take `tol` for the rounding of glyph
        positions; but a punctuation mark beyond the box's ends is the next words' (a period glued
        to a traced word), not the word's."""
        x0, top, x1, bottom = bbox[0] - tol, bbox[1] - tol, bbox[2] + tol, bbox[3] + tol
        found = []
        for i in range(int(x0 // CELL), int(x1 // CELL) + 1):
            for j in range(int(top // CELL), int(bottom // CELL) + 1):
                for cx, cy, n, c in self.cells.get((i, j), ()):
                    if x0 <= cx <= x1 and top <= cy <= bottom and (
                            bbox[0] <= cx <= bbox[2] or c.text.isalnum()):
                        found.append((n, c))
        found.sort(key=lambda t: t[0])                    # the order the PDF draws them: reading order
        return [c for _, c in found]


@dataclass
class Context:
    """What a source may need besides the ruleset: units and scale, the fleet, the pages."""
    ruleset: Any                                            # a family's ruleset
    measure: Measure
    fleet: Fleet | None = None
    title: str = ""
    page: int = 1
    pages: int = 1
    extra: Callable[[Source], str | None] | None = None     # sheet-specific sources (deployment, ...)
    plan: Any = None                                        # the kit's plan: lesson numbers, provenance
    said: dict = field(default_factory=dict)                # (source, kind) -> what it prints (meta's aside)

    @cached_property
    def ships(self) -> dict:
        """The fleet's ships by key (looked up for every name on a page)."""
        return {s.key: s for s in self.fleet.ships} if self.fleet is not None else {}


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
        if name in ("type-body", "type-floor"):     # large print's sizes, as draw.typescale.LARGE sets them
            from printgen.draw.typescale import LARGE

            return f"{LARGE.body if name == 'type-body' else LARGE.floor:g}"
        if name == "scale":                           # in the kit's language ("0,5")
            if ctx.measure.lang == "en":
                return f"{ctx.measure.scale:g}"
            from printgen.i18n.numbers import number

            return number(f"{ctx.measure.scale:g}", ctx.measure.lang)
        if name in ("hits", "tick", "step") and len(args) == 2:   # a row's own count, a ruler's tick, a list's step
            return str(args[1])
        return None                                   # step numbers, axis labels: just counting
    if fn == "scenario":
        from printgen.i18n import translated

        return translated(ctx.measure.lang, ctx.title)
    if fn == "provenance":                            # a mark: the words of the data's kind today
        from printgen.rules.provenance import provenance_of

        prov = provenance_of(ctx.ruleset, getattr(ctx.plan, "scenario", None))
        if len(args) == 1:
            return prov.words(args[0])
        field = "original" if args[1] == "translation" else args[1]
        text = getattr(prov.of(args[0]), field)                         # its symbol, original or why
        if args[1] in ("why", "translation"):                           # in the kit's language
            from printgen.i18n import translated

            text = translated(ctx.measure.lang, text)
        if len(args) == 3:                                              # a long one, word by word
            words = words_of(text)
            return words[args[2]] if args[2] < len(words) else f"<{args[1]} has {len(words)} words>"
        return text
    if fn not in PLAN_DERIVATIONS:
        from printgen.check import plays as kitcheck  # noqa: F401 (the simulated figures of "How this scenario plays")
        from printgen.game import classroom, materials  # noqa: F401 (they register the lesson's numbers)
        from printgen.lesson import figures  # noqa: F401 (the lesson's game as printgen chose it)
        from printgen.sheets.maps import hazards  # noqa: F401 (the secret map's obstacle positions)
        from printgen.sheets.plays import first_turn  # noqa: F401 (the first turn's rolls and moves)
        from printgen.sheets.text import teacher  # noqa: F401 (the command on the technician's box)
    if fn in PLAN_DERIVATIONS:
        if ctx.plan is None:
            return f"<{fn} needs the kit's plan>"
        value = PLAN_DERIVATIONS[fn](ctx.plan, *args)
        return value if isinstance(value, str) and value.startswith("<") else fmt(value, kind, ctx.measure)
    if fn == "word":                                    # (i, *source): the i-th word of a text wrapped inside it
        whole = expected(Source.from_json(list(args[1:])), kind, ctx)
        if whole is None or whole.startswith("<"):
            return whole
        words = whole.split()
        if args[0] < len(words):
            return words[args[0]]
        return f"<{Source.from_json(list(args[1:]))} has {len(words)} words>"
    if fn == "example":
        return fmt(args[0], kind, ctx.measure)
    if fn == "fleet":
        key, column, *word = args                       # (key, column, i): the i-th word of a long text
        ships = ctx.ships
        if key not in ships:
            return f"<no ship {key} in the fleet>"
        text = fmt(ship_words(ships[key], column, ctx.measure.lang), kind, ctx.measure)
        if word:
            words = words_of(text)
            if word[0] >= len(words):
                return f"<{column} has {len(words)} words>"
            if len(word) == 2:                          # (i, part): a word broken after its hyphen
                parts = re.split(r"(?<=-)(?=.)", words[word[0]], maxsplit=1)
                if word[1] >= len(parts):
                    return f"<word {word[0]} has no part {word[1]}>"
                return parts[word[1]]
            return words[word[0]]
        return text
    if fn == "rule" and len(args) == 2:                # (key, i): the i-th word of a long text
        words = words_of(rule_words(str(resolve(ctx.ruleset, source)), ctx.measure.lang))
        return words[args[1]] if args[1] < len(words) else f"<{args[0]} has {len(words)} words>"
    if ctx.extra is not None:
        text = ctx.extra(source)
        if text is not None:
            return text
    return shown(resolve(ctx.ruleset, source), kind, fn, ctx.measure)


def text_in(chars: list[Char] | CharIndex, bbox: tuple[float, float, float, float], tol: float = 0.6) -> str:
    """The characters whose centres fall in the box, in reading order."""
    if isinstance(chars, CharIndex):
        return "".join(c.text for c in chars.within(bbox, tol)).strip()
    x0, top, x1, bottom = bbox
    inside = [c for c in chars
              if x0 - tol <= c.centre[0] <= x1 + tol and top - tol <= c.centre[1] <= bottom + tol]
    return "".join(c.text for c in inside).strip()


class CharPage:
    """A page read as characters with boxes (pdfplumber in the tests, pdfium's exact path)."""

    def __init__(self, chars: list[Char]):
        self._chars = chars
        self.index = CharIndex(chars)

    def chars(self) -> list[Char]:
        return self._chars

    def text_in(self, bbox) -> str:
        return "".join(c.text for c in self.index.within(bbox))


# the fleet's columns that name someone: a sentence that prints one empty misses a name
NAMED = ("name", "captain", "admiral")


def check_page(page, trace: list[dict], ctx: Context, file: str, page_no: int | None = None) -> list[Discrepancy]:
    """Discrepancies of one page; `page_no` is the page of the file (kit.pdf's differ from ctx.page).

    `page` is a list of Chars, or a reader with a fast path (`quick_text_in`, `digits`): the fast
    path decides when all is well; any doubt is settled character by character."""
    trace = [e for e in trace if e["kind"] != "shape"]            # drawn shapes: check/geometry.py measures them
    if isinstance(page, list):
        page = CharPage(page)
    if hasattr(page, "quick_text_in"):
        found, traced_digits = _entries(page.quick_text_in, trace, ctx, file, page_no)
        if not found and traced_digits == page.digits():
            return []
        page = CharPage(page.chars())
    return _exact(page, trace, ctx, file, page_no)


def _entries(text_in, trace, ctx, file, page_no) -> tuple[list[Discrepancy], int]:
    out, digits = [], 0
    said = ctx.said                 # a document prints a third of its sources more than once
    for entry in trace:
        source = Source.from_json(entry["source"])
        printed = "".join(text_in(tuple(entry["bbox"])).split())
        digits += sum(map(str.isdigit, printed))
        if source.fn == "meta":                                   # the page number: page by page
            want = expected(source, entry["kind"], ctx)
        else:
            key = (repr(entry["source"]), entry["kind"])
            want = said[key] if key in said else said.setdefault(key, expected(source, entry["kind"], ctx))
        if (source.fn == "fleet" and source.args[-1] in NAMED and want is not None
                and not want.strip()):           # a person or ship a sentence names; an empty type is no type
            out.append(Discrepancy(file, page_no or ctx.page, f"{source} prints nothing: the fleet's row leaves it "
                                                              "empty, and the words around it miss a name",
                                   tuple(entry["bbox"])))
            continue
        if want is not None and printed != "".join(want.split()):     # no space counts (a no-break one neither)
            out.append(Discrepancy(file, page_no or ctx.page, f"{source} prints '{printed}', the rules say '{want}'",
                                   tuple(entry["bbox"])))
    return out, digits


def _exact(page: CharPage, trace: list[dict], ctx: Context, file: str, page_no: int | None) -> list[Discrepancy]:
    out, _ = _entries(page.text_in, trace, ctx, file, page_no)
    traced: set[int] = set()
    for entry in trace:
        traced.update(id(c) for c in page.index.within(tuple(entry["bbox"])))
    untraced = [c for c in page.chars() if c.text.isdigit() and id(c) not in traced]
    if untraced and ctx.plan is not None:          # the teacher's own words with digits ("1st Division")
        from printgen.check.own_words import covered, own_words

        words = own_words(ctx.plan.scenario, ctx.measure.lang)
        if words:
            chars = page.chars()
            mask = covered("".join(c.text if len(c.text) == 1 else "?" for c in chars), words)
            theirs = {id(c) for c, m in zip(chars, mask) if m}
            untraced = [c for c in untraced if id(c) not in theirs]
    for run in _runs(untraced):
        text = "".join(c.text for c in run)
        out.append(Discrepancy(file, page_no or ctx.page,
                               f"the number '{text}' at ({run[0].x0:.0f}, {run[0].top:.0f}) pt has no source",
                               (run[0].x0, run[0].top, run[-1].x1, run[-1].bottom)))
    return out


def _runs(chars: list[Char]) -> list[list[Char]]:
    """Digits side by side on one line form one number."""
    runs: list[list[Char]] = []
    for c in chars:
        if runs and abs(runs[-1][-1].top - c.top) < 1 and 0 <= c.x0 - runs[-1][-1].x1 < 2:
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs
