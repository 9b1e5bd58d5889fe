"""Consistency checks on the data itself: the rules must add up before anything is printed.

Each check returns a CheckResult; `printgen check SCENARIO` prints them all and fails on any."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from pydantic import BaseModel

from printgen.rules.faces import DIE, format_faces
from printgen.rules.model import RangeBands, RollTable


@dataclass
class CheckResult:
    name: str
    ok: bool
    detail: str = ""                    # what was verified, or the first failure in a sentence
    failures: list[str] = field(default_factory=list)


def walk(model: BaseModel, prefix: str = "") -> Iterator[tuple[str, object]]:
    """Every sub-model of a ruleset with its dotted key (dict entries and lists included)."""
    yield prefix, model
    if isinstance(model, BaseModel):
        items = {**{k: getattr(model, k) for k in type(model).model_fields}, **(model.model_extra or {})}.items()
    elif isinstance(model, dict):
        items = model.items()
    elif isinstance(model, (list, tuple)):
        items = ((str(i), v) for i, v in enumerate(model))
    else:
        return
    for key, value in items:
        if isinstance(value, (BaseModel, dict, list)):
            yield from walk(value, f"{prefix}.{key}" if prefix else key)


def die_tables(rs) -> CheckResult:
    failures, count = [], 0
    for key, node in walk(rs):
        if not isinstance(node, RollTable):
            continue
        count += 1
        faces = Counter(f for fs in node.outcomes().values() for f in fs)
        missing = [f for f in range(1, DIE + 1) if f not in faces]
        doubled = sorted(f for f, n in faces.items() if n > 1)
        if missing:
            failures.append(f"{key}: face {format_faces(missing)} gives no outcome")
        if doubled:
            failures.append(f"{key}: face {format_faces(doubled)} gives two outcomes")
    return _result("die tables", failures, f"{count} die-roll tables each cover faces 1-{DIE} exactly once")


def ranges(rs) -> CheckResult:
    failures, names = [], []
    for key, node in walk(rs):
        if not isinstance(node, RangeBands):
            continue
        bands = sorted(node.bands().items(), key=lambda kv: kv[1])
        names.append(key)
        if bands and bands[0][1][0] != 0:
            failures.append(f"{key}: the nearest band '{bands[0][0]}' starts at {bands[0][1][0]}, not 0")
        for (n1, (a1, b1)), (n2, (a2, b2)) in zip(bands, bands[1:]):
            if a2 < b1:
                failures.append(f"{key}: '{n1}' ({a1}-{b1}) and '{n2}' ({a2}-{b2}) overlap")
            elif a2 > b1:
                failures.append(f"{key}: gap between '{n1}' (to {b1}) and '{n2}' (from {a2})")
    return _result("ranges", failures, f"{', '.join(names)}: bands meet end to end from 0")


def wind_edges(rs) -> CheckResult:
    from printgen.registry import system_of

    table, edges, failures = rs.table, system_of(rs).wind_edges(rs), []
    if not edges:
        return _result("wind edges", [], f"no coloured edges: ships steer by their angle to the wind (from {table.wind_from})")
    for side in ("north", "east", "south", "west"):
        length = table.side_length_ft(side)
        segs = sorted((e.from_ft, e.to_ft, e.colour) for e in edges if e.side == side)
        if not segs:
            failures.append(f"the {side} edge has no colour")
            continue
        pos = 0.0
        for a, b, _colour in segs:
            if a > pos + 1e-9:
                failures.append(f"{side} edge: {pos:g}-{a:g} ft has no colour")
            elif a < pos - 1e-9:
                failures.append(f"{side} edge: {a:g}-{min(b, pos):g} ft is coloured twice")
            pos = max(pos, b)
        if pos > length + 1e-9:
            failures.append(f"{side} edge: a segment runs to {pos:g} ft but the edge is {length:g} ft long")
        elif pos < length - 1e-9:
            failures.append(f"{side} edge: {pos:g}-{length:g} ft has no colour")
    perimeter = 2 * (table.north_south_ft + table.east_west_ft)
    return _result("wind edges", failures, f"the {perimeter:g} ft perimeter is coloured exactly once")


def squadron_counts(scenario) -> CheckResult:
    counts = Counter(s.squadron for s in scenario.fleet.ships)
    failures = [f"squadron {name}: scenario.toml says {sq.ships} ships, ships.csv has {counts.get(name, 0)}"
                for name, sq in scenario.squadrons.items() if counts.get(name, 0) != sq.ships]
    summary = ", ".join(f"{name} {counts.get(name, 0)}" for name in scenario.squadrons)
    return _result("squadron counts", failures, summary)


def damage_tracks(scenario, printed: dict[str, int] | None = None) -> CheckResult:
    """Each ship's printed marks (hit circles, structure boxes) equal its points in the rules;
    `printed` maps ship key to marks counted on the sprite drawing (None: the tracks the sheets draw
    from). The rules' count is each track's source read a second way (check/marks.py), not its count."""
    from printgen.rules.marks import expected_marks            # the tracks' sources read a second way
    from printgen.registry import system_of

    rs = scenario.ruleset
    name = system_of(rs).marks[0]
    failures, total = [], 0
    for ship in scenario.fleet.ships:
        drawn = system_of(rs).piece_tracks(scenario, ship)
        want = expected_marks(rs, drawn)
        if want is None:
            failures.append(f"{ship.key}: its {name} cannot be read from the rules a second way")
            continue
        if printed is None and sum(t.count for t in drawn) != want:
            failures.append(f"{ship.key}: its tracks give {sum(t.count for t in drawn)} {name}, the rules {want}")
        total += want
        got = printed.get(ship.key, 0) if printed is not None else want
        if got != want:
            failures.append(f"{ship.key}: {got} {name} printed, the rules give {want}")
    return _result(name, failures, f"{len(scenario.fleet.ships)} ships, {total} marks in all")


def _result(name: str, failures: list[str], ok_detail: str) -> CheckResult:
    return CheckResult(name, not failures, failures[0] if failures else ok_detail, failures)
