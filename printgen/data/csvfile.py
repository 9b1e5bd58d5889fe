"""Read a spreadsheet-made CSV: tolerate what Excel writes (a BOM, semicolons), report by line."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import Collector, PrintgenError, Problem


@dataclass(frozen=True)
class Row:
    line: int                      # 1-based line in the file (the header is line 1)
    values: dict[str, str]


def read_rows(path: Path, required: list[str], optional: list[str]) -> list[Row]:
    """Rows as dicts keyed by the known column names (stripped, lower-case).

    Excel saves CSV with a byte-order mark and, in many European locales, with semicolons: both
    are read as the teacher meant. Unknown or missing columns are errors that list the valid ones.
    """
    if not path.is_file():
        raise PrintgenError(Problem("file not found", file=path,
                                    fix="check the folder name, or copy fleets/trafalgar/ and edit it"))
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise PrintgenError(Problem("is not UTF-8 text (accented names need it)", file=path, line=line,
                                    fix="in your spreadsheet choose 'Save as CSV UTF-8'")) from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PrintgenError(Problem("is empty: the first line must name the columns", file=path, line=1,
                                    fix="first line: " + ",".join(required)))
    header_line = lines[0]
    delimiter = ";" if header_line.count(";") > header_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    known = required + optional
    problems = Collector()
    for name in header:
        if name and name not in known:
            problems.add(f"unknown column '{name}'", file=path, line=1,
                         fix="valid columns are: " + ", ".join(known))
    seen: set[str] = set()
    for name in header:
        if name and name in seen:
            problems.add(f"column '{name}' appears twice", file=path, line=1, fix="delete one of them")
        seen.add(name)
    for name in required:
        if name not in header:
            problems.add(f"missing column '{name}'", file=path, line=1,
                         fix="add a column named '" + name + "'; required columns: " + ", ".join(required))
    problems.raise_if_any()

    rows: list[Row] = []
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue                                  # blank lines a spreadsheet leaves at the end
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header):]):
            problems.add(f"has {len(cells)} cells but the header names {len(header)} columns",
                         file=path, line=line,
                         fix="put text that contains the separator in double quotes, or remove the extra cells")
            continue
        cells = cells + [""] * (len(header) - len(cells))
        rows.append(Row(line, {h: c.strip() for h, c in zip(header, cells) if h}))
    problems.raise_if_any()
    return rows
