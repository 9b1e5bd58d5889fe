"""Issue 28: kit.pdf compared drawing for drawing. When kit.pdf does not re-join byte for byte, its
pages must draw as their documents' pages do, not only say the same words: a fold made solid or a
hit circle removed in kit.pdf alone fails `printgen check`, naming kit.pdf's page and the document's;
kit.pdf joined again by another tool (qpdf) passes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tamper import build, copy_kit, edit_drawn, fails, inside, load_trace, rehash

SMALL = ("--ships", "6", "--students", "4", "--scale", "0.5", "--edition", "bw")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build(tmp_path_factory.mktemp("tamper-kitpdf") / "k", "trafalgar", *SMALL)


def parts(kit) -> list[dict]:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    docs = {d["path"]: d for d in manifest["documents"]}
    return [docs[p] for p in docs["kit-bw.pdf"]["parts"]]


def kit_page(kit, name: str, page: int) -> int:
    """kit.pdf's page that holds page `page` of the document `name`."""
    before = 0
    for d in parts(kit):
        if d["path"] == name:
            return before + page
        before += d["pages"]
    raise AssertionError(f"kit.pdf does not hold {name}")


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_kit_pdf_joined_by_qpdf_passes(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    subprocess.run(["qpdf", "--empty", "--pages", *[str(kit / d["path"]) for d in parts(kit)], "--",
                    str(kit / "kit-bw.pdf")], check=True)
    rehash(kit, "kit-bw.pdf")
    lines: list[str] = []
    from printgen.check.kit import check_kit

    assert check_kit(kit, echo=lines.append, quiet=True), lines


def test_a_hit_circle_removed_in_kit_pdf_alone_fails(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    name = "captains-bw.pdf"
    page, row = next((k + 1, e) for k, entries in enumerate(load_trace(kit)[name]) for e in entries
                     if (e.get("shape") or {}).get("edge") == "marks")
    at = kit_page(kit, name, page)

    def change(ops, items, height):
        circle = [it for it in items if it["box"] and inside(it["box"], row["bbox"]) and "c" in it["ops"]][-1]
        return [op for i, op in enumerate(ops) if not circle["start"] <= i <= circle["end"]]
    edit_drawn(kit, "kit-bw.pdf", at, change)
    found = fails(kit)
    assert f"FAIL  kit-bw.pdf, page {at}: draws differently from {name}, page {page} (the same words, another drawing)" \
        in found, found
    assert all(f.startswith("FAIL  kit-bw.pdf") for f in found), found           # its documents are untouched


def test_folds_made_solid_in_kit_pdf_alone_fail(built, tmp_path):
    import pikepdf

    from printgen.draw.pdf import _n, _trim
    from printgen.draw.theme import theme

    kit = copy_kit(built, tmp_path)
    name = "sprites-bw.pdf"
    page = next(k + 1 for k, entries in enumerate(load_trace(kit)[name])
                if any((e.get("shape") or {}).get("edge") == "fold" for e in entries))
    at = kit_page(kit, name, page)
    fold = _trim(f"[{' '.join(_n(d) for d in theme('bw').paint('fold').dash)}] 0 d").encode()
    with pikepdf.open(kit / "kit-bw.pdf", allow_overwriting_input=True) as pdf:
        forms = [f for _, f in sorted(pdf.pages[at - 1].Resources.XObject.items()) if fold in f.read_bytes()
                 and re.search(rb"re S", f.read_bytes())]                  # the pieces' folds, over their outline
        assert forms, "no form draws the pieces' folds"
        forms[0].write(forms[0].read_bytes().replace(fold, b"[] 0 d"))
        pdf.save(kit / "kit-bw.pdf")
    rehash(kit, "kit-bw.pdf")
    found = fails(kit)
    assert f"FAIL  kit-bw.pdf, page {at}: draws differently from {name}, page {page} (the same words, another drawing)" \
        in found, found
    assert all(f.startswith("FAIL  kit-bw.pdf") for f in found), found
