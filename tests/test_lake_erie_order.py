"""Lake Erie's Americans come down in line ahead as Perry ordered it: the schooners Scorpion and
Ariel ahead of the Lawrence (issue 45: the map put the Lawrence at the head, against the scenario's
own comment). Read from the map's placement table: heading east, ahead is farther from the west edge."""

from __future__ import annotations

import re

import pytest


@pytest.mark.slow
def test_the_scorpion_and_the_ariel_sail_ahead_of_the_lawrence():
    from printgen.check.kit import check_bytes
    from printgen.check.pdfread import open_pages
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("lake-erie-1813", 24))
    made = _document((plan, None), ("color", "map"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []
    with open_pages(made["pdf"]) as pages:
        text = "\n".join(p.text() for p in pages)
    rows = {name: (float(west), float(south), int(heading)) for name, west, south, heading in
            re.findall(r"\d+ (Scorpion|Ariel|Lawrence) US ([\d.]+)\" ([\d.]+)\" (\d+)°", text)}
    assert set(rows) == {"Scorpion", "Ariel", "Lawrence"}, rows
    assert all(60 <= h <= 120 for _, _, h in rows.values()), "they head east"
    assert rows["Scorpion"][0] > rows["Ariel"][0] > rows["Lawrence"][0], rows
    assert max(abs(rows[n][1] - rows["Lawrence"][1]) for n in rows) < 2, "one file, in line ahead"
