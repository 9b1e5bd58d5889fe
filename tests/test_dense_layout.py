"""Data at the edge of what prints: a big dice pool's chart and a long fleet text in a narrow table."""

from __future__ import annotations

import pdfplumber

from printgen import limits
from test_hostile_data import copy_scenario, printgen, set_key


def _axis_labels(page) -> list[dict]:
    """The hit counts printed under a chart's bars: digits on one line just under the chart's axis."""
    words = [w for w in page.extract_words() if w["text"].isdigit()]
    rows: dict[int, list[dict]] = {}
    for w in words:
        rows.setdefault(round(w["top"]), []).append(w)
    # the axis row is the first row (from the top) that holds many numbers side by side
    for top in sorted(rows):
        row = sorted(rows[top], key=lambda w: w["x0"])
        if len(row) >= 8:
            return row
    return []


def _charts(row: list[dict]) -> list[list[dict]]:
    """Two cards side by side print their charts' axes on one line: each chart starts again at 0."""
    out: list[list[dict]] = []
    for w in row:
        if w["text"] == "0" or not out:
            out.append([])
        out[-1].append(w)
    return out


def test_a_big_pools_chart_labels_never_run_together(tmp_path):
    folder = copy_scenario(tmp_path)
    set_key(folder / "rules.toml", "shooting.dice", "british", str(limits.DICE_PER_POOL - 1))
    r = printgen("cards", str(folder), "--out", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "o" / "cards-color.pdf") as pdf:
        charts = [chart for p in pdf.pages for chart in _charts(_axis_labels(p))]
    big = [row for row in charts if row and max(int(w["text"]) for w in row) >= limits.DICE_PER_POOL - 1]
    assert big, "no chart of the big pool found"
    for row in big:
        assert [int(w["text"]) for w in row] == sorted(int(w["text"]) for w in row)     # in order, whole numbers
        for a, b in zip(row, row[1:]):
            assert b["x0"] - a["x1"] > 1.0, f"labels {a['text']} and {b['text']} run together"


def test_a_long_fleet_text_wraps_word_by_word_in_a_narrow_table():
    """An admiral's title under the fleet's long-text limit is one traced text; in a table too narrow
    for it whole (a sheet's last-resort layout), it wraps word by word, each word traced as the i-th
    word of its column (what the check resolves), instead of failing the sheet."""
    from printgen.draw.shapes import Span, Text
    from printgen.sheets.text.flow import WRAP_CELLS, table

    title = "Vice-Admiral of the Blue, Commander-in-Chief in the Mediterranean, K.B."
    rows = [[[Span("Ship", "bold")], [Span("Flag officer", "bold")]],
            [[Span("W" * limits.NAME_CHARS, "", ("fleet", "victory", "name"), "text")],
             [Span(title, "", ("fleet", "victory", "admiral"), "text")]]]
    token = WRAP_CELLS.set(True)
    try:
        laid = table(rows, True, 400, 9)
    finally:
        WRAP_CELLS.reset(token)
    texts = [t for t in laid.shapes if isinstance(t, Text)]
    words = [(sp.text, sp.source) for t in texts for sp in t.spans if sp.source and sp.source[2] == "admiral"]
    assert [w for w, _ in words] == title.split()
    assert [src for _, src in words] == [("fleet", "victory", "admiral", i) for i in range(len(title.split()))]
    lines = {t.y for t in texts if any(sp.source and sp.source[2] == "admiral" for sp in t.spans)}
    assert len(lines) >= 2                                    # wrapped over lines
    name = [t for t in texts if any(sp.source == ("fleet", "victory", "name") for sp in t.spans)]
    assert len(name) == 1                                     # a name is never split
