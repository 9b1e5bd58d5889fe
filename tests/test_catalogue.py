"""The catalogue of document kinds (printgen.registry.documents): a kind declared here, in this test
only (one record and one function that draws it, nothing in printgen/ edited), goes everywhere the
catalogue reaches: it is drawn in each edition, listed in the lesson plan's materials, index.html
and the manifest, joined into kit.pdf, and checked by `printgen check`, which finds it misprinted."""

from __future__ import annotations

import json
from html import unescape

import pytest
from pdfread import page_texts

from printgen.draw.shapes import Drawing, Span, Text
from printgen.registry import documents
from printgen.sheets.page.frame import content_box, frame, new_page

TITLE = "Harbour pilot's notes"


def draw_pilot_notes(plan, options) -> Drawing:
    """One page: how many ships the class sails (traced to the plan, as the lesson plan's counts are)."""
    page = new_page(options)
    box = content_box(options)
    ships = len(plan.scenario.fleet.ships)
    page.items.append(Text(box.x, box.y + 40, (Span("Ships on the table: "),
                                               Span(str(ships), source=("ship_count",), kind="count")), 12))
    frame(page, options, plan.scenario.title, TITLE, 1, 1)
    return Drawing(f"{plan.scenario.title}: pilot's notes ({options.edition_name})", [page])


PILOT = documents.DocumentKind("pilot-notes", TITLE, 125, draw_pilot_notes, takes="plan", audience="teacher",
                               copies="group", paper="card", advice="Pilot's notes: card, one for each table group.")


@pytest.fixture
def pilot():
    documents.register(PILOT)
    yield PILOT
    documents.unregister(PILOT.kind)


def test_the_built_in_records_are_whole():
    """Every record names a function that exists, a kind once, and an order of its own in each kit."""
    seen: dict[str | None, set[str]] = {}
    for family, record in documents.everywhere():
        documents.resolve(record.draw)
        if record.present:
            documents.resolve(record.present)
        kinds = seen.setdefault(family, set())
        assert record.kind not in kinds, record.kind
        kinds.add(record.kind)
    from printgen.data.scenario import load_scenario

    for name in ("trafalgar", "sluys-1340"):
        orders = [r.order for r in documents.declared(load_scenario(name).ruleset).values()]
        assert len(orders) == len(set(orders)) and orders == sorted(orders)


def test_a_kind_declared_in_a_test_goes_everywhere(pilot, tmp_path, run):
    import pdfplumber

    from printgen.check.kit import check_kit

    out = tmp_path / "kit"
    code, stdout, err = run("kit", "trafalgar", "--ships", "16", "--students", "8", "--edition", "both",
                            "--out", out)
    assert code == 0, stdout + err
    manifest = json.loads((out / "manifest.json").read_text())
    docs = {d["path"]: d for d in manifest["documents"]}
    for edition in ("color", "bw"):
        path = f"pilot-notes-{edition}.pdf"
        assert docs[path]["kind"] == "pilot-notes" and docs[path]["pages"] == 1               # the manifest
        assert path in docs[f"kit-{edition}.pdf"]["parts"]                                    # kit.pdf's parts
        rulers, notes, maps = (docs[f"kit-{edition}.pdf"]["parts"].index(f"{k}-{edition}.pdf")
                               for k in ("rulers", "pilot-notes", "map"))
        assert rulers < notes < maps                                                           # in its order
        with pdfplumber.open(out / path) as pdf:
            assert "Ships on the table: 16" in pdf.pages[0].extract_text()                   # drawn
        with pdfplumber.open(out / f"kit-{edition}.pdf") as pdf:
            assert any("Ships on the table: 16" in (p.extract_text() or "") for p in pdf.pages)
    html = unescape((out / "index.html").read_text())
    assert "Pilot's notes: card, one for each table group." in html and "thumbs/pilot-notes-color-p001.png" in html
    with pdfplumber.open(out / "lesson-color.pdf") as pdf:
        materials = " ".join(p.extract_text() or "" for p in pdf.pages)
    assert TITLE in materials                                                          # the materials list
    teacher = " ".join(" ".join(t.split()) for t in page_texts(out / "teacher-color.pdf"))
    assert "Pilot's notes (1 page): card, one for each table group." in teacher      # how to print it
    lines: list[str] = []
    keep: dict = {}
    assert check_kit(out, echo=lines.append, keep=keep)
    assert "ok    pilot-notes-color.pdf (1 pages)" in lines

    # printed with the wrong count, the check names it (the manifest re-hashed: only the meaning tells),
    # in a copy whose other documents are taken as the check above found them
    from tamper import copy_kit, edit_page, fails, kept_passing, replace

    kept_passing(out, keep)
    copy = copy_kit(out, tmp_path / "tampered")
    edit_page(copy, "pilot-notes-bw.pdf", 1, replace(b"(16)", b"(61)"))
    assert any("pilot-notes-bw.pdf" in line and "61" in line for line in fails(copy))


def test_a_family_restates_a_shared_kind():
    """The sectors family words the rulers' printing advice its own way; Trafalgar keeps the shared words."""
    from printgen.data.scenario import load_scenario

    sluys, trafalgar = (documents.declared(load_scenario(n).ruleset) for n in ("sluys-1340", "trafalgar"))
    assert "sweep template" in sluys["rulers"].advice and "sweep template" not in trafalgar["rulers"].advice
    assert "records" in sluys and "records" not in trafalgar
    assert documents.commands()["records"][1] == ("sectors",) and documents.commands()["quickref"][1] == ()
