"""A chained ship's record card says it is chained, and gives no move to make: the French teacher who read
L'Ecluse's kit (this session) found the chained French ships' records giving "Move 4", an attack speed
and its boxes, and a sail to furl, while their captain cards said they never move. Read back from the
printed record cards: one "chained" line for each ship of a chained squadron, and a move, an attack
speed and its boxes only for the others."""

from __future__ import annotations

import io
import re

from pdfread import page_texts


def test_a_chained_ships_record_gives_no_move():
    from printgen.draw.render import render
    from printgen.kit.build import lay_out, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("sluys-1340", 24, edition="bw"))
    chained = set(plan.scenario.file.fleet.chained)
    ships = [p.ship for p in plan.deployment.placements]
    held = sum(s.squadron in chained for s in ships)
    assert 0 < held < len(ships)
    drawing, pages = lay_out(plan, "bw", "records")
    data = render(drawing, "bw", "pdf", pages=pages).files[0][1]
    text = " ".join(" ".join(t.split()) for t in page_texts(io.BytesIO(data)))
    assert text.count("Chained to its line: it does not move all game") == held
    assert len(re.findall(r"Move \d+(\.\d)?\", attack speed", text)) == len(ships) - held
    assert text.count("Attack speed: at most") == len(ships) - held
