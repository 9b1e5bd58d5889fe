"""A teacher's own battle (docs/your-own-battle.md): Cape St Vincent, 1797, a battle that exists only in
the tests' data (tests/data/own-battle/, made as the guide says: a copy of fleets/trafalgar/ edited, no
[victory], [lesson] or [simulation] of its own, flagships by the ships.csv column). printgen plans a
lesson for it, builds a kit that passes its own check, and simulates the game the kit prints; and the
mistakes the guide lists get the messages it quotes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from langkit import build_checked
from pdfread import page_texts

from printgen.request import KitRequest

BATTLE = Path(__file__).parent / "data" / "own-battle"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    where = tmp_path_factory.mktemp("own") / "kit"
    return build_checked(where, KitRequest(str(BATTLE), students=12, periods=1))


def test_it_is_in_no_fleets_folder():
    from printgen import paths

    assert not (paths.fleets_dir() / BATTLE.name).exists()
    built_in = paths.fleets_dir().glob("*/scenario.toml")
    assert "St Vincent" not in " ".join(p.read_text(encoding="utf-8") for p in built_in)


def test_its_kit_passes_its_check_with_a_fitted_lesson(kit):
    folder, plan = kit
    text = " ".join(" ".join(t.split()) for t in page_texts(folder / "lesson-color.pdf"))
    assert "Cape St Vincent, 14 February 1797" in text
    assert "The game:" in text and "the computer played this game" in text
    assert plan.scenario.lesson.turn_limit >= 3
    sides = {s.side for s in plan.scenario.fleet.ships}
    assert sides == {"british", "allied"}
    debrief = " ".join(" ".join(t.split()) for t in page_texts(folder / "debrief-color.pdf"))
    assert "Captured" in debrief and "Nelson left the line" in debrief
    teacher = " ".join(" ".join(t.split()) for t in page_texts(folder / "teacher-color.pdf"))  # its victory points
    assert "the kit's default: the scenario does not set it" in teacher


def test_it_simulates_the_game_its_kit_prints(run):
    code, out, err = run("simulate", str(BATTLE), "--periods", "1", "--students", "12", "--games", "60")
    assert code == 0, err
    assert "The lesson's game" in out and "British" in out and "wins" in out and "Franco-Spanish" in out


@pytest.mark.parametrize("edit, message", [
    (("ships.csv", "Culloden,British,", "Culloden,English,"), "unknown nation 'English' for Culloden"),
    (("ships.csv", "Culloden,British,Van,74,no", "Culloden,British,Van,74,maybe"),
     "flagship 'maybe' for Culloden is not yes or no"),
    (("scenario.toml", '"Captain", "Excellent"', '"Captain", "Excelent"'), "no ship named 'Excelent' in ships.csv"),
    (("scenario.toml", "tolerance_ships = 2", "tolerance_ship = 2"),
     "field 'history.tolerance_ship': is not a setting printgen knows"),
    (("scenario.toml", 'side = "allied"', 'side = "spanish"'), "is on side 'spanish', which the ruleset does not have"),
])
def test_the_guides_mistakes_get_the_guides_messages(run, tmp_path, edit, message):
    """Each mistake the guide shows, made in a copy: printgen check exits 2 with the message the guide quotes."""
    folder = tmp_path / "battle"
    shutil.copytree(BATTLE, folder)
    name, old, new = edit
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = run("check", str(folder))
    assert code == 2 and message in err, err
    guide = (Path(__file__).parent.parent / "docs" / "your-own-battle.md").read_text(encoding="utf-8")
    assert message in " ".join(guide.split())                # the guide quotes printgen's own words
