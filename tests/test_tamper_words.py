"""Issue 28: words with meaning are traced like numbers. Two phase names swapped with their step
numbers kept, "bow" and "stern" swapped on the broadside diagram, "short" and "long" swapped inside a
rule card's sentence with the distances in place, the wind's direction word changed: each fails
`printgen check`, naming the file and the page. Each tamper finds the page and the words' places
from trace.json (swap_traced: the words printed there, whatever else on the page says the same)."""

from __future__ import annotations

import re

import pytest

from tamper import copy_kit, edit_page, fails, load_trace, replace_shown_at, swap_traced


def in_line(shown: bytes, new: bytes, bbox):
    """Replace the shown string `shown` in the text line nearest the traced box (a word inside a
    line: its text object starts the line, so the line's baseline tells it from the same word elsewhere)."""
    def change(data: bytes) -> bytes:
        ends = [m.end() for m in re.finditer(re.escape(b"(" + shown + b") Tj"), data)]
        def baseline(end: int) -> float:
            tm = list(re.finditer(rb"(-?[\d.]+) (-?[\d.]+) Tm", data[:end]))[-1]
            return abs(float(tm.group(2)) - bbox[3])
        end = min(ends, key=baseline)
        start = end - len(b"(" + shown + b") Tj")
        return data[:start] + b"(" + new + b") Tj" + data[end:]
    return change


def first(folder, name: str, source: list) -> tuple[int, dict]:
    """The first page of `name` that traces `source` (not a shape), and its entry there."""
    for k, entries in enumerate(load_trace(folder)[name]):
        for e in entries:
            if e["source"] == source and not e.get("shape"):
                return k + 1, e
    raise AssertionError(f"{name} does not trace {source}")


def _phase(folder, name: str, i: int) -> tuple[int, bytes, list]:
    page, e = first(folder, name, ["rule", f"sequence.phases.{i}"])
    return page, e["text"].encode(), e["source"]


@pytest.mark.parametrize("name", ["quickref-bw.pdf", "teacher-color.pdf"])
def test_phase_names_swapped_fail(built, tmp_path, name):
    """"British move" and "British shoot" trade places; the step numbers before them stay."""
    kit = copy_kit(built, tmp_path)
    page, move, move_src = _phase(kit, name, 2)
    _, shoot, shoot_src = _phase(kit, name, 3)
    assert b"move" in move and b"shoot" in shoot, (move, shoot)
    edit_page(kit, name, page, swap_traced(kit, name, page, (move, move_src), (shoot, shoot_src)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: rule:sequence.phases.2 prints '{shoot.decode().replace(' ', '')}")
               or f.startswith(f"FAIL  {name}, page {page}: rule:sequence.phases.2 prints '{shoot.decode()}") for f in found), found


def test_a_step_number_changed_fails(built, tmp_path):
    """The phases' steps renumbered: the third step printed as 4."""
    kit = copy_kit(built, tmp_path)
    name = "quickref-bw.pdf"
    page, step = first(kit, name, ["meta", "step", 3])
    edit_page(kit, name, page, replace_shown_at(b"3", b"4", step["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: meta:step.3 prints '4'") for f in found), found


def test_sluys_phase_words_swapped_fail(built_sluys, tmp_path):
    """Sluys: two phases' names (a long one traced word by word) trade their first words."""
    kit = copy_kit(built_sluys, tmp_path)
    name = "quickref-bw.pdf"
    trace = load_trace(kit)[name]
    names = [(k + 1, e) for k, entries in enumerate(trace) for e in entries
             if e["source"][0] == "rule" and str(e["source"][1]).startswith("sequence.phases.")
             and (len(e["source"]) == 2 or e["source"][2] == 0)]
    (page, a), (_, b) = names[0], names[1]
    assert a["text"] != b["text"]
    edit_page(kit, name, page, swap_traced(kit, name, page, (a["text"].encode(), a["source"]),
                                           (b["text"].encode(), b["source"])))
    found = fails(kit)
    src = ".".join(str(x) for x in a["source"][1:])
    assert any(f.startswith(f"FAIL  {name}, page {page}: rule:{src} prints ") for f in found), found


@pytest.mark.parametrize("name", ["quickref-bw.pdf", "cards-color.pdf"])
def test_bow_and_stern_swapped_on_the_diagram_fail(built, tmp_path, name):
    kit = copy_kit(built, tmp_path)
    page, _ = first(kit, name, ["label", "words.bow"])
    edit_page(kit, name, page, swap_traced(kit, name, page, (b"bow", ["label", "words.bow"]),
                                           (b"stern", ["label", "words.stern"])))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:words.bow prints 'ster") for f in found), found


def test_diagram_range_words_swapped_fail(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    name = "quickref-bw.pdf"
    page, _ = first(kit, name, ["label", "shooting.range_in.short"])
    edit_page(kit, name, page, swap_traced(kit, name, page, (b"short", ["label", "shooting.range_in.short"]),
                                           (b"long", ["label", "shooting.range_in.long"])))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:shooting.range_in.short prints 'long'") for f in found), found


def test_short_and_long_swapped_in_a_rule_cards_sentence_fail(built, tmp_path):
    """'short is 0" to 4", long is 4" to 8"' printed with the words swapped, the distances in place:
    found at the sentence's own traced words (the diagram on the same card says them too)."""
    kit = copy_kit(built, tmp_path)
    name = "cards-bw.pdf"
    trace = load_trace(kit)[name]
    # the sentence's words: on the line of the traced distance shooting.range_in.short.0
    page, dist = first(kit, name, ["rule", "shooting.range_in.short.0"])
    entries = trace[page - 1]
    line = [e for e in entries if abs(e["bbox"][3] - dist["bbox"][3]) < 1 and not e.get("shape")]
    short = next(e for e in line if e["source"] == ["label", "shooting.range_in.short"])
    long_ = next(e for e in line if e["source"] == ["label", "shooting.range_in.long"])

    def change(data: bytes) -> bytes:
        data = replace_shown_at(b"short", b"long", short["bbox"])(data)
        return replace_shown_at(b"long", b"short", long_["bbox"])(data)
    edit_page(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:shooting.range_in.short prints 'long'") for f in found), found
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:shooting.range_in.long prints 'shor") for f in found), found


def test_the_wind_word_changed_fails(built, tmp_path):
    """The quickref's "Wind from the north-west." printed "north-east"."""
    kit = copy_kit(built, tmp_path)
    name = "quickref-color.pdf"
    page, wind = first(kit, name, ["rule", "table.wind_from"])
    assert wind["text"] == "north-west"
    edit_page(kit, name, page, in_line(b"north-west", b"north-east", wind["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: rule:table.wind_from prints 'north-east")
               and f.endswith("the rules say 'north-west'") for f in found), found


@pytest.mark.parametrize("kit_of, name", [("built", "map-bw.pdf"), ("built_sluys", "map-bw.pdf")])
def test_the_wind_point_changed_on_the_map_fails(request, tmp_path, kit_of, name):
    """The map legend's "Wind from the NW" (Sluys: W) printed with another point."""
    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    page, wind = first(kit, name, ["label", "table.wind_from"])
    other = b"E" if wind["text"] != "E" else b"W"
    edit_page(kit, name, page, in_line(wind["text"].encode(), other, wind["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:table.wind_from prints '{other.decode()}'") for f in found), found
