"""What the teacher asked for: edition, paper, scale, units, output format. Checked once, up front."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from printgen.errors import PrintgenError, Problem
from printgen.units import Measure

PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
Edition = Literal["color", "bw", "large"]
EDITION_NAMES = ("color", "bw", "large")
UNITS = ("in", "cm")
FORMATS = ("pdf", "svg", "png")
MIN_SCALE = 0.25
"""Below a quarter scale a 1" base prints under limits.BASE_MIN_IN: the names and numbers on the maps
no longer fit it (a kit at 0.2 fails its own check, at 0.05 with 167 discrepancies)."""


@dataclass(frozen=True)
class Options:
    edition: Edition = "color"
    paper: str = "letter"
    scale: float = 1.0
    units: Literal["in", "cm"] = "in"
    fmt: Literal["pdf", "svg", "png"] = "pdf"
    dpi: float = 100.0
    seed: int = 1805
    poster: str | None = None           # a poster of the table map for a print shop: "A1", "24x36in", ...
    lang: str = "en"                    # the reader's language (printgen.i18n.LANGS): words and numbers
    dyslexia: bool = False              # large print spaced for dyslexia (draw.typescale.LARGE_DYSLEXIA)
    notes: tuple[str, ...] = field(default=(), compare=False)    # e.g. how the scale was chosen

    def __post_init__(self):
        problems = []
        if self.edition not in EDITION_NAMES:
            problems.append(Problem(f"edition '{self.edition}' is not known", field="--edition",
                                    fix="use color, bw or large"))
        if self.paper not in PAPERS:
            problems.append(Problem(f"paper '{self.paper}' is not known", field="--paper", fix="use letter or a4"))
        if not MIN_SCALE <= self.scale <= 4:
            # in the command's language (printgen.cli.common.speaking); a value typed is shown as typed
            from printgen.i18n import _

            problems.append(Problem(_("scale %(scale)s is out of range") % {"scale": f"{self.scale:g}"},
                                    field="--scale",
                                    fix=_("use a factor between %(low)s and %(high)s, e.g. %(half)s for a half-size "
                                          "table") % {"low": f"{MIN_SCALE:g}", "high": "4", "half": "0.5"}))
        if self.units not in ("in", "cm"):
            problems.append(Problem(f"units '{self.units}' are not known", field="--units", fix="use in or cm"))
        from printgen.i18n import LANGS

        if self.lang not in LANGS:
            problems.append(Problem(f"language '{self.lang}' is not known", field="--lang",
                                    fix="use " + ", ".join(LANGS)))
        if self.fmt not in ("pdf", "svg", "png"):
            problems.append(Problem(f"format '{self.fmt}' is not known", field="--format", fix="use pdf, svg or png"))
        if not 20 <= self.dpi <= 600:
            problems.append(Problem(f"dpi {self.dpi:g} is out of range", field="--dpi", fix="use 20 to 600"))
        if self.poster is not None:
            from printgen.posters import poster_size

            try:
                poster_size(self.poster)
            except PrintgenError as e:
                problems += e.problems
        if problems:
            raise PrintgenError(problems)

    @property
    def measure(self) -> Measure:
        return Measure(self.scale, self.units, self.lang)

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def edition_name(self) -> str:
        from printgen.i18n import _

        return {"color": _("colour edition"), "bw": _("black-and-white edition"),
                "large": _("large-print edition")}[self.edition]

    def but(self, **changes) -> Options:
        return replace(self, **changes)
