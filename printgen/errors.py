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
        """The problem as the terminal shows it, its framing words in the language of the command that
        raised it (printgen.i18n.LANG, which main() sets again to print it; English: as always)."""
        from printgen.i18n import _

        where = ""
        if self.file is not None:
            where = str(self.file)
            if self.line is not None:
                where = _("%(file)s, line %(line)s") % {"file": where, "line": self.line}
        if self.field:
            where = (_("%(where)s, field '%(field)s'") % {"where": where, "field": self.field} if where else
                     _("field '%(field)s'") % {"field": self.field})
        text = _("%(where)s: %(what)s") % {"where": where, "what": self.what} if where else self.what
        if self.fix:
            text += "\n    " + _("fix: %(fix)s") % {"fix": self.fix}
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
        from printgen.i18n import LANG

        self.lang = LANG.get()              # the command's language (printgen.cli.common.speaking): main() prints in it
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
