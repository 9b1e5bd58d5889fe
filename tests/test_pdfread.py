"""The tests' text-only reader (tests/pdfread.py page_texts) reads what pdfplumber's page.extract_text()
reads, character for character (also with keep_blank_chars=True, as the language tests read), on every
page of a kit's documents: the galleys' and the ships' pages, both editions, the maps' turned words
among them. Tests that read words only use it at half the cost."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from pdfread import _read_texts, page_texts


def _documents(kit) -> list[str]:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    return [d["path"] for d in manifest["documents"] if d["path"].endswith(".pdf") and d["kind"] != "kit"]


@pytest.mark.parametrize("which", ["built", "built_sluys"])
def test_the_text_reader_reads_what_pdfplumber_reads(which, request):
    """Every document of the small Trafalgar kit (both editions) and of the Sluys kit in black and
    white, their first 3 pages (the whole of most; a class's captain cards repeat their first pages)."""
    kit = request.getfixturevalue(which)
    pages = 0
    for path in _documents(kit):
        with pdfplumber.open(kit / path) as pdf:
            expected = [page.extract_text() or "" for page in pdf.pages[:3]]
            blanks = [(page.extract_text(keep_blank_chars=True) or "",
                       any(c["x1"] > float(page.width) + 0.5 or c["x0"] < -0.5 for c in page.chars))
                      for page in pdf.pages[:3]]
        assert _read_texts(kit / path, first=3) == expected, path
        assert _read_texts(kit / path, first=3, blanks=True) == blanks, path        # page_texts(blanks=True)
        pages += len(expected)
    assert pages > 30


def test_a_pdf_is_read_again_when_its_bytes_change(built, tmp_path):
    """The texts are kept by the file's bytes, never by its name: a copy with its first page taken out
    is read afresh."""
    import pikepdf

    original = built / "quickref-color.pdf"
    first = page_texts(original)
    copy = tmp_path / "quickref-color.pdf"
    copy.write_bytes(original.read_bytes())
    assert page_texts(copy) == first and len(first) >= 2
    with pikepdf.open(copy, allow_overwriting_input=True) as pdf:
        del pdf.pages[0]
        pdf.save(copy)
    assert page_texts(copy) == first[1:]
