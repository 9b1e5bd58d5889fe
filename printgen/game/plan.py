"""The kit's plan: everything its documents need, gathered and checked before anything is drawn,
and which documents it holds (the catalogue's records for its ruleset and options)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.registry.documents import DocumentKind, kinds_for, languages_of
from printgen.request import KitRequest

if TYPE_CHECKING:
    from printgen.data.scenario import Scenario
    from printgen.draw.shapes import Drawing
    from printgen.game.deploy import Deployment
    from printgen.game.students import Captain
    from printgen.lesson.search import Trial
    from printgen.options import Options


@dataclass(frozen=True)
class Plan:
    """Everything the sheets need, gathered and checked before anything is drawn."""
    scenario: Scenario
    options: Options
    captains: list[Captain]
    deployment: Deployment
    request: KitRequest = field(default_factory=KitRequest, compare=False)    # what the teacher asked for
    fitted: Trial | None = field(default=None, compare=False)   # the lesson's game as printgen chose and played it

    def __getstate__(self) -> dict:
        """The plan as a spawned worker receives it (printgen.forks): its caches but the check's
        deployment resolver, a closure, which the worker makes again when it needs it."""
        return {k: v for k, v in self.__dict__.items() if k != "_deployment_resolver"}

    def documents(self) -> tuple[DocumentKind, ...]:
        """The documents of this kit, in print order: the ruleset's, and the poster when asked for."""
        cache = self.__dict__.setdefault("_documents", {})
        key = self.options.poster, self.options.lang
        if key not in cache:
            records = kinds_for(self.scenario.ruleset, self.options)
            if self.options.lang != "en":     # only those printed in it (`printgen kit` refuses a kit short of any)
                records = tuple(r for r in records if self.options.lang in languages_of(r, self.scenario.ruleset))
            cache[key] = records
        return cache[key]

    def kinds(self) -> tuple[str, ...]:
        return tuple(r.kind for r in self.documents())

    def record(self, kind: str) -> DocumentKind:
        """The record of one of this kit's documents (KeyError: not one of them)."""
        for r in self.documents():
            if r.kind == kind:
                return r
        raise KeyError(kind)

    def draw(self, kind: str, options: Options | None = None) -> Drawing:
        """One of the kit's documents, drawn for one edition (default: the plan's options)."""
        return self.record(kind).make(self, options if options is not None else self.options)

    def pages(self, kind: str) -> int:
        """Pages of one document of this kit, drawn to count them unless known (cached on the plan;
        while the lesson plan counts its own pages in a first pass, its count reads 0). The colour
        and black-and-white editions differ in colour, not in layout: one count serves both; a
        document of the large-print edition has its own (count_key)."""
        cache = self.page_counts()
        record = self.record(kind)
        key = self.count_key(kind)
        if key in cache:                # drawn: its real count (a "one page" document may run over)
            return cache[key]
        if record.one_page and not record.large_print(self.options.edition):
            return 1
        if key not in cache:
            cache[key] = 0
            cache[key] = len(self.draw(kind).pages)
        return cache[key]

    def count_key(self, kind: str, edition: str | None = None) -> str:
        """The page counts' key of a document in an edition (default: the plan's): its kind, and
        "KIND@large" in the large-print edition, which lays every document out anew: a pupil's in large
        type, a piece at its size on the table, and a teacher's (the lesson plan) with the large print's
        own words and the counts of that edition's documents (a colour count is not its count)."""
        edition = edition or self.options.edition
        return f"{kind}@large" if edition == "large" else kind

    def page_counts(self) -> dict[str, int]:
        """The cache `pages` fills (by count_key): the build puts in the counts of the documents it
        has drawn, the check those of the documents it reads (each verified against its file), so
        none is drawn twice."""
        return self.__dict__.setdefault("_pages", {})

    def but(self, options: Options) -> Plan:
        """The same plan with other options (an edition, a format), sharing the page counts and the
        name the kit's commands give its scenario (`printgen check`'s plan: printgen.paths.printed_ref)."""
        if options == self.options:
            return self
        other = dataclasses.replace(self, options=options)
        other.__dict__["_pages"] = self.page_counts()
        for key in SHARED:
            if key in self.__dict__:
                other.__dict__[key] = self.__dict__[key]
        return other


# What a plan with other options (another edition: the check of each document reads it in its own)
# shares with it: the name of its scenario, its games and the records the check read, its deployment's
# file and sources; none of them depends on how the kit prints.
SHARED = ("printed_ref", "_plays", "_plays_checked", "_deployment_resolver", "_deployment_file")
