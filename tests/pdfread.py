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


def page_texts(path, blanks: bool = False) -> list:
    """Each page's text exactly as pdfplumber's `page.extract_text()` reads it (the same characters,
    positions and reading), for a test that reads words only, at half the cost: the drawn shapes are
    never collected (the text reading never uses them) and each character keeps only what the reading
    uses (not its colours). A PDF is read once a test session: by its bytes' sha256, in the session's
    shared folder (conftest, tests/tamper.py SHARED) or in this process. tests/test_pdfread.py compares
    this with `page.extract_text()` on every document of two kits. `blanks`: each page as (its text read
    with `keep_blank_chars=True`, whether a character stands beyond the page's left or right edge)
    instead, as the language tests read a page."""
    import hashlib
    import io
    import json
    import os
    from pathlib import Path

    data = path.getvalue() if isinstance(path, io.BytesIO) else Path(path).read_bytes()
    key = hashlib.sha256(data).hexdigest() + ("-blanks" if blanks else "")
    if key in _TEXTS:
        return list(_TEXTS[key])
    shared = os.environ.get("PRINTGEN_TESTS_KITS")
    stored = Path(shared) / "texts" / f"{key}.json" if shared else None
    if stored is not None and stored.is_file():
        texts = json.loads(stored.read_text(encoding="utf-8"))
    else:
        texts = _read_texts(io.BytesIO(data), blanks=blanks)
        if stored is not None:
            stored.parent.mkdir(exist_ok=True)
            part = stored.with_name(f"{key}.{os.getpid()}.part")
            part.write_text(json.dumps(texts), encoding="utf-8")
            try:
                os.replace(part, stored)                # whole, for another test process reading it
            except OSError:                             # Windows: another process is reading the same texts
                part.unlink(missing_ok=True)
    if blanks:
        texts = [(text, beyond) for text, beyond in texts]         # a pair, stored as a JSON list
    _TEXTS[key] = texts
    return list(texts)


_TEXTS: dict[str, list] = {}


def _read_texts(path, first: int | None = None, blanks: bool = False) -> list:
    """page_texts's reading, of every page or of the `first` pages."""
    from pdfminer.layout import LTChar
    from pdfminer.pdfinterp import PDFPageInterpreter
    from pdfplumber.page import PDFPageAggregatorWithMarkedContent

    class TextOnly(PDFPageAggregatorWithMarkedContent):
        def paint_path(self, *args, **kwargs) -> None:        # no shape: the text reading never reads them
            pass

    def characters(page, objects) -> list[dict]:
        out = []
        for obj in objects:
            if hasattr(obj, "_objs"):                       # a form's characters, in the order pdfplumber reads them
                out += characters(page, obj._objs)
            elif isinstance(obj, LTChar):
                top = page.height - obj.y1 + page.mediabox[1]
                char = {"object_type": "char", "page_number": page.page_number, "text": obj.get_text(),
                        "fontname": obj.fontname, "size": obj.size, "adv": obj.adv, "matrix": obj.matrix,
                        "upright": obj.upright, "x0": obj.x0 + page.mediabox[0], "x1": obj.x1 + page.mediabox[0],
                        "y0": obj.y0, "y1": obj.y1, "width": obj.width, "height": obj.height, "top": top,
                        "bottom": page.height - obj.y0 + page.mediabox[1], "doctop": page.initial_doctop + top}
                for extra in ("mcid", "tag"):
                    if hasattr(obj, extra):
                        char[extra] = getattr(obj, extra)
                out.append(char)
        return out

    texts = []
    with pdfplumber.open(path) as pdf:
        assert pdf.unicode_norm is None and pdf.laparams is None      # as page.extract_text() reads
        for page in pdf.pages[:first]:
            device = TextOnly(pdf.rsrcmgr, pageno=page.page_number, laparams=None)
            PDFPageInterpreter(pdf.rsrcmgr, device).process_page(page.page_obj)
            page._objects = {"char": characters(page, device.get_result()._objs)}
            if blanks:
                beyond = any(c["x1"] > float(page.width) + 0.5 or c["x0"] < -0.5 for c in page.chars)
                texts.append((page.extract_text(keep_blank_chars=True) or "", beyond))
            else:
                texts.append(page.extract_text() or "")
    return texts
