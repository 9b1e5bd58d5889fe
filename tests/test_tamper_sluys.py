"""Issue 16, the sectors family (Sluys 1340): the words that qualify a number -- a table's row and
column labels, and the qualifying words inside a rule sentence ("hit on 4-6 at short range") -- are
traced like numbers, so a kit whose words were swapped after printing fails `printgen check`,
naming the file and the page that prints them (found from trace.json, not fixed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from printgen.check.kit import check_kit
from tamper import copy_kit, edit_page, page_of, swap


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    where = tmp_path_factory.mktemp("tamper-sluys") / "k"
    result = subprocess.run([sys.executable, "-m", "printgen", "kit", "sluys-1340", "--edition", "bw", "--out", str(where)],
                            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stdout + result.stderr
    return where


def fails(folder) -> list[str]:
    lines: list[str] = []
    assert not check_kit(folder, echo=lines.append, quiet=True), "the check passed a tampered kit"
    return [line for line in lines if line.startswith("FAIL")]


SWAPS = [   # (what a user did, file, the traced item that locates the page, tamper, the discrepancy's item and text)
    ("missile rows swapped", "quickref-bw.pdf", ["label", "sides.english.name"], swap(b"English", b"French", 0),
     ("label:sides.english.name", "French")),
    ("missile columns' heads swapped", "quickref-bw.pdf", ["label", "missile.range_in.short"], swap(b"Short", b"Long", 0),
     ("label:missile.range_in.short", "Long")),
    ("ship types' columns swapped", "quickref-bw.pdf", ["label", "types.structure.bow"], swap(b"Bow", b"Stern", 0),
     ("label:types.structure.bow", "Ster")),
    ("sector rows swapped", "quickref-bw.pdf", ["label", "obstacles.sector.bow"], swap(b"Bow", b"Stern", 1),
     ("label:obstacles.sector.bow", "Ster")),
    ("a rule sentence's ranges swapped", "cards-bw.pdf", ["label", "missile.to_hit.english.short"],
     swap(b"short range", b"long range", 0), ("label:missile.to_hit.english.short", "long")),
    ("a collision factor renamed", "cards-bw.pdf", ["label", "collision.modifiers.bow"], swap(b"bow", b"stern", 0),
     ("label:collision.modifiers.", "")),
]


@pytest.mark.parametrize("what, name, item, change, says", SWAPS, ids=[s[0] for s in SWAPS])
def test_swapped_words_fail(built, tmp_path, what, name, item, change, says):
    kit = copy_kit(built, tmp_path)
    page = page_of(kit, name, item)
    edit_page(kit, name, page, change)
    found = fails(kit)
    source, text = says
    assert any(f.startswith(f"FAIL  {name}, page {page}: {source}") and f"'{text}" in f for f in found), found
