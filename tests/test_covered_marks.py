"""Issue 45: a drawn mark that a later shape covers counts as not drawn (check/covered.py). A white
rectangle drawn over one hit circle of a piece, a grey patch over a flagship's star: `printgen check`
fails naming the ship and the mark. A shape over less than half of a circle, or the circle painted
again, hides nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from tamper import append, copy_kit, edit_page, fails, inside, load_trace, traced


def _pieces(kit: Path, name: str, page: int) -> tuple[list, list[dict], float]:
    """The page's hit circles (white, black ring), its traced ship names, and its height."""
    from printgen.check.pdfread import open_pages

    with open_pages(kit / name, shapes=True, colours=True) as pages:
        pg = pages[page - 1]
        circles = [p for p in pg.paths if p.kind == "circle" and p.stroke == (0, 0, 0) and p.w > 2]
        height = pg.height
        rects = [p for p in pg.paths if p.kind == "rect"]
    names = [e for e in load_trace(kit)[name][page - 1] if e["source"][0] == "fleet" and e["source"][2] == "name"
             and not e.get("shape")]
    return [(c, _ship_of(c, rects, names)) for c in circles], names, height


def _ship_of(circle, rects, names) -> str | None:
    """The ship named inside the smallest rectangle that holds the circle and one name: its base."""
    for r in sorted(rects, key=lambda r: r.w * r.h):
        if r.inside((circle.x0, circle.top, circle.x1, circle.bottom), 0) or not (
                r.x0 <= circle.x0 and circle.x1 <= r.x1 and r.top <= circle.top and circle.bottom <= r.bottom):
            continue
        keys = {n["source"][1] for n in names if r.x0 <= (n["bbox"][0] + n["bbox"][2]) / 2 <= r.x1
                and r.top <= (n["bbox"][1] + n["bbox"][3]) / 2 <= r.bottom}
        if len(keys) == 1:
            return keys.pop()
    return None


def _rect(box, height: float, grey: float = 1.0, grow: float = 1.0) -> bytes:
    """A filled rectangle over `box` (top-left points), `grow` times its width, in grey `grey`."""
    x0, top, x1, bottom = box
    w = (x1 - x0) * grow
    return b"q %.2f g %.2f %.2f %.2f %.2f re f Q" % (grey, x0, height - bottom, w, bottom - top)


def test_a_hit_circle_painted_over_fails_naming_the_ship(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    name = "sprites-color.pdf"
    circles, _, height = _pieces(kit, name, 1)
    circle, key = next((c, k) for c, k in circles if k)
    edit_page(kit, name, 1, append(_rect((circle.x0 - 1, circle.top - 1, circle.x1 + 1, circle.bottom + 1), height)))
    found = fails(kit)
    at = f"({circle.x0:.0f}, {circle.top:.0f}) pt"
    assert any(f.startswith(f"FAIL  {name}, page 1: {key}: a hit circle at {at} on its base is covered: a white shape "
                            f"drawn over it") and "counts as not drawn" in f for f in found), found
    assert any(f.startswith(f"FAIL  {name}, page 1: {key}: ") and " hit circles on its base, the rules give " in f
               for f in found), found


@pytest.mark.parametrize("kit_of, name", [("built", "sprites-color.pdf"), ("built_sluys", "sprites-bw.pdf")])
def test_a_flagships_star_under_a_patch_fails_naming_the_ship(request, tmp_path, kit_of, name):
    from test_tamper_marks import _flagship, _outlines

    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    page, stars = traced(kit, name, "star")
    flagships = _flagship(kit)
    key, outline = next((k, b) for k, b in _outlines(kit, name, page) if k in flagships
                        and any(inside(s["bbox"], b) for s in stars))
    star = next(s["bbox"] for s in stars if inside(s["bbox"], outline))
    from printgen.check.pdfread import open_pages

    with open_pages(kit / name) as pages:
        height = pages[page - 1].height
    edit_page(kit, name, page, append(_rect((star[0] - 1, star[1] - 1, star[2] + 1, star[3] + 1), height, 0.6)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {key}: a flagship's star at ") and " is covered: a " in f
               and "counts as not drawn" in f for f in found), found
    assert any(f.startswith(f"FAIL  {name}, page {page}: {key}: a flagship whose piece carries ") for f in found), found


def test_what_hides_less_than_half_or_is_the_mark_itself_hides_nothing(built, tmp_path):
    """Read back directly: a white shape over 40% of one circle's box, a circle's own fill painted
    again over another; and 60% of a third circle hidden (the threshold seen from both sides)."""
    from printgen.check.covered import covered
    from printgen.check.pdfread import open_pages

    kit = copy_kit(built, tmp_path)
    name = "sprites-color.pdf"
    circles, _, height = _pieces(kit, name, 1)
    a, b, c = (p for p, _ in circles[:3])
    x, y, r = (b.x0 + b.x1) / 2, height - (b.top + b.bottom) / 2, b.w / 2
    k = 0.5523 * r
    again = (b"q 1 g %.3f %.3f m %.3f %.3f %.3f %.3f %.3f %.3f c %.3f %.3f %.3f %.3f %.3f %.3f c "
             b"%.3f %.3f %.3f %.3f %.3f %.3f c %.3f %.3f %.3f %.3f %.3f %.3f c f Q"
             % (x + r, y, x + r, y + k, x + k, y + r, x, y + r, x - k, y + r, x - r, y + k, x - r, y,
                x - r, y - k, x - k, y - r, x, y - r, x + k, y - r, x + r, y - k, x + r, y))
    ops = b"\n".join([_rect((a.x0, a.top, a.x1, a.bottom), height, 1.0, 0.4), again,
                      _rect((c.x0, c.top, c.x1, c.bottom), height, 1.0, 0.6)])
    edit_page(kit, name, 1, append(ops))
    with open_pages(kit / name, shapes=True, colours=True) as pages:
        pg = pages[0]
        marks = [p for p in pg.paths if p.kind == "circle" and p.stroke == (0, 0, 0) and p.w > 2]
        hidden = covered(pg, marks)
    at = {(round(p.x0, 1), round(p.top, 1)) for p in hidden}
    assert (round(c.x0, 1), round(c.top, 1)) in at, hidden
    assert (round(a.x0, 1), round(a.top, 1)) not in at, hidden
    assert (round(b.x0, 1), round(b.top, 1)) not in at, hidden
    assert len(at) == 1, hidden
