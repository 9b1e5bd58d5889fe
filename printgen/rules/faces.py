"""Die faces as written in the data ([5, 6] or "5-6") and how they print ("5-6", "6", "1, 3")."""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator

DIE = 6


def parse_faces(value) -> tuple[int, ...]:
    if isinstance(value, str):
        parts: list[int] = []
        for chunk in value.replace(" ", "").split(","):
            if not chunk:
                continue
            lo, _, hi = chunk.partition("-")
            try:
                a, b = int(lo), int(hi or lo)
            except ValueError:
                raise ValueError(f"'{value}' is not a list of die faces; write them like [5, 6] or \"5-6\"") from None
            if not (1 <= a <= DIE and 1 <= b <= DIE):
                raise ValueError(f"'{value}' names a face that is not on a six-sided die (faces are 1 to {DIE})")
            parts.extend(range(a, b + 1))
        value = parts
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(f"{value!r} is not a list of die faces; write them like [5, 6]")
    for face in value:
        if not 1 <= face <= DIE:
            raise ValueError(f"die face {face} is not on a six-sided die (faces are 1 to {DIE})")
    if len(set(value)) != len(value):
        raise ValueError(f"a face is listed twice in {list(value)}")
    return tuple(sorted(value))


Faces = Annotated[tuple[int, ...], BeforeValidator(parse_faces)]


def format_faces(faces: tuple[int, ...] | list[int]) -> str:
    """Runs print as ranges the way rules do: (5, 6) -> "5-6", (6,) -> "6", (1, 3, 4) -> "1, 3-4"."""
    faces = sorted(faces)
    runs: list[list[int]] = []
    for f in faces:
        if runs and f == runs[-1][-1] + 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
