"""Sheet counts on the teacher's sheet, read back from the printed PDF: each document's count is
the pages that document printed, and the total is the kit file's, the figure index.html gives."""

from __future__ import annotations

import json
import re

import pytest
from pdfread import page_texts

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["trafalgar", "sluys-1340"])
def kit(request):
    """The kit as a teacher makes it (`printgen kit NAME`: the colour edition), checked by its own
    `printgen check` (which recomputes every traced count of the teacher's sheet): built once a test
    session (tests/tamper.py built_once), the same kit tests/test_pupil_glossary.py reads."""
    from tamper import built_once

    return built_once(request.param)


def _teacher_text(kit) -> str:
    return " ".join(" ".join(t.split()) for t in page_texts(kit / "teacher-color.pdf"))


def test_each_document_count_is_its_pages(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    text = _teacher_text(kit)
    from printgen.registry.documents import find

    docs = [d for d in manifest["documents"] if d["kind"] != "kit"]
    found = 0
    for d in docs:
        title = find(d["kind"]).advice.split(":")[0]          # the teacher's sheet: "Title (N sheets): advice"
        m = re.search(re.escape(title) + r" \((\d+) (?:sheets?|pages?)", text) if title else None
        if m:
            found += 1
            assert int(m.group(1)) == d["pages"], f"{d['kind']}: the teacher's sheet says {m.group(1)}, it has {d['pages']}"
    assert found >= len(docs) - 2          # every document with printing advice (the family's own may differ)


def test_the_total_is_the_kit_files_and_the_index_s(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    kit_doc = next(d for d in manifest["documents"] if d["kind"] == "kit")
    total = int(re.search(r"In all: (\d+) (?:sheets|pages)", _teacher_text(kit)).group(1))
    assert total == kit_doc["pages"]
    index = (kit / "index.html").read_text()
    assert re.search(rf'<p class="sheets" data-edition="\w+" data-pages="{total}"><strong>[^<]*:</strong> '
                     rf"kit-\w+\.pdf holds one copy of each document, {total} pages in print order", index)
