"""Each edition's lesson plan prints the page counts of ITS edition's documents, its own included (the
teacher's finding: `printgen kit nile-1798 --edition color+large` failed its check, the large lesson plan
printing the colour one's 3 pages for its own 4, and the colour one, and the colour teacher's sheet, the
large edition's pieces' counts).
The large-print edition lays out every document anew (its teacher's documents too, its pieces at their
size), so a count of the colour or black-and-white edition is not its count (Plan.count_key)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest
from pdfread import page_texts


def _counts_printed(pdf: Path, titles: dict[str, str], after: str) -> dict[str, int]:
    """The pages a document prints for each other (by kind), read from the PDF: the number `after` a
    document's title (the lesson plan's copies table: "Ship pieces 5 ..."; the teacher's sheet's list:
    "• Ship pieces (5 pages): ...")."""
    printed = {}
    for text in page_texts(pdf):
        for line in text.splitlines():
            for kind, title in titles.items():
                if m := re.match(re.escape(title) + after, line.strip().lstrip("• ")):
                    printed.setdefault(kind, int(m.group(1)))
    return printed


@pytest.mark.slow
def test_each_lesson_plan_prints_its_own_editions_page_counts(tmp_path):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    out = tmp_path / "kit"
    result = subprocess.run([sys.executable, "-m", "printgen", "kit", "nile-1798", "--edition", "color+large",
                             "--out", str(out)], capture_output=True, text=True,
                            env={**os.environ, "PYTHONHASHSEED": "1"})
    folder = out if result.returncode == 0 else tmp_path / "kit.failed"   # a failed kit is kept for inspection
    assert folder.is_dir(), result.stdout + result.stderr
    plan = plan_kit(KitRequest(scenario="nile-1798"))
    files = {(f.stem.rsplit("-", 1)[1], kind): f for kind in plan.kinds() for f in folder.glob("*.pdf")
             if f.stem.rsplit("-", 1)[0] == plan.record(kind).file_stem}
    titles = {kind: plan.record(kind).title for kind in plan.kinds()}      # the copies table's
    names = {kind: plan.record(kind).name for kind in plan.kinds()}        # the teacher's sheet's
    wrong = {}
    for edition in ("color", "large"):
        real = {kind: len(pypdfium2.PdfDocument(f)) for (e, kind), f in files.items() if e == edition}
        for reader, said, after in (("lesson", titles, r"(?: \(optional\))? (\d+) "),
                                    ("teacher", names, r" \((\d+) pages?\)")):
            printed = _counts_printed(files[edition, reader], said, after)
            # the lesson plan's own pages, the teacher's sheet's, the pieces' (at their size in large print)
            assert {"lesson", "teacher", "sprites", "status-markers", "rulers", "quickref"} <= printed.keys(), printed
            wrong |= {(reader, edition, kind): (n, real[kind]) for kind, n in printed.items() if n != real[kind]}
    assert not wrong, f"(document, its edition, the document counted): (the count it prints, the file's) {wrong}"
    assert result.returncode == 0, result.stdout + result.stderr
