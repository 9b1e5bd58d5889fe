"""Game distances (inches at full scale in the ruleset) on paper and in print.

One factor rules them all: a half-size table halves moves, ranges, bases and rulers together.
Centimetres use the wargamer's 1 inch = 2.5 cm, so a 6" move prints as a round 15 cm and the
paper rulers agree with the printed numbers (everything is then 1.6% smaller than in inches)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

PT_PER_IN = 72.0
CM_PER_IN = 2.54           # a real inch: paper, and a teacher's table (read in real inches whatever the units)
CM_PER_GAME_IN = 2.5       # the rules' inch in a kit printed in centimetres: the only conversion of game lengths
PT_PER_CM = PT_PER_IN / CM_PER_IN
# A length as a pupil measures it on the table, in print units: a move to the half inch on the stick or the
# half centimetre on the rulers (so the rule's largest move, 5" = 12.5 cm, reads as itself: at whole
# centimetres a move of 5" read 13 cm one time and 12 cm the next); a starting place to the half inch or
# the whole centimetre (no rule bounds it).
MOVE_STEP = {"in": 0.5, "cm": 0.5}
PLACE_STEP = {"in": 0.5, "cm": 1.0}

Units = Literal["in", "cm"]


def rounded(value: float, step: float) -> float:
    """A value in print units to the step, halves up (a float's 12.500000000000002 and 12.499999999999998
    both read 12.5 at a step of 0.5)."""
    return round(math.floor(round(value / step, 6) + 0.5) * step, 4)


def measured_in(table_in: float, scale: float, units: str, step: dict[str, float] = MOVE_STEP) -> float:
    """A length on the table (table inches, at the kit's scale) as a pupil measures it, in full-scale
    inches: in print units to the step, back to the rules' inches."""
    per = CM_PER_GAME_IN if units == "cm" else 1.0
    return rounded(table_in * per, step[units]) / per / scale


@dataclass(frozen=True)
class Measure:
    """How the reader measures and reads numbers: the scale, the units, and the language whose way of
    writing a number (the decimal comma) every printed distance follows (printgen.i18n.numbers)."""
    scale: float = 1.0
    units: Units = "in"
    lang: str = "en"

    @property
    def step(self) -> float:
        """Rounding step of printed distances, in print units."""
        return 0.5 if self.units == "cm" else 0.1

    def value(self, inches: float) -> float:
        """A rule distance in print units, rounded as it is printed."""
        return round(math.floor(self.exact(inches) / self.step + 0.5 + 1e-9) * self.step, 4)     # half up, not to even

    def exact(self, inches: float) -> float:
        """A distance in print units as drawn to scale (to a ten-thousandth), not rounded to the print step."""
        return round(inches * self.scale * (CM_PER_GAME_IN if self.units == "cm" else 1.0), 4)

    def fmt(self, inches: float) -> str:
        v = self.value(inches)
        text = self.written(f"{v:.1f}".rstrip("0").rstrip("."))
        return f'{text}"' if self.units == "in" else f"{text} cm"

    def fmt_size(self, inches: float) -> str:
        """The size of something drawn exactly to scale (a base, a marker), as drawn: to a hundredth
        of an inch or a millimetre, not rounded to the rulers' step (a 2.65 cm base read "2.5 cm")."""
        step = 0.01 if self.units == "in" else 0.1
        v = round(math.floor(self.exact(inches) / step + 0.5 + 1e-9) * step, 4)
        text = self.written(f"{v:.2f}".rstrip("0").rstrip("."))
        return f'{text}"' if self.units == "in" else f"{text} cm"

    def written(self, english: str) -> str:
        """A number as English writes it ("2.5"), in the reader's language ("2,5")."""
        if self.lang == "en":
            return english
        from printgen.i18n.numbers import number

        return number(english, self.lang)

    def unit_pt(self) -> float:
        """Points on paper per print unit (an inch, or a centimetre)."""
        return PT_PER_IN if self.units == "in" else PT_PER_CM

    def pt(self, inches: float) -> float:
        """A rule distance as points on paper, exactly scaled (bases, table, deployment)."""
        return inches * self.scale * (CM_PER_GAME_IN * PT_PER_CM if self.units == "cm" else PT_PER_IN)

    def printed_pt(self, inches: float) -> float:
        """Points on paper of the printed (rounded) value, so a ruler agrees with its label."""
        return self.value(inches) * self.unit_pt()

    @property
    def factor(self) -> float:
        """Paper inches per game inch."""
        return self.pt(1.0) / PT_PER_IN

    @property
    def unit_name(self) -> str:
        return "inches" if self.units == "in" else "cm"
