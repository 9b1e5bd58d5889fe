"""Colour-blind students read the colour edition too: every pair of colours that carries meaning
stays apart under simulated protanopia, deuteranopia and tritanopia (coloraide's simulation
of full dichromacy), measured as CIEDE2000 distance.

The floor, 12, is about five times a just-noticeable difference (2.3): two colours a child names
differently at a glance, not two shades to compare side by side."""

from __future__ import annotations

from itertools import combinations

import pytest
from coloraide import Color

from printgen.draw.theme import theme
from printgen.registry import get

MIN_DE2000 = 12.0
VISIONS = ("normal", "protan", "deutan", "tritan")

# Colours that mean something, by what they tell apart; the pairs within a group must differ. Each
# group is read from the colour theme with its rule family's paints (Trafalgar: broadside, Sluys: sectors).
GROUPS = {
    "wind edges": ["edge.green", "edge.yellow", "edge.red"],
    "wind edges on the table": ["table", "edge.green", "edge.yellow", "edge.red"],
    "ruler marks (the edges' speeds)": ["swatch.green", "swatch.yellow", "swatch.red"],
    "Trafalgar's nations on the maps": ["ship.British", "ship.French", "ship.Spanish"],
    "Sluys's nations on the maps": ["ship.English", "ship.French", "ship.Genoese"],
    "Trafalgar's ships on the water": ["water", "ship.British", "ship.French", "ship.Spanish"],
    "Sluys's ships on the water": ["water", "ship.English", "ship.French", "ship.Genoese"],
    "Trafalgar's bases": ["base.British", "base.French", "base.Spanish"],
    "Sluys's bases": ["base.English", "base.French", "base.Genoese"],
    "Trafalgar's gun decks": ["band.British", "band.French", "band.Spanish"],
    "Lake Erie's ships on the water": ["water", "ship.American", "ship.British"],
    "Lake Erie's bases": ["base.American", "base.British"],
    "Lake Erie's gun decks": ["band.American", "band.British"],
    "Sluys's hulls": ["rail.English", "rail.French", "rail.Genoese"],
    "Sluys's banners": ["banner.English", "banner.French", "banner.Genoese"],
    "wind gauge": ["wind.nogo", "wind.bonus"],
    "Lepanto's nations on the maps": ["ship.Venetian", "ship.Spanish", "ship.Papal", "ship.Ottoman"],
    "Lepanto's ships on the water": ["water", "ship.Venetian", "ship.Spanish", "ship.Papal", "ship.Ottoman"],
    "Lepanto's bases": ["base.Venetian", "base.Spanish", "base.Papal", "base.Ottoman"],
    "Lepanto's hulls": ["rail.Venetian", "rail.Spanish", "rail.Papal", "rail.Ottoman"],
}
FAMILY = {"Trafalgar": "broadside", "Lake Erie": "broadside", "Sluys": "sectors", "Lepanto": "sectors",
          "wind gauge": "sectors"}


def colour_of(role: str, group: str = "") -> str:
    family = next((f for key, f in FAMILY.items() if group.startswith(key)), None)
    p = theme("color", get(family) if family else None).paint(role)
    return p.fill or p.stroke


def seen(hex_colour: str, vision: str) -> Color:
    c = Color(hex_colour)
    return c if vision == "normal" else c.filter(vision).convert("srgb")


def distance(a: str, b: str, vision: str) -> float:
    return seen(a, vision).delta_e(seen(b, vision), method="2000")


PAIRS = [(g, a, b) for g, roles in GROUPS.items() for a, b in combinations(roles, 2)]


@pytest.mark.parametrize("vision", VISIONS)
def test_colours_that_mean_something_stay_apart(vision):
    close = [(g, a, b, round(distance(colour_of(a, g), colour_of(b, g), vision), 1)) for g, a, b in PAIRS
             if distance(colour_of(a, g), colour_of(b, g), vision) < MIN_DE2000]
    assert not close, close


def test_the_measure_tells_the_classic_red_green_pair_apart_only_in_normal_vision():
    """The simulation works: the old edge colours pass for normal vision and fail for deuteranopes."""
    green, red = "#2e9b45", "#d33a2c"
    assert distance(green, red, "normal") > 40
    assert distance(green, red, "deutan") < MIN_DE2000
