"""Damage tracks drawn the one way everywhere (sprite bases, captain cards, record sheets):
a row of hit circles, or of structure boxes, one per point."""

from __future__ import annotations

from printgen.draw.shapes import Circle, Rect, Shape
from printgen.draw.typescale import TYPE
from printgen.rules.tracks import Track


def track_shapes(track: Track, x: float, y: float, w: float, h: float, ship: str | None = None) -> list[Shape]:
    """The track's marks in a row, centred vertically in the box (x, y, w, h), left-aligned. `ship`
    (its key; "" for a row the rules count alone): the row is traced, an area the checker counts its
    marks in (check/drawnmarks.py; a base's are counted on the piece)."""
    if track.count <= 0:
        return []
    if ship is not None:
        area = Rect(x, y, w, h, "area", tag="track", meaning=(("marks", track.source.to_json(),
                                                                {"mark": track.shape, "ship": ship}),))
        return [area, *track_shapes(track, x, y, w, h)]
    tall, across = TYPE.hit if track.shape != "box" else (0.72, 0.8)    # boxes: as the sectors' cells expect
    d = min(h * tall, w / track.count * across)
    pitch = min(w / track.count, d * 1.35)
    cy = y + h / 2
    if track.shape == "box":
        return [Rect(x + pitch * i + (pitch - d) / 2, cy - d / 2, d, d, "hit", tag="hit")
                for i in range(track.count)]
    return [Circle(x + pitch * i + pitch / 2, cy, d / 2, "hit", tag="hit") for i in range(track.count)]
