"""A ship of 1805 seen from the side: hull with gun decks, her masts with square sails (three for a
ship-rigged vessel, two for a brig or a schooner, one for a sloop: her type's rig), bowsprit and jib, a
fore-and-aft sail on the aftmost mast and an ensign at its peak. Drawn in a W x H box, bow to the right, waterline
at the bottom. Graphics only: the sprite sheet adds the words."""

from __future__ import annotations

from functools import cache

from printgen.draw.shapes import Circle, Line, Poly, Rect, Shape, Symbol
from printgen.sheets.pieces.ensigns import ensign


def decks(guns: int) -> int:
    """Three-deckers carried 90 guns or more, the rest of the line (and the fifties) two gun decks;
    frigates, brigs and schooners one."""
    return 3 if guns >= 90 else 2 if guns >= 50 else 1


def ports(guns: int) -> int:
    """Gun ports a deck shows on one side: about guns / 2 sides / decks (a ship of the line at least six)."""
    return max(6 if guns >= 50 else 1, min(16, guns // (2 * decks(guns))))


@cache
def profile_symbol(nation: str, guns: int, w: float, h: float, flagship: bool, masts: int = 3) -> Symbol:
    """The profile as a symbol, drawn once for all the ships that look alike (a fleet has a handful)."""
    rig = "" if masts == 3 else f"-{masts}m"                # a ship-rigged symbol keeps its name (kits unchanged)
    key = f"ship-{nation}-{decks(guns)}x{ports(guns)}-{'flag' if flagship else 'pennant'}{rig}-{w!r}x{h!r}"
    return Symbol(key, tuple(ship_profile(nation, guns, w, h, flagship, masts)))


# Each rig's masts, bow first: (where along the hull, height as a share of the main's); the main is tallest
RIGS = {3: [(0.68, 0.97), (0.47, 1.0), (0.27, 0.80)], 2: [(0.62, 0.95), (0.38, 1.0)], 1: [(0.52, 1.0)]}


def ship_profile(nation: str, guns: int, w: float, h: float, flagship: bool, masts: int = 3) -> list[Shape]:
    n = decks(guns)
    deck_h = h * 0.072
    hull_h = deck_h * (n + 0.9)
    wl = h                                     # waterline
    top = wl - hull_h
    stern_x, bow_x = w * 0.14, w * 0.86
    out: list[Shape] = []

    # Masts (behind the hull and sails), bow first: fore, main, mizzen (a brig: fore and main; a sloop: one).
    rig = [(w * x, k) for x, k in RIGS[masts]]
    mast_top = {x: top - (top - h * 0.04) * k for x, k in rig}
    # Bowsprit and jib.
    bs_end = (w * 0.995, top - h * 0.22)
    out.append(Line(bow_x, top + deck_h * 0.2, *bs_end, "mast"))
    fx = rig[0][0]
    out.append(Poly(((fx + 2, mast_top[fx] + (top - mast_top[fx]) * 0.25), (bs_end[0] - 2, bs_end[1] + 1),
                     (fx + 3, top - deck_h * 0.6)), "sail"))
    for x, _ in rig:
        out.append(Rect(x - 0.9, mast_top[x], 1.8, top - mast_top[x], "mast"))

    # Square sails: course, topsail, topgallant, narrowing upwards.
    for x, k in rig:
        span = top - mast_top[x]
        full = w * (0.2 if k >= 0.95 else 0.16)
        levels = [(0.06, 0.36, 1.0), (0.40, 0.68, 0.84), (0.71, 0.90, 0.62)]
        for lo, hi, narrow in levels:
            y1, y2 = top - span * lo - h * 0.02, top - span * hi
            b, t = full * narrow / 2, full * narrow * 0.86 / 2
            bulge = (y1 - y2) * 0.10
            out.append(Poly(((x - b, y1), (x - t, y2), (x + t, y2), (x + b, y1), (x, y1 + bulge)), "sail"))
            out.append(Line(x - t - 1, y2, x + t + 1, y2, "mast"))           # yard
    # Spanker (fore-and-aft sail) on the aftmost mast, and the ensign at its gaff's peak.
    mz = rig[-1][0]
    gaff_y = mast_top[mz] + (top - mast_top[mz]) * 0.45
    peak = (stern_x - w * 0.01, gaff_y + h * 0.03)
    out.append(Poly(((mz - 1, gaff_y), peak, (stern_x + w * 0.01, top - deck_h * 0.3), (mz - 1, top - deck_h * 0.3)),
                    "sail"))
    out.append(Line(mz, gaff_y, *peak, "mast"))
    fw, fh = w * 0.1, h * 0.085
    out.extend(ensign(nation, peak[0] - fw, peak[1] - fh * 0.2, fw, fh))

    # Pennant at the main masthead (a flag officer's flag on flagships).
    mx = max(rig, key=lambda m: m[1])[0]
    if flagship:
        out.append(Rect(mx + 1, mast_top[mx], w * 0.05, h * 0.05, "star"))
    else:
        out.append(Poly(((mx + 1, mast_top[mx]), (mx + 1 + w * 0.09, mast_top[mx] + h * 0.012),
                         (mx + 1, mast_top[mx] + h * 0.024)), "mast"))

    # Hull: low stern with a raised quarterdeck, sheer rising to the bow, curved stem.
    hull = ((stern_x, top - deck_h * 0.5), (stern_x + w * 0.16, top - deck_h * 0.5), (stern_x + w * 0.18, top),
            (bow_x - w * 0.12, top), (bow_x - w * 0.10, top - deck_h * 0.25), (bow_x, top - deck_h * 0.25),
            (bow_x + w * 0.035, top + hull_h * 0.35), (bow_x + w * 0.02, wl - hull_h * 0.15),
            (bow_x - w * 0.02, wl), (stern_x + w * 0.03, wl), (stern_x + w * 0.015, top + hull_h * 0.2))
    out.append(Poly(hull, "hull." + nation))            # the nation's pattern in grey
    out.append(Line(bow_x + w * 0.02, top + hull_h * 0.05, bow_x + w * 0.07, top - deck_h * 0.15, "mast"))   # figurehead
    # Gun decks: a painted band each with its row of ports (about guns / 2 sides / decks).
    n_ports = ports(guns)
    band_x1, band_x2 = stern_x + w * 0.04, bow_x - w * 0.01
    for d in range(n):
        y = top + deck_h * (0.45 + d)
        x1 = band_x1 + (w * 0.12 if d == 0 else 0)                 # upper deck ports stop at the waist
        out.append(Rect(x1, y, band_x2 - x1 - d * w * 0.01, deck_h * 0.62, "band." + nation))
        pitch = (band_x2 - band_x1) / (n_ports + 1)
        size = min(deck_h * 0.42, pitch * 0.55)
        for i in range(1, n_ports + 1):
            px = band_x1 + i * pitch - size / 2
            if px > x1 and px + size < band_x2 - d * w * 0.01:
                out.append(Rect(px, y + deck_h * 0.1, size, size, "port"))
    # Stern lanterns.
    out.append(Circle(stern_x + w * 0.01, top - deck_h * 0.75, h * 0.012, "star"))
    return out
