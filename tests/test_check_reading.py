"""How the check reads a traced span's characters (printgen/check/numbers.py CharIndex): the glyphs
whose centres fall in its box, give or take the rounding of their positions, but not a punctuation
mark glued after it (seen: a French reason followed by its period failed a Lepanto kit's check)."""

from __future__ import annotations

from printgen.check.numbers import Char, CharIndex


def _line(text: str, x: float = 100.0, w: float = 4.5) -> list[Char]:
    return [Char(ch, x + i * w, 50.0, x + (i + 1) * w, 58.0) for i, ch in enumerate(text)]


def test_a_period_glued_after_a_traced_word_is_not_the_words():
    chars = [*_line("vent"), Char(".", 118.0, 50.0, 120.54, 58.0)]     # the period's centre at 119.27
    index = CharIndex(chars)
    box = (100.0, 50.0, 118.9, 58.0)                       # the word's box a little wide: 0.37 pt short of it
    assert "".join(c.text for c in index.within(box)) == "vent"


def test_a_digit_at_the_edge_of_its_box_is_still_read():
    chars = _line("45")
    index = CharIndex(chars)
    box = (100.0, 50.0, 100.0 + 4.5 + 2.0, 58.0)           # the box ends 0.25 pt before the 5's centre
    assert "".join(c.text for c in index.within(box)) == "45"
