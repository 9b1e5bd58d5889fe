"""Issue 28: drawn marks that carry rules. A hit circle gone from a captain card's track, a box gone
from a Sluys record card, a flagship's piece without its star, a star on another ship's piece, a
calibration square that does not measure its unit: each fails `printgen check`, naming the file and
the page. Each tamper finds its mark by meaning -- the page and the area from trace.json, the mark
by where it prints (tests/tamper.py's drawn()) -- edits the page's operators and re-hashes the manifest."""

from __future__ import annotations

import pytest

from tamper import copy_kit, edit_drawn, fails, inside, load_trace, traced


def dropped(items: list[dict]):
    """A change that removes the operators of `items` (paths or placed forms)."""
    gone = {i for it in items for i in range(it["start"], it["end"] + 1)}
    return lambda ops: [op for i, op in enumerate(ops) if i not in gone]


@pytest.mark.parametrize("kit_of, name, unit", [("built", "captains-bw.pdf", "hit circles"),
                                                ("built", "captains-color.pdf", "hit circles"),
                                                ("built_sluys", "records-bw.pdf", "boxes")])
def test_a_mark_gone_from_a_cards_track_fails(request, tmp_path, kit_of, name, unit):
    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    page, (row, *_) = traced(kit, name, "marks", lambda e: e["shape"]["ship"])
    want = "circle" if unit == "hit circles" else "box"

    def change(ops, items, height):
        marks = [it for it in items if it["box"] and inside(it["box"], row["bbox"])
                 and (("c" in it["ops"]) if want == "circle" else ("re" in it["ops"]))]
        assert marks, "no mark drawn in the row"
        return dropped([marks[-1]])(ops)
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    ship = row["shape"]["ship"]
    assert any(f.startswith(f"FAIL  {name}, page {page}: {ship}: ") and f" {unit} on its track, the rules give " in f
               for f in found), found


def test_a_mark_added_to_a_cards_track_fails(built, tmp_path):
    """A fifth circle drawn on a ship's row of four (a ship given a flagship's hit points)."""
    kit = copy_kit(built, tmp_path)
    name = "captains-bw.pdf"
    page, (row, *_) = traced(kit, name, "marks", lambda e: e["shape"]["ship"])

    def change(ops, items, height):
        marks = [it for it in items if it["box"] and inside(it["box"], row["bbox"]) and "c" in it["ops"]]
        return _add_after(ops, marks[0], height)
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    ship = row["shape"]["ship"]
    assert any(f.startswith(f"FAIL  {name}, page {page}: {ship}: ") and " hit circles on its track, the rules give " in f
               for f in found), found


def _add_after(ops, item, height: float):
    """The item's circle drawn a second time, its width and a half to the right, over the page."""
    import pikepdf

    x0, top, x1, bottom = item["box"]
    cx, cy, r = (x0 + x1) / 2 + 1.5 * (x1 - x0), height - (top + bottom) / 2, (x1 - x0) / 2
    k = 0.5523 * r                             # four Bezier quarters
    path = [([cx + r, cy], "m"), ([cx + r, cy + k, cx + k, cy + r, cx, cy + r], "c"),
            ([cx - k, cy + r, cx - r, cy + k, cx - r, cy], "c"), ([cx - r, cy - k, cx - k, cy - r, cx, cy - r], "c"),
            ([cx + k, cy - r, cx + r, cy - k, cx + r, cy], "c"), ([], "S")]
    return ops + [([], pikepdf.Operator("q")), ([0], pikepdf.Operator("G")), ([0.8], pikepdf.Operator("w"))] + \
        [(o, pikepdf.Operator(p)) for o, p in path] + [([], pikepdf.Operator("Q"))]


def _outlines(folder, name: str, page: int) -> list[tuple[str, tuple]]:
    """(ship key, its piece's outline) for each piece of the page (the ship named inside it)."""
    entries = load_trace(folder)[name][page - 1]
    names = [e for e in entries if e["source"][0] == "fleet" and e["source"][2] == "name" and not e.get("shape")]
    out = []
    for e in entries:
        if (e.get("shape") or {}).get("edge") == "cut" and e["source"] == ["meta", "line", "outline"]:
            b = e["bbox"]
            keys = {n["source"][1] for n in names if b[0] <= (n["bbox"][0] + n["bbox"][2]) / 2 <= b[2]
                    and b[1] <= (n["bbox"][1] + n["bbox"][3]) / 2 <= b[3]}
            if len(keys) == 1:
                out.append((keys.pop(), tuple(b)))
    return out


def _flagship(kit) -> set[str]:
    """The fleet's flagships, as the kit's own plan gives them."""
    import json

    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    request = KitRequest.from_json(json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["request"])
    return {s.key for s in plan_kit(request).scenario.fleet.ships if s.flagship}


@pytest.mark.parametrize("kit_of", ["built", "built_sluys"])
def test_a_flagship_without_its_star_fails(request, tmp_path, kit_of):
    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    name = "sprites-bw.pdf"
    page, stars = traced(kit, name, "star")
    flagships = _flagship(kit)
    key, outline = next((k, b) for k, b in _outlines(kit, name, page) if k in flagships
                        and any(inside(s["bbox"], b) for s in stars))
    boxes = [s["bbox"] for s in stars if inside(s["bbox"], outline)]

    def change(ops, items, height):
        # the star's own path, or the star form placed at its centre
        gone = [it for it in items if it["box"] and any(inside(it["box"], b, 0.1) for b in boxes)
                and (it["ops"] == ["Do"] or len(it["points"]) == 10)]
        assert gone, "no star drawn on the flagship's piece"
        return dropped(gone)(ops)
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {key}: a flagship whose piece carries 0 stars") for f in found), found
    assert any(f.startswith(f"FAIL  {name}, page {page}: a flagship's star is not drawn where it lies") for f in found), found


@pytest.mark.parametrize("kit_of", ["built", "built_sluys"])
def test_a_star_on_another_ships_piece_fails(request, tmp_path, kit_of):
    """A flagship's star drawn again on a ship that is not a flagship."""
    import pikepdf

    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    name = "sprites-bw.pdf"
    page, stars = traced(kit, name, "star")
    flagships = _flagship(kit)
    pieces = _outlines(kit, name, page)
    key, outline = next((k, b) for k, b in pieces if k not in flagships)
    star = stars[0]["bbox"]

    def change(ops, items, height):
        it = next(it for it in items if it["box"] and inside(it["box"], star, 0.1) and len(it["points"]) == 10)
        dx = (outline[0] + 20) - it["box"][0]
        dy = (outline[1] + 20) - it["box"][1]
        pts = [(x + dx, height - (y + dy)) for x, y in it["points"]]
        path = [([*pts[0]], "m"), *[([*p], "l") for p in pts[1:]], ([], "h"), ([], "B")]
        return ops + [([], pikepdf.Operator("q")), ([1], pikepdf.Operator("g")), ([0], pikepdf.Operator("G")),
                      ([0.8], pikepdf.Operator("w"))] + [(o, pikepdf.Operator(p)) for o, p in path] + \
            [([], pikepdf.Operator("Q"))]
    if kit_of == "built":                  # Trafalgar's stars are a form: its path, placed, read from the form
        change = _star_form_change(kit, name, page, star, outline)
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {key}: not a flagship, but its piece carries 1 star")
               for f in found), found


def _star_form_change(kit, name: str, page: int, star, outline):
    """Place the star form (the one placed at the traced star) once more, inside `outline`."""
    import pikepdf

    def change(ops, items, height):
        it = next(it for it in items if it["ops"] == ["Do"] and inside(it["box"], star, 0.1))
        a, b, c, d, e, f = it["ctm"]
        x, y = outline[0] + 20, height - (outline[1] + 20)
        return ops + [([], pikepdf.Operator("q")), ([a, b, c, d, x, y], pikepdf.Operator("cm")),
                      ([pikepdf.Name(it["form"])], pikepdf.Operator("Do")), ([], pikepdf.Operator("Q"))]
    return change


@pytest.mark.parametrize("kit_of, name", [("built", "quickref-bw.pdf"), ("built", "sprites-color.pdf"),
                                          ("built_sluys", "rulers-bw.pdf")])
def test_a_calibration_square_off_size_fails(request, tmp_path, kit_of, name):
    """The square drawn 2% small (a page scaled by the printer would be off as much): 0.01 in shows."""
    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    page, (square,) = traced(kit, name, "calibration")

    def change(ops, items, height):
        it = next(it for it in items if it["ops"][0] == "re" and it["box"]
                  and all(abs(a - b) < 0.5 for a, b in zip(it["box"], square["bbox"])))
        operands, op = ops[it["start"]]
        x, y, w, h = (float(v) for v in operands)
        return ops[:it["start"]] + [([x, y, w * 0.98, h * 0.98], op)] + ops[it["start"] + 1:]
    edit_drawn(kit, name, page, change)
    found = fails(kit)
    side = square["bbox"][2] - square["bbox"][0]
    assert any(f.startswith(f"FAIL  {name}, page {page}: the calibration square measures "
                            f"{side * 0.98 / 72:.2f} x {side * 0.98 / 72:.2f} in; it must measure") for f in found), found
