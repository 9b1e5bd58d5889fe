"""Issue 10, hostile or odd data: every case ends in a clean error naming the file and field (exit 2,
no traceback, in well under 5 s) or in a kit that prints the data literally and passes its check."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from printgen import limits, paths
from printgen.errors import PrintgenError

FLEETS, RULESETS = paths.fleets_dir(), paths.rulesets_dir()


def copy_scenario(tmp_path: Path, name: str = "trafalgar", local_rules: bool = True) -> Path:
    """A copy of a built-in scenario whose ruleset is a file beside it (rules.toml), to edit."""
    folder = tmp_path / name
    shutil.copytree(FLEETS / name, folder)
    toml = folder / "scenario.toml"
    text = toml.read_text(encoding="utf-8")
    ruleset = re.search(r'^ruleset = "([^"]+)"', text, re.M).group(1)
    if local_rules:
        shutil.copy(RULESETS / f"{ruleset}.toml", folder / "rules.toml")
        toml.write_text(text.replace(f'ruleset = "{ruleset}"', 'ruleset = "rules.toml"'), encoding="utf-8")
    return folder


def set_key(path: Path, table: str, key: str, value: str) -> None:
    """Replace `key = ...` inside [table] of a TOML file with `key = value` (TOML source text)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    current = None
    for i, line in enumerate(lines):
        if m := re.match(r"^\[(.+)\]\s*(#.*)?$", line):
            current = m.group(1).strip()
        elif current == table and re.match(rf"^{re.escape(key)}\s*=", line):
            lines[i] = f"{key} = {value}"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            return
    raise AssertionError(f"{table}.{key} not in {path}")


def edit_ships(folder: Path, row: int, **cells: str) -> None:
    """Set cells of the row-th ship (0-based) of ships.csv; a renamed ship keeps its old name as an
    alias, so scenario.toml still finds it."""
    path = folder / "ships.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    if "name" in cells and "aliases" in rows[row] and cells["name"] != rows[row]["name"]:
        rows[row]["aliases"] = "|".join(a for a in (rows[row]["aliases"], rows[row]["name"]) if a)
    rows[row].update(cells)
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def printgen(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True, timeout=timeout)


def children_cpu() -> float:
    """CPU seconds of this process's finished children: a bound on work that a busy machine (CI runs
    the suite two workers to two cores, each starting its own processes) cannot fail. Windows has no
    such count: the wall clock stands in, 3 times as loose."""
    try:
        import resource
    except ImportError:
        return time.monotonic() / 3
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def refused(folder: Path, *words: str, command: str = "check") -> str:
    """Run `printgen check SCENARIO` (loading is all that matters): exit 2 within 5 s of its own CPU,
    no traceback, a message with each of `words`."""
    before = children_cpu()
    r = printgen(command, str(folder), timeout=30)
    took = children_cpu() - before
    assert r.returncode == 2, (r.returncode, r.stdout[-2000:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr + r.stdout
    assert took < 5, f"took {took:.1f} s of CPU"
    for w in words:
        assert w in r.stderr, (w, r.stderr[-2000:])
    return r.stderr


# --- 1. escaping ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def hostile_kit(tmp_path_factory) -> Path:
    """A small Trafalgar kit whose title is an XSS probe and whose fleet is reduced, so the reduction
    note names a ship with markup in its name."""
    tmp = tmp_path_factory.mktemp("hostile")
    folder = copy_scenario(tmp, local_rules=False)
    set_key(folder / "scenario.toml", "scenario", "title", '"<img src=x onerror=alert(1)>"')
    edit_ships(folder, 0, name="<b>Victory</b>")                     # the first flagship: kept, and named
    out = tmp / "kit"
    r = printgen("kit", str(folder), "--out", str(out), "--ships", "12", "--students", "6", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


def test_xss_title_and_ship_name_are_escaped_in_index_html(hostile_kit):
    html = (hostile_kit / "index.html").read_text(encoding="utf-8")
    assert "<img src=x" not in html and "<b>Victory" not in html
    assert html.count("&lt;img src=x onerror=alert(1)&gt;") >= 2        # <title> and <h1>
    assert "&lt;b&gt;Victory&lt;/b&gt;" in html                         # the fleet-reduction note


def test_formula_ship_name_is_inert_in_deployment_csv(tmp_path):
    from printgen.game.deploy_data import to_csv
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare

    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 1, name='=HYPERLINK("http://x.example","click")')
    edit_ships(folder, 2, name="@SUM(A1)")
    edit_ships(folder, 3, name="-2+3")
    scenario, options = prepare(str(folder))
    rows = list(csv.DictReader(io.StringIO(to_csv(deploy(scenario, options), options).decode("utf-8-sig"))))
    names = {r["ship"] for r in rows}
    assert "'=HYPERLINK(\"http://x.example\",\"click\")" in names and "'@SUM(A1)" in names and "'-2+3" in names
    assert not [n for n in names if n[:1] in "=+-@"]
    assert all(not r["x"].startswith("'") for r in rows)                  # numbers stay numbers


def card_titles(pdf_bytes: bytes) -> str:
    """The record cards' titles: the words printed white (on each card's dark title bar)."""
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf_bytes)) as doc:
        return " ".join(w["text"] for page in doc.pages
                        for w in page.extract_words(extra_attrs=["non_stroking_color"])
                        if tuple(w["non_stroking_color"] or ()) in ((1.0,), (1.0, 1.0, 1.0)))


def test_markup_in_an_admiral_cell_prints_literally_one_card_per_ship(tmp_path):
    """A cell holding a newline and "## ..." printed a fake record card. The loader now refuses the
    newline; and the sheets never parse data as markup even if one got through: exactly one card per
    ship, and the cell's text printed as it is."""
    import dataclasses

    from printgen.draw.render import render
    from printgen.game.prepare import prepare
    from printgen.systems.sectors.records import record_sheets

    folder = copy_scenario(tmp_path, "sluys-1340", local_rules=False)
    edit_ships(folder, 0, admiral="## Fake ship | **bold** [track 0]")
    scenario, options = prepare(str(folder))
    hostile = "King Edward III\n## Fake ship {size=double}\n- a bullet\n| a | b |"
    ships = list(scenario.fleet.ships)
    ships[1] = dataclasses.replace(ships[1], admiral=hostile)      # past the loader, as if it let it through
    for fleet in (scenario, scenario.with_ships(ships)):
        pdf = render(record_sheets(fleet, options), options.edition, "pdf").files[0][1]
        titles = card_titles(pdf)
        for ship in fleet.fleet.ships:
            assert titles.count(ship.name) == 1 + sum(o.name != ship.name and ship.name in o.name
                                                      for o in fleet.fleet.ships), ship.name
        rest = titles
        for ship in sorted(fleet.fleet.ships, key=lambda s: -len(s.name)):
            rest = rest.replace(ship.name, "")
        assert set(rest.split()) <= {"(flagship)"}, rest                  # no card titled by a cell
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(pdf)
        text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        assert "Aboard: ## Fake ship | **bold** [track 0]." in " ".join(text.split())

    edit_ships(folder, 1, admiral="King Edward III\n## Fake ship")
    refused(folder, "ships.csv, line 3", "field 'admiral'", "U+000A")


# --- names: NFC, refused characters, fonts ---------------------------------------------------------

def test_names_are_nfc_normalised(tmp_path):
    from printgen.data.scenario import load_scenario

    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 1, name="Te\u0301me\u0301raire II")                   # decomposed accents
    ship = load_scenario(str(folder)).fleet.ships[1]
    assert ship.name == "T\u00e9m\u00e9raire II" and len(ship.name) == 12


@pytest.mark.parametrize("char", ["\t", "\u200b", "\u202e", "\ue000", "\x07"])
def test_control_zero_width_bidi_private_use_names_refused(tmp_path, char):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 2, name=f"Bri{char}tannia")
    refused(folder, "ships.csv, line 4", "field 'name'", f"U+{ord(char):04X}")


def test_control_character_in_a_scenario_title_refused(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    set_key(folder / "scenario.toml", "scenario", "title", '"Trafalgar\\u200d 1805"')
    refused(folder, "scenario.toml, line 6", "scenario.title", "U+200D")


def test_cjk_name_refused_naming_the_ship(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 3, name="東京丸")
    refused(folder, "ships.csv, line 5", "field 'name'", "東京丸", "U+6771")


def test_right_to_left_name_refused(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 3, name="السفينة")
    refused(folder, "ships.csv, line 5", "field 'name'", "right to left", "U+0627")


@pytest.fixture(scope="module")
def greek_kit(tmp_path_factory) -> tuple[Path, list[str]]:
    tmp = tmp_path_factory.mktemp("greek")
    folder = copy_scenario(tmp, local_rules=False)
    names = ["Ἀθηνᾶ Νίκη", "Аврора Крейсер"]
    edit_ships(folder, 0, name=names[0])
    edit_ships(folder, 38, name=names[1])                             # Bucentaure, Villeneuve's flagship
    out = tmp / "kit"
    r = printgen("kit", str(folder), "--out", str(out), "--ships", "12", "--students", "6", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return out, names


def test_greek_and_cyrillic_names_print_and_the_kit_checks(greek_kit):
    import pypdfium2 as pdfium

    out, names = greek_kit
    for doc in ("sprites-color.pdf", "captains-color.pdf", "teacher-color.pdf"):
        pdf = pdfium.PdfDocument(out / doc)
        text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
        for name in names:
            assert name in text.replace("\r\n", " ").replace("\n", " "), (doc, name)
    r = printgen("check", str(out))
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


def test_the_fonts_cover_greek_and_cyrillic_and_are_bundled():
    from printgen.draw import fonts

    assert fonts.missing("Ἀθηνᾶ Аврора Santísima Montañés") == []
    assert fonts.missing("東京 x") == ["東", "京"]
    for file in fonts.FILES.values():
        assert paths.font_path(file).is_file() and paths.font_path(file).is_relative_to(Path(paths.__file__).parent)
    assert (Path(paths.__file__).parent / "fonts" / "LICENSE").read_text().count("Bitstream") >= 3


# --- limits: each pathological value ends fast with a clear error ------------------------------------

RULESET_CASES = {
    "hit_points_100": ("hit_points", "ship", "100", "hit_points.ship"),
    "hit_points_1000": ("hit_points", "ship", "1000", "hit_points.ship"),
    "dice_600": ("shooting.dice", "british", "600", "shooting.dice.british"),
    "green_move_1e6": ("movement.speed_in", "green", "1e6", "movement.speed_in.green"),
    "range_nan": ("shooting.range_in", "long", "[6, nan]", "shooting.range_in.long"),
    "drift_inf": ("drift", "distance_in", "inf", "drift.distance_in"),
    "base_0.001": ("bases", "width_in", "0.001", "bases.width_in"),
    "table_1000ft": ("table", "east_west_ft", "1000.0", "table.east_west_ft"),
    "boarding_dice_1e6": ("boarding", "dice_per_hit_point", "1000000", "boarding"),
    "faces_huge_run": ("boarding", "hit", '"1-1000000000"', "boarding.hit"),
    "title_90": ("ruleset", "title", '"' + "T" * 90 + '"', "ruleset.title"),
}


@pytest.mark.parametrize("case", RULESET_CASES)
def test_pathological_ruleset_value_refused_fast(tmp_path, case):
    table, key, value, field = RULESET_CASES[case]
    folder = copy_scenario(tmp_path)
    set_key(folder / "rules.toml", table, key, value)
    refused(folder, "rules.toml, line", field)


def test_1000_phases_refused(tmp_path):
    folder = copy_scenario(tmp_path)
    phases = ", ".join(f'"Phase {i}"' for i in range(1000))
    set_key(folder / "rules.toml", "sequence", "phases", f"[{phases}]")
    refused(folder, "sequence.phases", f"at most {limits.PHASES}")


@pytest.mark.parametrize("key, value, field", [
    ("structure", "{ bow = 1000000, stern = 3, port = 3, starboard = 3, mast = 2 }", "structure.bow"),
    ("speed_in", "1e6", "speed_in"), ("base_in", "[0.001, 0.75]", "base_in.0"), ("crew", "1e308", "crew")])
def test_medieval_structure_speed_base_limits(tmp_path, key, value, field):
    folder = copy_scenario(tmp_path, "sluys-1340")
    set_key(folder / "rules.toml", "types.med-galley", key, value)
    refused(folder, "rules.toml, line", f"types.med-galley.{field}")


@pytest.mark.parametrize("case", ["name_200", "guns_1e308", "guns_nan", "crew_1e9"])
def test_pathological_ships_cell_refused(tmp_path, case):
    folder = copy_scenario(tmp_path, local_rules=False)
    column, value = {"name_200": ("name", "N" * 200), "guns_1e308": ("guns", "1e308"), "guns_nan": ("guns", "nan"),
                     "crew_1e9": ("guns", "1000000000")}[case]
    edit_ships(folder, 4, **{column: value})
    refused(folder, "ships.csv, line 6", f"field '{column}'")


def test_title_90_characters_refused_in_scenario(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    set_key(folder / "scenario.toml", "scenario", "title", '"' + "Battle " * 13 + '"')
    refused(folder, "scenario.title", f"at most {limits.TITLE_CHARS}")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_scenario_toml_not_utf8(tmp_path, encoding):
    folder = copy_scenario(tmp_path, local_rules=False)
    toml = folder / "scenario.toml"
    text = toml.read_text(encoding="utf-8").replace("Trafalgar, 21", "Trafalgar à 21")
    toml.write_bytes(text.encode(encoding))
    refused(folder, "scenario.toml", "is not UTF-8 text; save as UTF-8")


def test_csv_field_over_128_kib(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 5, fate="x" * 140_000)
    err = refused(folder, "ships.csv, line 7")
    assert "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" not in err and len(err) < 2000


def test_csv_unclosed_quote_reports_its_line_not_the_file(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    lines = (folder / "ships.csv").read_text(encoding="utf-8-sig").splitlines()
    lines[9] = lines[9].replace(",", ',"', 1)                           # ship 9 (line 10) opens a quote
    (folder / "ships.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = refused(folder, "ships.csv, line 10", "never closed")
    assert lines[20].split(",")[0] not in err and len(err) < 1500


def test_files_too_large_refused(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    with (folder / "ships.csv").open("a", encoding="utf-8") as f:
        f.write(("#" * 1000 + "\n") * (limits.FILE_BYTES // 1000 + 1))
    refused(folder, "ships.csv", "bytes")


def test_ships_file_outside_the_scenario_folder_refused_and_never_quoted(tmp_path):
    secret = tmp_path / "secret.csv"
    secret.write_text("root:SECRET-HASH:0:0\n", encoding="utf-8")
    folder = copy_scenario(tmp_path, local_rules=False)
    for ref in ("/etc/shadow", str(secret), "../secret.csv"):
        set_key(folder / "scenario.toml", "scenario", "ships", f'"{ref}"')
        err = refused(folder, "scenario.ships", "outside the scenario folder")
        assert "SECRET" not in err and "root:" not in err
    (folder / "link.csv").symlink_to(secret)
    set_key(folder / "scenario.toml", "scenario", "ships", '"link.csv"')
    assert "SECRET" not in refused(folder, "outside the scenario folder")
    set_key(folder / "scenario.toml", "scenario", "ships", '"ships.csv"')
    set_key(folder / "scenario.toml", "scenario", "ruleset", '"../../rules.toml"')
    refused(folder, "scenario.ruleset")


def test_4000_unknown_toml_keys_reported_fast_and_capped(tmp_path):
    folder = copy_scenario(tmp_path)
    rules = folder / "rules.toml"
    rules.write_text("".join(f"key_{i} = {i}\n" for i in range(4000)) + rules.read_text(encoding="utf-8"),
                     encoding="utf-8")                                  # 4,000 unknown top-level keys
    from printgen.data.scenario import load_scenario

    start = time.thread_time()                                          # this thread's CPU: load cannot fail it
    with pytest.raises(PrintgenError) as e:
        load_scenario(str(folder))
    assert time.thread_time() - start < 1
    text = str(e.value)
    assert "and 3980 more problems" in text and len(e.value.problems) == limits.PROBLEMS_SHOWN + 1
    assert "rules.toml, line 1, field 'key_0': is not a setting" in text
    assert "line 20, field 'key_19'" in text and "key_20'" not in text


def test_locate_finds_the_line_of_a_deep_key():
    from printgen.files.tomlfile import locate

    text = "[a]\nx = 1\n[a.b]\ny = 2\n[c]\ny = 3\n"
    assert locate(text, ("a", "b", "y", 0)) == 4 and locate(text, ("c", "y")) == 6
    assert locate(text, ("a", "z")) == 1 and locate(text, ("q",)) is None


# --- 4. hangs ------------------------------------------------------------------------------------------

@cache
def _old_fight(faces: tuple[int, ...], per: int, a: int, b: int) -> Fraction:
    """The recursion the dynamic programme replaced (exponential; kept to compare small cases)."""
    from printgen.rules import odds

    da, db = odds.distribution(a * per, faces), odds.distribution(b * per, faces)
    stay, total = Fraction(0), Fraction(0)
    for ha, pa in da.items():
        for hb, pb in db.items():
            p = pa * pb
            a2, b2 = a - hb, b - ha
            if ha == 0 and hb == 0:
                stay += p
            elif a2 <= 0 and b2 <= 0:
                total += p * Fraction(1, 2)
            elif b2 <= 0:
                total += p
            elif a2 > 0:
                total += p * _old_fight(faces, per, a2, b2)
    return total / (1 - stay)


def test_boarding_odds_equal_the_old_recursion_for_small_fights():
    from printgen.systems.broadside.odds import _fight

    for faces in [(4, 5, 6), (6,), (1, 2, 3, 4, 5)]:
        for per in (1, 2):
            for a in range(1, 7):
                for b in range(1, 7):
                    assert _fight(faces, per, a, b) == _old_fight(faces, per, a, b), (faces, per, a, b)


def test_boarding_odds_at_the_hit_point_limit_are_fast():
    from printgen.systems.broadside import odds as broadside

    hp = limits.HIT_POINTS
    per = limits.DICE_PER_POOL // hp
    for faces in [(6,), (1, 2, 3, 4, 5)]:
        broadside._WINS.clear()
        start = time.thread_time()                                      # CPU: a busy machine cannot fail it
        p = broadside._fight(faces, per, hp, hp)
        assert time.thread_time() - start < 1
        assert p == Fraction(1, 2)                                      # equal ships: an even fight


def test_odds_distribution_at_the_dice_limit_is_fast():
    from printgen.rules import odds

    odds.pool.cache_clear()
    start = time.thread_time()
    d = odds.distribution(limits.DICE_PER_POOL, (6,))
    assert time.thread_time() - start < 1 and sum(d.values()) == 1


# --- every limit at once: the kit prints and checks ------------------------------------------------------

def _at_every_limit(tmp_path: Path, small_bases: bool) -> Path:
    folder = copy_scenario(tmp_path)
    rules = folder / "rules.toml"
    for side in ("british", "allied"):
        set_key(rules, "shooting.dice", side, str(limits.DICE_PER_POOL - 1))
    for key in ("ship", "flagship"):
        set_key(rules, "hit_points", key, str(limits.HIT_POINTS))
    set_key(rules, "boarding", "dice_per_hit_point", str(limits.DICE_PER_POOL // limits.HIT_POINTS))
    if small_bases:
        set_key(rules, "bases", "length_in", str(limits.BASE_MIN_LENGTH_IN))
        set_key(rules, "bases", "width_in", str(limits.BASE_MIN_IN))
    set_key(rules, "movement.speed_in", "green", str(limits.DISTANCE_IN))
    set_key(rules, "drift", "distance_in", str(limits.DISTANCE_IN))
    set_key(rules, "sequence", "phases", "[" + ", ".join(f'"Phase {chr(65 + i)}"' for i in range(limits.PHASES)) + "]")
    # a phase time for each phase (the ruleset's [sequence] minutes, an array over several lines)
    text = re.sub(r"\nminutes = \[.*?\}\]", "\nminutes = [" + ", ".join(["{ call = 1 }"] * limits.PHASES) + "]",
                  rules.read_text(encoding="utf-8"), count=1, flags=re.S)
    rules.write_text(text, encoding="utf-8")
    set_key(rules, "ruleset", "title", '"' + "W" * limits.TITLE_CHARS + '"')
    set_key(folder / "scenario.toml", "scenario", "title", '"' + "W" * limits.TITLE_CHARS + '"')
    # names: at the data limit on small bases (refused: no piece can print them), else as long as a
    # 2" base prints at the type floor (a real name of 24 letters, 12 of the widest)
    edit_ships(folder, 0, name=("Santísima Trinidad y Nuestra Señora " * 2)[:limits.NAME_CHARS if small_bases else 24])
    edit_ships(folder, 5, name="W" * (limits.NAME_CHARS if small_bases else 12))
    return folder


@pytest.mark.slow
def test_a_kit_at_every_limit_builds_and_checks(tmp_path):
    """The limits are what printgen can print: hit points and dice at their maximum, the longest move,
    the most phases (not ones the simulator plays: the kit leaves its page out), the longest title (of
    wide letters) and the longest names a standard base prints: the kit checks."""
    folder = _at_every_limit(tmp_path, small_bases=False)
    r = printgen("kit", str(folder), "--out", str(tmp_path / "kit"), timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "agree with the rules" in r.stdout
    import pdfplumber

    with pdfplumber.open(tmp_path / "kit" / "quickref-color.pdf") as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in page.extract_words() if w["top"] < 40}
        assert "W" * limits.TITLE_CHARS in words                        # the title prints whole
        assert words["reference"]["x1"] < words["colour"]["x0"]          # and ends before the page number


@pytest.mark.slow
def test_names_too_long_for_the_smallest_bases_are_refused_before_anything_is_written(tmp_path):
    """40-character names cannot be read on 1-inch bases: exit 2 naming each ship's line in
    ships.csv and how short its name must be, no traceback, no kit (not a kit failing its check)."""
    folder = _at_every_limit(tmp_path, small_bases=True)
    r = printgen("kit", str(folder), "--out", str(tmp_path / "kit"), timeout=900)
    assert r.returncode == 2, r.stdout[-2000:] + r.stderr[-2000:]
    assert "Traceback" not in r.stderr and not (tmp_path / "kit").exists()
    assert "ships.csv, line 2, field 'name'" in r.stderr and "ships.csv, line 7, field 'name'" in r.stderr
    assert "shorten it to about" in r.stderr and "at 7 pt" in r.stderr


def test_smallest_scale_is_the_one_that_checks(tmp_path):
    from printgen.options import MIN_SCALE, Options

    with pytest.raises(PrintgenError, match="--scale"):
        Options(scale=0.05)
    assert Options(scale=MIN_SCALE).scale == 0.25
    folder = copy_scenario(tmp_path)
    set_key(folder / "rules.toml", "bases", "length_in", "1")               # prints 0.25" at scale 0.25
    r = printgen("sprites", str(folder), "--scale", "0.25", "--out", str(tmp_path / "s"))
    assert r.returncode == 2 and "use --scale 0.5 or more" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "s").exists()


# --- the fleet-reduction suggestion and the smallest scale -----------------------------------------

def test_suggested_fraction_for_a_5000_ship_fleet_works(tmp_path):
    folder = copy_scenario(tmp_path, local_rules=False)
    rows = list(csv.DictReader(io.StringIO((folder / "ships.csv").read_text(encoding="utf-8-sig"))))
    big = []
    for i in range(5000):
        r = dict(rows[i % len(rows)])
        if i >= len(rows):                                              # copies: new names, no flags
            r.update(name=f"{r['name']} {i}", flagship="no", aliases="")
        big.append(r)
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(big)
    (folder / "ships.csv").write_text(out.getvalue(), encoding="utf-8")
    toml = (folder / "scenario.toml").read_text(encoding="utf-8")
    counts = {sq: sum(r["squadron"] == sq for r in big) for sq in {r["squadron"] for r in big}}
    for sq, n in counts.items():
        toml = re.sub(rf'(\[squadrons\.{sq}\][^\[]*?ships = )\d+', rf"\g<1>{n}", toml)
    (folder / "scenario.toml").write_text(toml, encoding="utf-8")
    r = printgen("map", str(folder), "--out", str(tmp_path / "m"), timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-2000:]
    m = re.search(r"--fraction ([0-9.]+)", r.stderr)
    assert m, r.stderr[-2000:]
    r = printgen("map", str(folder), "--out", str(tmp_path / "m"), "--fraction", m.group(1), timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]


# --- property-based: random cells and values never end in anything but a load or a clean error -----

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_ALLOWED_READS: list[Path] = []
_AUDIT = {"on": False, "bad": []}


def _audit(event: str, args: tuple) -> None:
    """Every file opened while a loader runs: no writes at all, reads only of the scenario copy,
    printgen's own data and fonts, and Python itself."""
    if not _AUDIT["on"] or event != "open" or not isinstance(args[0], (str, Path)):
        return
    path, mode, flags = Path(args[0]).resolve(), args[1] or "", args[2] or 0
    import os

    if any(c in str(mode) for c in "wax+") or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
        _AUDIT["bad"].append(("write", path))
    elif not any(path.is_relative_to(root) for root in _ALLOWED_READS):
        _AUDIT["bad"].append(("read", path))


@pytest.fixture(scope="module")
def audited():
    import sysconfig

    from printgen.data.checked import load_checked

    load_checked("trafalgar")                          # imports done (reportlab reads ~/.reportlab_settings)
    if not _ALLOWED_READS:
        sys.addaudithook(_audit)                       # hooks cannot be removed: it is switched on and off

    _ALLOWED_READS[:] = [Path(p).resolve() for p in (paths.data_root(), Path(paths.__file__).parent, sys.prefix,
                                                     sys.base_prefix, sysconfig.get_paths()["stdlib"])]
    return _AUDIT


def _load(folder: Path, audit) -> None:
    from printgen.data.checked import load_checked

    _ALLOWED_READS.append(folder.resolve())
    audit["on"], audit["bad"] = True, []
    try:
        load_checked(str(folder))
    except PrintgenError as e:
        assert "Traceback" not in str(e) and len(str(e)) < 20_000
    finally:
        audit["on"] = False
        _ALLOWED_READS.pop()
    assert audit["bad"] == [], audit["bad"][:3]


CELLS = st.one_of(st.text(max_size=60), st.sampled_from(["nan", "inf", "-1", "1e308", "=1+1", "yes", "British",
                                                         "North", "74", "", "\u202e", "東京", '"', "a\nb"]))
COLUMNS = ["name", "nation", "squadron", "guns", "flagship", "admiral", "captain", "fate", "aliases", "crew", "type"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.integers(0, 70), st.sampled_from(COLUMNS), CELLS), min_size=1, max_size=4),
       scenario=st.sampled_from(["trafalgar", "sluys-1340"]))
def test_random_csv_cells_load_or_fail_cleanly(tmp_path_factory, audited, edits, scenario):
    folder = copy_scenario(tmp_path_factory.mktemp("csv"), scenario, local_rules=False)
    path = folder / "ships.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    fields = list(rows[0])
    for row, column, value in edits:
        if column not in fields:
            fields.append(column)
        while row >= len(rows):
            rows.append({})
        rows[row][column] = value
    out = io.StringIO()
    csv.DictWriter(out, fieldnames=fields, lineterminator="\n", restval="").writeheader()
    csv.DictWriter(out, fieldnames=fields, lineterminator="\n", restval="").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    _load(folder, audited)


TOML_VALUES = st.one_of(st.integers(-10**12, 10**12), st.floats(allow_nan=True, allow_infinity=True),
                        st.text(max_size=80), st.booleans(), st.lists(st.integers(-100, 10**6), max_size=5),
                        st.lists(st.floats(), max_size=3), st.sampled_from(["/etc/passwd", "../x.toml", "5-6", "1-99"]))


def _leaves(data: dict, prefix: tuple = ()) -> list[tuple]:
    out = []
    for k, v in data.items():
        out += _leaves(v, prefix + (k,)) if isinstance(v, dict) else [prefix + (k,)]
    return out


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), scenario=st.sampled_from(["trafalgar", "sluys-1340"]), file=st.sampled_from(["rules", "scenario"]))
def test_random_toml_values_load_or_fail_cleanly(tmp_path_factory, audited, data, scenario, file):
    import tomllib

    import tomli_w

    folder = copy_scenario(tmp_path_factory.mktemp("toml"), scenario)
    path = folder / ("rules.toml" if file == "rules" else "scenario.toml")
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    for _ in range(data.draw(st.integers(1, 3))):
        *parents, key = data.draw(st.sampled_from(_leaves(doc)))
        target = doc
        for p in parents:
            target = target[p]
        target[key] = data.draw(TOML_VALUES)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    _load(folder, audited)


# --- issue 30: internal errors that are now messages -----------------------------------------------

def _without_squadrons(folder: Path, gone: set[str]) -> None:
    """Drop squadrons from scenario.toml (and every name of their ships from it) and their ships from ships.csv."""
    import tomllib

    import tomli_w

    ships = folder / "ships.csv"
    rows = list(csv.DictReader(io.StringIO(ships.read_text(encoding="utf-8-sig"))))
    names = {r["name"] for r in rows if r["squadron"] in gone}
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(r for r in rows if r["squadron"] not in gone)
    ships.write_text(out.getvalue(), encoding="utf-8")
    data = tomllib.loads((folder / "scenario.toml").read_text(encoding="utf-8"))
    for key in ("flagships", "named"):
        data["fleet"][key] = [n for n in data["fleet"][key] if n not in names]
    data["deployment"]["loners"] = [n for n in data["deployment"]["loners"] if n not in names]
    for sq in gone:
        data["squadrons"].pop(sq)
        data["deployment"]["squadrons"].pop(sq, None)
    (folder / "scenario.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def test_a_fleet_of_one_side_is_refused_naming_the_missing_side(tmp_path):
    """Issue 30: a fleet with no ship of one side's squadrons printed a kit up to the debrief, then an
    internal error (KeyError: 'French')."""
    folder = copy_scenario(tmp_path, local_rules=False)
    _without_squadrons(folder, {"French", "Spanish"})
    refused(folder, "the fleet has ships of one side only (British); a battle needs ships on two sides",
            "fix: add a squadron (and its ships in the ships file) for Franco-Spanish (allied)", command="kit")


def test_a_renamed_squadron_builds_and_checks(tmp_path):
    """A teacher's copy of Trafalgar whose Spanish squadron is renamed: no sheet names a squadron by the
    built-in name any more (the debrief's history once did, and ended in a KeyError), so it builds."""
    folder = copy_scenario(tmp_path, local_rules=False)
    text = (folder / "scenario.toml").read_text(encoding="utf-8")
    (folder / "scenario.toml").write_text(text.replace("[squadrons.Spanish]", "[squadrons.Iberian]"), encoding="utf-8")
    ships = folder / "ships.csv"
    ships.write_text(ships.read_text(encoding="utf-8-sig").replace(",Spanish,Spanish,", ",Spanish,Iberian,"), encoding="utf-8")
    r = printgen("kit", str(folder), "--ships", "8", "--students", "4", "--scale", "0.5", "--out", str(tmp_path / "k"),
                 timeout=600)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert (tmp_path / "k" / "kit-color.pdf").is_file() and not (tmp_path / "k.failed").exists()    # built, checked


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="file names are always Unicode text there")
def test_a_scenario_folder_whose_name_is_not_utf8_is_refused(tmp_path):
    """Issue 30: a folder named in bytes that are not UTF-8 ended `kit` and `map` in an internal error
    (UnicodeEncodeError) when its name was written into the kit's files."""
    import os

    folder = os.fsencode(tmp_path) + b"/fleet-\xff\xfe"
    shutil.copytree(FLEETS / "trafalgar", os.fsdecode(folder))
    for command in (["kit", "--ships", "6", "--students", "4"], ["map", "--ships", "6"]):
        r = subprocess.run([sys.executable, "-m", "printgen", command[0], folder, *command[1:], "--out",
                            str(tmp_path / "out")], capture_output=True, timeout=300)
        said = r.stderr.decode("utf-8", "replace")
        assert r.returncode == 2 and "internal error" not in said, said
        assert "the folder's name (or a folder above it) is not UTF-8 text" in said
    assert not (tmp_path / "out").exists()


# --- issue 30: names a fuzzer found (accepted, then the kit failed its own check) ------------------

def test_unicode_spaces_and_ligatures_are_stored_as_plain_spaces_and_letters(tmp_path):
    from printgen.data.scenario import load_scenario

    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 0, name="HMS\u00a0Victory")                     # no-break space
    edit_ships(folder, 12, name="Royal\u2009Sovereign")                # thin space
    edit_ships(folder, 13, name="Belle\ufb01le")                      # the fi ligature
    set_key(folder / "scenario.toml", "scenario", "title", '"Trafalgar,\u202f1805"')     # narrow no-break space
    s = load_scenario(str(folder))
    assert [x.name for x in s.fleet.ships[:1] + s.fleet.ships[12:14]] == ["HMS Victory", "Royal Sovereign", "Bellefile"]
    assert s.title == "Trafalgar, 1805"


@pytest.mark.slow
def test_a_kit_of_such_names_checks(tmp_path):
    """The names printgen stores are the names its check reads back from the PDF: such a kit used to
    fail its own check (9 of 101 fuzzed names)."""
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 0, name="HMS\u00a0Victory")
    edit_ships(folder, 12, name="Royal\u2003Sovereign")
    edit_ships(folder, 13, name="Belle\ufb01le")
    r = printgen("kit", str(folder), "--ships", "8", "--students", "4", "--scale", "0.5", "--out",
                 str(tmp_path / "k"), timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


@pytest.mark.parametrize("name, says", [
    ("\u0301\u0301", "has the accent U+0301 COMBINING ACUTE ACCENT on no letter"),
    ("Victory \u0308", "has the accent U+0308 COMBINING DIAERESIS on no letter"),
    ("Victory\u0301\u0301", "has the accent U+0301 COMBINING ACUTE ACCENT twice on one letter"),
    ("Victory\ufe0f", "contains the invisible character U+FE0F VARIATION SELECTOR-16"),
    ("Vic\u034ftory", "contains the invisible character U+034F COMBINING GRAPHEME JOINER"),
])
def test_accents_on_nothing_twice_or_invisible_selectors_are_refused(tmp_path, name, says):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 1, name=name)
    refused(folder, "ships.csv, line 3, field 'name'", says)


@pytest.mark.parametrize("lookalike, odd", [("Vi\u0441tory", "U+0441 CYRILLIC SMALL LETTER ES"),
                                            ("Vict\u03bfry", "U+03BF GREEK SMALL LETTER OMICRON"),
                                            ("Vict0ry", "digits for letters")])
def test_a_name_that_looks_like_another_ships_is_refused_naming_both(tmp_path, lookalike, odd):
    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 30, name=lookalike)                            # a French ship named like Victory
    said = refused(folder, f"'{lookalike}' looks the same as 'Victory' (line 2) but is spelt with other letters ({odd})")
    assert "ships.csv, line 32, field 'name'" in said


def test_ships_of_two_nations_may_still_share_a_name(tmp_path):
    from printgen.data.scenario import load_scenario

    folder = copy_scenario(tmp_path, local_rules=False)
    edit_ships(folder, 30, name="Téméraire")                          # a Spanish Téméraire beside the British one
    assert sum(s.name == "Téméraire" for s in load_scenario(str(folder)).fleet.ships) == 2


def test_true_where_a_number_belongs_is_refused_not_read_as_1(tmp_path):
    """Issue 30: `ships = true` was read as 1 (pydantic's lax mode)."""
    folder = copy_scenario(tmp_path)
    set_key(folder / "scenario.toml", "squadrons.Spanish", "ships", "true")
    refused(folder, "field 'squadrons.Spanish.ships': true is not a number")
    folder = copy_scenario(tmp_path / "2")
    text = (folder / "rules.toml").read_text(encoding="utf-8")
    (folder / "rules.toml").write_text(text.replace("ship = 5", "ship = true", 1), encoding="utf-8")
    line = text[:text.index("ship = 5")].count("\n") + 1
    refused(folder, f"rules.toml, line {line}", "true is not a number")


@pytest.mark.parametrize("deep", ["[" * 900, "x = " + "[" * 900 + "]" * 900, "x = " + "{a = " * 900 + "1" + "}" * 900])
def test_toml_nested_hundreds_deep_is_refused_before_parsing(tmp_path, deep):
    """Issue 30: 900 `[` in 2 kB ended in RecursionError (tomllib recurses once a level)."""
    folder = copy_scenario(tmp_path)
    (folder / "scenario.toml").write_text(deep, encoding="utf-8")
    refused(folder, "scenario.toml", "nest 90", "printgen reads at most 32")


def test_a_deep_ruleset_is_refused_and_brackets_in_strings_do_not_count(tmp_path):
    folder = copy_scenario(tmp_path)
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write('\n[deep]\nnote = "' + "[" * 100 + '"  # ' + "{" * 100 + "\nx = " + "[" * 40 + "]" * 40 + "\n")
    refused(folder, "rules.toml", "nest 40 deep")
