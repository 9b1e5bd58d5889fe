"""A third rule family, defined here and nowhere else, prints a whole kit that `printgen check`
passes: the proof that shared code asks a family only what printgen/systems/base.py says.

The toy rules: one die roll a turn within range, a "hits" track of N boxes, square bases with a
flap that folds up behind (a star on a flagship's); the sides move in turn."""

from __future__ import annotations

import json
import re
from typing import ClassVar

import pytest
from pydantic import PositiveInt

from printgen import registry
from printgen.draw.shapes import Drawing, Group, Line, Rect, Span, Text, translate
from printgen.rules.faces import Faces
from printgen.rules.model import RangeBands, RollTable, RulesetBase
from printgen.rules.tables import OddsTable, cell, odds_cell
from printgen.rules.trace import Source, derived
from printgen.rules.tracks import Track
from printgen.sheets.gauges.rulers import _bands
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.sheets.pieces.pack import grid
from printgen.sheets.pieces.sprites import STAR, star_shape
from printgen.sheets.pieces.tracks import track_shapes
from printgen.sheets.text.odds_blocks import draw_tables
from printgen.registry.protocol import RuleSystem


class Shot(RollTable):
    success: ClassVar[str] = "hit"
    hit: Faces
    miss: Faces


class ToyRuleset(RulesetBase):
    hits: PositiveInt                  # boxes on every ship's track
    range_in: RangeBands               # how far a ship may roll at an enemy
    shot: Shot                         # the one roll a turn

    def long_range_in(self) -> float:
        return max(b for _, b in self.range_in.bands().values())


class Toy(RuleSystem):
    name = "toy"
    model = ToyRuleset
    marks = ("hit boxes", "hits")

    def __init__(self, templates):
        self.folder = templates

    def templates_dir(self, rs):
        return self.folder

    def tracks(self, rs, ship):
        return [Track("hits", rs.hits, "box", Source("rule", ("hits",)))]

    def is_mark(self, path, base_sizes):
        return path.kind == "rect" and abs(path.w - path.h) < 0.3 and 1 < path.w < min(min(base_sizes)) / 2

    def sprite_sheets(self, scenario, options):
        """A square base and a flap behind it that folds up (the ship's flag): the piece's outline a
        cut line, the flap's fold a fold line, both traced with where they lie (check/linestyle.py)."""
        rs, side = scenario.ruleset, options.measure.pt(scenario.ruleset.bases.length_in)
        flap = side / 2
        g, ships = grid(content_box(options), side, side + flap, "ship base"), list(scenario.fleet.ships)
        pages = []
        for p in range(-(-len(ships) // g.per_page)):
            page = new_page(options)
            for i, ship in enumerate(ships[p * g.per_page:(p + 1) * g.per_page]):
                name = Text(4, flap + 12, (Span(ship.name, source=("fleet", ship.key, "name"), kind="text"),), 7,
                            font="bold")
                marks = track_shapes(self.tracks(rs, ship)[0], 4, flap + side / 2, side - 8, side / 3)
                lines = (Line(0, flap, side, flap, "fold", meaning=(("fold", ("meta", "line", "flap")),)),
                         Rect(0, 0, side, side + flap, "cut", meaning=(("cut", ("meta", "line", "outline")),)))
                star = (star_shape(side / 2, flap / 2, flap * 0.3, meaning=STAR),) if ship.flagship else ()
                base = Rect(0, flap, side, side, f"base.{ship.nation}", tag="base")
                page.add(Group((base, name, *marks, *star, *lines), translate(*g.slot(i)), tag=ship.key))
            frame(page, options, scenario.title, "Ship bases", p + 1, -(-len(ships) // g.per_page))
            pages.append(page)
        return Drawing(f"{scenario.title}: ship bases", pages, subject="printgen sprites")

    def block(self, rs, name, args, width, size, options, wording):
        if [name, *args] != ["odds", "shot"]:
            return None
        row = (cell("A hit"), odds_cell(derived(rs, "chance_of", "shot")))
        return draw_tables([OddsTable(cell("One roll"), ("roll", "chance"), (row,))], width, size, options)

    def gauges(self):
        return (lambda s, o: [_bands(s.ruleset, o, "range_in", lambda band: [], "Range ruler")],)


RULESET = """
hits = 3
range_in = { shot = [0, 6] }
shot = { hit = [5, 6], miss = [1, 2, 3, 4] }

[ruleset]
id = "toy-duel"
title = "Toy duel"
system = "toy"

[sides.red]
name = "Red"
nations = ["British"]

[sides.blue]
name = "Blue"
nations = ["French"]

[bases]
length_in = 1.5
width_in = 1.5

[table]
north_south_ft = 3
east_west_ft = 4
wind_from = "W"
"""

SCENARIO = """
[scenario]
title = "A toy duel"
ruleset = "toy-duel.toml"

[squadrons.reds]
side = "red"
ships = 3

[squadrons.blues]
side = "blue"
ships = 3

[deployment]
line_side = "blue"
attack_side = "red"
"""

SHIPS = """name,nation,squadron,flagship
Ruby,British,reds,yes
Garnet,British,reds,no
Coral,British,reds,no
Sapphire,French,blues,yes
Cobalt,French,blues,no
Azure,French,blues,no
"""

TEMPLATES = {
    "quickref.md.j2": """## Who moves
1. {{ label("sides.red.name") }} ships move first,
2. {{ label("sides.blue.name") }} ships second.

## One roll a turn
1. A ship within {{ dist("range_in.shot.1") }} of an enemy rolls one die: {{ faces("shot.hit") }} hits.
2. Tick a box for each hit; after {{ rule("hits") }} hits the ship leaves the table.
[odds shot]
""",
    "cards.md.j2": """## Rolling
A hit on {{ faces("shot.hit") }}: {{ chance("chance_of", "shot") }} a roll.
[odds shot]

## Hits
A ship takes {{ rule("hits") }} hits.
""",
    "captains.md.j2": """{% for c in captains %}
## Captain {{ meta(c.number, "captain") }}: {{ rs.sides[c.side].name }}
{% for s in c.ships %}
[track {{ ref(s) }}]
{% endfor %}
{% endfor %}
""",
    "teacher.md.j2": """## Roster
{% for c in captains %}
- Captain {{ meta(c.number, "captain") }}: {% for s in c.ships %}{{ ship(s) }} {% endfor %}

{% endfor %}
## Printing
{% for line in printing %}
- {{ line }}
{% endfor %}
""",
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy family registered (and removed afterwards), its ruleset, fleet and templates on disk."""
    (tmp_path / "templates" / "toy-duel").mkdir(parents=True)
    for name, text in TEMPLATES.items():
        (tmp_path / "templates" / "toy-duel" / name).write_text(text, encoding="utf-8")
    folder = tmp_path / "duel"
    folder.mkdir()
    (folder / "toy-duel.toml").write_text(RULESET, encoding="utf-8")
    (folder / "scenario.toml").write_text(SCENARIO, encoding="utf-8")
    (folder / "ships.csv").write_text(SHIPS, encoding="utf-8")
    registry.known()                                             # the built-in families first
    monkeypatch.setitem(registry.families._SYSTEMS, "toy", Toy(tmp_path / "templates"))
    return folder


def test_an_unregistered_system_is_refused_with_the_known_ones(tmp_path, run):
    folder = tmp_path / "duel"
    folder.mkdir()
    (folder / "toy-duel.toml").write_text(RULESET, encoding="utf-8")
    (folder / "scenario.toml").write_text(SCENARIO, encoding="utf-8")
    (folder / "ships.csv").write_text(SHIPS, encoding="utf-8")
    code, _, err = run("check", folder)
    assert code == 2 and "unknown ruleset system 'toy'" in err and "broadside, sectors" in err


def test_a_registered_toy_family_prints_a_kit_that_checks(toy, tmp_path, run):
    registry.register(registry.get("toy"))                         # the public way in (the fixture undoes it)
    out = tmp_path / "kit"
    code, stdout, err = run("kit", toy, "--students", "4", "--edition", "both", "--out", out)
    assert code == 0, stdout + err
    assert "documents agree with the rules and the fleet" in stdout
    kinds = {d["kind"] for d in json.loads((out / "manifest.json").read_text())["documents"]}
    assert {"sprites", "quickref", "cards", "captains", "map", "teacher", "rulers"} <= kinds
    assert not kinds & {"records", "markers"}                    # the sectors family's own documents
    code, stdout, _ = run("check", out)
    assert code == 0 and "documents agree" in stdout


def test_the_toy_kit_prints_its_rules_and_marks(toy, tmp_path, run):
    import pdfplumber

    out = tmp_path / "kit"
    assert run("kit", toy, "--students", "4", "--out", out)[0] == 0
    with pdfplumber.open(out / "cards-color.pdf") as pdf:
        text = " ".join(p.extract_text() for p in pdf.pages)
    assert "5-6" in text and "1/3 (33.3%)" in text and "3 hits" in text
    with pdfplumber.open(out / "sprites-color.pdf") as pdf:
        page = pdf.pages[0]
        side = 1.5 * 72
        # a patterned base is painted twice (fill, then its outline over the pattern): count places
        bases = {(round(r["x0"]), round(r["top"])) for r in page.rects
                 if abs(r["width"] - side) < 0.5 and abs(r["height"] - side) < 0.5}
        boxes = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.3 and 1 < r["width"] < side / 2]
        assert len(bases) == 6 and len(boxes) == 6 * 3
    with pdfplumber.open(out / "rulers-color.pdf") as pdf:
        assert "Range ruler" in pdf.pages[0].extract_text()


def test_check_fails_when_a_toy_base_misses_a_box(toy, tmp_path, run, monkeypatch):
    """The checker counts the toy's marks on the drawing, through the family's is_mark."""
    import sys

    real = track_shapes
    monkeypatch.setattr(sys.modules[__name__], "track_shapes", lambda track, *a: real(track, *a)[:-1])
    code, stdout, _ = run("kit", toy, "--students", "4", "--out", tmp_path / "kit")
    assert code == 1 and "2 hit boxes on its base, the rules give 3 hits" in stdout


def test_a_ruleset_model_names_only_registered_systems(toy):
    import tomllib

    from pydantic import ValidationError

    data = tomllib.loads(RULESET)
    assert ToyRuleset.model_validate(data).ruleset.system == "toy"
    data["ruleset"]["system"] = "galleons"
    with pytest.raises(ValidationError, match=r"unknown rule system 'galleons': known systems are broadside, sectors, toy"):
        ToyRuleset.model_validate(data)


def test_the_check_measures_the_toys_drawn_marks_and_its_calibration_square(toy, tmp_path, run):
    """The check's drawn marks reach a family it has never heard of, through the protocol (its
    tracks, its marks' words): a box gone from a captain card's track, and the calibration square
    drawn short, each fail by name in the toy's kit as in Trafalgar's and Sluys's."""
    from tamper import copy_kit, edit_drawn, fails, inside, traced

    built = tmp_path / "kit"
    assert run("kit", toy, "--students", "4", "--out", built)[0] == 0
    kit = copy_kit(built, tmp_path / "gone")
    name = "captains-color.pdf"
    page, (row, *_) = traced(kit, name, "marks", lambda e: e["shape"]["ship"])

    def without_a_box(ops, items, height):
        boxes = [it for it in items if it["box"] and inside(it["box"], row["bbox"]) and "re" in it["ops"]]
        gone = set(range(boxes[-1]["start"], boxes[-1]["end"] + 1))
        return [op for i, op in enumerate(ops) if i not in gone]
    edit_drawn(kit, name, page, without_a_box)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: {row['shape']['ship']}: 2 boxes on its track, the rules "
                            "give 3") for f in found), found

    kit = copy_kit(built, tmp_path / "square")
    name = "quickref-color.pdf"
    page, (square, *_) = traced(kit, name, "calibration")

    def shrunk(ops, items, height):
        import pikepdf

        it = next(it for it in items if it["box"] and inside(it["box"], square["bbox"], 1.0) and "re" in it["ops"])
        out = list(ops)
        for i in range(it["start"], it["end"] + 1):
            operands, op = out[i]
            if str(op) == "re":
                x, y, w, h = (float(v) for v in operands)
                out[i] = ([x, y, w * 0.97, h * 0.97], pikepdf.Operator("re"))
        return out
    edit_drawn(kit, name, page, shrunk)
    assert any(f.startswith(f"FAIL  {name}, page {page}: ") and "calibration" in f for f in fails(kit)), fails(kit)


def test_the_check_reads_the_toys_line_styles_and_words(toy, tmp_path, run):
    """Line styles and traced words reach a family the check has never heard of, through the
    protocol (its sprites' traced lines, its ruleset's words in its templates): the flap's fold
    drawn solid fails as a fold, and the two sides' names swapped in the quickref fail by name."""
    import pikepdf
    from tamper import copy_kit, edit_drawn, edit_page, fails, load_trace, swap_traced, traced

    built = tmp_path / "kit"
    assert run("kit", toy, "--students", "4", "--out", built)[0] == 0
    kit = copy_kit(built, tmp_path / "solid")
    name = "sprites-color.pdf"
    page, (fold, *_) = traced(kit, name, "fold")

    def solid(ops, items, height):                   # the fold's own path drawn with no dash
        it = next(it for it in items if it["ops"] == ["m", "l", "S"]
                  and all(abs(a - b) < 0.5 for a, b in zip(it["box"], fold["bbox"])))
        q, d, end = pikepdf.Operator("q"), pikepdf.Operator("d"), pikepdf.Operator("Q")
        return (ops[:it["start"]] + [([], q), ([pikepdf.Array([]), 0], d)] + ops[it["start"]:it["end"] + 1]
                + [([], end)] + ops[it["end"] + 1:])
    edit_drawn(kit, name, page, solid)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: flap (fold line) is drawn solid") for f in found), found

    kit = copy_kit(built, tmp_path / "words")
    name = "quickref-color.pdf"
    red, blue = ["label", "sides.red.name"], ["label", "sides.blue.name"]
    page = next(k + 1 for k, entries in enumerate(load_trace(kit)[name]) if any(e["source"] == red for e in entries))
    edit_page(kit, name, page, swap_traced(kit, name, page, (b"Red", red), (b"Blue", blue)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: label:sides.red.name prints 'Blue', the rules say 'Red'")
               for f in found), found


class SpeakingToy(Toy):
    """The toy, saying through the protocol that its words are in the catalogue (its sides are the
    British and the French, its pieces' words the shared code's)."""

    def languages(self, rs):
        return ("en", "fr", "es")


def test_the_toy_prints_in_the_languages_it_declares_and_no_other(toy, tmp_path, run, monkeypatch):
    """No shared code names a family's languages: the toy's ship pieces and map print in French once
    the toy says its words are translated (RuleSystem.languages), and are refused in French before."""
    import pdfplumber

    code, _, err = run("sprites", toy, "--lang", "fr", "--out", tmp_path / "before")
    assert code == 2 and "pas encore de version française pour les pièces des navires" in err, err
    monkeypatch.setitem(registry.families._SYSTEMS, "toy", SpeakingToy(tmp_path / "templates"))
    for command, name in (("sprites", "sprites-color.pdf"), ("map", "map-color.pdf")):
        code, stdout, err = run(command, toy, "--lang", "fr", "--out", tmp_path / command)
        assert code == 0, stdout + err
        with pdfplumber.open(tmp_path / command / name) as pdf:
            text = " ".join(p.extract_text() for p in pdf.pages)
        assert re.search("Imprim(?:ez?|er) à 100 %", text) and "Sapphire" in text, text     # the French footer
    code, _, err = run("quickref", toy, "--lang", "fr", "--out", tmp_path / "quickref")
    assert code == 2 and "pas encore de version française" in err   # its template is in no catalogue
