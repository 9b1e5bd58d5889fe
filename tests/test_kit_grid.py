"""Every combination of the kit's size options builds and passes its own check, both editions in one
kit: units, fleet fraction, scale and paper (16 kits). The cm half fleet once failed on a grid
label of the table-size map that ran into the edge's label."""

from __future__ import annotations

import itertools

import pytest

GRID = list(itertools.product(("in", "cm"), ("1", "0.5"), ("1", "0.5"), ("letter", "a4")))


@pytest.mark.slow
@pytest.mark.parametrize("units, fraction, scale, paper", GRID)
def test_kit_builds_and_checks(run, tmp_path, units, fraction, scale, paper):
    students = "20" if fraction == "1" else "11"          # the fewest the fleet allows: fewer captain cards
    code, out, err = run("kit", "trafalgar", "--edition", "both", "--units", units, "--fraction", fraction,
                         "--scale", scale, "--paper", paper, "--students", students, "--out", tmp_path / "kit")
    assert code == 0, out[-2000:] + err[-2000:]
    assert "documents agree with the rules and the fleet" in out
    assert (tmp_path / "kit" / "kit-bw.pdf").exists() and (tmp_path / "kit" / "kit-color.pdf").exists()
