"""The broadside family's look, in each edition: its nations (one colour and one pattern each, the
same on every sheet: pieces, maps, cards, markers), and what only its pieces draw: the ship's
profile (hull, gun-deck band, sails, rigging, gun ports) and the nations' ensigns."""

from __future__ import annotations

from printgen.draw.theme import BLACK, COPY_LINE, WHITE, Nation, Paint, nation_paints

# colours that stay apart for colour-blind eyes, from each other and from the water (tests/test_colour_vision.py);
# the British the gun-deck ochre of Nelson's fleet, the first nation of each side plain
NATIONS: dict[str, Nation] = {
    "British": Nation("#e5d65d", "#6b5d00"),
    "French": Nation("#5b9cdc", "#12325e", "hatched"),
    "Spanish": Nation("#d97078", "#5c1419", "dotted"),
    "American": Nation("#b07cc6", "#3d1f52", "dotted"),        # Lake Erie: never beside the Spanish
}

_PAINTS: dict[str, dict[str, Paint]] = {
    "color": {
        "rigging": Paint(stroke="#555555", width=0.3),
        "port": Paint(fill="#111111"),
        "hull": Paint(fill="#1d1d1d", stroke=BLACK, width=0.5),
        "sail": Paint(fill="#f4ecd8", stroke="#6b5e45", width=0.4),
        "ensign.British": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "ensign.British.cross": Paint(fill="#c8102e"),
        "ensign.British.canton": Paint(fill="#012169"),
        "ensign.French": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "ensign.French.blue": Paint(fill="#0a3a8c"),
        "ensign.French.red": Paint(fill="#d0202e"),
        "ensign.Spanish": Paint(fill="#f1bf00", stroke="#444444", width=0.3),
        "ensign.Spanish.red": Paint(fill="#aa151b"),
        "ensign.American": Paint(fill=WHITE, stroke="#444444", width=0.3),
        "ensign.American.red": Paint(fill="#b22234"),
        "ensign.American.canton": Paint(fill="#3c3b6e"),
        "ensign": Paint(fill=WHITE, stroke="#444444", width=0.3),          # a nation without its own ensign
    },
    "bw": {
        "rigging": Paint(stroke="#555555", width=0.3),          # a detail a copy may lose
        "port": Paint(fill=BLACK),
        "hull": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
        "band": Paint(stroke=BLACK, width=0.5),                 # open: the hull's pattern shows through
        "sail": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
        "ensign.British.cross": Paint(fill="#333333"),
        "ensign.British.canton": Paint(fill="#333333"),
        "ensign.French.blue": Paint(fill="#333333"),
        "ensign.French.red": Paint(fill="#aaaaaa"),
        "ensign.Spanish.red": Paint(fill="#555555"),
        "ensign.American.red": Paint(fill="#555555"),
        "ensign.American.canton": Paint(fill="#333333"),
    },
}


def paints(edition: str) -> dict[str, Paint]:
    return {**_PAINTS[edition], **nation_paints(NATIONS, edition)}
