"""`printgen check FOLDER` refuses what `printgen kit` refuses of a battle's data (issue 48): both ask
printgen/kit/accepts.py, so a battle the check passes is one the kit accepts. Each refusal exits 2,
names the file and the field, and never reads as another field's fault."""

from __future__ import annotations

import pytest

LESSON_TOO_LONG = {"lesson": {"periods": 10, "period_minutes": 300, "minutes_per_turn": 1}}

CASES = {
    "negative gaps": ({"deployment": {"line_gap_in": [-2, -4]}}, "deployment.line_gap_in"),
    "gaps the wrong way": ({"deployment": {"attack_gap_in": [3, 1]}}, "deployment.attack_gap_in"),
    "an aim off the line": ({"deployment": {"squadrons": {"North": {"aim": -5}}}}, "deployment.squadrons.North.aim"),
    "a leader not in the fleet": ({"deployment": {"squadrons": {"North": {"leaders": ["Nobody"]}}}},
                                  "deployment.squadrons.North.leaders"),
    "a loner not in the fleet": ({"deployment": {"loners": ["Nobody"]}}, "deployment.loners"),
    "an unknown key": ({"deployment": {"line_colour": "red"}}, "deployment.line_colour"),
    "the line side attacking too": ({"deployment": {"line_side": "british"}}, "deployment"),
    "a side the rules lack": ({"deployment": {"attack_side": "pirates"}}, "deployment.attack_side"),
    "a line squadron given an aim": ({"deployment": {"squadrons": {"French": {"aim": 0.5}}}},
                                     "deployment.squadrons.French"),
    "a negative margin": ({"deployment": {"edge_margin_in": -1}}, "deployment.edge_margin_in"),
    "no such compass point": ({"deployment": {"loner_heading": "Q"}}, "deployment.loner_heading"),
    "an unknown policy": ({"simulation": {"policies": {"british": "charge"}}}, "simulation.policies.british"),
    "an unknown lesson policy": ({"simulation": {"lesson": {"allied": "charge"}}}, "simulation.lesson.allied"),
    "an unknown history policy": ({"simulation": {"history": {"british": "charge"}}}, "simulation.history.british"),
    "a policy for no side": ({"simulation": {"policies": {"pirates": "close-and-fire"}}},
                             "simulation.policies.pirates"),
    "a lesson policy for no side": ({"simulation": {"lesson": {"pirates": "close-and-fire"}}},
                                    "simulation.lesson.pirates"),
    "a lesson of 2,965 turns": (LESSON_TOO_LONG, "lesson.minutes_per_turn"),
}
RULESET_CASES = {                    # a local ruleset's id names its folder of pages: a plain name
    "an id out of the folder": ({"ruleset": {"id": "../trafalgar-fastplay"}}, "ruleset.id"),
    "an empty id": ({"ruleset": {"id": ""}}, "ruleset.id"),
    "an id with a space": ({"ruleset": {"id": "My rules"}}, "ruleset.id"),
}


@pytest.mark.parametrize("case", [*CASES, *RULESET_CASES])
def test_check_refuses_what_the_kit_refuses(run, scenario_dir, tmp_path, case):
    patch, field = CASES[case] if case in CASES else RULESET_CASES[case]
    folder = scenario_dir(scenario=patch) if case in CASES else scenario_dir(ruleset=patch)
    code, out, err = run("check", folder)
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and "checks pass" not in out
    assert field in err and ("scenario.toml" if case in CASES else "rules.toml") in err, err
    code, out, err = run("kit", folder, "--out", tmp_path / "kit")
    assert code == 2, (code, out, err)
    assert field in err, err
    assert not (tmp_path / "kit").exists()


def test_a_bad_lesson_policy_is_named_with_its_file_and_line(run, scenario_dir):
    folder = scenario_dir(scenario={"simulation": {"lesson": {"allied": "charge"}}})
    code, out, err = run("check", folder)
    text = (folder / "scenario.toml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, t in enumerate(text, start=1) if "charge" in t)
    assert f"scenario.toml, line {line}" in err, err
    assert "simulation.policies" not in err


def test_a_lesson_beyond_the_turn_limit_says_the_allowed_range(run, scenario_dir, tmp_path):
    folder = scenario_dir(scenario=LESSON_TOO_LONG)
    code, out, err = run("check", folder)
    assert code == 2
    assert "2965 turns" in err and "from 10 to 300" in err, err
    folder = scenario_dir(scenario={"lesson": {"minutes_per_turn": 5}})       # the kit's --periods, --minutes
    code, out, err = run("kit", folder, "--periods", "10", "--minutes", "300", "--out", tmp_path / "kit")
    assert code == 2 and "lesson.minutes_per_turn" in err and "from 10 to 300" in err, err
    assert not (tmp_path / "kit").exists()


def test_the_lesson_fitted_to_fewer_ships_stays_within_the_turn_limit():
    """Fewer ships make quicker turns (printgen/lesson/timing.py), never more turns than limits.TURNS."""
    from printgen import limits
    from printgen.data.lesson import Lesson
    from printgen.lesson.timing import fit

    lesson = Lesson(periods=10, period_minutes=300, minutes_per_turn=11)
    assert lesson.turn_limit <= limits.TURNS
    assert fit(lesson, 2, 60).turn_limit <= limits.TURNS


@pytest.mark.parametrize("what", ["a folder", "a FIFO"])
def test_a_ships_file_that_is_not_a_file_is_called_so(run, scenario_dir, what):
    import os

    folder = scenario_dir()
    (folder / "ships.csv").unlink()
    if what == "a folder":
        (folder / "ships.csv").mkdir()
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(folder / "ships.csv")
    code, out, err = run("check", folder)
    assert code == 2, (code, out, err)
    said = "is a folder, not a file" if what == "a folder" else "is not a plain file (a pipe or a device)"
    assert f"ships.csv: {said}" in err and "not found" not in err, err
