"""Issue 28: a ruler's body (its cut outline) and its glue tabs, measured back. A body stretched or
shortened, a piece's tab left out: each fails `printgen check`, naming the ruler and what differs.
Each tamper finds the ruler by meaning -- its traced body in trace.json, the rectangles drawn there
(tests/tamper.py's drawn()) -- edits the page's operators and re-hashes the manifest."""

from __future__ import annotations

import pytest
from tamper import checked_as_built, copy_kit, edit_drawn, fails, load_trace, traced


def _at(items, bbox, tol: float = 0.5) -> list[dict]:
    """The rectangles drawn exactly over a traced box (a strip's panel and its cut outline)."""
    return [it for it in items if it["ops"][:1] == ["re"] and it["box"]
            and all(abs(a - b) <= tol for a, b in zip(it["box"], bbox))]


def _resized(ops, items: list[dict], dw: float):
    """The rectangles `items` drawn `dw` points longer (their left edge in place)."""
    out = list(ops)
    for it in items:
        operands, op = out[it["start"]]
        x, y, w, h = (float(v) for v in operands)
        out[it["start"]] = ([x, y, w + dw, h], op)
    return out


@pytest.mark.parametrize("kit_of, ruler, dw", [("built", "Movement stick", 7.2), ("built", "Range ruler", -7.2),
                                               ("built_sluys", "Missile range ruler", -3.6)])
def test_a_ruler_body_stretched_or_shortened_fails(request, tmp_path, kit_of, ruler, dw):
    """The body drawn a tenth of an inch long or short (a twentieth: a piece of the Sluys ruler)."""
    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    name = "rulers-bw.pdf"
    page, (body, *_) = traced(kit, name, "ruler", lambda e: e["shape"]["name"] == ruler)
    frame = body["shape"]
    edit_drawn(kit, name, page, lambda ops, items, height: _resized(ops, _at(items, body["bbox"]), dw))
    found = fails(kit)
    k, n = frame["piece"]
    what = ruler + (f", piece {k} of {n}" if n > 1 else "")
    w, h = body["bbox"][2] - body["bbox"][0], body["bbox"][3] - body["bbox"][1]
    says = (f"{what}: its body measures {(w + dw) / 72:.2f} x {h / 72:.2f} in; "
            f"it must measure {w / 72:.2f} x {h / 72:.2f} in")
    assert any(f.startswith(f"FAIL  {name}, page {page}: {says}") for f in found), found


def test_a_pieces_glue_tab_left_out_fails(built_sluys, tmp_path):
    kit = copy_kit(built_sluys, tmp_path)
    name = "rulers-bw.pdf"
    page, (tab, *_) = traced(kit, name, "tab")
    ruler = tab["shape"]["ruler"]

    def change(ops, items, height):
        gone = {i for it in _at(items, tab["bbox"]) for i in range(it["start"], it["end"] + 1)}
        assert gone, "no tab drawn where traced"
        return [op for i, op in enumerate(ops) if i not in gone]
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {ruler}, piece {tab['shape']['piece']} of ") and
               ": no glue tab (0.40 x " in f for f in found), found


def test_a_ruler_shortened_on_the_page_and_in_its_trace_fails(built, tmp_path):
    """The body and every traced measure of it drawn an inch short (a generator that got the length
    wrong everywhere it wrote it), as the build checks what it made: the rules' length gives it away."""
    kit = copy_kit(built, tmp_path)
    name = "rulers-bw.pdf"
    page, (body, *_) = traced(kit, name, "ruler", lambda e: e["shape"]["name"] == "Movement stick")
    edit_drawn(kit, name, page, lambda ops, items, height: _resized(ops, _at(items, body["bbox"])[-1:], -72))
    trace = load_trace(kit)[name]
    for e in (e for entries in trace for e in entries):
        if e.get("shape") == body["shape"]:
            e["shape"] = {**e["shape"], "span": [0.0, e["shape"]["span"][1] - 72]}
    found = checked_as_built(kit, name, trace)
    length = (body["bbox"][2] - body["bbox"][0]) / 72
    assert any(f.startswith(f"{name}, page {page}: Movement stick: {length - 1:.2f} in long, the rules make it "
                            f"{length:.2f} in (rule:movement.speed_in.green at the kit's scale)") for f in found), found

