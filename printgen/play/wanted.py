"""What this process is about to play, said before the game engine is first imported (the engine's
modules are compiled as they are imported, printgen/play/jit.py, so this module imports none of them).

Three costs decide how the games are played (measured on 2 cores, Trafalgar):
- compiling the engine on a computer that has never done so: about 23 s of CPU, once;
- loading the compiled engine once made: importing numba and reading it, 0.45 s and 90 MiB a process;
- playing as Python: about 0.6 ms a ship-turn (the compiled engine: a few µs).
So a run that plays COMPILE ship-turns or more (a lesson search, `printgen simulate` of hundreds of
games) compiles the engine if it must; one that plays MANY or more (a check's 10 sample games, a
packaged answer's sample) loads it only where this computer has it already, and otherwise plays as
Python: a few seconds, never the half-minute compile standing in a teacher's way."""

from __future__ import annotations

MANY = 1_000                     # ship-turns from which a process loads the compiled engine (where made:
#                                  the check's 10 sample games of Trafalgar, 3,540 ship-turns, cost 1.5 s more
#                                  of CPU as Python than importing numba and loading the engine)
PER_FAMILY = {"sectors": 5_000}  # the galley family's games cost a fifth to a half of the broadside's a ship-turn as
#                                  Python (measured, 40 games: Sluys 1.2 s, Lepanto 1.9 s, Trafalgar 9.3 s), and loading
#                                  the engine as much: Lepanto's 42 games beyond its answer cost 0.9 s more loaded
COMPILE = 40_000                 # ship-turns from which a process compiles it first where it must (about
#                                  the compile's 23 s of CPU as Python)

_WANTED: list[tuple[int, str | None]] = []
_PLANNED: list[int] = []         # ship-turns said before the family is known (expect_planned)


def expect(ship_turns: int, family: str | None = None) -> None:
    """The process will play about `ship_turns` ship-turns (a game's ships x its turns, summed), of
    the rule family `family` (its engine's compiled functions: None, any)."""
    if ship_turns >= PER_FAMILY.get(family or "", MANY):
        _WANTED.append((ship_turns, family))


def expect_planned(ship_turns: int) -> None:
    """The process will play about `ship_turns` ship-turns of the scenario it is about to plan, whose
    rule family is not known yet (`printgen check` replaying a kit's sample, said before it plans the
    kit's request again): counted as that family's once `planning` names it."""
    _PLANNED.append(ship_turns)


def planning(family: str | None) -> None:
    """The scenario about to be planned is of the rule family `family` (printgen/lesson/fit.py's
    `wish`, before anything imports the engine): what `expect_planned` said is expected of it."""
    while _PLANNED:
        expect(_PLANNED.pop(), family)


def many() -> bool:
    """Whether this process said it will play MANY ship-turns or more."""
    return bool(_WANTED)


def compiling() -> bool:
    """Whether it said it will play COMPILE ship-turns or more: worth compiling the engine for."""
    return any(n >= COMPILE for n, _ in _WANTED)


def families() -> set[str | None]:
    """The rule families whose games it said it will play (None: not said)."""
    return {family for _, family in _WANTED}
