"""Issue 40: the kit's handouts (html/): each text document as an accessible web page, made from the
same template and traced numbers as its PDF, listed and hashed in the manifest, linked from
index.html, and read back by `printgen check` (a changed number is named: file, number, rule)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil

import pytest
from lxml import html as lhtml
from tamper import built_once, load_trace

from printgen.check.kit import check_kit

SMALL = ("trafalgar", "--students", "8")


@pytest.fixture(scope="module")
def kit():
    return built_once(*SMALL)


@pytest.fixture(scope="module")
def passed(kit) -> dict:
    """Each document's result in the untouched kit's (passing) check: an edited copy's check takes the
    PDFs that still have those bytes as they were (check_kit's `checked`), and reads the rest."""
    kept: dict = {}
    assert check_kit(kit, echo=lambda _: None, quiet=True, keep=kept)
    return kept


@pytest.fixture
def copy(kit, tmp_path):
    out = tmp_path / "kit"
    shutil.copytree(kit, out)
    return out


def manifest(folder) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def handout_trace(folder, name: str) -> list[dict]:
    from printgen.kit.tracefile import read_handouts

    return read_handouts((folder / "trace.json").read_text(encoding="utf-8"))[name]


def tree(folder, name: str):
    return lhtml.fromstring((folder / name).read_bytes())


def rehash(folder, name: str) -> None:
    path = folder / "manifest.json"
    m = json.loads(path.read_text(encoding="utf-8"))
    digest = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    for table in (m.get("handouts", []), m["documents"]):
        for d in table:
            if d["path"] == name:
                d["sha256"] = digest
    for table in ("data", "extras"):
        if name in m.get(table, {}):
            m[table][name] = digest
    path.write_text(json.dumps(m, indent=1), encoding="utf-8")


def edit(folder, name: str, change) -> None:
    path = folder / name
    old = path.read_text(encoding="utf-8")
    new = change(old)
    assert new != old, "the edit changed nothing"
    path.write_text(new, encoding="utf-8")
    rehash(folder, name)


def failures(folder, passed: dict) -> list[str]:
    lines: list[str] = []
    assert not check_kit(folder, echo=lines.append, quiet=True, checked=passed), "the check passed an edited kit"
    return [line for line in lines if line.startswith("FAIL")]


def span_of(folder, name: str, source: list) -> int:
    """The number of the page's first span that prints `source`."""
    return next(n for n, e in enumerate(handout_trace(folder, name)) if e["source"] == source)


TEXT_DOCUMENTS = {"lesson", "background", "first-turn", "quickref", "cards", "captains", "score", "worksheet",
                  "debrief"}


def test_every_text_document_has_its_handout_listed_hashed_and_linked(kit):
    m = manifest(kit)
    listed = {h["kind"]: h for h in m["handouts"] if not h.get("slides")}
    assert set(listed) == TEXT_DOCUMENTS
    slides = [h for h in m["handouts"] if h.get("slides")]          # issue 44: the first turn on the screen
    assert [h["path"] for h in slides] == ["html/first-turn-slides.html"]
    index = tree(kit, "index.html")
    links = set(index.xpath("//a/@href"))
    for h in [*listed.values(), *slides]:
        assert h["path"] == f"html/{h['kind']}{'-slides' if h.get('slides') else ''}.html"
        assert h["path"] in m["files"] and h["path"] in links
        assert hashlib.sha256((kit / h["path"]).read_bytes()).hexdigest() == h["sha256"]
    assert m["extras"]["html/handouts.css"] == hashlib.sha256((kit / "html/handouts.css").read_bytes()).hexdigest()
    for name in listed.values():
        page = tree(kit, name["path"])
        assert page.xpath("//link[@rel='stylesheet']/@href") == ["handouts.css"]      # the one stylesheet, shipped


def test_each_handout_is_structured_for_a_screen_reader(kit):
    """The kit's language, one h1, sections under h2 and h3 without skipping a level, lists as lists,
    tables with header cells and a caption, no picture, and every pupil's mark read aloud."""
    for h in manifest(kit)["handouts"]:
        page = tree(kit, h["path"])
        name = h["path"]
        assert page.get("lang") == "en", name
        if h.get("slides"):                  # a screen a step, each phase's map a picture (test_first_turn_teaches)
            continue
        assert len(page.xpath("//h1")) == 1, name
        levels = [int(e.tag[1]) for e in page.iter("h1", "h2", "h3", "h4", "h5", "h6")]
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), (name, levels)
        assert page.xpath("//main") and not page.xpath("//img | //svg | //canvas"), name
        for table in page.xpath("//table"):
            assert "".join(table.xpath("./caption//text()")).strip(), name
            heads = table.xpath("./thead/tr/th")
            assert heads and all(th.get("scope") == "col" for th in heads), name
            for row in table.xpath("./tbody/tr"):
                first = row.xpath("./th|./td")[0]
                assert first.tag == "th" and first.get("scope") == "row", name
        for mark in page.xpath("//*[@class='mark']"):          # the symbol for the eye, its meaning for the ear
            assert mark.xpath("./span[@aria-hidden='true']/text()") and mark.xpath("./span[@class='vh']/text()")
    quickref = tree(kit, "html/quickref.html")
    assert len(quickref.xpath("//main//ol/li")) == 6                          # the turn's phases, a numbered list
    assert quickref.xpath("//footer//li"), "the marks it shows are explained once, at the foot"


def test_a_handout_prints_what_its_pdf_prints(kit):
    """One source of truth: every source the PDF and the handout both print reads the same."""
    traces = load_trace(kit)
    compared = 0
    for h in manifest(kit)["handouts"]:
        pdf = {(json.dumps(e["source"]), e["kind"]): e["text"] for page in traces[f"{h['kind']}-color.pdf"]
               for e in page if "shape" not in e}
        for e in handout_trace(kit, h["path"]):
            key = (json.dumps(e["source"]), e["kind"])
            if key in pdf and e["source"][0] != "meta":
                assert e["text"] == pdf[key], (h["path"], key)
                compared += 1
    assert compared > 500


def test_pictures_are_given_as_words_and_tables(kit):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", 8, "color"))
    rs = plan.scenario.ruleset
    cards = tree(kit, "html/cards.html")
    for side in rs.sides:                     # each hits chart as its numbers: a row for 0 to every die
        for flagship in (False, True):
            dice = rs.dice_of(side, flagship)
            caption = f"{rs.sides[side].name}{' flagship' if flagship else ''}, {dice} dice"
            [table] = [t for t in cards.xpath("//table") if "".join(t.xpath("./caption//text()")).strip() == caption]
            assert len(table.xpath("./tbody/tr")) == dice + 1
    background = tree(kit, "html/background.html")        # the approach map as the table of where each ship starts
    [table] = [t for t in background.xpath("//table") if "starts" in "".join(t.xpath("./caption//text()"))]
    assert len(table.xpath("./tbody/tr")) == len(plan.deployment.placements)
    quickref = tree(kit, "html/quickref.html")            # the table diagram: each edge of the table in words
    [edges] = [t for t in quickref.xpath("//table") if "edges" in "".join(t.xpath("./caption//text()"))]
    assert len(edges.xpath("./tbody/tr")) == len(rs.table.edges)
    first = tree(kit, "html/first-turn.html")       # each phase's map: every ship that sails, every one that fires
    from printgen.sheets.plays.first_turn import first_turn

    phases = first_turn(plan)[2]
    sailing = [t for t in first.xpath("//table") if "sails" in "".join(t.xpath("./caption//text()"))]
    assert [len(t.xpath("./tbody/tr")) for t in sailing] == [len(p.moved()) for p in phases if p.moved()][:len(sailing)]
    assert sailing


def test_the_untouched_kit_passes_and_says_so_for_each_handout(kit, run):
    code, out, _ = run("check", kit, "--json")
    found = json.loads(out)
    assert code == 0 and found["ok"] and {h["status"] for h in found["handouts"]} == {"ok"}
    assert {h["path"] for h in found["handouts"]} == {f"html/{k}.html" for k in TEXT_DOCUMENTS} | \
        {"html/first-turn-slides.html"}


def test_a_changed_number_in_a_handout_is_named(copy, run):
    n = span_of(copy, "html/quickref.html", ["rule", "shooting.dice.british"])
    edit(copy, "html/quickref.html",
         lambda s: s.replace(f'<span data-n="{n}">7</span>', f'<span data-n="{n}">8</span>'))
    code, out, _ = run("check", copy)
    assert code == 1
    assert "FAIL  html/quickref.html: rule:shooting.dice.british prints '8', the rules say '7'" in out, out


def test_a_number_without_a_source_is_named(copy, passed):
    edit(copy, "html/cards.html", lambda s: s.replace("</main>", "<p>Roll 12 dice.</p></main>"))
    edit(copy, "html/score.html", lambda s: s.replace("1805", "1806", 1))        # in the tab's title
    found = failures(copy, passed)
    assert "FAIL  html/cards.html: the number '12' has no source" in found
    assert any(f.startswith("FAIL  html/score.html: is titled 'Trafalgar, 21 October 1806: Score sheets'")
               for f in found)


def test_a_number_moved_to_another_row_is_named(copy, passed):
    """The British and Franco-Spanish rows of the in-irons table (the first to name them) trade their
    labels, each label still spelt right: each number now stands in the other side's row."""
    british = span_of(copy, "html/quickref.html", ["label", "sides.british.name"])
    allied = span_of(copy, "html/quickref.html", ["label", "sides.allied.name"])

    def change(s: str) -> str:
        a = re.search(f'<span data-n="{british}">British</span>', s)
        b = re.search(f'<span data-n="{allied}">Franco-Spanish</span>', s)
        first, second = sorted([a, b], key=lambda m: m.start())
        return (s[:first.start()] + second.group(0) + s[first.end():second.start()] + first.group(0)
                + s[second.end():])

    edit(copy, "html/quickref.html", change)
    found = failures(copy, passed)
    assert "FAIL  html/quickref.html: rule:movement.in_irons.british.move ('4-6') is not under the row " \
           "label:sides.british.name" in found, found


def test_trace_json_pointed_at_another_rule_is_named(copy, passed):
    """trace.json says the British dice are the allied dice: the page made again says otherwise."""
    path = copy / "trace.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data["handouts"]["html/quickref.html"]
    n = span_of(copy, "html/quickref.html", ["rule", "shooting.dice.british"])
    entries[n][2] = data["sources"].index(["rule", "shooting.dice.allied"])
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    rehash(copy, "trace.json")
    found = failures(copy, passed)
    assert any(f.startswith("FAIL  trace.json: says html/quickref.html prints '7' from rule:shooting.dice.allied")
               for f in found), found


def test_an_edited_handout_left_unhashed_is_not_trusted(copy, passed):
    (copy / "html/score.html").write_text("<p>changed</p>", encoding="utf-8")
    found = failures(copy, passed)
    assert any(f.startswith("FAIL  html/score.html: the file changed since printgen wrote it") for f in found)


def test_data_words_are_escaped():
    """A name or a cell holding markup prints as text, never as markup (jinja2 autoescape and markupsafe)."""
    from printgen.draw.shapes import Span
    from printgen.sheets.handouts.html import page
    from printgen.sheets.handouts.model import Handout
    from printgen.sheets.text.markup import Block, Section

    evil = '<script>alert("x")</script> & <b>'
    h = Handout("quickref", evil, evil, [Section([Span(evil)], [
        Block("para", [Span(evil, "bold"), Span(evil, "", ("fleet", "x", "name"), "text")]),
        Block("table", rows=[[[Span(evil)], [Span("n")]], [[Span(evil)], [Span(evil)]]], header=True)])])
    data, entries = page(h, "en", "pupil")
    text = data.decode("utf-8")
    assert "<script>" not in text and "<b>" not in text and "&lt;script&gt;" in text
    assert any(e["source"] == ["fleet", "x", "name"] and e["text"] == evil for e in entries)
