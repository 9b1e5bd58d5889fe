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
    """Every character read back at its floor, a ship's name too: on the top-down bases of Lepanto and
    Sluys (a galley's deck 0.5" to 0.9" wide) the name printed at 6.8 to 8 pt ("Cog of Southampton",
    "Barbavera's galley"); it now takes the deck's rows at 12 pt. Every ship's name is read on the pieces."""
    import pdfplumber

    pieces = _pieces(scenario, tmp_path)
    assert set(pieces) >= {"rulers", "sprites"}, set(pieces)
    assert set(pieces) <= set(FLOOR), set(pieces)
    small, read = [], set()
    for kind, path in pieces.items():
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                chars = [c for c in page.chars if c["text"].strip()]
                assert chars, f"{kind} page {number} prints nothing"
                if kind == "sprites":
                    read |= {w["text"] for w in page.extract_words() if w["upright"]}
                words = {}
                for c in chars:
                    if _size(c) < FLOOR[kind] - 0.01:
                        words.setdefault(round(_size(c), 1), []).append(c["text"])
                small += [f"{kind} p{number}: {''.join(t)[:40]!r} at {size} pt" for size, t in sorted(words.items())]
    assert not small, "\n".join(small[:40])
    if scenario in ("lepanto-1571", "sluys-1340"):
        assert not _names(scenario) - read, sorted(_names(scenario) - read)


@pytest.mark.parametrize("scenario,lang", [("sluys-1340", "fr"), ("sluys-1340", "es"), ("lepanto-1571", "fr"),
                                           ("lepanto-1571", "es")])
def test_ship_names_on_the_decks_at_12_pt_in_french_and_spanish(scenario, lang, tmp_path):
    """The French and Spanish names are longer ("Galera de los Cinco Puertos", "Cogue de Southampton"):
    drawn in that language, every character of the ship pieces at 12 pt or more, every name's words read."""
    import pdfplumber

    from printgen.draw.render import render
    from printgen.i18n import using
    from printgen.kit.build import plan_kit
    from printgen.registry.documents import declared
    from printgen.request import KitRequest

    with using(lang):
        plan = plan_kit(KitRequest(scenario=scenario, students=24, edition="large", lang=lang, units="cm",
                                   paper="a4"))
        o = plan.options.but(edition="large")
        path = tmp_path / "sprites.pdf"
        path.write_bytes(render(declared(plan.scenario.ruleset)["sprites"].make(plan, o), "large", "pdf").files[0][1])
        names = {w for ship in plan.scenario.fleet.ships for w in ship.said.split()}
    with pdfplumber.open(path) as pdf:
        small = sorted({(round(_size(c), 1), c["text"]) for p in pdf.pages for c in p.chars
                        if c["text"].strip() and _size(c) < 12.0 - 0.01})
        read = {w["text"] for p in pdf.pages for w in p.extract_words() if w["upright"]}
    assert not small, small[:20]
    assert not names - read, sorted(names - read)


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
