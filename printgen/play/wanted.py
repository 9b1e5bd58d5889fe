"""What this process is about to play, said before the game engine is first imported (the engine's
modules are compiled as they are imported, printgen/play/jit.py, so this module imports none of them):
from MANY ship-turns on, the engine is compiled (loaded from the cache once made); fewer are played
as Python, which costs less than importing numba and loading the compiled engine (0.45 s, 90 MiB)."""

from __future__ import annotations

MANY = 1_000                     # ship-turns from which a process compiles (or loads) the engine (measured:
#                                  the check's 10 sample games of Trafalgar, 3,540 ship-turns, cost 1.5 s more
#                                  of CPU as Python than importing numba and loading the engine)

_WANTED: list[int] = []


def expect(ship_turns: int) -> None:
    """The process will play about `ship_turns` ship-turns (a game's ships x its turns, summed)."""
    if ship_turns >= MANY:
        _WANTED.append(ship_turns)


def many() -> bool:
    """Whether this process said it will play MANY ship-turns or more."""
    return bool(_WANTED)
