"""Issue 28: cut, fold and glue lines have meaning. A fold printed solid (it would be cut), a cut
printed dashed (it would be folded), a fold off the mastheads or a card's cut line gone astray fails
`printgen check`, naming the file and the page. Each tamper finds its line from trace.json (the page,
the line's place) and the edition's theme (the style a fold prints in), edits the page or the form
that draws it, and re-hashes the manifest, so only the check of the lines can notice."""

from __future__ import annotations

import re

import pytest
from tamper import checked_as_built, copy_kit, fails, load_trace, rehash


def lines(folder, name: str, role: str, where: str) -> tuple[int, list[dict]]:
    """The first page of `name` that traces a `role` line lying `where` ("mast", "outline", ...), and those lines."""
    for k, entries in enumerate(load_trace(folder)[name]):
        found = [e for e in entries if (e.get("shape") or {}).get("edge") == role and e["source"] == ["meta", "line", where]]
        if found:
            return k + 1, found
    raise AssertionError(f"{name} traces no {role} line at the {where}")


def dash_op(dash) -> bytes:
    """The `d` operator the PDF backend writes for a dash pattern (its own number format)."""
    from printgen.draw.pdf import _n, _trim

    return _trim(f"[{' '.join(_n(d) for d in dash)}] 0 d").encode()


def style(edition: str, role: str):
    from printgen.draw.theme import theme

    return theme(edition).paint(role)


def edit_form(folder, name: str, page: int, change) -> None:
    """Change the first form XObject placed on `page` of `name` that change(bytes) applies to (a
    ValueError: not this one), and re-hash the manifest."""
    import pikepdf

    path = folder / name
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for _, form in sorted(pdf.pages[page - 1].Resources.XObject.items()):
            data = form.read_bytes()
            try:
                new = change(data)
            except ValueError:
                continue
            assert new != data, "the tamper changed nothing"
            form.write(new)
            pdf.save(path)
            break
        else:
            raise AssertionError(f"the tamper applies to no form of {name}, page {page}")
    rehash(folder, name)


def piece_form(length: float, edition: str):
    """A change that applies to the form drawing the pieces' folds: the fold's dash, then lines as
    long as the traced fold (the sheet's legend draws a shorter one)."""
    fold = dash_op(style(edition, "fold").dash)
    span = re.compile(rb"\n0 (-?[\d.]+) m " + re.escape(f"{length:g}".encode()) + rb" (-?[\d.]+) l S")

    def find(data: bytes) -> int:
        i = data.find(fold)
        if i < 0 or not span.search(data, i):
            raise ValueError("not the pieces' folds")
        return i
    return fold, span, find


@pytest.mark.parametrize("edition", ["bw", "color"])
def test_a_fold_drawn_solid_fails(built, tmp_path, edition):
    kit = copy_kit(built, tmp_path)
    name = f"sprites-{edition}.pdf"
    page, (mast, *_) = lines(kit, name, "fold", "mast")
    fold, _, find = piece_form(mast["bbox"][2] - mast["bbox"][0], edition)

    def solid(data: bytes) -> bytes:
        i = find(data)
        return data[:i] + b"[] 0 d" + data[i + len(fold):]
    edit_form(kit, name, page, solid)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the fold at the mastheads (fold line) is drawn solid")
               for f in found), found
    if edition == "bw":                                  # a cut line's style in black and white
        assert any("is drawn solid, 0.8 pt wide, as a cut line; a fold line is dashed [6 2.5 1.5 2.5]" in f
                   for f in found), found


@pytest.mark.parametrize("edition", ["bw", "color"])
def test_a_cut_drawn_dashed_fails(built, tmp_path, edition):
    kit = copy_kit(built, tmp_path)
    name = f"sprites-{edition}.pdf"
    page, (outline, *_) = lines(kit, name, "cut", "outline")
    page_mast, (mast, *_) = lines(kit, name, "fold", "mast")
    assert page == page_mast
    fold, _, find = piece_form(mast["bbox"][2] - mast["bbox"][0], edition)

    def dashed(data: bytes) -> bytes:
        i = data.index(b"[] 0 d", find(data))             # the cuts, drawn after the folds
        return data[:i] + fold + data[i + len(b"[] 0 d"):]
    edit_form(kit, name, page, dashed)
    found = fails(kit)
    for what in ("the cut between ship and base (cut line)", "the outline (cut line)"):
        assert any(f.startswith(f"FAIL  {name}, page {page}: {what} is drawn dashed [6 2.5 1.5 2.5]") for f in found), found


def test_a_fold_moved_off_the_mastheads_fails(built, tmp_path):
    """The masthead fold drawn 3 pt low on every piece of a page: the drawing's own place for it no longer holds."""
    kit = copy_kit(built, tmp_path)
    name = "sprites-bw.pdf"
    page, (mast, *_) = lines(kit, name, "fold", "mast")
    _, span, find = piece_form(mast["bbox"][2] - mast["bbox"][0], "bw")

    def lower(data: bytes) -> bytes:
        m = list(span.finditer(data, find(data)))[1]                 # the second fold: the mastheads'
        y = float(m.group(1))
        new = m.group(0).replace(m.group(1), f"{y + 3:g}".encode()).replace(m.group(2), f"{y + 3:g}".encode())
        return data[:m.start()] + new + data[m.end():]
    edit_form(kit, name, page, lower)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the fold at the mastheads (fold line): no line drawn where it lies")
               for f in found), found


def test_a_fold_laid_out_off_the_mastheads_fails(built, tmp_path):
    """A layout bug: the masthead fold drawn 3 pt low and traced where it was drawn. The trace agrees with
    the drawing; the fold is no longer midway between the tab folds. Checked as the build checks each
    document it makes, from its bytes and the trace it made with them (`printgen check` lays the
    document out again instead: test_tamper_trace.py)."""
    kit = copy_kit(built, tmp_path)
    name = "sprites-bw.pdf"
    page, masts = lines(kit, name, "fold", "mast")
    _, span, find = piece_form(masts[0]["bbox"][2] - masts[0]["bbox"][0], "bw")

    def lower(data: bytes) -> bytes:
        m = list(span.finditer(data, find(data)))[1]
        y = float(m.group(1))
        new = m.group(0).replace(m.group(1), f"{y + 3:g}".encode()).replace(m.group(2), f"{y + 3:g}".encode())
        return data[:m.start()] + new + data[m.end():]
    edit_form(kit, name, page, lower)
    trace = load_trace(kit)[name]
    for e in trace[page - 1]:
        if e["source"] == ["meta", "line", "mast"]:
            e["bbox"] = [e["bbox"][0], e["bbox"][1] + 3, e["bbox"][2], e["bbox"][3] + 3]
            e["shape"]["ends"] = [[x, y + 3] for x, y in e["shape"]["ends"]]
    found = checked_as_built(kit, name, trace)
    assert any(f.startswith(f"{name}, page {page}: the fold at the mastheads lies at ") and
               "not midway between the tab folds" in f for f in found), found


def _line_op(entry: dict) -> bytes:
    from printgen.draw.pdf import _trim

    (x0, y0), (x1, y1) = entry["shape"]["ends"]
    return _trim("%.2f %.2f m %.2f %.2f l S" % (x0, y0, x1, y1)).encode()


@pytest.mark.parametrize("kit_of, name", [("built", "cards-bw.pdf"), ("built", "captains-color.pdf"),
                                          ("built_sluys", "cards-bw.pdf"), ("built_sluys", "records-bw.pdf")])
def test_a_card_cut_line_dashed_fails(request, tmp_path, kit_of, name):
    """One cut line of a card's outline drawn dashed; the card's other lines as they were."""
    from tamper import edit_page

    kit = copy_kit(request.getfixturevalue(kit_of), tmp_path)
    page, (first, *_) = lines(kit, name, "cut", "outline")
    op = _line_op(first)
    edit_page(kit, name, page, lambda data: data.replace(op, b"q [3 2] 0 d " + op + b" Q", 1) if op in data
              else (_ for _ in ()).throw(ValueError(op)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the outline (cut line) is drawn dashed [3 2]") for f in found), found
    assert len([f for f in found if "(cut line)" in f]) == 1, found


def test_a_card_cut_line_moved_fails(built, tmp_path):
    """A card's right-hand cut drawn 0.1" to the right: the outline no longer closes where it was traced."""
    from tamper import edit_page

    kit = copy_kit(built, tmp_path)
    name = "captains-bw.pdf"
    page, outline = lines(kit, name, "cut", "outline")
    right = max((e for e in outline if e["bbox"][0] == e["bbox"][2]), key=lambda e: e["bbox"][0])
    op = _line_op(right)
    (x0, y0), (x1, y1) = right["shape"]["ends"]
    from printgen.draw.pdf import _trim

    new = _trim("%.2f %.2f m %.2f %.2f l S" % (x0 + 7.2, y0, x1 + 7.2, y1)).encode()
    edit_page(kit, name, page, lambda data: data.replace(op, new, 1))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the outline (cut line): no line drawn where it lies")
               for f in found), found


def test_a_sluys_piece_outline_dashed_fails(built_sluys, tmp_path):
    """Sluys: the ships' bases (each the piece itself) outlined with dashed lines, the cut and the
    base's own outline alike (a solid line under a dashed one would still print solid)."""
    from tamper import edit_page

    from printgen.draw.pdf import _trim

    kit = copy_kit(built_sluys, tmp_path)
    name = "sprites-bw.pdf"
    page, (outline, *_) = lines(kit, name, "cut", "outline")
    x0, top, x1, bottom = outline["bbox"]
    size = re.escape(_trim("%.2f %.2f re" % (x1 - x0, bottom - top)).encode()) + rb" [SB]"
    pat = re.compile(rb"(-?[\d.]+) (-?[\d.]+) " + size)

    def dashed(data: bytes) -> bytes:
        if pat.search(data) is None:
            raise ValueError("no outline here")
        return pat.sub(lambda m: b"q [3 2] 0 d " + m.group(0) + b" Q", data)
    edit_page(kit, name, page, dashed)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: the outline (cut line) is drawn dashed [3 2]") for f in found), found
