"""The lesson plan's copies table counts the plays page's real pages (lang6's finding, issue 46): the plays
page is one page by construction, so it is counted without drawing it, but where a language's words run it
over (the small Trafalgar kit's once went to 2 pages), the count the build took from the drawn page is the
one the lesson plan, index.html and the sheets print, not a stale 1."""

from __future__ import annotations


def test_a_drawn_count_wins_over_one_page_by_construction():
    from printgen.game.materials import document_pages, sheets
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario="trafalgar", students=24))
    assert "plays" in plan.kinds() and plan.record("plays").one_page
    assert document_pages(plan, "plays") == 1                     # not drawn: one page by construction
    one = sheets(plan, "plays")
    plan.page_counts()[plan.count_key("plays")] = 2                # the build drew it: it ran over
    assert document_pages(plan, "plays") == 2
    assert sheets(plan, "plays") == 2 * one                        # one-sided: both pages of each copy
