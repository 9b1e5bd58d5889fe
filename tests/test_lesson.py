"""The Trafalgar lesson, read back from the printed pages: timeline and turn limit, materials and
copies, victory and the historical yardstick, the debrief sheet, the broadside diagram, the marks
(`printgen check` failing when a lesson number, a fate or a mark changes after printing:
tests/test_lesson_check.py)."""

from __future__ import annotations

import pytest

from pdfread import marks_legend, rects_of_size, says
from tracecheck import discrepancies, printed, render_and_read


def plan_of(name="trafalgar", students=24, **choices):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    return plan_kit(KitRequest(name, students, **choices))


def sheet(tmp_path, plan, kind, edition="color"):
    """One document of the kit, rendered and read back: (pdf, traces)."""
    options = plan.options.but(edition=edition)
    return render_and_read(plan.draw(kind, options), options, tmp_path / f"{kind}-{edition}.pdf")


def text_of(pdf) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)


def values(pdf, traces, source) -> list[str]:
    return printed(pdf, traces, tuple(source))


# -- the timeline and the turn limit ------------------------------------------------------------------
@pytest.mark.parametrize("minutes, periods", [(50, 2), (60, 2), (45, 1)])
def test_timeline_and_turn_limit_follow_the_minutes(tmp_path, minutes, periods):
    """The game printgen fits to the lesson (printgen/lesson/) takes the teacher's minutes, less set-up,
    briefing and debrief, in whole turns; a one-period lesson still plays at least three."""
    plan = plan_of(minutes=minutes, periods=periods)
    lesson = plan.scenario.lesson
    play = minutes * periods - lesson.setup_minutes - lesson.briefing_minutes - lesson.debrief_minutes
    turns = play // lesson.minutes_per_turn
    debrief_from = lesson.setup_minutes + lesson.briefing_minutes + turns * lesson.minutes_per_turn
    assert turns >= 3 and lesson.total_minutes == minutes * periods
    pdf, traces = sheet(tmp_path, plan, "lesson")
    assert set(values(pdf, traces, ("turn_limit",))) == {str(turns)}
    assert values(pdf, traces, ("timeline", "debrief", 0)) == [str(debrief_from)]
    assert values(pdf, traces, ("timeline", "debrief", 1)) == [str(minutes * periods)]
    assert values(pdf, traces, ("lesson_value", "period_minutes")) == [str(minutes)]
    assert f"Turns 1 to {turns}" in text_of(pdf)
    assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []
    pdf, traces = sheet(tmp_path, plan, "teacher")               # the turn tracker has a row a turn
    assert set(values(pdf, traces, ("turn_limit",))) == {str(turns)}
    rows = [e["text"] for t in traces for e in t if list(e["source"]) == ["meta", "turn"]]
    assert rows == [str(t) for t in range(1, turns + 1)]


def test_a_lesson_too_short_for_a_turn_is_a_clear_error(run):
    code, out, err = run("kit", "trafalgar", "--minutes", "15", "--periods", "1", "--out", "/nonexistent/never")
    assert code == 2 and "Traceback" not in err and "less than one turn" in err


# -- materials and copies ----------------------------------------------------------------------------------
def test_materials_follow_the_class_size_and_the_deployment(tmp_path):
    from printgen.game import materials

    full, big, half = plan_of(students=24), plan_of(students=36), plan_of(students=24, scale=0.5)
    got = {}
    for name, plan in (("full", full), ("big", big), ("half", half)):
        (tmp_path / name).mkdir()
        pdf, traces = sheet(tmp_path / name, plan, "lesson")
        got[name] = {what: values(pdf, traces, src) for what, src in {
            "worksheets": ("copies", "worksheet"), "dice": ("dice_needed",), "tape": ("tape_ft",),
            "plain": ("total_sheets", "plain"), "card": ("total_sheets", "card"),
            "green": ("edge_length", "green"), "students": ("students",)}.items()}
        assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []
    assert got["full"]["worksheets"] == ["24"] and got["big"]["worksheets"] == ["36"]
    assert got["full"]["students"] == ["24"] and got["big"]["students"] == ["36"]
    # dice: the squadron that rolls the most at once, each squadron's own largest broadside (its side's
    # dice, one more if a flagship sails in it; read from the ruleset's file, not the product's rules)
    # times its own commands (a ship its pupils share is one)
    import tomllib
    from pathlib import Path

    ruleset = Path(__file__).parents[1] / "rulesets" / "trafalgar-fastplay.toml"
    shooting = tomllib.loads(ruleset.read_text())["shooting"]
    need = 0
    for g in {c.squadron for c in full.captains}:
        ships = [s for s in full.scenario.fleet.ships if s.squadron == g]
        pool = max(shooting["dice"][s.side] + (shooting["flagship_extra_dice"] if s.flagship else 0) for s in ships)
        need = max(need, pool * len({c.ships for c in full.captains if c.squadron == g}))
    assert got["full"]["dice"] == [str(need)]
    assert int(got["big"]["dice"][0]) > int(got["full"]["dice"][0])
    assert int(got["big"]["plain"][0]) > int(got["full"]["plain"][0])
    # the tape reaches the farthest starting position, measured on the deployment itself
    far = max(max(p.x_in, p.y_in) for p in full.deployment.placements)
    assert got["full"]["tape"] == [f"{-(-far // 12):g} ft"]
    far_half = max(max(p.x_in, p.y_in) for p in half.deployment.placements)
    assert got["half"]["tape"] == [f"{-(-far_half // 12):g} ft"] and far_half < far
    assert got["full"]["green"] == ["12.5 ft"] and got["half"]["green"] == ["6.2 ft"]
    # sheets: the page counts of this kit's own documents times the copies
    assert materials.sheets(full, "worksheet") == 24 * -(-materials.document_pages(full, "worksheet") // 2)
    assert materials.total_sheets(full, "card") == sum(materials.sheets(full, k) for k in
                                                       ("cards", "sprites", "status-markers", "rulers"))


def test_markers_are_at_the_kits_scale_and_enough_for_the_class(tmp_path):
    for scale in (1.0, 0.5):
        plan = plan_of(scale=scale, ships=60)                  # the whole fleet: British 27, French 18, Spanish 15
        pdf, traces = sheet(tmp_path, plan, "status-markers", "bw")
        w, h = (v * scale for v in plan.scenario.ruleset.status_markers.size_in)
        n = sum(len(rects_of_size(p, w, h)) for p in pdf.pages)
        nations = {}                                    # markers carry their nation's pattern: counted a nation
        for ship in plan.scenario.fleet.ships:
            nations[ship.nation] = nations.get(ship.nation, 0) + 1
        assert sorted(nations.values()) == [15, 18, 27]
        want = {state: sum(-(-int(per * 100) * k // 100) for k in nations.values()) for state, per in
                plan.scenario.ruleset.status_markers.per_ship.items()}
        assert n == sum(want.values())
        labels = " ".join(p.extract_text() for p in pdf.pages)
        for state, count in want.items():
            assert labels.count(state.upper()) == count
            assert values(pdf, traces, ("marker_count", state)) == [str(count)]
        assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []


# -- victory, the score sheet, the debrief ----------------------------------------------------------------
def test_victory_points_and_the_score_sheet_come_from_the_scenario(tmp_path, scenario_dir):
    folder = scenario_dir(scenario={"victory": {"struck": 2, "flagship_struck": 4, "captured": 5}})
    plan = plan_of(str(folder))
    pdf, traces = sheet(tmp_path, plan, "score")
    assert values(pdf, traces, ("victory_points", "struck")) == ["2", "2"]
    assert values(pdf, traces, ("victory_points", "struck", True)) == ["4", "4"]
    assert values(pdf, traces, ("victory_points", "captured")) == ["5", "5"]
    # the real battle: 17 Franco-Spanish prizes (all "Captured ...") and Achille blown up; no British loss
    assert values(pdf, traces, ("history_score", "british")) == [str(17 * 5 + 2)]
    assert values(pdf, traces, ("history_score", "allied")) == ["0"]
    names = {e["source"][1] for t in traces for e in t if e["source"][0] == "fleet" and e["source"][2] == "name"}
    assert names == {s.key for s in plan.scenario.fleet.ships}          # each side scores every enemy ship
    assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []


@pytest.mark.parametrize("fraction", [None, 0.5])
def test_every_game_ship_is_on_the_debrief_with_its_captain_and_fate(tmp_path, fraction):
    plan = plan_of(fraction=fraction)
    pdf, traces = sheet(tmp_path, plan, "debrief", "bw")
    for ship in plan.scenario.fleet.ships:
        names = values(pdf, traces, ("fleet", ship.key, "name"))          # flagships again among the commanders
        assert names == [ship.name] * (2 if ship.admiral else 1)
        assert ["".join(v.split()) for v in values(pdf, traces, ("fleet", ship.key, "fate"))] == ["".join(ship.fate.split())]
        assert ["".join(v.split()) for v in values(pdf, traces, ("fleet", ship.key, "captain"))] == ["".join(ship.captain.split())]
    text = text_of(pdf)
    assert "Source: the list of ships" in text and "William James" in text      # named as a book, never a file
    assert "shared/reference" not in text and ".md" not in text
    assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []


# -- the broadside diagram and the firing-arc templates ---------------------------------------------------
@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_the_broadside_diagram_measures_to_the_rules(tmp_path, scale):
    from printgen.sheets.text.quickref import quickref_sheet

    plan = plan_of(scale=scale)
    s, o = plan.scenario, plan.options
    rs = s.ruleset
    pdf, traces = render_and_read(quickref_sheet(s, o), o, tmp_path / "q.pdf")
    k = int(next(v for v in values(pdf, traces, ("meta", "diagram-scale"))))
    u = scale / k                                                   # diagram inches per rule inch
    page = next(p for p in pdf.pages if says(p.extract_text(), "Drawn to scale"))
    W, L, short = rs.bases.width_in * u, rs.bases.length_in * u, 6 * u              # long band: 6 to 12
    [base] = rects_of_size(page, W, L, 0.004)
    bands = rects_of_size(page, short, L, 0.004)
    assert len(bands) == 4                                         # short and long, each side
    beside = [(b["x0"] - base["x1"], base["x0"] - b["x1"]) for b in bands]
    near = [b for b in bands if abs(b["x0"] - base["x1"]) < 0.3 or abs(b["x1"] - base["x0"]) < 0.3]
    far = [b for b in bands if abs(b["x0"] - base["x1"] - short * 72) < 0.3 or abs(base["x0"] - b["x1"] - short * 72) < 0.3]
    assert len(near) == 2 and len(far) == 2, beside
    assert all(abs(b["top"] - base["top"]) < 0.3 for b in bands)    # between the lines of bow and stern
    rake = rects_of_size(page, W, short, 0.004)
    offsets = sorted(r["top"] - base["top"] for r in rake)
    assert len(offsets) == 2 and offsets[0] == pytest.approx(-short * 72, abs=0.3) and offsets[1] == pytest.approx(L * 72, abs=0.3)
    assert all(abs(r["x0"] - base["x0"]) < 0.3 for r in rake)      # between the lines of its sides
    assert discrepancies(pdf, traces, s, o) == []


@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_firing_area_templates_are_true_size(tmp_path, scale):
    plan = plan_of(scale=scale)
    pdf, traces = sheet(tmp_path, plan, "rulers", "bw")
    rs = plan.scenario.ruleset
    L, W = rs.bases.length_in * scale, rs.bases.width_in * scale
    bands = [r for p in pdf.pages for r in rects_of_size(p, 6 * scale, L, 0.01) if r["fill"]]
    assert len(bands) == 2                                          # short band and long band, full base length
    assert len([r for p in pdf.pages for r in rects_of_size(p, 6 * scale, W, 0.01) if r["fill"]]) == 1   # the rake zone
    assert "Firing area template" in text_of(pdf) and "Rake zone template" in text_of(pdf)


# -- marks ----------------------------------------------------------------------------------------------------
CLASSROOM = {"lesson": ["lesson", "victory", "history", "words.objectives", "words.roles", "words.phase_order",
                        "words.rulings", "words.worksheet"],
             "score": ["victory", "history"], "worksheet": ["words.worksheet"],
             "debrief": ["history", "words.debrief"], "status-markers": ["status_markers"]}


@pytest.mark.parametrize("kind", CLASSROOM)
def test_every_classroom_addition_carries_its_mark(tmp_path, kind):
    plan = plan_of()
    pdf, traces = sheet(tmp_path, plan, kind, "bw")
    marks = {e["source"][1] for t in traces for e in t if e["source"][0] == "provenance"}
    assert set(CLASSROOM[kind]) <= marks
    for page, trace in zip(pdf.pages, traces):
        text = " ".join((page.extract_text() or "").split())
        if any(e["source"][0] == "provenance" and e["text"] == "classroom addition" for e in trace):
            legend = marks_legend(page)
            assert "(classroom addition)" in text and "Marks: " in legend and "classroom addition: added for the lesson" in legend
    assert discrepancies(pdf, traces, plan.scenario, plan.options, plan=plan) == []


def test_a_modelled_number_says_what_it_assumes(tmp_path):
    from printgen.sheets.text.cards import card_sheets

    plan = plan_of()
    pdf, _ = render_and_read(card_sheets(plan.scenario, plan.options), plan.options, tmp_path / "c.pdf")
    words = iter(text_of(pdf).split())                  # in order: a narrow card wraps the header cell, its
    assert all(w in words for w in "you win the fight, if no one cuts loose".split())    # neighbours' words between
