"""Issue 44, item 5: large print on everything a pupil handles. The large-print edition's pieces of
all five built-in battles (the rulers and gauges, the status markers, the obstacle markers, the ship
pieces), drawn as the kit draws them and read back from their PDFs: every character of the rulers
and markers at 14 pt or more, every character of the ship pieces at 12 pt or more (a ship's name
on its hull or base, its BOW and STERN, "glue", the how-to notes, the page's frame)."""

from __future__ import annotations

import pytest

BATTLES = ("trafalgar", "nile-1798", "lake-erie-1813", "lepanto-1571", "sluys-1340")
FLOOR = {"rulers": 14.0, "status-markers": 14.0, "markers": 14.0, "sprites": 12.0}


def _pieces(scenario: str, tmp_path):
    """Each cut-out document of the battle's large-print kit: kind -> its PDF's path."""
    from printgen.draw.render import render
    from printgen.kit.build import plan_kit
    from printgen.registry.documents import declared
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario=scenario, students=24, edition="large"))
    o = plan.options.but(edition="large")
    out = {}
    for kind, record in declared(plan.scenario.ruleset).items():
        if record.cut_out and record.in_kit_of(plan.scenario.ruleset, o):
            path = tmp_path / f"{kind}.pdf"
            path.write_bytes(render(record.make(plan, o), "large", "pdf").files[0][1])
            out[kind] = path
    return out


def _size(c) -> float:
    """A character's type size: its advance over its glyph's width at 1 pt (pdfplumber's "size" of a
    character turned 90 degrees, STERN read from the stern, is its glyph's width, not its size)."""
    from printgen.draw import fonts

    face = "bold" if "Bold" in c["fontname"] else "italic" if "Oblique" in c["fontname"] else "regular"
    unit = fonts.width(c["text"], 1.0, face)
    return c["adv"] / unit if unit else c["size"]


def _names(scenario: str) -> set[str]:
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    ships = plan_kit(KitRequest(scenario=scenario, students=24, edition="large")).scenario.fleet.ships
    return {w for ship in ships for w in ship.name.split()} | {w for ship in ships for w in ship.said.split()}


@pytest.mark.parametrize("scenario", BATTLES)
def test_every_piece_a_pupil_handles_is_large_print(scenario, tmp_path):
    """Every character read back at its floor; on the top-down bases of Lepanto and Sluys (a galley's
    deck 0.5" to 0.9" wide), a ship's name is as large as its deck's row holds (the docs and
    typescale.LARGE_PIECES say so), and every other word on them at 12 pt."""
    import pdfplumber

    pieces = _pieces(scenario, tmp_path)
    assert set(pieces) >= {"rulers", "sprites"}, set(pieces)
    assert set(pieces) <= set(FLOOR), set(pieces)
    decks = scenario in ("lepanto-1571", "sluys-1340")
    names = _names(scenario) if decks else set()
    small, name_sizes = [], []
    for kind, path in pieces.items():
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                chars = [c for c in page.chars if c["text"].strip()]
                assert chars, f"{kind} page {number} prints nothing"
                on_deck = set()
                if kind == "sprites" and decks:
                    for word in page.extract_words(extra_attrs=["size"], return_chars=True):
                        if word["upright"] and word["text"] in names:
                            on_deck |= {id(c) for c in chars if any(c is w or (c["x0"], c["top"]) == (w["x0"], w["top"])
                                                                       for w in word["chars"])}
                upright = {round(_size(c), 2) for c in chars if id(c) in on_deck}
                on_deck |= {id(c) for c in chars if c["matrix"][0] < 0 and round(_size(c), 2) in upright}  # upside down
                words = {}
                for c in chars:
                    if id(c) in on_deck:
                        name_sizes.append(_size(c))
                    elif _size(c) < FLOOR[kind] - 0.01:
                        words.setdefault(round(_size(c), 1), []).append(c["text"])
                small += [f"{kind} p{number}: {''.join(t)[:40]!r} at {size} pt" for size, t in sorted(words.items())]
    assert not small, "\n".join(small[:40])
    assert not decks or name_sizes, "no ship's name read on the decks"


@pytest.mark.parametrize("scenario", ["trafalgar", "nile-1798"])
def test_spanish_large_print_markers_hold_their_words_at_14_pt(scenario, tmp_path):
    """The Spanish large-print kits (A4, centimetres: the rule's inch is 2.5 cm) stopped on their markers:
    "ENGANCHADO CON GARFIOS" and "PROA AL VIENTO" did not fit at 14 pt. Drawn in Spanish and read back:
    every marker's word at 14 pt or more, the grappled marker saying "ENGANCHADO" (the glossary's short form)."""
    import pdfplumber

    from printgen.draw.render import render
    from printgen.i18n import using
    from printgen.kit.build import plan_kit
    from printgen.registry.documents import declared
    from printgen.request import KitRequest

    with using("es"):
        plan = plan_kit(KitRequest(scenario=scenario, students=24, edition="large", lang="es", units="cm",
                                   paper="a4"))        # as `printgen kit --lang es` defaults
        o = plan.options.but(edition="large")
        record = declared(plan.scenario.ruleset)["status-markers"]
        path = tmp_path / "markers.pdf"
        path.write_bytes(render(record.make(plan, o), "large", "pdf").files[0][1])
    with pdfplumber.open(path) as pdf:
        text = " ".join((p.extract_text() or "") for p in pdf.pages)
        sizes = [_size(c) for p in pdf.pages for c in p.chars if c["text"].strip()]
    assert "ENGANCHADO" in text and "PROA AL" in text
    assert min(sizes) >= 14.0 - 0.05, min(sizes)
