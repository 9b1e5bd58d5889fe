"""Render a sheet in the chosen format and write its files atomically."""

from __future__ import annotations

from pathlib import Path

from printgen.draw.render import render
from printgen.draw.shapes import Drawing
from printgen.options import Options
from printgen.output import write_all


def sheet_stem(kind: str, options: Options) -> str:
    return f"{kind}-{options.edition}"


def write_sheet(drawing: Drawing, options: Options, out: Path, kind: str) -> list[Path]:
    rendered = render(drawing, options.edition, options.fmt, options.dpi, keep_pages=False)
    stem = sheet_stem(kind, options)
    return write_all({out / f"{stem}{suffix}": data for suffix, data in rendered.files})
