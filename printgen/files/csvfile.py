"""Read a spreadsheet-made CSV: tolerate what Excel writes (a BOM, semicolons), report by line."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from printgen import limits
from printgen.files import text as texts
from printgen.files.tomlfile import read_bounded
from printgen.errors import Collector, PrintgenError, Problem


@dataclass(frozen=True)
class Row:
    line: int                      # 1-based line in the file (the header is line 1)
    values: dict[str, str]


def read_rows(path: Path, required: list[str], optional: list[str]) -> list[Row]:
    """Rows as dicts keyed by the known column names (stripped, lower-case).

    Excel saves CSV with a byte-order mark and, in many European locales, with semicolons: both
    are read as the teacher meant. Unknown or missing columns are errors that list the valid ones.
    Every cell is normalised (NFC, spaces, ligatures) and checked (printgen.files.text); a row is numbered by the line it
    starts on, and a quote left open is reported there, without quoting the file.
    """
    if not path.exists():                # a folder or a pipe of that name is read_bounded's to name
        raise PrintgenError(Problem("file not found", file=path,
                                    fix="check the folder name, or copy fleets/trafalgar/ and edit it"))
    raw = read_bounded(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise PrintgenError(Problem(f"is not UTF-8 text (accented names need it){_misread(raw, e.start)}",
                                    file=path, line=line, fix=FIX_ENCODING)) from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PrintgenError(Problem("is empty: the first line must name the columns", file=path, line=1,
                                    fix="first line: " + ",".join(required)))
    header_line = lines[0]
    delimiter = ";" if header_line.count(";") > header_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = [texts.normal(h.strip().lower()) for h in _next(reader, path) or []]
    known = required + optional
    problems = Collector()
    for name in header:
        if name and name not in known:
            problems.add(f"unknown column '{texts.snippet(name)}'", file=path, line=1,
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
    while True:
        line = reader.line_num + 1                    # where this row starts (a quoted cell may span lines)
        cells = _next(reader, path)
        if cells is None:
            break
        if text.count('"') % 2 and any("\n" in c or "\r" in c for c in cells):
            raise PrintgenError(Problem("a double quote opened on this row is never closed: the rest of the file "
                                        "reads as one cell", file=path, line=line,
                                        fix='close the quote ("like this"), or remove it'))
        cells = [texts.normal(c) for c in cells]
        if not any(c.strip() for c in cells):
            continue                                  # blank lines a spreadsheet leaves at the end
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header):]):
            problems.add(f"has {len(cells)} cells but the header names {len(header)} columns",
                         file=path, line=line,
                         fix="put text that contains the separator in double quotes, or remove the extra cells")
            continue
        cells = cells + [""] * (len(header) - len(cells))
        values = {h: c.strip() for h, c in zip(header, cells) if h}
        unprintable = [(column, why) for column, cell in values.items()
                       if (why := texts.problem(cell, limits.NAME_CHARS if column == "name" else limits.TEXT_CHARS))]
        for column, why in unprintable:
            problems.add(why, file=path, line=line, field=column, fix=texts.fix_of(why))
        if unprintable:
            continue
        if len(rows) >= limits.FLEET_SHIPS:
            problems.add(f"has more than {limits.FLEET_SHIPS:,} rows", file=path, line=line,
                         fix="split the fleet into scenarios; printgen reads up to that many ships")
            break
        rows.append(Row(line, values))
    problems.raise_if_any()
    return rows


FIX_ENCODING = ("save it again as UTF-8: in Excel, File > Save As > 'CSV UTF-8 (Comma delimited)' (plain 'CSV' "
                "on Windows saves another encoding); in LibreOffice, tick 'Edit filter settings' and choose "
                "'Unicode (UTF-8)'")


def _misread(raw: bytes, at: int) -> str:
    """Which cell the first byte that is not UTF-8 is in, as Windows' encoding (cp1252, what Excel's
    plain CSV writes there) would read it, so the teacher sees which name ("Téméraire")."""
    start, end = raw.rfind(b"\n", 0, at) + 1, raw.find(b"\n", at)
    row = raw[start: end if end >= 0 else len(raw)]
    cut = max(row.rfind(b",", 0, at - start), row.rfind(b";", 0, at - start)) + 1
    stop = min((i for i in (row.find(b",", at - start), row.find(b";", at - start)) if i >= 0), default=len(row))
    cell = row[cut:stop].decode("cp1252", "replace").strip().strip('"')
    return f': "{texts.snippet(cell)}" on this line was saved in another encoding' if cell else ""


def _next(reader, path: Path) -> list[str] | None:
    """The next row, None at the end; a row csv cannot read (a cell of over 128 KiB) is an error
    at the line it starts on."""
    line = reader.line_num + 1
    try:
        return next(reader)
    except StopIteration:
        return None
    except csv.Error as e:
        raise PrintgenError(Problem(f"cannot be read as CSV ({texts.snippet(str(e), 60)}); a cell holds at most "
                                    f"{limits.TEXT_CHARS:,} characters", file=path, line=line,
                                    fix="check this row in a spreadsheet; a cell may have swallowed the rest "
                                    "of the file through a missing double quote")) from None
