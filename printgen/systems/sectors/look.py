"""The sectors family's look, in each edition: its nations (one colour and one pattern each, the same
on every sheet: pieces, maps, cards), and what only its pieces and gauges draw: the top-down hulls
(rails, decks, castles, oars, rams, dragons, shields), the sector lines, the banners, and the wind
gauge's arcs and the movement sticks' colours."""

from __future__ import annotations

from printgen.draw.theme import BLACK, COPY_LINE, EDGE_RED, WHITE, Hatch, Nation, Paint, nation_paints

# colours that stay apart for colour-blind eyes, from each other and from the water (tests/test_colour_vision.py);
# the French as at Trafalgar
NATIONS: dict[str, Nation] = {
    "English": Nation("#d97078", "#5c1419"),
    "French": Nation("#5b9cdc", "#12325e", "hatched"),
    "Genoese": Nation("#ecd580", "#5e4a00", "dotted"),
}

_PAINTS: dict[str, dict[str, Paint]] = {
    "color": {
        # movement sticks: blue, sky and purple, clear of Trafalgar's green/yellow/red wind edges
        "swatch.move": Paint(fill="#2f5fa8"),
        "swatch.wind": Paint(fill="#6fb3dc"),
        "swatch.attack": Paint(fill="#7a3f9d"),
        "wind.nogo": Paint(fill="#f6b6a0", stroke=EDGE_RED, width=0.6),
        "wind.bonus": Paint(fill="#a8d8ea", stroke="#1f6f8b", width=0.6),
        "rail": Paint(fill="#8a6236", stroke="#3b2a1a", width=0.5),
        "deck": Paint(fill="#ecd9b0", stroke="#8a6236", width=0.3),
        "castle": Paint(fill="#d9bc88", stroke="#7a5a30", width=0.5),
        "tower": Paint(fill="#d9bc88", stroke="#7a5a30", width=0.5),
        "oar": Paint(stroke="#6b4a2a", width=0.6),
        "ram": Paint(fill="#6d5b3a", stroke="#3b2a1a", width=0.4),
        "dragon": Paint(fill="#7a4a1e", stroke="#3b2a1a", width=0.4),
        "dragon.eye": Paint(fill="#f2c230"),
        "shield": Paint(fill="#f2c230", stroke="#3b2a1a", width=0.3),
        "sector": Paint(stroke="#333333", width=0.45, dash=(2, 1.5)),
        "sector.keel": Paint(stroke="#8a6236", width=0.45, dash=(2, 1.5)),
        "sector.label": Paint(fill="#333333"),
        "banner": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "banner.English": Paint(fill="#c8102e", stroke="#444444", width=0.3),
        "banner.English.charge": Paint(fill="#f2c230"),
        "banner.French": Paint(fill="#0a3a8c", stroke="#444444", width=0.3),
        "banner.French.charge": Paint(fill="#f2c230"),
        "banner.Genoese": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "banner.Genoese.charge": Paint(fill="#c8102e"),
    },
    "bw": {
        "wind.nogo": Paint(fill="#bbbbbb", stroke=BLACK, width=COPY_LINE, hatch=Hatch(135, 4.0, COPY_LINE, BLACK)),
        "wind.bonus": Paint(fill="#eeeeee", stroke=BLACK, width=COPY_LINE),
        "rail": Paint(fill="#cccccc", stroke=BLACK, width=COPY_LINE),
        "deck": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
        "castle": Paint(fill="#eeeeee", stroke=BLACK, width=COPY_LINE),
        "tower": Paint(fill="#eeeeee", stroke=BLACK, width=COPY_LINE),
        "oar": Paint(stroke=BLACK, width=COPY_LINE),
        "ram": Paint(fill="#555555", stroke=BLACK, width=0.4),
        "dragon": Paint(fill="#777777", stroke=BLACK, width=0.4),
        "dragon.eye": Paint(fill=WHITE),
        "shield": Paint(fill=WHITE, stroke=BLACK, width=0.3),
        "sector": Paint(stroke=BLACK, width=COPY_LINE, dash=(2.5, 2)),
        "sector.keel": Paint(stroke=BLACK, width=COPY_LINE, dash=(2.5, 2)),
        "sector.label": Paint(fill=BLACK),
        "banner": Paint(fill=WHITE, stroke=BLACK, width=0.4),
        "banner.English": Paint(fill="#999999", stroke=BLACK, width=0.4),
        "banner.English.charge": Paint(fill=WHITE),
        "banner.French": Paint(fill="#333333", stroke=BLACK, width=0.4),
        "banner.French.charge": Paint(fill=WHITE),
        "banner.Genoese": Paint(fill=WHITE, stroke=BLACK, width=0.4),
        "banner.Genoese.charge": Paint(fill=BLACK),
    },
}


def paints(edition: str) -> dict[str, Paint]:
    return {**_PAINTS[edition], **nation_paints(NATIONS, edition)}
