"""`printgen check KIT --report FILE.html`: every discrepancy for a teacher to see, with a picture
of its page and the place outlined. One self-contained file (pictures inlined); every word from
the kit or the check is HTML-escaped."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

from printgen.check.numbers import Discrepancy

PICTURE_DPI = 60                 # a page about 500 px wide: enough to see where, small enough to mail
MAX_PICTURES = 200               # a kit that fails everywhere still gets a report of bounded size
OUTLINE = (220, 0, 0)


def page_picture(pdf: bytes | Path, page: int, box: tuple | None) -> str:
    """The page as a PNG data URL, the box (points from the top left) outlined in red."""
    import pypdfium2 as pdfium
    from PIL import ImageDraw

    pdf = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        scale = PICTURE_DPI / 72
        image = pdf[page - 1].render(scale=scale).to_pil().convert("RGB")
    finally:
        pdf.close()
    if box is not None:
        x0, top, x1, bottom = (v * scale for v in box)
        ImageDraw.Draw(image).rectangle((x0 - 3, top - 3, x1 + 3, bottom + 3), outline=OUTLINE, width=2)
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def report_html(folder: Path, found: list[Discrepancy], title: str) -> bytes:
    from printgen import limits
    from printgen.check.manifest import read_listed

    rows, pictures = [], 0
    for d in found:
        picture = ""
        if d.page > 0 and d.file.lower().endswith(".pdf") and pictures < MAX_PICTURES:
            try:                                   # never through a link, never a pipe: see printgen.reading
                pdf = read_listed(folder, d.file, limits.KIT_FILE_BYTES)
                picture = f'<img alt="page {d.page} of {html.escape(d.file)}" src="{page_picture(pdf, d.page, d.box)}">'
                pictures += 1
            except Exception as e:                 # a damaged PDF: the line says so already; no picture
                picture = f"<p>(no picture: {html.escape(str(e))})</p>"
        where = html.escape(d.file) + (f", page {d.page}" if d.page else "")
        rows.append(f"<section><h2>{where}</h2><p>{html.escape(d.what)}</p>{picture}</section>")
    summary = (f"{len(found)} discrepancies" if found else "no discrepancies: the kit agrees with the rules and the fleet")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;max-width:60em;margin:auto}}"
            "section{border-top:1px solid #ccc;padding:.5em 0}img{max-width:100%;border:1px solid #999}</style>"
            f"</head><body><h1>{html.escape(title)}</h1><p>{html.escape(summary)}</p>\n"
            + "\n".join(rows) + "\n</body></html>\n").encode("utf-8")


def write_report(folder: Path, found: list[Discrepancy], path: Path) -> None:
    from printgen.output import write_all

    write_all({path: report_html(folder, found, f"printgen check of {folder.name}")})
