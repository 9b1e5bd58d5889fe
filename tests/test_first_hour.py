"""A teacher's first hour (issue 49): the defaults named, a battle's class size as data and said when a
kit's class is outside it, and the terminal saying why the kit plays fewer ships than the battle has."""

from __future__ import annotations

import html
import re

import pytest
from pdfread import page_texts

from printgen import paths


def test_config_names_the_value_of_every_default(run, monkeypatch, tmp_path):
    monkeypatch.setenv("PRINTGEN_CONFIG", str(tmp_path / "config.toml"))
    code, out, _ = run("config")
    assert code == 0
    rows = {m[1]: m[2] for m in re.finditer(r"^  (\w+)\s+(\S+)\s+printgen's default", out, re.M)}
    assert rows == {"paper": "letter", "units": "in", "edition": "color", "students": "24", "lang": "en"}


def test_every_built_in_battle_gives_its_class_size_and_list_shows_it(run):
    import tomllib

    for folder in sorted(paths.fleets_dir().iterdir()):
        size = tomllib.loads((folder / "scenario.toml").read_text(encoding="utf-8"))["scenario"]["class_size"]
        assert 1 <= size[0] <= size[1], folder.name
    code, out, _ = run("list")
    assert "lake-erie-1813 Lake Erie, 10 September 1813 - 15 ships, for a class of 10 to 16" in out
    assert "A preset is a smaller version of a battle" in out


def test_a_class_size_out_of_order_is_refused_naming_the_field(run, scenario_dir):
    folder = scenario_dir(scenario={"scenario": {"class_size": [16, 10]}})
    code, out, err = run("check", folder)
    assert code == 2
    assert "class_size" in err and "[10, 16]" in err


def _plan(scenario: str, students: int):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    return plan_kit(KitRequest(scenario=scenario, students=students))


@pytest.mark.parametrize("students", [24, 6])
def test_a_class_outside_the_battles_size_is_told_what_to_do(students):
    notes = [n for n in _plan("lake-erie-1813", students).options.notes if "suits a class" in n]
    assert len(notes) == 1
    assert notes[0].startswith("Lake Erie, 10 September 1813 suits a class of 10 to 16 students. "
                               f"For {students}, choose a ")
    if students > 16:
        assert "larger battle" in notes[0] and "crews of up to 2 pupils" in notes[0]
    else:
        assert "smaller battle" in notes[0] and "each pupil commands up to" in notes[0]


def test_a_class_inside_the_battles_size_gets_no_note():
    assert not [n for n in _plan("lake-erie-1813", 12).options.notes if "suits a class" in n]


def test_the_terminal_says_why_ships_were_left_out():
    from printgen.cli.kit_cmd import ships_left_out

    plan = _plan("trafalgar", 24)
    said = ships_left_out(plan)
    ships = len(plan.scenario.fleet.ships)
    assert ships < 60
    assert said == (f"Game: The whole battle. Ships: {ships} of the battle's 60, as many as fit "
                    f"{plan.scenario.lesson.turn_limit} turns of the lesson, the flagships and the ships the story "
                    "names first (the lesson plan says how printgen chose; --ships or --engagement choose otherwise).")


def _index_counts(kit) -> tuple[dict, dict]:
    """index.html's copies and sheets of each document, and each edition's sheets of each paper."""
    from printgen.check.copies import _Counts

    parser = _Counts()
    parser.feed((kit / "index.html").read_text(encoding="utf-8"))
    docs = {a["data-path"]: (int(a["data-copies"]), int(a["data-sheets"]), words) for a, words in parser.found
            if "data-path" in a}
    totals = {a["data-edition"]: (int(a["data-plain"]), int(a["data-card"]), int(a["data-optional"]), words)
              for a, words in parser.found if "data-edition" in a}
    return docs, totals


def _two_sided(kit) -> list[str]:
    """The documents index.html says to print on both sides."""
    from printgen.check.copies import _Counts

    parser = _Counts()
    parser.feed((kit / "index.html").read_text(encoding="utf-8"))
    return [a["data-path"] for a, _words in parser.found if a.get("data-two-sided") == "true"]


def test_index_gives_copies_of_every_document_as_the_lesson_plan_counts_them(built):
    import json


    manifest = json.loads((built / "manifest.json").read_text())
    docs, totals = _index_counts(built)
    printed = [d for d in manifest["documents"] if d["kind"] not in ("kit", "poster")]
    assert sorted(docs) == sorted(d["path"] for d in printed)            # a number of copies for every document
    groups = len({c["squadron"] for c in manifest["captains"]})
    quickref = docs["quickref-bw.pdf"]
    assert quickref[0] == groups and f"one for each of the {groups} table groups" in quickref[2]
    for edition in ("color", "bw"):
        text = " ".join(" ".join(t.split()) for t in page_texts(built / f"lesson-{edition}.pdf"))
        m = re.search(r"In all: (\d+) sheets of plain paper and (\d+) of card stock; the optional full-size map "
                      r"takes (\d+) sheets more", text)
        plain, card, optional, words = totals[edition]
        assert (plain, card, optional) == tuple(map(int, m.groups())), edition
        assert f"{plain} sheets of plain paper and {card} of card" in words
        # printed on both sides: the documents the lesson plan's table calls two-sided, and no other
        both = [path for path in _two_sided(built) if path.endswith(f"-{edition}.pdf")]
        assert both and len(both) == text.count(" two-sided "), (edition, both)
        for path in both:
            assert docs[path][2].endswith(", printed on both sides."), docs[path]
    assert "This kit is in colour only" not in (built / "index.html").read_text(encoding="utf-8")
    # both editions: the page says the figures are each edition's, and what each one's kit file holds
    index = " ".join(html.unescape(re.sub(r"<[^>]+>", "", (built / "index.html").read_text(encoding="utf-8"))).split())
    assert ("This kit holds 2 editions of the same documents: print the class's copies from one of them. The "
            "figures below are for each edition on its own.") in index
    for kit in (d for d in manifest["documents"] if d["kind"] == "kit"):
        assert f"{kit['title']}: {kit['path']} holds one copy of each document, {kit['pages']} pages in print order." \
            in index


def test_the_check_traces_index_copies(built, tmp_path):
    from tamper import copy_kit, fails, rehash

    kit = copy_kit(built, tmp_path)
    index = kit / "index.html"
    text = index.read_text(encoding="utf-8")
    docs, _ = _index_counts(kit)
    copies, sheets, words = docs["cards-bw.pdf"]
    wrong = re.sub(r'(data-path="cards-bw.pdf" data-copies=")\d+', rf"\g<1>{copies + 1}", text)
    assert wrong != text
    index.write_text(wrong, encoding="utf-8")
    rehash(kit, "index.html")
    found = fails(kit)
    assert any("index.html: cards-bw.pdf: copies" in line and f"counts {copies}" in line for line in found), found


def test_the_check_traces_which_documents_index_prints_on_both_sides(built, tmp_path):
    from tamper import copy_kit, fails, rehash

    kit = copy_kit(built, tmp_path)
    index = kit / "index.html"
    text = index.read_text(encoding="utf-8")
    wrong = text.replace(", printed on both sides.</p>", ".</p>", 1)           # the words of the first one lost
    assert wrong != text
    index.write_text(wrong, encoding="utf-8")
    rehash(kit, "index.html")
    found = fails(kit)
    first = next(path for path in _two_sided(built))
    assert any(f"index.html: {first}: two-sided 'true'" in line and "printed on both sides" in line
               for line in found), found


# -- the web page ----------------------------------------------------------------------------------------
@pytest.fixture
def served(tmp_path):
    import warnings

    from printgen.serve.app import create_app
    from printgen.serve.jobs import Builds

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    builds = Builds(tmp_path / "serve")
    said: list[str] = []
    builds.log = said.append
    with TestClient(create_app(builds, hosts=["127.0.0.1"]), base_url="http://127.0.0.1") as client:
        yield client, builds, said
    assert said[-1].endswith("kit built since the start; every file of theirs deleted") or said[-1].endswith(
        "kits built since the start; every file of theirs deleted")


def test_the_preview_counts_each_sides_ships_in_agreement():
    from printgen.i18n import using
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest
    from printgen.serve.form import the_game

    plan = plan_kit(KitRequest("lepanto-1571", 8, periods=1))
    with using("en"):
        lines = the_game(plan)
    said = " ".join(lines)
    assert not re.search(r"\d+ [A-Z][\w ]+ against \d+ [\w ]+ ships", said), said
    names = {k: s.name for k, s in plan.scenario.ruleset.sides.items()}
    want = ", ".join(f"{names[k]} {n} {'ship' if n == 1 else 'ships'}" for k, n in plan.fitted.choice.counts)
    assert f"In play: {want}." in lines


def test_the_results_page_links_and_serves_the_handouts_and_counts_copies(served):
    from servehelp import FORM, wait_until_finished

    client, builds, said = served
    empty = [("fleet", ("", b"", "application/octet-stream"))]
    r = client.post("/build", data=FORM | {"scenario": "lake-erie-1813", "students": "12", "lang": "fr"},
                    files=empty, follow_redirects=False)
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    wait_until_finished(lambda: client.get(url + "/status").json())
    page = client.get(url, headers={"accept-language": "en"}).text
    build = next(iter(builds.builds.values()))
    manifest = build.manifest()
    handouts = manifest["handouts"]
    slides = [h for h in handouts if h.get("slides")]
    assert slides and len(slides) < len(handouts)
    # the pupils' pages for reading on a screen, and apart from them the slides for the classroom screen,
    # each list in the pupils' language
    readers_list = re.search(r'<ul class="handouts" lang="fr">(.*?)</ul>', page, re.S).group(1)
    slides_list = re.search(r'For the classroom screen</h2>\s*<p>Slides to show the whole class[^<]*</p>\s*'
                            r'<ul class="slides" lang="fr">(.*?)</ul>', page, re.S).group(1)
    for h in handouts:
        assert f'href="{url}/files/{h["path"]}"' in (slides_list if h in slides else readers_list)
        answer = client.get(f"{url}/files/{h['path']}")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
        assert '<html lang="fr"' in answer.text
    for name, kind in (("handouts.css", "text/css"), ("slides.css", "text/css"), ("slides.js", "text/javascript")):
        answer = client.get(f"{url}/files/html/{name}")           # what the pages load, the slides' script too
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind), name
    assert client.get(f"{url}/files/html/nothing.html").status_code == 404
    assert client.get(f"{url}/files/html/..%2Fmanifest.json").status_code == 404
    # the copies: the same numbers as the kit's own index.html, which the check traces
    docs, totals = _index_counts(build.kit)
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    text = html.unescape(text)
    for copies, _sheets, _words in docs.values():
        assert f"{copies} cop" in text
    # which documents to print on both sides: the same as index.html's, from the same rule
    both = _two_sided(build.kit)
    assert both and text.count("printed on both sides.") == len(both)
    (plain, card, optional, _), = totals.values()
    assert f"{plain} sheets of plain paper and {card} of card" in text
    assert re.search(r"\d+ copies, one for each of the \d+ table groups", text)
    ships = len(manifest["fleet"])                                       # the ships the kit plays
    assert any(line.endswith(f"kit 1 started: Lake Erie, 10 September 1813, 12 students, {ships} ships")
               for line in said), said
    assert any(line.endswith("kit 1 ready, checked after " + line.split("after ")[-1]) for line in said
               if "ready, checked" in line)


@pytest.mark.parametrize("scenario, mark", [("lepanto-1571", "classroom addition"),
                                            ("sluys-1340", "not from the source")])
def test_the_pieces_page_says_where_the_structure_points_come_from(run, tmp_path, scenario, mark):
    """The ship pieces' notes end with the structure points' mark, never a bullet with nothing to say."""
    from pdfread import open_pdf

    code, out, err = run("sprites", scenario, "--out", tmp_path)
    assert code == 0, out + err
    with open_pdf(tmp_path / "sprites-color.pdf") as pdf:
        lines = [" ".join(line.split()) for line in (pdf.pages[0].extract_text() or "").splitlines()]
    assert "· Bases and structure points." not in lines
    assert f"· Bases and structure points: {mark}." in lines
