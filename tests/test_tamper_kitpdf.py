"""Issue 28: kit.pdf compared drawing for drawing. When kit.pdf does not re-join byte for byte, its
pages must draw as their documents' pages do, not only say the same words: a hit circle removed on a
captain card in kit.pdf alone fails `printgen check`, naming kit.pdf's page and the document's (a
star left out, folds made solid and qpdf's join: tests/test_tamper.py)."""

from __future__ import annotations

import json


from tamper import copy_kit, edit_drawn, fails, inside, load_trace


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
    assert any(f.startswith(f"FAIL  kit-bw.pdf, page {at}: is drawn differently from {name}, page {page} (")
               for f in found), found
    assert all(f.startswith("FAIL  kit-bw.pdf") for f in found), found           # its documents are untouched
