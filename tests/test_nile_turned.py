"""The Nile's table is turned from the real bay (the French line's head points north on the table,
north-west in the bay; the shore east on the table, south and west in the bay): the map said "north
is up" and the story page "North is up." with the shore east and the British from the west, and only
the teacher's page said the table is turned (issue 45). The pupils' story page and the map say it."""

from __future__ import annotations

import pytest


def _read(plan, kind: str) -> str:
    from printgen.check.kit import check_bytes
    from printgen.check.pdfread import open_pages
    from printgen.kit.build import _check, _document

    made = _document((plan, None), ("color", kind))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []
    with open_pages(made["pdf"]) as pages:
        return " ".join(" ".join(p.text().split()) for p in pages)


@pytest.mark.slow
def test_the_nile_story_page_and_map_say_the_table_is_turned():
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("nile-1798", 24))
    story = _read(plan, "background")
    assert "North is up." not in story
    assert "In the real bay the head of the line pointed north-west" in story
    assert "the shore lies to the east and the British come from the west" in story
    assert "north is up on this table, not in the real battle: see the story page" in _read(plan, "map")


@pytest.mark.slow
def test_a_table_that_is_the_real_compass_keeps_north_is_up():
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    assert "North is up." in _read(plan_kit(KitRequest("lake-erie-1813", 24)), "background")
