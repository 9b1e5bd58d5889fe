"""Issue 16: drawn geometry edited after printing -- a gauge's ray or arrow turned, a ship's base
moved on the deployment map -- fails `printgen check`, naming the file and the page. Each tamper
finds the page that prints the item from trace.json, edits that page's content stream (pikepdf)
and updates the manifest's sha256, so only the content check can notice."""

from __future__ import annotations

import json
import math
import re

import pytest

from printgen.check.kit import check_kit
from tamper import copy_kit, edit_page, fails, load_trace



def shapes(folder, name: str, edge: str, source: list | None = None) -> tuple[int, list[dict]]:
    """The first page of `name` that traces a shape measuring `edge` (of `source`), and those shapes."""
    for k, entries in enumerate(load_trace(folder)[name]):
        found = [e for e in entries if (e.get("shape") or {}).get("edge") == edge
                 and (source is None or e["source"] == source)]
        if found:
            return k + 1, found
    raise AssertionError(f"{name} traces no {edge} shape")


def line_op(x0, y0, x1, y1) -> bytes:
    """The `m ... l` the PDF backend writes for a line (its own number format)."""
    from printgen.draw.pdf import _trim

    return _trim("%.2f %.2f m %.2f %.2f l" % (x0, y0, x1, y1)).encode()


def turned(entry: dict, degrees: float) -> tuple[bytes, bytes]:
    """A traced line's operator, and the same line turned about its start (anticlockwise on the page)."""
    (x0, y0), (x1, y1) = entry["shape"]["ends"]
    t = math.radians(degrees)
    dx, dy = x1 - x0, y1 - y0
    nx, ny = x0 + dx * math.cos(t) + dy * math.sin(t), y0 - dx * math.sin(t) + dy * math.cos(t)
    return line_op(x0, y0, x1, y1), line_op(x0, y0, nx, ny)


def _turn(entry: dict, degrees: float):
    old, new = turned(entry, degrees)

    def change(data: bytes) -> bytes:
        assert old in data, old
        i = data.rindex(old)                       # the ray itself, drawn after the fan's outline
        return data[:i] + new + data[i + len(old):]
    return change


@pytest.mark.parametrize("degrees", [3.0, -1.0])
def test_a_turned_ray_of_the_turn_template_fails(built, tmp_path, degrees):
    kit = copy_kit(built, tmp_path)
    page, rays = shapes(kit, "rulers-bw.pdf", "angle", ["rule", "movement.turn_max_deg"])
    ray = next(e for e in rays if e["shape"]["per"] == 0.5)          # the 45-degree ray of a 90-degree turn
    edit_page(kit, "rulers-bw.pdf", page, _turn(ray, degrees))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  rulers-bw.pdf, page {page}: rule:movement.turn_max_deg: a gauge's line must "
                            f"point 45° from the heading, the nearest line there stands at {45 + degrees:.1f}°")
               for f in found), found


def test_a_ray_turned_less_than_the_tolerance_passes(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    page, rays = shapes(kit, "rulers-bw.pdf", "angle", ["rule", "movement.turn_max_deg"])
    ray = next(e for e in rays if e["shape"]["per"] == 0.5)
    edit_page(kit, "rulers-bw.pdf", page, _turn(ray, 0.2))
    lines: list[str] = []
    check_kit(kit, echo=lines.append, quiet=True)
    # the ray passes; kit.pdf, no longer the document's very pages, is compared drawing for drawing (issue 28)
    found = [line for line in lines if line.startswith("FAIL")]
    assert all(f.startswith("FAIL  kit-bw.pdf, page ") and "is drawn differently from rulers-bw.pdf" in f for f in found), found


def test_the_drift_arrow_turned_fails(built, tmp_path):
    """The compass's drift arrow (downwind, SE) drawn pointing E."""
    kit = copy_kit(built, tmp_path)
    page, (arrow,) = shapes(kit, "rulers-color.pdf", "bearing", ["rule", "drift.direction"])
    edit_page(kit, "rulers-color.pdf", page, _turn(arrow, 45))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  rulers-color.pdf, page {page}: rule:drift.direction: a gauge's line must point "
                            "SE (a line at 315.0°), the nearest line there stands at 0.0°") for f in found), found


def test_a_sweep_ray_turned_fails(built_sluys, tmp_path):
    """Sluys: the sweep template's 45-degree step drawn at 50 degrees."""
    kit = copy_kit(built_sluys, tmp_path)
    page, rays = shapes(kit, "rulers-bw.pdf", "angle", ["rule", "movement.sweep_step_deg"])
    ray = next(e for e in rays if e["shape"]["per"] == 1)
    edit_page(kit, "rulers-bw.pdf", page, _turn(ray, 5))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  rulers-bw.pdf, page {page}: rule:movement.sweep_step_deg: a gauge's line must "
                            "point 45° from the heading") for f in found), found


def test_a_moved_base_fails(built, tmp_path):
    """Ship 1's base drawn a tenth of a (table) inch east of where deployment.json puts it."""
    kit = copy_kit(built, tmp_path)
    page, _ = shapes(kit, "map-color.pdf", "table")
    dep = json.loads((kit / "deployment.json").read_text(encoding="utf-8"))
    (table,) = [e for e in load_trace(kit)["map-color.pdf"][page - 1] if (e.get("shape") or {}).get("edge") == "table"]
    x0, _, x1, bottom = table["bbox"]
    k = (x1 - x0) / dep["table"]["east_west"]
    p = dep["placements"][0]
    cx, cy = x0 + p["x"] * k, bottom - p["y"] * k
    number = rb"(-?\d+(?:\.\d+)?)"
    quad = re.compile(rb" ".join([number + rb" " + number + rb" " + op for op in (b"m", b"l", b"l", b"l")]) + rb" h B")

    def move(data: bytes) -> bytes:
        for m in quad.finditer(data):
            xs, ys = [float(v) for v in m.groups()[0::2]], [float(v) for v in m.groups()[1::2]]
            if abs(sum(xs) / 4 - cx) < 0.1 and abs(sum(ys) / 4 - cy) < 0.1:        # this ship's base
                from printgen.draw.pdf import _trim

                new = " ".join(_trim("%.2f %.2f" % (x + 0.1 * k, y)) + " " + op
                               for x, y, op in zip(xs, ys, ("m", "l", "l", "l"))) + " h B"
                return data[:m.start()] + new.encode() + data[m.end():]
        raise ValueError("no base there")

    edit_page(kit, "map-color.pdf", page, move)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  map-color.pdf, page {page}: {p['ship']}: no base drawn at x {p['x']:g}, "
                            f"y {p['y']:g} in, heading {p['heading_deg']:g}°") for f in found), found
    assert len([f for f in found if "no base drawn" in f]) == 1, found           # the others are where they were
