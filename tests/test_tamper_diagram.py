"""Issue 28: the broadside diagram's drawn meaning. Its bow chevron left out or moved to the stern,
and its caption's scale changed (the bands still drawn at the old one): each fails `printgen check`,
naming the file, the page and what differs. Each tamper finds its target by meaning -- the base and
the caption from trace.json, the lines drawn on the base (tests/tamper.py's drawn()) -- edits the
page and re-hashes the manifest."""

from __future__ import annotations

import re

import pikepdf
import pytest
from tamper import copy_kit, edit_drawn, edit_page, fails, inside, load_trace, replace_shown_at, traced


def _chevron_lines(items, base) -> list[dict]:
    """The straight lines drawn on the base (its chevron)."""
    return [it for it in items if it["box"] and it["ops"] == ["m", "l", "S"] and inside(it["box"], base, 0.5)]


@pytest.mark.parametrize("name", ["quickref-bw.pdf", "cards-color.pdf"])
def test_the_bow_chevron_left_out_fails(built, tmp_path, name):
    kit = copy_kit(built, tmp_path)
    page, (base, *_) = traced(kit, name, "chevron")

    def change(ops, items, height):
        lines = _chevron_lines(items, base["bbox"])
        assert len(lines) == 2, lines
        gone = {i for it in lines for i in range(it["start"], it["end"] + 1)}
        return [op for i, op in enumerate(ops) if i not in gone]
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: a piece's label:words.bow end is at its top (where the word "
                            "prints): no chevron drawn there") for f in found), found


def test_the_bow_chevron_moved_to_the_stern_fails(built, tmp_path):
    """The chevron turned end for end about the base's middle: its point at the stern."""
    kit = copy_kit(built, tmp_path)
    name = "quickref-color.pdf"
    page, (base, *_) = traced(kit, name, "chevron")
    mid = (base["bbox"][1] + base["bbox"][3]) / 2

    def change(ops, items, height):
        out = list(ops)
        for it in _chevron_lines(items, base["bbox"]):
            a, b, c, d, e, f = it["ctm"]
            for i in range(it["start"], it["end"]):                  # m and l: their points, mirrored on the page
                operands, op = out[i]
                x, y = (float(v) for v in operands)
                px, py = a * x + c * y + e, 2 * mid - (height - (b * x + d * y + f))
                det = a * d - b * c                                    # back into the operators' own frame
                qx, qy = px - e, (height - py) - f
                out[i] = ([(d * qx - c * qy) / det, (a * qy - b * qx) / det], op)
        return out
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: a piece's label:words.bow end is at its top (where the word "
                            "prints): its chevron points at its bottom end instead") for f in found), found


@pytest.mark.parametrize("name", ["quickref-bw.pdf", "cards-bw.pdf"])
def test_the_captions_scale_changed_fails(built, tmp_path, name):
    """"1 in here is k in on the table" printed with k one more, the diagram drawn as before."""
    kit = copy_kit(built, tmp_path)
    page = next(k + 1 for k, entries in enumerate(load_trace(kit)[name])
                if any(e["source"] == ["meta", "diagram-scale"] and not e.get("shape") for e in entries))
    caption = [e for e in load_trace(kit)[name][page - 1]
               if e["source"] == ["meta", "diagram-scale"] and not e.get("shape")]
    k = caption[-1]["text"]
    edit_page(kit, name, page, _scale_shown(k.encode(), str(int(k) + 1).encode(), caption[-1]["bbox"]))
    found = fails(kit)
    says = f"the drawing's caption says 1 in here is {int(k) + 1} in on the table (1:{int(k) + 1}); its "
    assert any(f.startswith(f"FAIL  {name}, page {page}: {says}") for f in found), found


def _scale_shown(old: bytes, new: bytes, bbox):
    """The caption's number shown as `new`: the run after "here is" (its words and the number are
    runs of one line), or a line of its own starting at the traced box."""
    def change(data: bytes) -> bytes:
        m = re.search(rb"here is \) Tj (/\S+ [\d.]+ Tf )?\(" + re.escape(old) + rb"\) Tj", data)
        if m is None:
            return replace_shown_at(old, new, bbox)(data)
        i = m.end() - len(b"(" + old + b") Tj")
        return data[:i] + b"(" + new + b") Tj" + data[m.end():]
    return change


def test_a_band_of_the_diagram_drawn_short_fails(built, tmp_path):
    """The long band on one side drawn a tenth of an inch short, the caption as it was."""
    kit = copy_kit(built, tmp_path)
    name = "quickref-bw.pdf"
    page, zones = traced(kit, name, "to-scale", lambda e: e["shape"]["along"] == "x"
                         and e["shape"]["to"] == ["rule", "shooting.range_in.long.1"])
    band = zones[0]["bbox"]

    def change(ops, items, height):
        it = next(it for it in items if it["ops"][:1] == ["re"] and it["box"]
                  and all(abs(a - b) < 0.5 for a, b in zip(it["box"], band)))
        x, y, w, h = (float(v) for v in ops[it["start"]][0])
        shorter = ([x, y, w - 7.2 * (1 if w > 0 else -1), h], pikepdf.Operator("re"))
        return ops[:it["start"]] + [shorter] + ops[it["start"] + 1:]
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the drawing's caption says 1 in here is ") and
               "its zone rule:shooting.range_in.long.0 to shooting.range_in.long.1 " in f for f in found), found
