"""`printgen check` fails when a lesson number, a fate or a mark of the Trafalgar lesson changes after
printing (in a file of its own, beside tests/test_lesson.py: its kit and its checks are long, and a
test file runs on one worker)."""

from __future__ import annotations

import re

import pytest
from test_lesson import plan_of


@pytest.fixture(scope="module")
def lesson_kit(tmp_path_factory):
    """A kit printed from a copy of the scenario, so the test can change the data afterwards (a class
    of eight: its lesson search is a third of a full class's, and CI's minutes count)."""
    import shutil

    from printgen import paths
    from printgen.kit.build import build_kit

    root = tmp_path_factory.mktemp("lessonkit")
    folder = root / "scn"
    shutil.copytree(paths.fleets_dir() / "trafalgar", folder)
    shutil.copy(paths.rulesets_dir() / "trafalgar-fastplay.toml", folder / "rules.toml")
    toml = folder / "scenario.toml"
    toml.write_text(toml.read_text().replace('ruleset = "trafalgar-fastplay"', 'ruleset = "rules.toml"'))
    out = root / "kit"
    build_kit(plan_of(str(folder), 8), out)
    return folder, out


def check_failures(out) -> list[str]:
    from printgen.check.kit import check_kit

    lines: list[str] = []
    check_kit(out, echo=lines.append, quiet=True)
    return [line for line in lines if line.startswith("FAIL")]


def edited(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return text


def test_the_lesson_kit_checks_clean(lesson_kit):
    assert check_failures(lesson_kit[1]) == []


@pytest.mark.parametrize("file, old, new, must", [
    ("scenario.toml", "captured = 3 ", "captured = 4 ", ["score-color.pdf", "victory_points('captured') prints '3', the rules say '4'",
                                                         "history_score('british') prints '33', the rules say '44'"]),
    # the turn's minutes are the ruleset's phase times (issue 44): a longer drift phase, fewer turns
    ("rules.toml", "minutes = [{ call = 1 },", "minutes = [{ call = 3 },",
     ["lesson-color.pdf", "turn_phase(0) prints '1', the rules say '3'", "turn_limit() prints"]),
    ("scenario.toml", '"victory" = { kind = "classroom"', '"victory" = { kind = "choice"',
     ["provenance('victory') prints 'classroomaddition', the rules say 'printgen's choice'"]),
    ("rules.toml", '"words.rulings" = { kind = "classroom"', '"words.rulings" = { kind = "default"',
     ["lesson-color.pdf", "provenance('words.rulings') prints 'classroomaddition', the rules say 'not from the source'"]),
    ("ships.csv", "Captured (Tonnant c.14:30)", "Escaped (Tonnant c.14:30)",
     ["debrief-color.pdf", "fleet:Algésiras (French).fate prints", "history_outcome('Algésiras (French)') prints 'aprize'"]),
    ("ships.csv", "Henry Digby", "Henry Digbie",
     ["debrief-color.pdf", "fleet:Africa (British).captain prints 'HenryDigby'"]),
    ("rules.toml", "long = [6, 12]", "long = [6, 14]", ["quickref-color.pdf", "rules say '14\"'"]),
])
def test_check_fails_when_the_data_changes_after_printing(lesson_kit, file, old, new, must):
    folder, out = lesson_kit
    path = folder / file
    before = edited(path, old, new)
    try:
        fails = "\n".join(check_failures(out))
    finally:
        path.write_text(before)
    for text in must:
        assert text in fails, (text, fails[:3000])


def test_check_fails_on_a_tampered_lesson_number(tmp_path, monkeypatch):
    """The printed turn limit and a ship's printed fate altered in the PDF's text: both caught."""
    from tamper import built_once, passed, remade
    from tamper import fails as tamper_fails

    from printgen.sheets.text import wording

    real = wording.Wording.put

    def tampered(self, t):
        marker = real(self, t)
        span = self.spans[-1]
        if span.source == ["turn_limit"] or span.source == ["fleet", "Santa Ana (Spanish)", "fate"]:
            self.spans[-1] = wording.Span("7" if span.source == ["turn_limit"] else "Sunk", span.font, span.source, span.kind)
        return marker

    # the default kit (built once a run, shared) checked before the change; then its documents printed
    # with the change into a copy (tamper.remade), which the check reads
    kit = built_once("trafalgar")
    passed(kit)
    monkeypatch.setattr(wording.Wording, "put", tampered)
    fails = "\n".join(tamper_fails(remade(kit, tmp_path, plan_of("trafalgar", 24))))
    assert "lesson-color.pdf, page 1: turn_limit() prints '7', the rules say '6'" in fails
    assert re.search(r"teacher-color.pdf, page \d: turn_limit\(\) prints '7'", fails)      # the turn tracker
    assert "debrief-color.pdf" in fails and "prints 'Sunk'" in fails
