"""Ensigns by nation, drawn in a w x h box: British white ensign, French tricolour, Spanish
red-yellow-red, the American stars and stripes (the stripes and the canton). Their shapes differ too,
so black-and-white copies still tell nations apart."""

from __future__ import annotations

from printgen.draw.shapes import Rect, Shape
from printgen.i18n import N_, _

# The nations' names and their patterns' names as the sheets print them (translated where printed):
# the codes GB, FR, ES read the same in French and Spanish (Grande-Bretagne, Gran Bretaña; Francia; Espagne).
WORDS = (N_("British"), N_("French"), N_("Spanish"), N_("American"), N_("plain"), N_("hatched"), N_("dotted"))


def ensign(nation: str, x: float, y: float, w: float, h: float) -> list[Shape]:
    """The flag flies aft from a staff on its right (the ship faces right): the hoist is the right edge."""
    role = f"ensign.{nation}"
    if nation == "British":
        t = h * 0.2
        return [Rect(x, y, w, h, role),
                Rect(x, y + (h - t) / 2, w, t, f"{role}.cross"),
                Rect(x + (w - t) / 2, y, t, h, f"{role}.cross"),
                Rect(x + (w + t) / 2, y, (w - t) / 2, (h - t) / 2, f"{role}.canton"),
                Rect(x, y, w, h, "outline")]
    if nation == "French":
        third = w / 3
        return [Rect(x, y, w, h, role), Rect(x + 2 * third, y, third, h, f"{role}.blue"),
                Rect(x, y, third, h, f"{role}.red"), Rect(x, y, w, h, "outline")]
    if nation == "Spanish":
        q = h / 4
        return [Rect(x, y, w, h, role), Rect(x, y, w, q, f"{role}.red"), Rect(x, y + 3 * q, w, q, f"{role}.red"),
                Rect(x, y, w, h, "outline")]
    if nation == "American":
        s = h / 7                                        # seven stripes, four red; the canton at the hoist's top
        return [Rect(x, y, w, h, role), *(Rect(x, y + k * s, w, s, f"{role}.red") for k in (0, 2, 4, 6)),
                Rect(x + w * 0.55, y, w * 0.45, 4 * s, f"{role}.canton"), Rect(x, y, w, h, "outline")]
    return [Rect(x, y, w, h, "ensign"), Rect(x, y, w, h, "outline")]


NATION_CODES = {"British": "GB", "French": "FR", "Spanish": "ES", "American": "US"}
# the medieval nations' codes are their English names' first letters: the language's own (ANG, ING)
WORD_CODES = {"English": N_("ENG"), "Genoese": N_("GEN")}


def nation_code(nation: str) -> str:
    """A short mark for black-and-white copies: GB, FR, ES, else the first three letters."""
    if nation in WORD_CODES:
        return _(WORD_CODES[nation])
    return NATION_CODES.get(nation, nation[:3].upper())
