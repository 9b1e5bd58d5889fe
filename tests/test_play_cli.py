"""`printgen simulate` as a teacher types it, and the lesson data it reads."""

from __future__ import annotations

import re

from printgen.data.lesson import DEFAULTS
from printgen.data.scenario import load_scenario
from printgen.rules.provenance import Provenance


def test_simulate_prints_rates_lengths_struck_and_the_turn_limit(run):
    code, out, err = run("simulate", "trafalgar", "--ships", "8", "--games", "30", "--seed", "3")
    assert code == 0, err
    from printgen.game.reduce import reduce_fleet

    # the turn's minutes are its phases' for the ships in play (printgen.data.turn_time): 8 ships' turns
    limit = reduce_fleet(load_scenario("trafalgar"), ships=8)[0].lesson.turn_limit
    assert f"30 games, seed 3, 8 ships, turn limit {limit} (classroom addition" in out
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith(("British", "Franco-Spanish"))
            and "(" in line and "%" in line and "struck" not in line}
    assert set(rows) == {"British", "Franco-Spanish"}
    cells = [re.findall(r"(\d+\.\d)% \((\d+\.\d)%-(\d+\.\d)%\)", row) for row in rows.values()]
    for row in cells:
        assert len(row) == 3 and abs(sum(float(p) for p, _, _ in row) - 100) < 0.2     # win + draw + loss
        assert all(float(lo) <= float(p) <= float(hi) for p, lo, hi in row)
    histogram = [line for line in out.splitlines() if re.match(r"\s+\d+ \| #+", line)]
    assert histogram and sum(int(line.split()[3]) for line in histogram) == 30
    assert "ships struck on average" in out and "Decided by the turn limit" in out


def test_simulate_output_is_the_same_for_the_same_seed(run):
    a = run("simulate", "trafalgar", "--ships", "8", "--games", "12", "--workers", "1")
    b = run("simulate", "trafalgar", "--ships", "8", "--games", "12", "--workers", "2")
    assert a[0] == b[0] == 0 and a[1] == b[1]


def test_a_policy_from_the_command_line_overrides_the_scenario(run):
    code, out, _ = run("simulate", "trafalgar", "--ships", "8", "--games", "4", "--policy", "allied=close-and-fire")
    assert code == 0 and "Franco-Spanish close-and-fire (--policy)" in out
    code, _, err = run("simulate", "trafalgar", "--games", "4", "--policy", "allied=ram-everything")
    assert code == 2 and "no policy 'ram-everything'" in err and "close-and-fire, hold-the-line" in err
    code, _, err = run("simulate", "trafalgar", "--games", "4", "--policy", "dutch=hold-the-line")
    assert code == 2 and "no side 'dutch'" in err and "Traceback" not in err


def test_sluys_plays_under_the_sectors_engine_and_both_sides_win_games(run):
    """The medieval game through the family's hook: English and French each win some of 60 games."""
    code, out, err = run("simulate", "sluys-1340", "--games", "60", "--seed", "1340")
    assert code == 0, err
    assert f"60 games, seed 1340, 30 ships, turn limit {load_scenario('sluys-1340').lesson.turn_limit}" in out
    wins = {line.split()[0]: float(line.split()[1].rstrip("%")) for line in out.splitlines()
            if line.startswith(("English", "French")) and "%" in line}
    assert set(wins) == {"English", "French"} and all(w >= 10 for w in wins.values()), out


def test_bad_counts_are_refused(run):
    assert run("simulate", "trafalgar", "--games", "0")[0] == 2
    assert run("simulate", "trafalgar", "--turns", "0")[0] == 2


def test_the_turn_limit_comes_from_the_lesson_minutes(run, scenario_dir):
    folder = scenario_dir(scenario={"lesson": {"periods": 3, "minutes_per_turn": 4}})
    s = load_scenario(str(folder))
    assert s.lesson.turn_limit == (3 * 50 - 10 - 10 - 15) // 4 == 28
    code, out, _ = run("simulate", str(folder), "--ships", "8", "--games", "2")
    assert code == 0 and "turn limit 28 " in out


def test_a_scenario_without_a_lesson_gets_printgens_choice(scenario_dir):
    import tomllib

    import tomli_w

    folder = scenario_dir()
    data = tomllib.loads((folder / "scenario.toml").read_text(encoding="utf-8"))
    for key in ("lesson", "victory", "simulation"):
        data.pop(key)
    data["provenance"] = {k: v for k, v in data.get("provenance", {}).items() if k not in ("lesson", "victory")}
    (folder / "scenario.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    s = load_scenario(str(folder))
    assert s.lesson == DEFAULTS["lesson"] and Provenance(s.provenance_table).words("lesson") == "printgen's choice"
    from printgen.data.simulation import policies_of

    assert policies_of(s) == {side: ("close-and-fire", "printgen's choice") for side in s.ruleset.sides}


def test_a_lesson_with_no_time_to_play_is_refused_with_its_field(run, scenario_dir):
    folder = scenario_dir(scenario={"lesson": {"debrief_minutes": 95}})
    code, _, err = run("simulate", str(folder), "--games", "2")
    assert code == 2 and "lesson" in err and "less than one turn" in err and "Traceback" not in err


def test_an_unknown_policy_in_the_scenario_names_its_field(run, scenario_dir):
    folder = scenario_dir(scenario={"simulation": {"policies": {"allied": "flee"}}})
    code, _, err = run("simulate", str(folder), "--games", "2")
    assert code == 2 and "simulation.policies.allied" in err and "no policy 'flee'" in err


def test_report_and_replay_are_written_where_asked(run, tmp_path):
    report, replay = tmp_path / "plays.pdf", tmp_path / "game.pdf"
    code, out, err = run("simulate", "trafalgar", "--ships", "8", "--games", "6", "--report", report,
                         "--replay", replay, "--replay-game", "5")
    assert code == 0, err
    assert report.read_bytes()[:5] == b"%PDF-" and replay.read_bytes()[:5] == b"%PDF-"
    assert f"wrote {report}" in out and f"wrote {replay}" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pdf", "plays.pdf"]       # nothing else
    code, _, err = run("simulate", "trafalgar", "--games", "6", "--replay-game", "6", "--replay", replay)
    assert code == 2 and "--replay-game" in err


def test_lesson_numbers_beyond_a_timetable_are_refused(run, scenario_dir):
    folder = scenario_dir(scenario={"lesson": {"periods": 1000}})
    code, _, err = run("simulate", str(folder), "--games", "2")
    assert code == 2 and "lesson.periods" in err


def test_workers_end_quietly():
    """A real process (the workers' stderr is the terminal's): no worker prints on its way out."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "printgen", "simulate", "trafalgar", "--ships", "8", "--games", "40",
                           "--workers", "2"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "wins" in done.stdout
    assert "Traceback" not in done.stderr and "Terminated" not in done.stderr, done.stderr
