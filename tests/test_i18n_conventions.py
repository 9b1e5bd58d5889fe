"""The reader's conventions (issue 46): a French or Spanish sheet measures in centimetres on A4 unless
the teacher chose otherwise (an option, PRINTGEN_PAPER / PRINTGEN_UNITS, `printgen config`); every
length is converted, a real galley's feet as well as the game's inches."""

from __future__ import annotations

import subprocess

import pytest
from langkit import run

A4 = "595.276 x 841.89"
LETTER = "612 x 792"


def _page_and_text(folder) -> tuple[str, str]:
    pdf = next(folder.glob("quickref-*.pdf"))
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    size = next(line for line in info.splitlines() if line.startswith("Page size"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return size, text


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_french_and_spanish_print_metric_on_a4_by_default(tmp_path, lang):
    done = run("quickref", "trafalgar", "--lang", lang, "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    size, text = _page_and_text(tmp_path)
    assert A4 in size and " cm" in text and '"' not in text and "pouce" not in text and "pulgada" not in text


def test_the_teacher_s_choice_still_wins(tmp_path):
    by_option = run("quickref", "trafalgar", "--lang", "fr", "--paper", "letter", "--units", "in",
                    "--out", str(tmp_path / "a"))
    assert by_option.returncode == 0, by_option.stderr
    size, text = _page_and_text(tmp_path / "a")
    assert LETTER in size and '"' in text
    by_setting = run("quickref", "trafalgar", "--lang", "es", "--out", str(tmp_path / "b"),
                     PRINTGEN_PAPER="letter", PRINTGEN_UNITS="in")
    assert by_setting.returncode == 0, by_setting.stderr
    size, text = _page_and_text(tmp_path / "b")
    assert LETTER in size and '"' in text
    english = run("quickref", "trafalgar", "--out", str(tmp_path / "c"))
    assert english.returncode == 0, english.stderr
    size, text = _page_and_text(tmp_path / "c")
    assert LETTER in size and '"' in text and " cm" not in text


def test_a_real_length_in_feet_is_in_metres_in_a_metric_kit():
    """A galley "about 117 feet long" is history, not the table: metres in a metric kit, never scaled."""
    from printgen.rules.printed import fmt
    from printgen.units import Measure

    assert fmt(117, "length", Measure(0.5, "cm", "fr")) == "36 m"
    assert fmt(117, "length", Measure(1.0, "in", "fr")) == "117 pi"
    assert fmt(117, "length", Measure(1.0, "in", "en")) == "117 ft"
