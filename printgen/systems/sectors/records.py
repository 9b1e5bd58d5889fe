"""Ship record sheets for the sectors system: one card a ship (templates/sectors/records.md.j2)
with its type, side, crew and speeds, a row of structure boxes per sector and the mast, and the
boxes a captain ticks during the game: attack speed used, turns clearing the ram, unfurling.

The template asks for the box rows by name: [record N] (a ship's structure, N from ref()) and
[boxes KEY words...] (a row counted by the ruleset entry KEY, labelled with the words)."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.shapes import Drawing, Span, Text
from printgen.i18n import N_, _, ngettext
from printgen.options import Options
from printgen.rules.trace import Source, lookup
from printgen.rules.tracks import Track, tracks
from printgen.sheets.pieces.tracks import track_shapes
from printgen.sheets.text.flow import Laid, at_least

PITCH = 1.35                   # box pitch over box side, as track_shapes spaces them
LABELS = {"bow": N_("Bow"), "stern": N_("Stern"), "port": N_("Port"), "starboard": N_("Starboard"), "mast": N_("Mast")}


def record_sheets(scenario, options: Options) -> Drawing:
    """A record card per ship of the fleet, in the fleet's order."""
    from printgen.sheets.text.cards import card_sheets

    return card_sheets(scenario, options, "records.md.j2", _("Ship records"), ships=list(scenario.fleet.ships))


def structure_block(rs, ship, width: float, size: float) -> Laid:
    """The ship's structure boxes, a row a sector and one for the mast, labels in a column."""
    rows = [(_(LABELS[t.label]) if t.label in LABELS else t.label.capitalize(), t) for t in tracks(rs, ship)]
    return _rows(rows, width, size, ship.key)


def boxes_block(rs, key: str, label: str, width: float, size: float) -> Laid:
    """A labelled row of as many boxes as the ruleset entry `key` says (traced to it)."""
    track = Track(label, int(lookup(rs, key)), "box", Source("rule", (key,)))
    return _rows([(label, track)], width, size)


def structure_text(rs, ship) -> list:
    """The ship's structure boxes in a handout (printgen.sheets.handouts): a line a sector and the
    mast, each with its count of boxes, traced like the card's figures."""
    return _count_lines([(_(LABELS[t.label]) if t.label in LABELS else t.label.capitalize(), t)
                         for t in tracks(rs, ship)])


def boxes_text(rs, key: str, label: str) -> list:
    """A row of boxes counted by the ruleset entry `key`, in a handout: its label and its count."""
    return _count_lines([(label, Track(label, int(lookup(rs, key)), "box", Source("rule", (key,))))])


def _count_lines(rows: list[tuple[str, Track]]) -> list:
    from printgen.sheets.text.markup import Block

    out = []
    for label, track in rows:
        if track.count > 0:
            count = Span(str(track.count), "", tuple(track.source.to_json()), "count")
            message = ngettext("%(label)s: %(count)s box", "%(label)s: %(count)s boxes", track.count)
            out.append(Block("bullet", _said(message, label=Span(label, "bold"), count=count)))
    return out


def _said(message: str, **values) -> list:
    from printgen.i18n import slots

    given = {k: [v] for k, v in values.items()}
    return [Span(p) if isinstance(p, str) else p for p in slots(message, given)]


def _rows(rows: list[tuple[str, Track]], width: float, size: float, ship: str = "") -> Laid:
    d = size * 1.05                              # box side: a tick fits, the row stays a line high
    row_h = d * 1.5
    label_w = max((fonts.width(label, size, "bold") for label, _ in rows), default=0.0) + size
    out = Laid()
    y = 0.0
    for label, track in rows:
        if track.count <= 0:
            continue
        cy = y + row_h / 2
        out.shapes.append(Text(0, cy + 0.36 * size, (Span(label),), size, font="bold", tag="record-label"))
        w = min(track.count * PITCH * d, width - label_w - size * 2)
        out.shapes += track_shapes(track, label_w, cy - d / 1.44, w, d / 0.72, ship)
        # the count in figures too, traced, so a printed sheet can be checked against the rules
        out.shapes.append(Text(label_w + w + size * 0.5, cy + 0.36 * size,
                               (Span(str(track.count), source=track.source.to_json(), kind="count"),), at_least(size * 0.85),
                               role="text.muted", tag="record-count"))
        y += row_h
    out.height = y
    return out
