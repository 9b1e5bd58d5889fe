"""Reading printed PDFs back with pdfplumber, as a measuring tape: sizes in inches, circles, text."""

from __future__ import annotations

import math

import pdfplumber

PT = 72.0


def is_circle(curve) -> bool:
    ops = [seg[0] for seg in curve.get("path", [])]
    return ops[:1] == ["m"] and ops.count("c") == 4 and abs(curve["width"] - curve["height"]) < 0.3


def rects_of_size(page, w_in: float, h_in: float, tol_in: float = 0.01) -> list[dict]:
    return [r for r in page.rects
            if abs(r["width"] - w_in * PT) <= tol_in * PT and abs(r["height"] - h_in * PT) <= tol_in * PT]


def inside(obj, box, tol: float = 0.5) -> bool:
    x0, top, x1, bottom = box
    return (obj["x0"] >= x0 - tol and obj["x1"] <= x1 + tol and obj["top"] >= top - tol
            and obj["bottom"] <= bottom + tol)


def box(obj) -> tuple[float, float, float, float]:
    return (obj["x0"], obj["top"], obj["x1"], obj["bottom"])


def words(page) -> str:
    return page.extract_text() or ""


def colours(pdf) -> set:
    """Every fill and stroke colour used by any object or glyph in the document."""
    seen = set()
    for page in pdf.pages:
        for obj in page.objects.values():
            for o in obj:
                for key in ("non_stroking_color", "stroking_color"):
                    c = o.get(key)
                    if c is not None:
                        seen.add(tuple(c) if isinstance(c, (list, tuple)) else (c,))
    return seen


def is_grey(colour: tuple) -> bool:
    return len(colour) == 1 or (len(colour) == 3 and max(colour) - min(colour) < 1e-6)


def open_pdf(path):
    return pdfplumber.open(path)


def fill_pattern(page, base) -> str:
    """What fills a base: hatch lines (by angle), dots, or nothing."""
    angles = set()
    dots = 0
    for ln in page.lines:
        if not inside(ln, base, 0.1) or (ln.get("dash") and list(ln["dash"][0])):
            continue
        (xa, ya), (xb, yb) = ln["pts"][0], ln["pts"][-1]
        if abs(ya - yb) < 0.01 and abs(xa - xb) < 0.01 and ln["linewidth"] < 3:
            dots += 1                                   # a dot: a line of no length with round caps
        elif abs(ya - yb) > 0.1 and abs(xa - xb) > 0.1 and ln["linewidth"] < 1.5:
            angles.add(round(math.degrees(math.atan2(yb - ya, xb - xa))) % 180)
    for c in page.curves:                               # a dot drawn as a filled circle
        if inside(c, base, 0.1) and c["width"] < 3 and c["fill"]:
            dots += 1
    return "+".join([f"lines{a}" for a in sorted(angles)] + (["dots"] if dots > 10 else [])) or "plain"


def marks_legend(page) -> str:
    """The words at the foot of a page left of the calibration words: its marks' legend, read apart
    from the words beside it (their lines interleave when read across the page)."""
    foot = [w for w in page.extract_words() if w["top"] > page.height - 110]
    right = min((w["x0"] for w in foot if w["text"] in ("Print", "The")), default=page.width)
    return " ".join(w["text"] for w in sorted((w for w in foot if w["x1"] < right - 4),
                                              key=lambda w: (round(w["top"]), w["x0"])))


def says(text: str, phrase: str) -> bool:
    """Every word of the phrase on the page: a table cell wrapped at the handouts' 9 pt reads line by
    line, interleaved with its neighbours' words (pdfplumber reads across the columns)."""
    from collections import Counter

    def words(s: str) -> Counter:
        return Counter(w.strip("().,:;") for w in s.split())

    return not words(phrase) - words(text)
