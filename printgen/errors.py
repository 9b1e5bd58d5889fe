"""The one small exception family the CLI prints cleanly (no traceback for user mistakes).

Every error names where the problem is (file, line, field), what is wrong and how to fix it.
Loaders collect all the problems they find and raise them together, so a teacher fixes a file once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    what: str
    file: Path | str | None = None
    line: int | None = None
    field: str | None = None
    fix: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = str(self.file)
            if self.line is not None:
                where += f", line {self.line}"
        if self.field:
            where = f"{where}, field '{self.field}'" if where else f"field '{self.field}'"
        text = f"{where}: {self.what}" if where else self.what
        if self.fix:
            text += f"\n    fix: {self.fix}"
        return text


class PrintgenError(Exception):
    """A user-facing error: bad data, bad options, impossible requests. Exit code 2."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, (Problem, str)):
            problems = [problems if isinstance(problems, Problem) else Problem(problems)]
        from printgen.limits import PROBLEMS_SHOWN

        if len(problems) > PROBLEMS_SHOWN:                  # thousands of mistakes: the first few
            more = len(problems) - PROBLEMS_SHOWN
            problems = problems[:PROBLEMS_SHOWN] + [Problem(f"and {more} more problem{'s' if more > 1 else ''}",
                                                            fix="fix these first, then run printgen again")]
        self.problems: list[Problem] = problems
        super().__init__("\n".join(str(p) for p in problems))


class Collector:
    """Gathers problems while validating; `raise_if_any` aborts once with all of them."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, what: str, **where) -> None:
        self.problems.append(Problem(what, **where))

    def raise_if_any(self) -> None:
        if self.problems:
            raise PrintgenError(self.problems)
