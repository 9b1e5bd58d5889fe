"""The sectors family's look, in each edition: its nations (one colour and one pattern each, the same
on every sheet: pieces, maps, cards), and what only its pieces and gauges draw: the top-down hulls
(rails, decks, castles, oars, rams, dragons, shields, guns, lanterns), the sector lines, the banners, and the wind
gauge's arcs and the movement sticks' colours."""

from __future__ import annotations

from printgen.draw.theme import BLACK, COPY_LINE, EDGE_RED, WHITE, Hatch, Nation, Paint, nation_paints

# colours that stay apart for colour-blind eyes, from each other and from the water (tests/test_colour_vision.py);
# the French as at Trafalgar
NATIONS: dict[str, Nation] = {
    "English": Nation("#d97078", "#5c1419"),
    "French": Nation("#5b9cdc", "#12325e", "hatched"),
    "Genoese": Nation("#ecd580", "#5e4a00", "dotted"),
    # Lepanto: the League's three flags and the Ottomans, apart for colour-blind eyes and from the water;
    # on a copy the Ottomans are hatched, the Spanish dotted, Venice and the Pope plain (their codes differ)
    "Venetian": Nation("#d4625c", "#5c1419"),
    "Spanish": Nation("#f2d27a", "#5e4a00", "dotted"),
    "Papal": Nation("#a58fd0", "#2e1f5c"),
    "Ottoman": Nation("#4fa38a", "#0f3d2f", "hatched"),
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
        "banner.Venetian": Paint(fill="#b0192a", stroke="#444444", width=0.3),
        "banner.Venetian.charge": Paint(fill="#f2c230"),
        "banner.Spanish": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "banner.Spanish.charge": Paint(fill="#c8102e"),
        "banner.Papal": Paint(fill="#f2c230", stroke="#444444", width=0.3),
        "banner.Papal.charge": Paint(fill=WHITE),
        "banner.Ottoman": Paint(fill="#c8102e", stroke="#444444", width=0.3),
        "banner.Ottoman.charge": Paint(fill=WHITE),
        "gun": Paint(fill="#2b2b2b", stroke="#111111", width=0.3),
        "lantern": Paint(fill="#f2c230", stroke="#3b2a1a", width=0.4),
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
        "banner.Venetian": Paint(fill="#999999", stroke=BLACK, width=0.4),
        "banner.Venetian.charge": Paint(fill=WHITE),
        "banner.Spanish": Paint(fill=WHITE, stroke=BLACK, width=0.4),
        "banner.Spanish.charge": Paint(fill=BLACK),
        "banner.Papal": Paint(fill=WHITE, stroke=BLACK, width=0.4),
        "banner.Papal.charge": Paint(fill="#777777"),
        "banner.Ottoman": Paint(fill="#333333", stroke=BLACK, width=0.4),
        "banner.Ottoman.charge": Paint(fill=WHITE),
        "gun": Paint(fill=BLACK, stroke=BLACK, width=0.3),
        "lantern": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
    },
}


def paints(edition: str) -> dict[str, Paint]:
    return {**_PAINTS[edition], **nation_paints(NATIONS, edition)}
