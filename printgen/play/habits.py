"""The captains' habits by name (printgen/play/policies.py steers by them): what a scenario's
[simulation] tables and `--policy` may name, read by the checks of the data without importing the
engine. Importing the engine decides whether it is compiled (printgen/play/jit.py), which a run may
only decide once it has said how many games it will play (play/wanted.py): a kit that checks its
data first would otherwise play its whole lesson search as Python."""

from __future__ import annotations

from dataclasses import dataclass

CLOSE, HOLD, BREAK, KEEP, ARCHERS = range(5)      # the habits' numbers in compiled code


@dataclass(frozen=True)
class Policy:
    name: str
    code: int
    moves: bool          # hold-the-line keeps station


POLICIES: dict[str, Policy] = {p.name: p for p in (
    Policy("close-and-fire", CLOSE, True), Policy("hold-the-line", HOLD, False),
    Policy("break-the-line", BREAK, True), Policy("keep-range", KEEP, True),
    Policy("archers-first", ARCHERS, True))}     # archers-first: steered by the families that have it (sectors)
