"""Render a drawing in one format: PDF (one file), SVG (one file per page), PNG (one per page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from printgen.draw.flatten import FlatPage, TraceEntry, flatten
from printgen.draw.shapes import Drawing
from printgen.draw.theme import theme


@dataclass
class Rendered:
    files: list[tuple[str, bytes]]         # (suffix such as ".pdf" or "-p2.svg", content)
    pages: list[FlatPage]

    @property
    def trace(self) -> list[list[TraceEntry]]:
        return [p.trace for p in self.pages]


def flat_pages(drawing: Drawing, edition: str, marks: bool = False) -> list[FlatPage]:
    return list(iter_flat_pages(drawing, edition, marks))


def iter_flat_pages(drawing: Drawing, edition: str, marks: bool = False, traced: bool = True) -> Iterator[FlatPage]:
    """`marks`: each page notes what each shape printed (FlatPage.marks, for the photocopy check);
    `traced=False`: no page keeps its trace (flatten)."""
    t = theme(edition, drawing.look)
    symbols: dict = {}                      # each symbol flattened once for the whole document
    return (flatten(p, t, symbols, marks, traced) for p in drawing.pages)


def render(drawing: Drawing, edition: str, fmt: str = "pdf", dpi: float = 100,
           pages: list[FlatPage] | None = None, keep_pages: bool = True) -> Rendered:
    """`keep_pages=False`: a PDF is written page by page as each is flattened, none kept (memory
    stays flat in the length of the document), nor traced; Rendered.pages is then empty."""
    if fmt == "pdf" and pages is None and not keep_pages:
        from printgen.draw.pdf import render_pdf

        flat = iter_flat_pages(drawing, edition, traced=False)
        return Rendered([(".pdf", render_pdf(flat, drawing.title, drawing.subject))], [])
    pages = pages if pages is not None else flat_pages(drawing, edition)
    if fmt == "pdf":
        from printgen.draw.pdf import render_pdf

        return Rendered([(".pdf", render_pdf(pages, drawing.title, drawing.subject))], pages)
    if fmt == "svg":
        from printgen.draw.svg import render_svg

        return Rendered([(_page_suffix(i, len(pages), ".svg"), render_svg(p, f"{drawing.title} - page {i + 1}"))
                         for i, p in enumerate(pages)], pages)
    if fmt == "png":
        from printgen.draw.png import render_png

        return Rendered([(_page_suffix(i, len(pages), ".png"), render_png(p, dpi, mark=True))
                         for i, p in enumerate(pages)], pages)
    raise ValueError(f"unknown format {fmt}")


def _page_suffix(i: int, n: int, ext: str) -> str:
    return f"-p{i + 1:0{len(str(n))}d}{ext}"
