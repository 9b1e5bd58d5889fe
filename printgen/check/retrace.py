"""trace.json is not taken on trust. It says where each number, word and drawn mark of a page stands
and which source it prints; a kit edited to print another number could point that place at another
source (or at none) and pass. So `printgen check` lays each document out again from the kit's plan
(the request made again today: the same code the build ran, no rendering) and measures the page
against that trace. Where trace.json says otherwise, that is a discrepancy of its own (retraced says
which trace the pages are then measured against)."""

from __future__ import annotations

import copy

from printgen.check.discrepancy import Discrepancy
from printgen.rules.trace import Source


def retraced(plan, doc: dict, trace: list, laid: list | None = None) -> tuple[list, list[Discrepancy]]:
    """(the trace to measure the document's pages against, what differs in trace.json's).

    Laid out at the same places, today's trace is measured against (a source pointed elsewhere in
    trace.json is named, and its place measured against the true one); a different printed text alone
    is no difference here (the page itself is compared with the rules). Laid out at other places (the
    data changed since printing, another printgen made it, or trace.json was moved about), the first
    difference is named and the pages are measured where trace.json says they print, so that what
    changed reads as the number printed against the number the rules give today.
    `laid`: filled with each page's texts as laid out today (check/laidwords.py), if given."""
    from printgen.kit import tracefile
    from printgen.kit.build import lay_out, trace_record

    if doc["kind"] not in plan.kinds():
        return trace, []                  # no such document today: the check's record lookup says so
    # laid out on a copy: a document may leave notes in its plan for the build's own check (the plays
    # page, its figures), which must not replace what this check read from the kit (plays.json)
    pages = lay_out(copy.copy(plan), doc["edition"], doc["kind"])[1]
    if laid is not None:
        from printgen.check.laidwords import WORDS, laid_texts

        laid.extend(laid_texts(p) if doc["kind"] in WORDS else None for p in pages)
    today = tracefile.as_read(doc["path"], [[trace_record(e) for e in p.trace] for p in pages])
    if today == trace:
        return trace, []
    if _same_places(trace, today):
        return today, _first_difference(doc["path"], trace, today, but_text=True)
    return trace, _first_difference(doc["path"], trace, today)


def _same_places(a: list, b: list) -> bool:
    return len(a) == len(b) and all(len(p) == len(q) and all(x["bbox"] == y["bbox"] for x, y in zip(p, q))
                                    for p, q in zip(a, b))


def _first_difference(path: str, kept: list, today: list, but_text: bool = False) -> list[Discrepancy]:
    """The first item trace.json says otherwise than today's layout (`but_text`: what it printed aside)."""
    def same(x: dict, y: dict) -> bool:
        return x == y or but_text and {**x, "text": ""} == {**y, "text": ""}

    if len(kept) != len(today):
        return [Discrepancy("trace.json", 0, f"gives {path} {len(kept)} pages; laid out today it has {len(today)}")]
    for page, (a, b) in enumerate(zip(kept, today), start=1):
        for x, y in zip(a, b):
            if not same(x, y):
                return [Discrepancy("trace.json", 0, f"says {path}, page {page}, prints {_said(x)}; "
                                                     f"laid out today it prints {_said(y)}", tuple(y["bbox"]))]
        if len(a) != len(b):
            return [Discrepancy("trace.json", 0, f"lists {len(a)} items on {path}, page {page}; laid out today "
                                                 f"the page has {len(b)}")]
    return []


def _said(entry: dict) -> str:
    x0, top = entry["bbox"][:2]
    what = "a drawn " + str(entry["shape"].get("edge", "mark")) if "shape" in entry else f"'{entry['text']}'"
    return f"{what} from {Source.from_json(entry['source'])} at ({x0:.0f}, {top:.0f}) pt"
