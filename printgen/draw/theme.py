"""Editions are themes: the same drawing, painted in colour or in greys for the photocopier.

Roles fall back from the specific to the general ("hull.French" -> "hull"), so a sheet can be
precise where an edition wants it and plain elsewhere. The paints here are the ones every sheet
shares; a rule family adds its own (its nations' looks, its pieces' parts) through the protocol
(`paints`), and a drawing of one of its scenarios carries the family (Drawing.look)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from printgen.draw.typescale import TYPE, TypeScale  # noqa: F401 (the sheets import them from here)


@dataclass(frozen=True)
class Hatch:
    angle: float = 45.0             # degrees, clockwise from the page's x axis
    gap: float = 3.0                # points between lines
    width: float = 0.5
    colour: str = "#000000"
    dots: bool = False              # a dot grid instead of lines (obstacle markers)
    cross: bool = False             # a second set of lines at right angles (Spanish in black-and-white)


@dataclass(frozen=True)
class Paint:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] = ()
    hatch: Hatch | None = None


@dataclass(frozen=True)
class Theme:
    name: str
    paints: dict[str, Paint] = field(hash=False)
    faces: dict[str, str] = field(default_factory=dict, hash=False)    # a face printed in place of another

    def paint(self, role: str) -> Paint:
        key = role
        while True:
            if key in self.paints:
                return self.paints[key]
            if "." not in key:
                raise KeyError(f"theme '{self.name}' has no paint for role '{role}'")
            key = key.rsplit(".", 1)[0]



BLACK, WHITE = "#000000", "#ffffff"
COPY_LINE = 0.8                     # the thinnest black line a worn copier keeps whole (check/photocopy.py)
EDGE_GREEN, EDGE_YELLOW, EDGE_RED = "#009e73", "#e6c619", "#cc3311"


def edge_dash(colour: str, width: float) -> tuple[float, ...]:
    """Wind edges: green solid, yellow dashed, red dotted, in both editions. Lines have round caps
    that add half the width at each end, so the gaps are widened by one width."""
    return {"green": (), "yellow": (1.8 * width, 2.0 * width), "red": (0.01, 2.2 * width)}[colour]

# Sides at a glance, also on a photocopy: each nation has one look, the same on every sheet of an
# edition (pieces' hulls and bases, maps, tiled map, poster, captain cards, markers, legends): a
# colour in the colour edition, and a pattern in both (drawn in the colour's dark ink there, in
# black in black and white, coarse enough for a worn copier). A side's first nation is plain.
# Terrain and markers use other patterns (level, upright or crossed lines), never a nation's.
@dataclass(frozen=True)
class Nation:
    colour: str                     # its fill in the colour edition (light enough for black words)
    ink: str                        # its pattern's colour there (and its small marks')
    pattern: str = "plain"          # "plain", "hatched" or "dotted" (NATION_PATTERNS)


# the patterns on a 2 in base; smaller things take them finer (NATION_SCALE), never below what a copy keeps
NATION_PATTERNS: dict[str, Hatch] = {
    "hatched": Hatch(45, 6.0, 1.3),
    "dotted": Hatch(0, 6.0, 2.8, dots=True),
}
NATION_SCALE = {"base": 1.0, "ship": 0.55, "hull": 0.6, "rail": 0.5}      # map ships, hulls, rails: finer
COPY_DOT = 1.8                      # the smallest dot a copy keeps (points across)


def nation_pattern(look: Nation, k: float, colour: str, copier: bool) -> Hatch | None:
    """The nation's pattern `k` times finer, in `colour`; `copier`: never finer than a copy keeps."""
    hatch = NATION_PATTERNS.get(look.pattern)
    if hatch is None:
        return None
    width, gap = hatch.width * k, hatch.gap * k
    if copier:
        width = max(width, COPY_DOT if hatch.dots else COPY_LINE)
        gap = max(gap, 2.2 * width)
    return replace(hatch, gap=gap, width=width, colour=colour)


def nation_paints(nations: dict[str, Nation], edition: str) -> dict[str, Paint]:
    """Every paint of each nation's look in one edition: base, ship (maps), hull, band, rail, swatch."""
    out: dict[str, Paint] = {}
    for name, look in nations.items():
        if edition == "bw":
            pattern = {role: nation_pattern(look, k, BLACK, True) for role, k in NATION_SCALE.items()}
            out |= {f"base.{name}": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=pattern["base"]),
                    f"ship.{name}": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=pattern["ship"]),
                    f"hull.{name}": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=pattern["hull"]),
                    f"rail.{name}": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=pattern["rail"])}
        else:
            pattern = {role: nation_pattern(look, k, look.ink, False) for role, k in NATION_SCALE.items()}
            out |= {f"base.{name}": Paint(fill=look.colour, stroke="#555555", width=0.4, hatch=pattern["base"]),
                    f"ship.{name}": Paint(fill=look.colour, stroke=BLACK, width=0.5, hatch=pattern["ship"]),
                    f"band.{name}": Paint(fill=look.colour),
                    f"rail.{name}": Paint(fill=look.colour, stroke="#3b2a1a", width=0.5, hatch=pattern["rail"])}
    return out


def pattern_name(look: Nation | None) -> str:
    """A nation's pattern as the legends name it ("plain" for a side's first nation, or one without a look)."""
    return look.pattern if look else "plain"


# Shared by both editions: lines and text that are black and white anyway.
_COMMON = {
    "area": Paint(),                    # drawn as nothing: a traced area the checker counts marks in
    "text": Paint(fill=BLACK),
    "text.muted": Paint(fill="#444444"),
    "text.white": Paint(fill=WHITE),
    "cut": Paint(stroke="#555555", width=0.4),
    "fold": Paint(stroke=BLACK, width=COPY_LINE, dash=(6, 2.5, 1.5, 2.5)),   # its dots survive a copy
    "calibration": Paint(stroke=BLACK, width=0.5),
    "rule": Paint(stroke="#000000", width=0.5),
    "rule.light": Paint(stroke="#999999", width=0.35),
    "outline": Paint(stroke=BLACK, width=0.6),
    "hit": Paint(fill=WHITE, stroke=BLACK, width=0.8),
    "glue": Paint(fill="#e4e4e4", stroke="#999999", width=0.3, dash=(2, 2)),
    "glue.tab": Paint(fill="#e4e4e4"),                  # no outline: a tab's edges are a fold and cuts
    "label.band": Paint(fill=WHITE),                    # the same, for a piece's name band
    "paper": Paint(fill=WHITE),
    "stripe": Paint(fill="#f0f0f0"),
    "mast": Paint(fill="#3b2a1a", stroke="#3b2a1a", width=0.8),
}

_COLOUR = {
    **_COMMON,
    "panel": Paint(fill="#f1ece0", stroke="#8a7d5f", width=0.6),
    "panel.head": Paint(fill="#1f3a5f"),
    "bar": Paint(fill="#3e6fa8"),
    "bar.hi": Paint(fill="#c0392b"),
    "band.range.short": Paint(fill="#f6c7a8"),
    "band.range.long": Paint(fill="#fbe6d6"),
    "bar.long": Paint(fill="#9ec3e6"),
    "bar.short": Paint(fill="#3e6fa8"),
    "bar.rake": Paint(fill="#c0392b"),
    "star": Paint(fill="#f2c230", stroke="#8a6500", width=0.6),
    "base": Paint(fill="#f7f3e8", stroke="#555555", width=0.4),
    "ship": Paint(fill="#f7f3e8", stroke=BLACK, width=0.5),      # a nation its family gives no look
    "bow": Paint(fill="#333333"),
    "label": Paint(fill=WHITE, stroke="#555555", width=0.4),
    "water": Paint(fill="#d6e6f2"),
    "table": Paint(fill="#cfe3f1", stroke=BLACK, width=0.8),
    "grid": Paint(stroke="#8fb3cf", width=0.4),
    # the rules name the edges green, yellow and red: a bluish green, a golden yellow and a vermilion
    # that colour-blind students still tell apart; solid, dashed and dotted as in black and white
    "edge.green": Paint(stroke=EDGE_GREEN, width=5, dash=edge_dash("green", 5)),
    "edge.yellow": Paint(stroke=EDGE_YELLOW, width=5, dash=edge_dash("yellow", 5)),
    "edge.red": Paint(stroke=EDGE_RED, width=5, dash=edge_dash("red", 5)),
    "swatch.green": Paint(fill=EDGE_GREEN),
    "swatch.yellow": Paint(fill=EDGE_YELLOW),
    "swatch.red": Paint(fill=EDGE_RED),
    "hazard.shore": Paint(fill="#d9c48f", stroke="#8a7440", width=0.6),
    "hazard.shoal": Paint(fill="#efe2b4", stroke="#b39b55", width=0.5, dash=(3, 2)),
    "hazard.hidden": Paint(fill="#5b9bd5", stroke="#1f4f86", width=0.6, hatch=Hatch(0, 6.0, 0.9, BLACK, cross=True)),
    "hazard.label": Paint(fill="#3d3420"),
    "chain": Paint(stroke="#444444", width=1.2, dash=(2.5, 1.5)),
    "arrow": Paint(fill="#1f3a5f", stroke="#1f3a5f", width=1.2),
    # deployment maps (printgen/sheets/maps/deploy_map.py, tiled_map.py)
    "map.bow": Paint(fill=WHITE),
    "map.drift": Paint(fill="#8a5a2b", stroke="#8a5a2b", width=1.0),
    "map.scalebar": Paint(fill=BLACK, stroke=BLACK, width=0.5),
    "map.scalebar.light": Paint(fill=WHITE, stroke=BLACK, width=0.5),
    "map.overlap": Paint(fill="#eeeeee", stroke="#888888", width=0.4, hatch=Hatch(45, 6, 0.3, "#bbbbbb")),
    "map.cross": Paint(stroke=BLACK, width=0.5),
    "map.leader": Paint(stroke=BLACK, width=0.5, dash=(1.5, 1.0)),
    "map.tile": Paint(stroke="#c0392b", width=0.8, dash=(4, 2)),
    # obstacle markers (systems/sectors/markers.py): crossed lines, terrain's, never a nation's pattern
    "marker": Paint(fill="#5b9bd5", stroke="#555555", width=0.4, hatch=Hatch(0, 7.0, 1.2, BLACK, cross=True)),
}
COLOUR = Theme("color", _COLOUR)

# Black and white: made for the copier (printgen/check/photocopy.py measures it). A worn copier blurs
# and turns every grey lighter than about half to white: whatever a child must cut, fold, read or
# tell apart is black and at least COPY_LINE wide (a thinner black line breaks up at 150 dpi); greys
# are only fills, light enough to colour in, that may vanish. Nations are told apart by their
# patterns (nation_paints: black and coarse) and letters.
_BW = {
    **_COMMON,
    "mast": Paint(fill=BLACK, stroke=BLACK, width=COPY_LINE),
    "text.muted": Paint(fill=BLACK),
    "cut": Paint(stroke=BLACK, width=COPY_LINE),
    "calibration": Paint(stroke=BLACK, width=COPY_LINE),
    "rule": Paint(stroke=BLACK, width=COPY_LINE),
    "rule.light": Paint(stroke=BLACK, width=COPY_LINE),
    "outline": Paint(stroke=BLACK, width=COPY_LINE),
    "glue": Paint(fill="#e4e4e4", stroke=BLACK, width=COPY_LINE, dash=(2, 2.5)),
    "panel": Paint(fill=WHITE, stroke=BLACK, width=0.8),
    "panel.head": Paint(fill=BLACK),
    "bar": Paint(fill="#888888", stroke=BLACK, width=0.3),
    "bar.hi": Paint(fill="#333333", stroke=BLACK, width=0.3),
    "band.range.short": Paint(fill="#bbbbbb", stroke=BLACK, width=COPY_LINE),      # templates: outlined
    "band.range.long": Paint(fill="#e6e6e6", stroke=BLACK, width=COPY_LINE),
    "bar.long": Paint(fill=WHITE, stroke=BLACK, width=0.4),
    "bar.short": Paint(fill="#999999", stroke=BLACK, width=0.4),
    "bar.rake": Paint(fill="#222222", stroke=BLACK, width=0.4),
    "star": Paint(fill=BLACK, stroke=BLACK, width=0.6),
    "base": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
    "bow": Paint(fill="#333333"),                   # dark enough to copy black; not the words' black
    "label": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
    "water": Paint(fill=WHITE),
    "table": Paint(fill=WHITE, stroke=BLACK, width=0.8),
    "grid": Paint(stroke="#aaaaaa", width=0.4),
    "edge.green": Paint(stroke=BLACK, width=3.5, dash=edge_dash("green", 3.5)),
    "edge.yellow": Paint(stroke=BLACK, width=3.5, dash=edge_dash("yellow", 3.5)),
    "edge.red": Paint(stroke=BLACK, width=3.5, dash=edge_dash("red", 3.5)),
    "swatch": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
    "ensign": Paint(fill=WHITE, stroke=BLACK, width=0.4),
    "ship": Paint(fill=WHITE, stroke=BLACK, width=0.7),
    "arrow": Paint(fill=BLACK, stroke=BLACK, width=1.2),
    "map.bow": Paint(fill=BLACK),
    "map.drift": Paint(fill="#555555", stroke="#555555", width=1.0),
    "map.scalebar": Paint(fill=BLACK, stroke=BLACK, width=COPY_LINE),
    "map.scalebar.light": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
    "map.overlap": Paint(fill="#eeeeee", stroke="#888888", width=0.4, hatch=Hatch(45, 6, 0.3, "#bbbbbb")),
    "map.cross": Paint(stroke=BLACK, width=COPY_LINE),
    "map.leader": Paint(stroke=BLACK, width=COPY_LINE, dash=(1.5, 1.0)),
    "map.tile": Paint(stroke=BLACK, width=COPY_LINE, dash=(4, 2)),
    "marker": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=Hatch(0, 7.0, 1.2, BLACK, cross=True)),
    # terrain: level, upright and crossed lines, never a nation's pattern (hatched at 45 degrees, dotted)
    "hazard.shore": Paint(fill="#d0d0d0", stroke=BLACK, width=COPY_LINE, hatch=Hatch(0, 3.5, COPY_LINE, BLACK)),
    "hazard.shoal": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, dash=(3, 2), hatch=Hatch(90, 4.5, COPY_LINE, BLACK)),
    "hazard.hidden": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, hatch=Hatch(0, 6.0, COPY_LINE, BLACK, cross=True)),
    "hazard.label": Paint(fill=BLACK),
    "chain": Paint(stroke=BLACK, width=1.2, dash=(2.5, 1.5)),
}
BW = Theme("bw", _BW)

# Large print: black and white as for the copier (it is copied too), and for the reader with low
# vision no text on a tint or a reversed band: a panel's heading is black words on white under a
# heavy rule, tables have no striped rows, glue areas are white; the notes' italics print upright
# (the faces have the same widths, so the layout is the black-and-white one's).
_LARGE = {
    **_BW,
    "panel": Paint(fill=WHITE, stroke=BLACK, width=1.2),
    "panel.head": Paint(fill=WHITE, stroke=BLACK, width=1.2),
    "text.white": Paint(fill=BLACK),
    "stripe": Paint(),
    "glue": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE, dash=(2, 2.5)),
    "glue.tab": Paint(fill=WHITE),
    "band.range.short": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),   # their words tell them apart
    "band.range.long": Paint(fill=WHITE, stroke=BLACK, width=COPY_LINE),
}
LARGE = Theme("large", _LARGE, {"italic": "regular"})      # the same widths: DejaVu's oblique is its roman slanted

THEMES = {"color": COLOUR, "bw": BW, "large": LARGE}
PAINTS_OF = {"large": "bw"}         # the edition whose family paints (nations, pieces) an edition takes
COPIER = ("bw", "large")            # the editions made for the photocopier: greys only, checked as copied


def is_grey(colour: str) -> bool:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r == g == b


def _greys_only(t: Theme) -> Theme:
    for role, p in t.paints.items():
        for c in (p.fill, p.stroke, p.hatch.colour if p.hatch else None):
            assert c is None or is_grey(c), f"black-and-white role {role} uses colour {c}"
    return t


_greys_only(BW)
_greys_only(LARGE)


def theme(edition: str, look=None) -> Theme:
    """The edition's theme; with `look` (a rule family: anything with `paints(edition)`), the
    family's own paints too: its nations' looks, its pieces' parts."""
    return THEMES[edition] if look is None else _with(edition, look)


@cache
def _with(edition: str, look) -> Theme:
    own = look.paints(PAINTS_OF.get(edition, edition))
    t = Theme(f"{edition}+{getattr(look, 'name', 'look')}", {**THEMES[edition].paints, **own}, THEMES[edition].faces)
    return _greys_only(t) if edition in COPIER else t
