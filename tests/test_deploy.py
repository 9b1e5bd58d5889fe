"""The deployment generator, measured on its data with geometry written afresh here (not the
generator's own): every base on the table, none touching, the line where the seed puts it, the
British out of range, Africa alone near the van, the same seed the same deployment."""

import itertools
import json
import math

import pytest

from rectgeom import gap, rect_corners

from printgen.errors import PrintgenError
from printgen.game.deploy import deploy
from printgen.game.prepare import prepare

CASES = {"full": {}, "half": {"fraction": 0.5}, "twenty": {"ships": 20}, "small-table": {"table": "4x3ft"},
         "cm": {"units": "cm"}, "seed-7": {"seed": 7}}


@pytest.fixture(scope="module")
def deployments():
    out = {}
    for name, kw in CASES.items():
        s, o = prepare("trafalgar", **kw)
        out[name] = (s, o, deploy(s, o))
    return out


def corners(p, dep):
    """Base corners from the placement alone: x east, y north, heading clockwise from north."""
    return rect_corners(p.x_in, p.y_in, p.heading_deg, dep.base_length_in, dep.base_width_in)


def groups(dep):
    out = {}
    for p in dep.placements:
        out.setdefault(p.group, []).append(p)
    return out


@pytest.mark.parametrize("case, sizes", [
    ("full", {"North": 11, "alone": 1, "South": 15, "line": 33}),
    ("half", {"North": 5, "alone": 1, "South": 8, "line": 16}),
    ("twenty", {"North": 3, "alone": 1, "South": 5, "line": 11}),
])
def test_every_ship_is_placed_once_in_its_formation(deployments, case, sizes):
    s, _, dep = deployments[case]
    assert {g: len(ps) for g, ps in groups(dep).items()} == sizes
    assert [p.ship for p in dep.placements] == list(s.fleet.ships)
    assert [p.number for p in dep.placements] == list(range(1, len(s.fleet.ships) + 1))


@pytest.mark.parametrize("case", list(CASES))
def test_no_two_bases_touch_and_all_are_on_the_table(deployments, case):
    _, o, dep = deployments[case]
    polys = [corners(p, dep) for p in dep.placements]
    for poly in polys:
        assert all(0 <= x <= dep.width_in and 0 <= y <= dep.height_in for x, y in poly)
    closest = min(gap(a, b) for a, b in itertools.combinations(polys, 2))
    assert closest >= 0.25 * o.scale, closest


@pytest.mark.parametrize("case", list(CASES))
def test_british_start_west_of_the_line_and_out_of_long_range(deployments, case):
    _, o, dep = deployments[case]
    british, allied = dep.side("british"), dep.side("allied")
    long_range = 12 * o.scale                                        # rulesets/trafalgar-fastplay.toml
    assert dep.long_range_in == pytest.approx(long_range)
    assert max(p.x_in for p in british) < min(p.x_in for p in allied)
    closest = min(gap(corners(b, dep), corners(a, dep)) for b in british for a in allied)
    assert closest > long_range, closest


@pytest.mark.parametrize("case", ["full", "half", "small-table", "cm"])
def test_the_line_is_west_of_the_middle_from_near_the_north_edge_to_the_south_edge(deployments, case):
    _, o, dep = deployments[case]
    s = o.scale
    line = groups(dep)["line"]
    assert dep.width_in == pytest.approx(60 * s) and dep.height_in == pytest.approx(90 * s)
    assert sum(p.x_in for p in line) / len(line) < dep.width_in / 2 - 0.5 * s          # a bit west of the middle
    assert sum(p.x_in for p in line) / len(line) > dep.width_in / 2 - 8 * s
    top = max(y for p in line for _, y in corners(p, dep))
    bottom = min(y for p in line for _, y in corners(p, dep))
    assert 5 * s <= dep.height_in - top <= 7 * s                     # "starting about 6" from the northern edge"
    assert bottom <= 1.5 * s                                         # "extending all the way to the south edge"
    assert all(min(p.heading_deg, 360 - p.heading_deg) <= 8 for p in line)      # heading north, untidily
    assert all(p.edge == "yellow" for p in line)                     # the north edge is yellow


@pytest.mark.parametrize("case, columns", [("full", 2), ("half", 1), ("small-table", 2)])
def test_ships_of_the_line_are_2_to_4_inches_apart_doubled_where_one_line_cannot_fit(deployments, case, columns):
    _, o, dep = deployments[case]
    s = o.scale
    line = groups(dep)["line"]
    assert dep.line_columns == columns
    for a, b in zip(line, line[columns:]):                           # the next ship of the same column
        between = a.y_in - b.y_in - dep.base_length_in               # stern of one to bow of the next
        assert 2 * s - 0.1 * s <= between <= 4 * s + 0.1 * s, (a.ship.name, b.ship.name, between)
    if columns == 2:                                                 # alternate ships stand side by side
        sideways = [abs(a.x_in - b.x_in) for a, b in zip(line, line[1:])]
        assert sum(sideways) / len(sideways) >= 2 * s
    if columns == 1:
        assert (len(line) - 1) * 4 * s < 90 * s                      # a single line does reach


@pytest.mark.parametrize("case", ["full", "half", "twenty"])
def test_british_squadrons_head_east_led_by_their_flagships(deployments, case):
    _, _, dep = deployments[case]
    g = groups(dep)
    for name, leaders in (("North", {"Victory", "Britannia"}), ("South", {"Royal Sovereign"})):
        ships = g[name]
        assert all(abs(p.heading_deg - 90) <= 5 and p.edge == "green" for p in ships)
        present = leaders & {p.ship.name for p in ships}
        assert present and {p.ship.name for p in ships if p.leader} == present
        front = sorted(ships, key=lambda p: -p.x_in)[:len(present)]
        assert {p.ship.name for p in front} == present, [(p.ship.name, p.x_in) for p in front]
    north_y = sum(p.y_in for p in g["North"]) / len(g["North"])
    south_y = sum(p.y_in for p in g["South"]) / len(g["South"])
    assert north_y > dep.height_in / 2 > south_y


def test_british_are_spread_out_not_in_single_file(deployments):
    _, _, dep = deployments["full"]
    for name in ("North", "South"):
        ys = sorted({round(p.y_in) for p in groups(dep)[name]})
        assert ys[-1] - ys[0] >= 6 and len(ys) >= 3                  # several files side by side


@pytest.mark.parametrize("case", ["full", "half", "small-table"])
def test_africa_is_alone_near_the_head_of_the_line(deployments, case):
    _, o, dep = deployments[case]
    s = o.scale
    africa = dep.of("Africa")
    head = max(groups(dep)["line"], key=lambda p: p.y_in)
    others = [p for p in dep.side("british") if p is not africa]
    assert africa.group == "alone"
    assert math.hypot(africa.x_in - head.x_in, africa.y_in - head.y_in) < (12 + 6) * s
    assert africa.y_in > dep.height_in * 0.8
    assert min(gap(corners(africa, dep), corners(p, dep)) for p in others) > 6 * s


def test_bow_edges_follow_the_seed(deployments):
    from printgen.game.geometry import EdgeSegment, edge_colour, ray_exit

    _, _, dep = deployments["full"]
    assert sorted((e.side, e.start, e.end, e.colour) for e in dep.edges) == [
        ("east", 0, 90, "green"), ("north", 0, 60, "yellow"), ("south", 0, 60, "green"),
        ("west", 0, 60, "yellow"), ("west", 60, 90, "red")]
    edges = tuple(EdgeSegment(*e) for e in (("north", 0, 60, "yellow"), ("east", 0, 90, "green"),
                                            ("south", 0, 60, "green"), ("west", 0, 60, "yellow"),
                                            ("west", 60, 90, "red")))
    for (x, y, heading), colour in {(5, 80, 270): "red", (5, 30, 270): "yellow", (30, 45, 90): "green",
                                     (30, 45, 180): "green", (30, 45, 0): "yellow", (10, 80, 300): "red", (30, 80, 300): "yellow",
                                     (30, 45, 135): "green"}.items():
        assert edge_colour(edges, *ray_exit(x, y, heading, 60, 90)) == colour, (x, y, heading)


def test_same_seed_same_deployment_another_seed_another(deployments):
    s, o, dep = deployments["full"]
    again = deploy(s, o)
    assert again == dep
    _, _, other = deployments["seed-7"]
    moved = sum(1 for a, b in zip(dep.placements, other.placements) if (a.x_in, a.y_in) != (b.x_in, b.y_in))
    assert moved > 40


def test_positions_are_snapped_to_what_the_table_prints(deployments):
    for case in ("full", "cm"):
        _, o, dep = deployments[case]
        step = 0.1                 # a tenth of an inch in either unit (0.25 cm): units never move a ship (issue 45)
        for p in dep.placements:
            for v in (p.x_in, p.y_in):
                assert abs(v / step - round(v / step)) < 1e-6


def test_data_files_agree_with_the_deployment(deployments):
    from printgen.game.deploy_data import to_csv, to_json

    s, o, dep = deployments["cm"]
    data = json.loads(to_json(dep, s, o))
    assert data["units"] == "cm" and data["table"] == {"east_west": 150, "north_south": 225}
    assert len(data["placements"]) == 60
    victory = next(r for r in data["placements"] if r["ship"] == "Victory")
    p = dep.of("Victory")
    assert victory["x"] == pytest.approx(p.x_in * 2.5) and victory["y"] == pytest.approx(p.y_in * 2.5)
    assert victory["edge"] == "green" and victory["leader"] and victory["flagship"]
    rows = to_csv(dep, o).decode("utf-8-sig").splitlines()
    assert rows[0].startswith("number,ship,nation,squadron") and len(rows) == 61
    assert any(r.startswith("38,Santísima Trinidad,Spanish") for r in rows)


# --- impossible requests -----------------------------------------------------------------------------

def test_rules_whose_long_range_leaves_no_room_are_refused(scenario_dir, run, tmp_path):
    folder = scenario_dir(ruleset={"shooting": {"range_in": {"short": [0, 6], "long": [6, 30]}}})
    s, o = prepare(str(folder))
    with pytest.raises(PrintgenError) as e:
        deploy(s, o)
    assert "long range" in str(e.value) and "line_west_of_middle_in" in str(e.value)
    code, _, err = run("map", folder, "--out", tmp_path / "out")
    assert code == 2 and "out of long range" in err and not (tmp_path / "out").exists()


def test_more_ships_than_fit_the_line_say_what_would(scenario_dir, run, tmp_path):
    folder = scenario_dir(scenario={"deployment": {"line_max_columns": 1}})
    code, _, err = run("map", folder, "--out", tmp_path / "out")
    assert code == 2 and "33 ships are too many for the line" in err and "at most 21 fit" in err
    assert "--fraction 0.6" in err and not (tmp_path / "out").exists()
    code, out, err = run("map", folder, "--fraction", "0.6", "--out", tmp_path / "out")   # what it suggested
    assert code == 0, err


@pytest.mark.parametrize("patch, field, says", [
    ({"line_gap_in": [4, 2]}, "deployment.line_gap_in", "least <= most"),
    ({"line_gap": [2, 4]}, "deployment.line_gap", "not a setting"),
    ({"attack_side": "allied"}, "deployment", "both 'allied'"),
    ({"loners": ["Africa", "Nautilus"]}, None, "no ship named 'Nautilus'"),
    ({"squadrons": {"French": {"aim": 0.5}}}, "deployment.squadrons.French", "not a squadron of the attacking"),
])
def test_bad_deployment_settings_name_the_field(scenario_dir, run, tmp_path, patch, field, says):
    folder = scenario_dir(scenario={"deployment": patch})
    code, _, err = run("map", folder, "--out", tmp_path / "out")
    assert code == 2 and says in err, err
    if field:
        assert f"field '{field}" in err, err


def test_deployment_json_gives_the_table_as_the_map_draws_it_not_rounded():
    """At 0.75 scale in centimetres the table is 168.75 cm north to south: deployment.json said 169
    (rounded as a placement prints), and the kit failed its own check of the map against it."""
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", 25, scale=0.75, units="cm", seed=87307))
    data = json.loads(plan_files(plan)["deployment.json"])
    assert data["table"] == {"east_west": 112.5, "north_south": 168.75}
    made = _document((plan, None), ("color", "map"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []


def plan_files(plan) -> dict:
    from printgen.game.deploy_data import data_files

    return data_files(plan.deployment, plan.scenario, plan.options)
