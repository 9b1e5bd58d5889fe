"""`printgen serve` without a browser: each route's status codes, the form's errors next to their fields,
uploads refused safely, a hostile title escaped, builds isolated, crashes contained, files deleted."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
import warnings
import zipfile
from html.parser import HTMLParser

import pytest

from printgen.serve import jobs
from printgen.serve.app import create_app
from printgen.serve.jobs import Builds
from printgen.serve.uploads import MAX_FILE_BYTES, MAX_REQUEST_BYTES
from servehelp import FORM, broken_ships_csv, fleet_files, wait_until_finished, zip_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
BASE = "http://127.0.0.1"


@pytest.fixture
def builds(tmp_path):
    return Builds(tmp_path / "serve")


@pytest.fixture
def client(builds):
    with TestClient(create_app(builds, hosts=["127.0.0.1"]), base_url=BASE) as c:
        yield c


def post(client, files=None, **fields):
    """Post the form as a browser does (multipart, even with no file chosen)."""
    files = files if files is not None else [("fleet", ("", b"", "application/octet-stream"))]
    return client.post("/build", data=FORM | fields, files=files, follow_redirects=False)


def uploaded(files: dict[str, bytes]):
    return [("fleet", (name, data, "application/octet-stream")) for name, data in files.items()]


def errors(page: str, field: str) -> list[str]:
    """The messages the page shows next to a field (its <ul class="error" id="FIELD-error">)."""
    m = re.search(rf'<ul class="error" id="{field}-error">(.*?)</ul>', page, re.S)
    return [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", m[1], re.S)] if m else []


def build(client, **fields) -> str:
    r = post(client, **fields)
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    wait_until_finished(lambda: client.get(url + "/status").json())
    return url


class Labels(HTMLParser):
    """Every form control and the labels that name them."""

    def __init__(self):
        super().__init__()
        self.controls, self.labelled, self.wrapped, self.depth = [], set(), 0, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "label":
            self.depth += 1
            if a.get("for"):
                self.labelled.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.controls.append((a.get("id"), self.depth > 0))

    def handle_endtag(self, tag):
        if tag == "label":
            self.depth -= 1


def test_the_form_lists_the_scenarios_and_labels_every_field(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "Trafalgar, 21 October 1805" in r.text and "60 ships" in r.text and "Sluys, 24 June 1340" in r.text
    assert "Deployment number" in r.text and "Trafalgar, the second battle (half the ships)" in r.text
    parser = Labels()
    parser.feed(r.text)
    assert len(parser.controls) >= 15
    unlabelled = [c for c, inside in parser.controls if not inside and c not in parser.labelled]
    assert unlabelled == []
    assert "default-src 'self'" in r.headers["content-security-policy"]


def test_static_files_and_unknown_pages(client):
    assert client.get("/static/serve.css").status_code == 200
    assert client.get("/static/serve.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/form.html.j2").status_code == 404
    assert client.get("/nowhere").status_code == 404
    assert client.get("/build/not-a-build").status_code == 404
    assert client.get("/build/not-a-build/status").status_code == 404
    assert client.post("/build/not-a-build/cancel").status_code == 404
    assert client.get("/build").status_code == 405


def test_another_host_or_site_is_refused(client, builds):
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400      # DNS rebinding
    builds.command = [sys.executable, "-c", "pass"]               # the form is accepted: no kit needed
    r = post(client)
    assert r.status_code == 303
    r = client.post("/build", data=FORM, headers={"origin": "http://evil.example"}, follow_redirects=False)
    assert r.status_code == 403


def test_trafalgar_bw_builds_previews_and_downloads(client, builds, tmp_path):
    url = build(client)
    r = client.get(url)
    assert r.status_code == 200
    manifest = builds.get(url.rsplit("/", 1)[1]).manifest()
    from printgen.kit.index import thumbed

    pages = sum(thumbed(d) for d in manifest["documents"] if d["kind"] != "kit")     # the tiled map: its overview
    thumbs = re.findall(r'<img src="([^"]+)"', r.text)
    assert len(thumbs) == pages > 20
    assert "Ship pieces: on thin card" in r.text and "Print at 100%" in r.text
    assert "black-and-white edition" in r.text
    png = client.get(thumbs[0])
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    pdf = client.get(url + "/files/kit-bw.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    for hidden in ("/files/manifest.json", "/files/..%2Fstdout.txt", "/thumbs/..%2F..%2Fstderr.txt",
                   "/thumbs/nothing.png", "/files/kit-color.pdf"):
        assert client.get(url + hidden).status_code == 404, hidden
    z = client.get(url + "/kit.zip")
    assert z.status_code == 200 and z.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(z.content)) as archive:
        names = archive.namelist()
        assert "kit/manifest.json" in names and "kit/kit-bw.pdf" in names
        assert all(n.startswith("kit/") for n in names)
        archive.extractall(tmp_path / "unpacked")
    done = subprocess.run([sys.executable, "-m", "printgen", "check", "kit"], cwd=tmp_path / "unpacked",
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("fields, field, words", [
    ({"students": "0"}, "students", "0 students cannot crew"),
    ({"students": "many"}, "students", "whole number"),
    ({"scale": "9"}, "scale", "scale 9 is out of range"),
    ({"scale": "0.5", "table": "4x3ft"}, "table", "both set the scale"),
    ({"table": "huge"}, "table", "huge"),
    ({"seed": "-4"}, "seed", "0 to 999999999"),
    ({"edition": "sepia"}, "edition", "Colour"),
    ({"preset": "small-class"}, "preset", "is a preset of Sluys, 24 June 1340: choose None, or a preset of Trafalgar"),
    ({"preset": "nothing"}, "preset", "there is no preset “nothing”: choose None, or a preset of Trafalgar"),
    ({"table": "1x1in"}, "table", "your table 1x1in makes every distance 0.01 times the rules'"),
    ({"fraction": "half"}, "fraction", "type a number"),
    ({"scenario": "atlantis"}, "scenario", "choose one of the scenarios"),
])
def test_each_option_is_checked_as_the_cli_checks_it(client, builds, fields, field, words):
    r = post(client, **fields)
    assert r.status_code == 422
    shown = errors(r.text, field)
    assert any(words in e for e in shown), (shown, r.text[:3000])
    assert "--" not in " ".join(shown)             # option names read as the page's labels
    assert f'aria-describedby="{field}-hint {field}-error"' in r.text or f"{field}-error" in r.text
    assert list(builds.root.glob("build-*")) == []        # nothing kept for a refused form


def test_a_bad_csv_lists_its_line_numbers_next_to_the_upload(client, scenario_dir, builds):
    files = fleet_files(scenario_dir()) | {"ships.csv": broken_ships_csv()}
    r = post(client, uploaded(files), scenario="upload")
    assert r.status_code == 422
    shown = errors(r.text, "fleet")
    assert any(e.startswith("ships.csv, line 3") and "'lots'" in e for e in shown), shown
    assert any(e.startswith("ships.csv, line 5") and "Frnech" in e for e in shown), shown
    assert str(builds.root) not in r.text            # no server paths in messages
    assert list(builds.root.glob("build-*")) == []


def test_a_hostile_title_is_escaped_and_an_uploaded_fleet_builds_and_checks(client, scenario_dir, tmp_path):
    folder = scenario_dir(scenario={"scenario": {"title": "<script>alert(1)</script>"}})
    url = build(client, files=uploaded(fleet_files(folder)), scenario="upload", students="20")
    r = client.get(url)
    assert r.status_code == 200
    assert "<script>alert(1)" not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    z = client.get(url + "/kit.zip")
    assert client.post(url + "/delete", follow_redirects=False).status_code == 303   # the fleet's folder is gone
    with zipfile.ZipFile(io.BytesIO(z.content)) as archive:
        assert {"my-fleet/ships.csv", "my-fleet/scenario.toml", "my-fleet/rules.toml"} <= set(archive.namelist())
        index = archive.read("kit/index.html").decode("utf-8")          # the kit's own page, written by `kit`
        assert "<script>alert(1)" not in index and "&lt;script&gt;alert(1)&lt;/script&gt;" in index
        archive.extractall(tmp_path / "unpacked")
    done = subprocess.run([sys.executable, "-m", "printgen", "check", "kit"], cwd=tmp_path / "unpacked",
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_same_title_is_escaped_in_a_form_error(client, scenario_dir):
    folder = scenario_dir(scenario={"scenario": {"title": "<script>alert(1)</script>"}})
    files = fleet_files(folder) | {"ships.csv": b"name,nation\n<img src=x onerror=alert(1)>,British\n"}
    r = post(client, uploaded(files), scenario="upload")
    assert r.status_code == 422 and "<img src=x" not in r.text and errors(r.text, "fleet")


@pytest.mark.parametrize("entries, links, words", [
    ({"../x.csv": b"a", "scenario.toml": b""}, (), "climbs out"),
    ({"fleet/../../x.csv": b"a"}, (), "climbs out"),
    ({"/etc/x.csv": b"a"}, (), "absolute path"),
    ({"C:/x.csv": b"a"}, (), "absolute path"),
    ({"fleet/ships.csv": b"/etc/passwd", "fleet/scenario.toml": b""}, ("fleet/ships.csv",), "symbolic link"),
    ({"a/b/ships.csv": b"a"}, (), "folder inside a folder"),
    ({"a/ships.csv": b"a", "b/scenario.toml": b""}, (), "more than one folder"),
    ({f"f/{i}.csv": b"" for i in range(40)}, (), "the limit is 32"),
    ({"ships.csv": b"0" * (MAX_FILE_BYTES + 10), "scenario.toml": b""}, (), "unpacks to more than"),
    ({"ships.csv": b"name\n"}, (), "no scenario.toml"),
    ({"scenario.toml": b'[scenario]\nruleset = "../../secret"\n', "ships.csv": b""}, (), "not a path"),
])
def test_a_zip_is_refused_before_anything_is_unpacked(client, builds, tmp_path, entries, links, words):
    data = zip_of(entries, links)
    r = post(client, [("fleet", ("fleet.zip", data, "application/zip"))], scenario="upload")
    assert r.status_code == 422
    shown = " ".join(errors(r.text, "fleet"))
    assert words in shown, shown
    assert list(builds.root.glob("build-*")) == [] and not (tmp_path / "x.csv").exists()


def test_upload_limits(client):
    big = [("fleet", ("ships.csv", b"x" * (MAX_FILE_BYTES + 1), "text/csv"))]
    assert "larger than the limit of 1,000,000 bytes" in " ".join(errors(post(client, big, scenario="upload").text, "fleet"))
    many = [("fleet", (f"s{i}.csv", b"x", "text/csv")) for i in range(5)]
    assert "send at most 4" in " ".join(errors(post(client, many, scenario="upload").text, "fleet"))
    odd = [("fleet", ("ships.exe", b"x", "application/octet-stream"))]
    assert "not a .csv, .toml or .zip" in " ".join(errors(post(client, odd, scenario="upload").text, "fleet"))
    none = post(client, scenario="upload")
    assert none.status_code == 422 and "choose your fleet's files" in " ".join(errors(none.text, "fleet"))
    huge = [("fleet", ("a.zip", b"x" * (MAX_REQUEST_BYTES + 1), "application/zip"))]
    assert post(client, huge, scenario="upload").status_code == 413


def test_two_builds_are_separate_and_unguessable(client, builds):
    a, b = post(client), post(client, scenario="sluys-1340", students="16", edition="color")
    assert a.status_code == b.status_code == 303
    ids = [r.headers["location"].rsplit("/", 1)[1] for r in (a, b)]
    assert ids[0] != ids[1] and min(map(len, ids)) >= 24
    folders = [builds.get(i).folder for i in ids]
    assert folders[0] != folders[1] and all(oct(f.stat().st_mode)[-3:] == "700" for f in folders)
    for i in ids:
        wait_until_finished(lambda: client.get(f"/build/{i}/status").json())
    assert "Sluys" in client.get(f"/build/{ids[1]}").text and "Sluys" not in client.get(f"/build/{ids[0]}").text


def test_cancel_ends_the_build_and_its_processes(client, builds):
    builds.command = [sys.executable, "-c", "import time; time.sleep(60)"]
    url = post(client).headers["location"]
    build = builds.get(url.rsplit("/", 1)[1])
    assert client.get(url + "/status").json()["state"] == "running"
    assert client.get(url).status_code == 200 and "Cancel" in client.get(url).text
    r = client.post(url + "/cancel", follow_redirects=False)
    assert r.status_code == 303 and build.proc.poll() is not None
    assert "You cancelled this build" in client.get(url).text
    assert client.get(url + "/kit.zip").status_code == 409


def test_a_crashed_build_shows_a_clear_page_and_the_server_keeps_serving(client, builds):
    builds.command = [sys.executable, "-c", "raise RuntimeError('boom in the kit')"]
    url = post(client).headers["location"]
    wait_until_finished(lambda: client.get(url + "/status").json())
    r = client.get(url)
    assert r.status_code == 500 and "The build stopped unexpectedly" in r.text and "boom in the kit" in r.text
    assert client.get("/").status_code == 200
    builds.command = [sys.executable, "-m", "printgen"]
    assert client.get(build(client)).status_code == 200


def test_a_build_past_its_time_is_stopped(client, builds, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_TIMEOUT", 0.5)
    builds.command = [sys.executable, "-c", "import time; time.sleep(60)"]
    url = post(client).headers["location"]
    assert wait_until_finished(lambda: client.get(url + "/status").json())["state"] == "timed-out"
    assert "took too long" in client.get(url).text


def test_files_are_deleted_on_request_after_a_while_and_at_shutdown(builds, monkeypatch):
    with TestClient(create_app(builds), base_url=BASE) as client:
        url = build(client)
        build_id = url.rsplit("/", 1)[1]
        folder = builds.get(build_id).folder
        r = client.post(url + "/delete", follow_redirects=False)
        assert r.status_code == 303 and not folder.exists() and client.get(url).status_code == 404
        url = build(client)
        folder = builds.get(url.rsplit("/", 1)[1]).folder
        assert client.get(url + "/kit.zip").status_code == 200
        monkeypatch.setattr(jobs.time, "monotonic", lambda: 10**9)     # long after
        assert client.get(url).status_code == 404 and not folder.exists()
        monkeypatch.undo()
        builds.command = [sys.executable, "-c", "import time; time.sleep(60)"]      # a build still running
        post(client)
        assert any(builds.root.glob("build-*"))
    assert not builds.root.exists()                 # the server stopped: everything is gone


def test_a_kit_that_refuses_its_options_keeps_the_form_with_its_words_by_the_field(client, builds, scenario_dir):
    """The in-process check agrees with the kit, but should the kit still refuse (exit 2), the form comes
    back as the teacher filled it in, the kit's words by their field (issue 30: it came back blank,
    the settings and the files lost); an uploaded fleet is kept for the next try."""
    builds.command = [sys.executable, "-c", "import sys; sys.stderr.write(\"printgen: error:\\n  field '--ships': "
                      "30 ships cannot <b>fit</b>\\n    fix: use fewer\\n\"); sys.exit(2)"]
    r = post(client, uploaded(fleet_files(scenario_dir())), scenario="upload", students="20", paper="a4")
    url = r.headers["location"]
    assert wait_until_finished(lambda: client.get(url + "/status").json())["state"] == "invalid"
    r = client.get(url)
    assert r.status_code == 422
    assert errors(r.text, "ships") == ["30 ships cannot <b>fit</b>. Use fewer"]
    assert "30 ships cannot &lt;b&gt;fit&lt;/b&gt;" in r.text                        # escaped
    assert 'value="20"' in r.text and re.search(r'value="a4" checked', r.text) and re.search(r'value="upload" checked', r.text)
    assert "Your fleet's files from before are kept" in r.text
    kept = re.search(r'name="previous" value="([^"]+)"', r.text)[1]
    assert kept == url.rsplit("/", 1)[1]
    builds.command = [sys.executable, "-m", "printgen"]
    again = client.post("/build", data=FORM | {"scenario": "upload", "students": "20", "previous": kept},
                        files=[("fleet", ("", b"", "application/octet-stream"))], follow_redirects=False)
    assert again.status_code == 303, again.text                                # no files chosen: the kept fleet
    folder = builds.get(again.headers["location"].rsplit("/", 1)[1]).folder
    assert (folder / "my-fleet" / "ships.csv").is_file()


def test_too_many_builds_at_once_are_asked_to_wait(client, builds):
    builds.command = [sys.executable, "-c", "import time; time.sleep(60)"]
    started = [post(client) for _ in range(jobs.MAX_RUNNING)]
    assert all(r.status_code == 303 for r in started)
    busy = post(client)
    assert busy.status_code == 503 and "try again in a minute" in busy.text
    client.post(started[0].headers["location"] + "/cancel")
    assert post(client).status_code == 303            # a place came free
    for b in list(builds.builds.values()):
        builds.cancel(b)


def test_a_kit_that_fails_its_check_is_not_offered(client, builds):
    """`printgen kit` keeps a kit that fails its own check in kit.failed/ and exits 1: nothing to download."""
    builds.command = [sys.executable, "-c", "import os, sys; os.mkdir('kit.failed'); "
                      "print('FAIL  cards-bw.pdf (3 pages): page 2 differs'); sys.exit(1)"]
    url = post(client).headers["location"]
    assert wait_until_finished(lambda: client.get(url + "/status").json())["state"] == "check-failed"
    r = client.get(url)
    assert r.status_code == 500 and "check found pages that disagree" in r.text and "page 2 differs" in r.text
    assert client.get(url + "/kit.zip").status_code == 409


# --- issue 30: the page, for teachers ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_each_scenario_offers_its_fleet_to_download_and_upload_again(client, builds, name):
    page = client.get("/").text
    assert f'href="/fleets/{name}.zip"' in page and "Download this fleet to edit it" in page
    r = client.get(f"/fleets/{name}.zip")
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert f'filename="{name}-fleet.zip"' in r.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        assert {f"{name}/ships.csv", f"{name}/scenario.toml"} <= set(z.namelist())
    builds.command = [sys.executable, "-c", "pass"]                # the plan is checked here: enough
    students = {"trafalgar": "24", "sluys-1340": "16"}[name]
    again = post(client, [("fleet", (f"{name}-fleet.zip", r.content, "application/zip"))], scenario="upload",
                 students=students)
    assert again.status_code == 303, errors(again.text, "fleet")
    assert client.get("/fleets/atlantis.zip").status_code == 404
    assert client.get("/fleets/..%2Fships.csv").status_code == 404


def test_a_missing_scenario_toml_points_to_the_download_not_to_a_folder(client):
    r = post(client, uploaded({"ships.csv": b"name\n"}), scenario="upload")
    shown = " ".join(errors(r.text, "fleet"))
    assert "fleets/" not in shown and "download" in shown


def test_the_error_summary_takes_the_focus_and_is_announced(client):
    r = post(client, students="many")
    assert re.search(r'<div class="summary" id="error-summary" role="alert" tabindex="-1" autofocus', r.text)
    js = client.get("/static/serve.js").text
    assert 'getElementById("error-summary")' in js and "summary.focus()" in js


def test_the_presets_are_grouped_by_scenario_and_named_by_title(client):
    page = client.get("/").text
    assert re.search(r'<optgroup label="Sluys, 24 June 1340" data-scenario="sluys-1340">', page)
    assert re.search(r'<optgroup label="Trafalgar, 21 October 1805" data-scenario="trafalgar">\s*'
                     r'<option value="second-battle">Trafalgar, the second battle \(half the ships\)</option>', page)


def test_the_kit_page_says_its_check_in_words_and_its_zips_real_size(client, builds):
    url = build(client, scenario="sluys-1340", students="16", edition="bw")
    r = client.get(url)
    assert "✓ check:" not in r.text
    assert re.search(r'<span aria-hidden="true">✓</span> Checked: every printed number of the \d+ documents agrees', r.text)
    size = builds.get(url.rsplit("/", 1)[1]).zip_path().stat().st_size
    assert f"(zip, {size / 1e6:.1f} MB)" in r.text
    assert "1 students" not in r.text and "16 students" in r.text


def test_the_lessons_game_and_its_balance_are_shown_before_a_build(client, builds):
    """"Show the game and its balance": the form again, with the game printgen chose for the lesson
    (the same as the kit's) and how it played; nothing built."""
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    empty = [("fleet", ("", b"", "application/octet-stream"))]
    r = client.post("/game", data=FORM | {"periods": "1"}, files=empty, follow_redirects=False)
    assert r.status_code == 200, r.text
    plan = plan_kit(KitRequest("trafalgar", 24, periods=1))
    shown = html.unescape(re.search(r'<div class="game".*?</div>', r.text, re.S)[0])
    lesson, t = plan.scenario.lesson, plan.fitted
    assert f"{lesson.turn_limit} turns of {lesson.minutes_per_turn} minutes each." in shown
    counts = dict(t.choice.counts)
    sides = plan.scenario.ruleset.sides
    assert "In play: " + ", ".join(f"{sides[k].name} {n} ships" for k, n in counts.items()) in shown
    for side, w in zip(t.sides, t.wins):
        assert f"{plan.scenario.ruleset.sides[side].name} won {100 * w:.0f}%" in shown
    assert 'name="periods" value="1"' in r.text                       # the form keeps what was typed
    assert not builds.builds and [p.name for p in builds.root.iterdir()] == [jobs.SERVING]    # nothing built
    r = client.post("/game", data=FORM | {"periods": "none"}, files=empty, follow_redirects=False)
    assert r.status_code == 422 and "whole number" in " ".join(errors(r.text, "periods"))
