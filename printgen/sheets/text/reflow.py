"""Large print's page flow: one column, each section's panel placed under the last, and where a
panel does not fit the room left on a page, its head that does (cut between blocks or table rows,
as printgen.sheets.text.cut cuts a panel taller than a page) ends the page and the rest, "...,
continued", starts the next. Large type takes more pages; none is left half empty because the
next panel is long (a sheet of reading for a pupil with low vision, not cards to cut out)."""

from __future__ import annotations

from collections.abc import Callable

from printgen.sheets.text.cut import head, piece, units

GUTTER = 10.0
LEAST_ROOM = 3.0            # lines of body type: less room than this left on a page starts the next


def _fitting(laid: Callable, room: float) -> Callable:
    """Whether a part's panel fits `room` points."""
    return lambda part: laid(part).height <= room


def flow_pages(sections: list, box, size: float, laid: Callable) -> list[list] | None:
    """Pages of (panel, x, y) for the sections in one column as wide as `box`; `laid(section)` is its
    panel. None if a single block or table row is taller than a page (the sheet tries another size)."""
    pages: list[list] = [[]]
    top = box.y + 4

    def new_page() -> None:
        nonlocal top
        pages.append([])
        top = box.y + 4

    for section in sections:
        if section.options.get("page") == "new" and pages[-1]:
            new_page()
        rest, first = units(section), True
        while rest:                                     # each turn places at least one unit, or a new page
            whole = piece(section, rest, first)
            p = laid(whole)
            if top + p.height <= box.bottom:
                pages[-1].append((p, box.x, top))
                top += p.height + GUTTER
                break
            room = box.bottom - top
            n = head(section, rest, first, _fitting(laid, room)) if room >= LEAST_ROOM * size * 2 else 0
            if n == 0:
                if not pages[-1]:                       # a page of its own cannot hold one unit
                    return None
                new_page()
                continue
            p = laid(piece(section, rest[:n], first))
            pages[-1].append((p, box.x, top))
            rest, first = rest[n:], False
            new_page()
    return [pg for pg in pages if pg]
