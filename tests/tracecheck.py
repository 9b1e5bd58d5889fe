"""Render a sheet, read its PDF back with pdfplumber, and check every traced number on it."""

from __future__ import annotations

from dataclasses import asdict
from types import SimpleNamespace

import pdfplumber

from printgen.check.numbers import Char, Context, check_page
from printgen.draw.render import render


def render_and_read(drawing, options, path):
    """Write the PDF; return (pdfplumber document, per-page trace dicts)."""
    rendered = render(drawing, options.edition, "pdf")
    path.write_bytes(rendered.files[0][1])
    traces = [[asdict(e) for e in page.trace] for page in rendered.pages]
    return pdfplumber.open(path), traces


def chars_of(page) -> list[Char]:
    return [Char(c["text"], c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars]


def discrepancies(pdf, traces, scenario, options, name="sheet.pdf", plan=None) -> list:
    """Every discrepancy of a rendered sheet; `plan` (the kit's) for lesson numbers, else the scenario's marks."""
    out = []
    for i, page in enumerate(pdf.pages):
        ctx = Context(scenario.ruleset, options.measure, scenario.fleet, scenario.title, i + 1, len(pdf.pages),
                      plan=plan or SimpleNamespace(scenario=scenario))
        out += check_page(chars_of(page), traces[i], ctx, name)
    return out


def printed(pdf, traces, source: tuple) -> list[str]:
    """What is printed at every place the drawing traced to `source`."""
    from printgen.check.numbers import text_in

    texts = []
    for page, trace in zip(pdf.pages, traces):
        chars = chars_of(page)
        texts += [text_in(chars, tuple(e["bbox"])) for e in trace if tuple(e["source"]) == tuple(source)]
    return texts
