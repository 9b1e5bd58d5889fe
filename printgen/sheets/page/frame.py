"""The frame every printed page shares: margins safe for home printers, a small header (scenario,
sheet, edition, page k of n), and a calibration square with "print at 100% / actual size"."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.draw import fonts
from printgen.draw.shapes import Group, Line, Page, Rect, Span, Text
from printgen.draw.theme import TYPE
from printgen.draw.typescale import large
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.provenance import for_pupils
from printgen.sheets.text.textfit import fit_size
from printgen.units import PT_PER_CM, PT_PER_IN

MARGIN = 0.4 * PT_PER_IN
HEADER = 18.0
# the print note: a pupil's words (tu) and a teacher's (vous): two messages, the same English meaning
PRINT_NOTE = {True: N_("Print at %(percent)s%% (actual size): do not 'fit to page'."),
              False: N_("Print at %(percent)s%% (actual size), not 'fit to page'.")}
FOOTER = 1.1 * PT_PER_IN            # the 1 in calibration square and its words


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


def large_frame_wanted() -> bool:
    """Whether the page being drawn takes the large-print frame: a large-print reading page, or a page
    of pieces of the large-print edition (its words at the floor of what a pupil handles)."""
    return large() or TYPE.handled > 0


def content_box(options: Options) -> Box:
    w, h = options.page_size
    if large_frame_wanted():
        header, footer = LARGE_HEADER, large_footer(options)       # (an edition of its own: no hint)
        return Box(MARGIN, MARGIN + header, w - 2 * MARGIN, h - 2 * MARGIN - header - footer)
    return Box(MARGIN, MARGIN + HEADER, w - 2 * MARGIN, h - 2 * MARGIN - HEADER - FOOTER)


def new_page(options: Options) -> Page:
    w, h = options.page_size
    return Page(w, h)


def frame(page: Page, options: Options, scenario_title: str, sheet: str, k: int, n: int,
          hint: str | tuple[Span, ...] = "", legend: bool = True) -> None:
    """Header and footer of page k of n. Page numbers are traced (meta) like every printed number.
    `legend`: explain the page's marks bottom left (a page whose own notes sit there explains them itself)."""
    if large_frame_wanted():
        return large_frame(page, options, scenario_title, sheet, k, n, hint, legend)
    w, h = page.width, page.height
    top = MARGIN + 10
    left = (Span(_(scenario_title), source=("scenario", "title"), kind="text"), Span(f"  ·  {sheet}"))
    right = (Span(options.edition_name + "  ·  " + _("page") + " "),
             Span(str(k), source=("meta", "page"), kind="count"),
             Span(" " + _("of") + " "), Span(str(n), source=("meta", "pages"), kind="count"))
    room = w - 2 * MARGIN - fonts.width("".join(s.text for s in right), 8) - 12      # a long title shrinks
    page.add(Text(MARGIN, top, left, fit_size("".join(s.text for s in left), room, 9, "bold", 4), font="bold"),
             Text(w - MARGIN, top, right, 8, role="text.muted", anchor="end"),
             Line(MARGIN, top + 4, w - MARGIN, top + 4, "rule.light"))
    # Calibration: a square of one unit (1 in, or 2 cm), bottom right.
    side, number, unit = _square(options)
    sx, sy = w - MARGIN - side, h - MARGIN - side
    page.add(Rect(sx, sy, side, side, "calibration", tag="calibration",          # traced: the checker measures it
                  meaning=(("calibration", ("meta", "calibration")),)),
             Text(sx + side / 2, sy + side / 2 + 3, (Span(number, source=("meta", "calibration"), kind="count"),
                                                     Span(" " + unit)), 8, anchor="middle", role="text.muted"))
    lines = _foot_lines(options, hint)
    text = marks_legend(page) if legend else None
    if text and hint and _legend_height(text, sx - 8 - max(_width(s) for s in lines) - 12) > h - MARGIN - sy + 3:
        lines = _wrapped_hint(lines)                   # a long translated hint leaves the legend too narrow
    for i, spans in enumerate(lines):
        page.add(Text(sx - 8, sy + 10 + i * 10, spans, TYPE.small, anchor="end", role="text.muted"))
    if legend:
        _legend(page, sx - 8 - max(_width(spans) for spans in lines) - 12, sy)


def _legend_height(text: str, right: float) -> float:
    from printgen.sheets.text.flow import paragraph

    return paragraph([Span(text)], MARGIN, 0.0, right - MARGIN, TYPE.small, "italic").height


def _wrapped_hint(lines: list[tuple[Span, ...]]) -> list[tuple[Span, ...]]:
    """The hint (the last line) in lines no wider than the calibration words above it."""
    from printgen.sheets.text.wrap import wrap_spans

    room = max(_width(s) for s in lines[:2])
    return [*lines[:2], *(tuple(row) for row in wrap_spans(list(lines[2]), room, TYPE.small))]


def _square(options: Options) -> tuple[float, str, str]:
    """The calibration square's side, and its number and unit."""
    return (PT_PER_IN, "1", _("inch")) if options.units == "in" else (2 * PT_PER_CM, "2", "cm")


def _foot_lines(options: Options, hint: str | tuple[Span, ...] = "") -> list[tuple[Span, ...]]:
    """The words left of the calibration square."""
    number, unit = _square(options)[1:]
    before, _x, after = _(PRINT_NOTE[for_pupils()]).partition("%(percent)s")
    first, _x, last = _("The square on the right must measure exactly %(length)s.").partition("%(length)s")
    lines: list[tuple[Span, ...]] = [(Span(before), Span("100", source=("meta", "actual-size"), kind="count"),
              Span(after.replace("%%", "%"))),
             (Span(first), Span(number, source=("meta", "calibration"), kind="count"), Span(f" {unit}{last}"))]
    if hint:
        lines.append((Span(hint),) if isinstance(hint, str) else tuple(hint))
    return lines


def notes_width(options: Options, hint: str | tuple[Span, ...] = "") -> float:
    """The room at the foot of a page for a sheet's own notes, from the margin to the calibration words
    (the large-print frame's words take the footer's width: the notes go above it, margin to margin)."""
    if large_frame_wanted():
        return content_box(options).w
    side = _square(options)[0]
    return options.page_size[0] - 2 * MARGIN - side - 8 - max(_width(s) for s in _foot_lines(options, hint)) - 12


def _spans(shapes):
    for s in shapes:
        if isinstance(s, Text):
            yield from s.spans
        elif isinstance(s, Group):
            yield from _spans(s.items)


def _width(spans) -> float:
    from printgen.draw import fonts

    return sum(fonts.width(s.text, TYPE.small, "regular") for s in spans)


def _legend(page: Page, right: float, sy: float) -> None:
    """The meaning of the marks the page prints (rules.provenance), bottom left, wrapped."""
    from printgen.sheets.text.flow import paragraph

    text = marks_legend(page)
    if text:
        # its lines half way between the calibration words' (one baseline would run them together for a reader)
        laid = paragraph([Span(text)], MARGIN, sy - 3, right - MARGIN, TYPE.small, "italic", role="text.muted")
        page.add(*laid.shapes)


def marks_legend(page: Page) -> str | None:
    """What the marks printed on the page so far mean (rules.provenance), or None: for a page that
    explains them in its own notes (frame(..., legend=False))."""
    from printgen.rules.provenance import kinds_on, legend_text, symbols_on, words_on

    spans = list(_spans(page.items))
    kinds = kinds_on(spans)
    return legend_text(kinds, symbols_on(spans) and not words_on(spans)) if kinds else None


# -- large print (draw.typescale.LARGE): the same frame, every word of it at the scale's frame size ----
LARGE_HEADER = 46.0                 # two lines: the scenario and sheet, then the edition and page k of n
LARGE_LEAD = 1.3                    # the footer's lines (the frame, not running text: closer than the body's)
CALIBRATION = N_("Print at %(percent)s%% (actual size): the square must measure %(length)s.")
CALIBRATION_TEACHER = N_("Print at %(percent)s%% (actual size); the square must measure %(length)s.")


def large_footer(options: Options) -> float:
    """The footer of a large-print page: the calibration square, and left of it the marks' legend
    over the calibration words; as tall as the longest legend a pupil's page may print (every kind)
    needs, so that the content box is the same on every page whatever marks it carries."""
    from printgen.rules.provenance import PUPIL_MEANING, legend_text

    lines = len(_large_foot(options, legend_text(list(PUPIL_MEANING), True)))
    return max(_square(options)[0], lines * TYPE.frame * LARGE_LEAD) + 6


def _large_foot(options: Options, legend: str | None) -> list[tuple[Span, ...]]:
    """The footer's lines left of the square: the legend of the marks (if any), then the calibration
    words, wrapped and left-aligned (clear print)."""
    from printgen.sheets.text.wrap import wrap_spans

    w = options.page_size[0]
    side, number, unit = _square(options)
    room = w - 2 * MARGIN - side - 10
    before, _x, rest = _(CALIBRATION if for_pupils() else CALIBRATION_TEACHER).partition("%(percent)s")
    middle, _x, after = rest.partition("%(length)s")
    said = [Span(before), Span("100", source=("meta", "actual-size"), kind="count"), Span(middle.replace("%%", "%")),
            Span(number, source=("meta", "calibration"), kind="count"), Span(f" {unit}{after}")]
    rows = [tuple(row) for row in wrap_spans([Span(legend)], room, TYPE.frame)] if legend else []
    return rows + [tuple(row) for row in wrap_spans(said, room, TYPE.frame)]


def large_frame(page: Page, options: Options, scenario_title: str, sheet: str, k: int, n: int,
                hint: str | tuple[Span, ...] = "", legend: bool = True) -> None:
    """frame() in large print: two header lines; the marks' legend and the calibration words left
    of the square; every word at the frame size, left-aligned, nothing in italics. (`hint`: the
    standard frame's extra line, which no large-print document prints.)"""
    w, h = page.width, page.height
    size, lead = TYPE.frame, TYPE.frame * TYPE.leading
    top = MARGIN + size
    title = (Span(_(scenario_title), source=("scenario", "title"), kind="text"), Span(f"  ·  {sheet}"))
    place = (Span(options.edition_name + "  ·  " + _("page") + " "),
             Span(str(k), source=("meta", "page"), kind="count"),
             Span(" " + _("of") + " "), Span(str(n), source=("meta", "pages"), kind="count"))
    page.add(Text(MARGIN, top, title, fit_size("".join(s.text for s in title), w - 2 * MARGIN, TYPE.frame_title,
                                                "bold", TYPE.floor), font="bold"),
             Text(MARGIN, top + lead, place, size),
             Line(MARGIN, top + lead + 6, w - MARGIN, top + lead + 6, "rule"))
    side, number, unit = _square(options)
    sx, sy = w - MARGIN - side, h - MARGIN - side
    page.add(Rect(sx, sy, side, side, "calibration", tag="calibration",
                  meaning=(("calibration", ("meta", "calibration")),)),
             Text(sx + side / 2, sy + side / 2 + size * 0.36, (Span(number, source=("meta", "calibration"),
                                                                     kind="count"), Span(" " + unit)), size,
                  anchor="middle"))
    rows = _large_foot(options, marks_legend(page) if legend else None)
    bottom = h - MARGIN - fonts.descent(size)
    for i, spans in enumerate(rows):
        page.add(Text(MARGIN, bottom - (len(rows) - 1 - i) * size * LARGE_LEAD, spans, size))
