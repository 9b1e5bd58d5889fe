"""Poster sizes a print shop stocks, as data, and the `--poster` value read into points (checked
with the other options, before anything is drawn: printgen/sheets/maps/poster.py draws it)."""

from __future__ import annotations

import re

from printgen.errors import PrintgenError, Problem
from printgen.units import PT_PER_CM, PT_PER_IN

# name -> (width, height, unit), portrait; the ISO A sizes and the US architectural and engineering
# sheets print shops stock
POSTERS: dict[str, tuple[float, float, str]] = {
    "A3": (297, 420, "mm"), "A2": (420, 594, "mm"), "A1": (594, 841, "mm"), "A0": (841, 1189, "mm"),
    "2A0": (1189, 1682, "mm"),
    "18x24in": (18, 24, "in"), "24x36in": (24, 36, "in"), "36x48in": (36, 48, "in"), "48x72in": (48, 72, "in"),
}
PT_PER = {"in": PT_PER_IN, "cm": PT_PER_CM, "mm": PT_PER_CM / 10}

def _fix() -> str:
    """How to give a poster size, in the command's language (printgen.cli.common.speaking)."""
    from printgen.i18n import _

    return _("use %(sizes)s, or a size such as 30x40in, 70x100cm or 600x900mm") % {"sizes": ", ".join(POSTERS)}

LARGEST_IN = 200.0                      # no print shop prints a sheet longer than this (a bound on the data)


def poster_size(name: str) -> tuple[float, float]:
    """The poster's (width, height) in points, portrait."""
    from printgen.i18n import _

    known = {k.lower(): v for k, v in POSTERS.items()}
    spec = known.get(name.strip().lower())
    if spec is None:
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(in|cm|mm)\s*", name.lower())
        if not m:
            raise PrintgenError(Problem(_("poster size '%(name)s' is not known") % {"name": name}, field="--poster",
                                        fix=_fix()))
        spec = (float(m.group(1)), float(m.group(2)), m.group(3))
    w, h, unit = spec
    w, h = sorted((w * PT_PER[unit], h * PT_PER[unit]))
    if w < 8 * PT_PER_IN or h > LARGEST_IN * PT_PER_IN:
        raise PrintgenError(Problem(_("poster size '%(name)s' is %(width)s x %(height)s in: not a poster")
                                    % {"name": name, "width": f"{w / PT_PER_IN:.1f}", "height": f"{h / PT_PER_IN:.1f}"},
                                    field="--poster", fix=_fix()))
    return w, h
