"""Issue 16, the sectors family (Sluys 1340): the words that qualify a number -- a table's row and
column labels, and the qualifying words inside a rule sentence ("hit on 4-6 at short range") -- are
traced like numbers, so a kit whose words were swapped after printing fails `printgen check`,
naming the file and the page that prints them (found from trace.json, not fixed)."""

from __future__ import annotations


import pytest

from tamper import copy_kit, edit_page, fails, page_of, swap, swap_traced


@pytest.fixture
def built(built_sluys):
    return built_sluys



SWAPS = [   # (what a user did, file, the traced item that locates the page, tamper, the discrepancy's item and text)
    ("missile rows swapped", "quickref-bw.pdf", ["label", "sides.english.name"], swap(b"English", b"French", 0),
     ("label:sides.english.name", "French")),
    ("missile columns' heads swapped", "quickref-bw.pdf", ["label", "missile.range_in.short"], swap(b"Short", b"Long", 0),
     ("label:missile.range_in.short", "Long")),
    ("ship types' columns swapped", "quickref-bw.pdf", ["label", "types.structure.bow"], swap(b"Bow", b"Stern", 0),
     ("label:types.structure.bow", "Ster")),
    ("sector rows swapped", "quickref-bw.pdf", ["label", "obstacles.sector.bow"],
     ((b"Bow", ["label", "obstacles.sector.bow"]), (b"Stern", ["label", "obstacles.sector.stern"])),
     ("label:obstacles.sector.bow", "Ster")),
    ("a rule sentence's ranges swapped", "cards-bw.pdf", ["label", "missile.to_hit.english.short"],
     swap(b"short range", b"long range", 0), ("label:missile.to_hit.english.short", "long")),
    ("a collision factor renamed", "cards-bw.pdf", ["rule", "collision.modifiers.bow.text"],
     swap(b"the other ship collides with its bow", b"the other ship collides with its stern", 0),
     ("rule:collision.modifiers.", "")),
]


@pytest.mark.parametrize("what, name, item, change, says", SWAPS, ids=[s[0] for s in SWAPS])
def test_swapped_words_fail(built, tmp_path, what, name, item, change, says):
    kit = copy_kit(built, tmp_path)
    page = page_of(kit, name, item)
    if isinstance(change, tuple):                   # two traced labels: swapped where they print
        change = swap_traced(kit, name, page, *change)
    edit_page(kit, name, page, change)
    found = fails(kit)
    source, text = says
    assert any(f.startswith(f"FAIL  {name}, page {page}: {source}") and f"'{text}" in f for f in found), found


def rect_op(bbox) -> bytes:
    """The `re` operator the PDF backend writes for this box (its own number format)."""
    from printgen.draw.pdf import _trim

    x0, top, x1, bottom = bbox
    return _trim("%.2f %.2f %.2f %.2f re" % (x0, top, x1 - x0, bottom - top)).encode()


@pytest.mark.parametrize("edge, grow, says", [("width", (0, 0, 3.6, 0), "is as wide as 1.50\""),
                                               ("height", (0, -1.8, 0, 0), "is as tall as 1.00\"")])
def test_a_resized_obstacle_marker_fails(built, tmp_path, edge, grow, says):
    """An obstacle marker (1.5" by 1", the ruleset's default) drawn 0.05" too wide, or 0.025" too tall."""
    from tamper import load_trace

    kit = copy_kit(built, tmp_path)
    page, entry = next((k + 1, e) for k, entries in enumerate(load_trace(kit)["markers-bw.pdf"]) for e in entries
                       if (e.get("shape") or {}).get("edge") == edge)
    box = entry["bbox"]
    new = tuple(a + d for a, d in zip(box, grow))

    def resize(data: bytes) -> bytes:
        assert rect_op(box) in data
        return data.replace(rect_op(box), rect_op(new))        # its fill and its outline

    edit_page(kit, "markers-bw.pdf", page, resize)
    found = fails(kit)
    key = "0" if edge == "width" else "1"
    assert any(f.startswith(f"FAIL  markers-bw.pdf, page {page}: rule:obstacles.marker_in.{key}: no rect drawn where "
                            f"it {says}") for f in found), found
