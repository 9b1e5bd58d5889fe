"""The kit's work as named jobs for the workers (printgen.kit.parallel): a job is found by its name,
and one made from earlier jobs' results reads them by name, never by position."""

from __future__ import annotations

from typing import Any, Callable

from printgen.kit import parallel
from printgen.kit.parallel import After


class Jobs:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.tasks: list[Any] = []

    def add(self, name: str, task: Any) -> str:
        """A job whose task is known now; returns its name."""
        if name in self.names:
            raise ValueError(f"two jobs named {name!r}")
        self.names.append(name)
        self.tasks.append(task)
        return name

    def after(self, name: str, needs: list[str], make: Callable[[dict[str, Any]], Any]) -> str:
        """A job made, once the jobs `needs` are done, by `make(results by name)` (only theirs, and
        those of the jobs done before them, are in)."""
        index = {n: i for i, n in enumerate(self.names)}
        return self.add(name, After(tuple(index[n] for n in needs),
                                    lambda results: make(self._named(results))))

    def _named(self, results: list) -> dict[str, Any]:
        return dict(zip(self.names, results))

    def run(self, fn: Callable[[Any, Any], Any], shared: Any, label: Callable[[Any], str] = repr,
            each: Callable[[str, Any], None] = lambda name, result: None) -> dict[str, Any]:
        """Every job's result by its name (printgen.kit.parallel.run: in the order the jobs were added)."""
        results = parallel.run(fn, shared, self.tasks, label=label, each=lambda i, result: each(self.names[i], result))
        return self._named(results)
