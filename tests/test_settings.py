"""A teacher's usual choices (printgen config): kept in a file, overridden by PRINTGEN_* variables, both
overridden by a typed option; a bad value is an error naming where it came from."""

from __future__ import annotations

import pdfplumber
import pytest


@pytest.fixture
def config(tmp_path, monkeypatch):
    path = tmp_path / "settings" / "config.toml"
    monkeypatch.setenv("PRINTGEN_CONFIG", str(path))
    return path


def page_width_in(pdf) -> float:
    with pdfplumber.open(pdf) as doc:
        return round(float(doc.pages[0].width) / 72, 2)


def test_a_kept_choice_is_used_until_an_option_or_variable_overrides_it(run, config, tmp_path, monkeypatch):
    code, out, _ = run("config", "paper", "a4")
    assert code == 0 and config.read_text(encoding="utf-8") == 'paper = "a4"\n'
    run("quickref", "trafalgar", "--out", tmp_path / "kept")
    assert page_width_in(tmp_path / "kept" / "quickref-color.pdf") == 8.27            # A4: 210 mm
    run("quickref", "trafalgar", "--paper", "letter", "--out", tmp_path / "typed")
    assert page_width_in(tmp_path / "typed" / "quickref-color.pdf") == 8.5
    monkeypatch.setenv("PRINTGEN_PAPER", "letter")
    run("quickref", "trafalgar", "--out", tmp_path / "variable")
    assert page_width_in(tmp_path / "variable" / "quickref-color.pdf") == 8.5
    code, out, _ = run("config")
    row = next(line for line in out.splitlines() if line.split()[:1] == ["paper"])
    assert row.split()[1] == "letter" and "PRINTGEN_PAPER" in row
    code, out, _ = run("kit", "--help")
    assert "[default: letter]" in " ".join(out.split())


def test_both_editions_are_the_kits_alone(run, config, tmp_path):
    run("config", "edition", "both")
    code, out, _ = run("kit", "--help")
    assert "[default: both]" in " ".join(out.split())
    code, _, err = run("quickref", "trafalgar", "--out", tmp_path / "q")           # a sheet keeps its own default
    assert code == 0 and (tmp_path / "q" / "quickref-color.pdf").exists()


def test_unset_keeps_the_teachers_comments(run, config):
    config.parent.mkdir(parents=True)
    config.write_text("# my school's printer\npaper = \"a4\"\nunits = \"cm\"\n", encoding="utf-8")
    code, out, _ = run("config", "units", "--unset")
    assert code == 0 and config.read_text(encoding="utf-8") == "# my school's printer\npaper = \"a4\"\n"


@pytest.mark.parametrize("text, said", [
    ('paper = "a5"\n', "paper = 'a5' is not one of letter, a4"),
    ('students = 0\n', "students = 0 is not a number of students"),
    ('colour = "bw"\n', "'colour' is not a setting printgen knows"),
    ('paper = "a4\n', "is not valid TOML"),
])
def test_a_bad_file_is_an_error_naming_it(run, config, tmp_path, text, said):
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    code, _, err = run("quickref", "trafalgar", "--out", tmp_path / "q")
    assert code == 2 and said in err and str(config) in err and "Traceback" not in err
    assert not (tmp_path / "q").exists()
    code, _, err = run("config", "paper", "letter")                                 # never written over
    assert code == 2 and config.read_text(encoding="utf-8") == text


def test_a_bad_variable_is_named(run, config, monkeypatch):
    monkeypatch.setenv("PRINTGEN_STUDENTS", "lots")
    code, _, err = run("config")
    assert code == 2 and "PRINTGEN_STUDENTS" in err and "whole number" in err
    monkeypatch.delenv("PRINTGEN_STUDENTS")
    code, _, err = run("config", "units", "mm")
    assert code == 2 and "'mm' is not one of in, cm" in err


def test_the_web_form_starts_from_the_usual_choices(config):
    from printgen import settings
    from printgen.serve.form import first_values

    settings.write("units", "cm")
    settings.write("students", "30")
    values = first_values()
    assert values["units"] == "cm" and values["students"] == "30" and values["paper"] == "letter"
