"""Type scales: the sizes and spacing of the words on a page, one scale a kind of reader.

The standard scale is the one every edition printed before the large-print one; the large-print
scale follows the sight-loss charities' clear-print guidance (RNIB and UKAAF: 16 to 18 pt body text
in a plain sans-serif face, nothing much smaller, generous line spacing, bold rather than italics
for emphasis, left-aligned, black on white) and WCAG 2.2's text spacing (1.4.12: lines at 1.5 times
the size, paragraphs further apart). A document's scale is set while it is drawn
(registry.documents.DocumentKind.make: the large scale for a pupil's reading document of the
large-print edition), so the layout code reads `TYPE.body` and lays out once, at either scale."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class TypeScale:
    """Type sizes in points, the same for every sheet: a 10-year-old reads the handouts at arm's
    length and a ship's name on the table from a step away."""
    body: float = 9.0               # running text on student handouts (captain cards, quick reference, cards)
    small: float = 8.0              # the page frame, notes, legends: the smallest regular type a worn copier
                                    # keeps whole (check/photocopy.py: at 7.5 pt it loses the stroke of an l)
    heading: float = 10.5           # a card's or panel's heading: one size on every card of a document
    piece_name: float = 8.5         # a ship's name on its piece at scale 1 ...
    piece_name_min: float = 7.0     # ... shrunk for a long name, never below this at scale 1
    piece_label: float = 6.0        # the small words on a piece at scale 1 (nation, BOW, STERN, glue)
    floor: float = 5.0              # nothing smaller anywhere at scale 1 (`printgen check` holds every page to it)
    # spacing and layout (the standard values are the ones the sheets were tuned with)
    name: str = "standard"
    leading: float = 1.22           # baseline to baseline, times the size
    row: float = 1.45               # a table's row, times its type size
    gap: float = 0.3                # between paragraphs, times the size (before a heading or table: gap_wide)
    gap_wide: float = 0.55
    italic: str = "italic"          # the face of notes and legends
    handout_sizes: tuple[float, ...] = ()   # a handout's sizes, largest first (empty: the sheet's own list)
    columns: int = 0                # a handout's columns at most (0: as the sheet asks)
    more_pages: int = 1             # a sheet's page limit, times this (larger type takes more pages)
    frame: float = 8.0              # the page frame's words (edition, page k of n, the calibration square's)
    frame_title: float = 9.0        # the frame's title (shrunk for a long one on the standard scale)
    hit: tuple[float, float] = (0.72, 0.8)  # a hit circle's diameter: at most these shares of its row's height
    #                                 and of its share of the row's width
    handled: float = 0.0            # the least size of every word on the rulers, gauges and markers a pupil
    #                                 handles (0: each its own size, as the standard edition prints them)
    strip: float = 0.75 * 72        # a ruler's height across (the movement stick, the range ruler)


STANDARD = TypeScale()
LARGE = TypeScale(body=16.0, small=14.0, heading=18.0, floor=14.0, name="large", leading=1.5, row=1.6, gap=0.5,
                  gap_wide=0.8, italic="regular", handout_sizes=(18.0, 17.0, 16.0), columns=1, more_pages=5,
                  frame=14.0, frame_title=14.0)
"""Large print: body 16 pt (18 where it fits as few pages), headings 18 pt bold, nothing under 14 pt
(notes, table cells, legends, the page frame); 1.5 line spacing; no italics (a note is set apart by
its place and a rule, not a slanted face); one column, so a line is long enough to read without
hyphens and the eye never jumps between columns."""

LARGE_PIECES = TypeScale(name="large-pieces", piece_name=16.0, piece_name_min=12.0, piece_label=12.0, hit=(0.9, 0.9),
                         handled=14.0, strip=1.25 * 72, frame=14.0, frame_title=14.0)
"""The pieces of the large-print edition: the same size on the table (a base is a base), but a
ship's name as large as its band and its base's strip hold (16 pt, shrunk only for a long name) and
its hit circles as large as the hit strip holds; every word and number on the rulers, gauges and
markers at 14 pt or more (the clear-print floor of the reading pages), the rulers taller across to
hold a row of numbers and a row or two of words at that size. A name on a hull or base never under
12 pt (two lines where one does not hold it: a base is 2" x 1" at full scale, the game's piece, and
a long name such as "Santísima Trinidad" holds one line of 16 pt only by shrinking), nor the piece's
own small words (BOW, STERN, the nation's code); the pages' frame (the title, "Print at 100%") at
14 pt, as on the reading pages."""

LARGE_DYSLEXIA = TypeScale(**{**LARGE.__dict__, "name": "large-dyslexia", "body": 18.0, "heading": 20.0,
                                "handout_sizes": (18.0,), "gap": 0.8, "gap_wide": 1.1})
"""The large-print edition for readers with dyslexia (`printgen kit --dyslexia`): the same clear
print, body text at 18 pt (Rello, Pielot and Marcos 2016: sizes of 18 pt and more read faster
for people with dyslexia; line spacing alone made no difference) and paragraphs further apart (the
British Dyslexia Association's style guide: space between paragraphs, no dense blocks). Letter
spacing, the one change with stronger evidence (Zorzi et al. 2012), is not made: every width the
layout and the check measure would change with it. No "dyslexia font": the studies of
OpenDyslexic and Dyslexie found no gain over a plain sans-serif (Wery and Diliberto 2017; Kuster et
al. 2018)."""

SCALE: ContextVar[TypeScale] = ContextVar("type_scale", default=STANDARD)


class _Current:
    """The type scale of the document being drawn: `TYPE.body` reads SCALE's."""

    def __getattr__(self, name: str):
        return getattr(SCALE.get(), name)

    def __repr__(self) -> str:
        return f"TYPE({SCALE.get().name})"


TYPE = _Current()


def large() -> bool:
    """Whether the document being drawn is in large print (either large-print scale)."""
    return SCALE.get().handout_sizes != ()


def handled(size: float) -> float:
    """A word's size on a ruler, gauge or marker: `size`, or the large-print floor of what a pupil
    handles if that is larger (the standard edition prints `size` unchanged)."""
    return max(size, SCALE.get().handled)
