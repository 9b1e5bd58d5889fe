"""The kit's handouts (html/) read back like its PDFs: each traced span of a page (<span data-n="N">)
prints what its source gives today, in the kit's language; no digit stands outside a traced span; a
number in a table still sits in the row and under the column head its labels name; every odds
figure is recomputed a second way; and trace.json is not taken on trust: each page is made again
from the kit's plan and its trace compared (check/retrace.py does the same for the PDFs)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from printgen import limits
from printgen.check.discrepancy import Discrepancy
from printgen.rules.trace import Source

_DIGITS = re.compile(r"\d+")
UNREAD = ("title", "style", "script")      # text never read as the page's (the tab's title is compared whole)
VOID = {"meta", "link", "br", "img", "hr", "input", "source", "wbr", "area", "base", "col", "embed", "track"}


class _Page(HTMLParser):
    """A handout read back: each traced span's text by its number, the digit runs outside them,
    where each traced span stands in a table, the page's language and its title."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.spans: dict[int, str] = {}
        self.doubled: list[int] = []               # numbers two spans carry
        self.untraced: list[str] = []              # digit runs outside every traced span
        self.loose: list[str] = []                 # the runs of text outside them (the teacher's own words)
        self.lang: str | None = None
        self.title = ""
        self.cells: dict[int, tuple] = {}          # n -> (table, row, column, in the header, a copy of a head)
        self._open: list[tuple[str, int | None, bool]] = []     # (tag, its span's number, a head's copy)
        self._text: list[str] = []                 # the current run of untraced text
        self._table, self._row, self._col, self._head = -1, -1, -1, False

    def handle_starttag(self, tag: str, attrs) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "table":
            self._table, self._row = self._table + 1, -1
        elif tag in ("thead", "tbody"):
            self._head = tag == "thead"
        elif tag == "tr":
            self._row, self._col = self._row + 1, -1
        elif tag in ("th", "td"):
            self._col += 1
        n = a.get("data-n")
        number = int(n) if n is not None and n.isdigit() else None
        label = "label" in (a.get("class") or "").split()
        if number is not None:
            self._flush()
            if number in self.spans:
                self.doubled.append(number)
            self.spans[number] = ""
            copy = label or any(lab for _, _, lab in self._open)
            self.cells[number] = (self._table, self._row, self._col, self._head, copy)
        if tag not in VOID:
            self._open.append((tag, number, label))

    def handle_endtag(self, tag: str) -> None:
        if not any(t == tag for t, _, _ in self._open):
            return
        while self._open:
            name, number, _ = self._open.pop()
            if number is not None:
                self._flush()
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        number = next((n for _, n, _ in reversed(self._open) if n is not None), None)
        if number is not None:
            self.spans[number] += data
        elif any(t == "title" for t, _, _ in self._open):
            self.title += data
        elif not any(t in UNREAD for t, _, _ in self._open):
            self._text.append(data)

    def _flush(self) -> None:
        run = "".join(self._text)
        self.untraced += _DIGITS.findall(run)
        if self.untraced:
            self.loose.append(run)
        self._text.clear()

    def close(self) -> None:
        super().close()
        self._flush()


def read_page(data: bytes) -> _Page:
    page = _Page()
    page.feed(data.decode("utf-8", errors="replace"))
    page.close()
    return page


def read_title(made: bytes) -> str:
    """The title of a page printgen has just made (its own output, never a kit's file): read up to the
    end of its <title>, as read_page reads it, not the whole page."""
    end = made.find(b"</title>")
    return read_page(made[:end + len(b"</title>")] if end >= 0 else made).title


def check_handouts(folder: Path, manifest: dict, plan, bad: dict, deploy_text) -> list[Discrepancy]:
    """Every handout the manifest lists and whose file is the one printgen wrote (a changed one is
    named as such by the folder's check, and not opened), one after the other (`printgen check`
    makes them jobs for its workers instead: handout_jobs, check_handout_job)."""
    found, jobs = handout_jobs(folder, manifest, plan, bad)
    return found + [d for job in jobs for d in check_handout_job(plan, job, deploy_text)]


def handout_jobs(folder: Path, manifest: dict, plan, bad: dict,
                 checked: dict | None = None) -> tuple[list[Discrepancy], list[tuple]]:
    """(what is wrong with trace.json's handouts, a job for each handout to check: check_handout_job).
    `checked`: the handouts the kit's build checked from the very bytes it wrote (path -> Checked),
    taken as they are while the file keeps those bytes (check_made_handouts)."""
    from printgen.check.manifest import read_listed
    from printgen.kit import tracefile
    from printgen.reading import Unreadable

    listed = [h for h in manifest.get("handouts") or [] if h["path"] not in bad]
    if not listed or "trace.json" in bad:
        return [], []
    taken = [d for h in listed if checked and (c := checked.get(h["path"])) is not None and c.sha256 == h["sha256"]
             for d in c.found]
    listed = [h for h in listed if not (checked and (c := checked.get(h["path"])) is not None
                                        and c.sha256 == h["sha256"])]
    if not listed:
        return taken, []
    try:
        traces = tracefile.read_handouts(read_listed(folder, "trace.json").decode("utf-8"))
    except (Unreadable, ValueError):
        traces = None
    if traces is None:
        return taken + [Discrepancy("trace.json", 0, "is damaged: the handouts cannot be checked number by number")], []
    return taken, [(folder, h, traces.get(h["path"])) for h in listed]


def check_handout_job(plan, job: tuple, deploy_text) -> list[Discrepancy]:
    """One handout of a kit folder read and checked (a job of handout_jobs)."""
    from printgen.check.manifest import read_listed
    from printgen.i18n import using
    from printgen.kit.handouts import handout_plan
    from printgen.reading import Unreadable

    folder, h, kept = job
    plan = handout_plan(plan)
    try:
        data = read_listed(folder, h["path"], limits.KIT_FILE_BYTES)
    except Unreadable as e:
        return [Discrepancy(h["path"], 0, e.why)]
    with using(plan.options.lang):
        return check_handout(data, h, kept, plan, deploy_text)


def check_made_handouts(plan, files: dict[str, bytes], traces: dict[str, list[dict]], listed: list[dict],
                        deploy_text) -> dict:
    """The handouts the kit's build has just made, each checked from its bytes against the trace it
    was made with (path -> check.checked.Checked), in the worker that checks them: the kit's own check
    then takes them as they are while their files keep those bytes, instead of making each page again
    only to compare it with itself. Every later `printgen check` makes them again (_retraced)."""
    import hashlib

    from printgen.check.checked import Checked
    from printgen.i18n import using
    from printgen.kit.handouts import handout_plan

    plan = handout_plan(plan)
    out = {}
    with using(plan.options.lang):
        for h in listed:
            data, kept = files[h["path"]], json.loads(json.dumps(traces[h["path"]]))     # as trace.json gives it back
            out[h["path"]] = Checked(hashlib.sha256(data).hexdigest(),
                                     check_handout(data, h, kept, plan, deploy_text, today=(data, kept)), None)
    return out


def check_handout(data: bytes, handout: dict, kept: list[dict] | None, plan, deploy_text,
                  today: tuple[bytes, list[dict]] | None = None) -> list[Discrepancy]:
    """One handout page against its trace (trace.json's, `kept`) and the rules today. `today`: the page
    and trace the kit's build made in this very run (check_made_handouts), not made again."""
    from printgen.check.independent import Oracle
    from printgen.check.numbers import Context, expected

    name, kind = handout["path"], handout["kind"]
    if kind not in plan.kinds() or (plan.record(kind).slides if handout.get("slides") else
                                    plan.record(kind).handout) is None:
        return [Discrepancy(name, 0, f"the kit's request gives no handout of the {kind} today")]
    made, trace, out = (today[0], today[1], []) if today is not None else _retraced(plan, handout, kept)
    page = read_page(data)
    title = read_title(made)                          # the tab's title: its words and digits as made today
    if " ".join(page.title.split()) != " ".join(title.split()):
        out.append(Discrepancy(name, 0, f"is titled '{page.title.strip()}', made today it is '{title.strip()}'"))
    if page.lang != plan.options.lang:
        out.append(Discrepancy(name, 0, f"says its language is '{page.lang}', the kit's is '{plan.options.lang}'"))
    s = plan.scenario
    ctx = Context(s.ruleset, plan.options.measure, s.fleet, s.title, extra=deploy_text, plan=plan)
    printed = []
    for n, entry in enumerate(trace):
        source = Source.from_json(entry["source"])
        if n not in page.spans:
            out.append(Discrepancy(name, 0, f"{source} ('{entry['text']}') is missing from the page"))
            continue
        text = page.spans[n]
        printed.append({**entry, "text": text, "bbox": (0, 0, 0, 0)})
        want = expected(source, entry["kind"], ctx)
        if want is not None and "".join(text.split()) != "".join(want.split()):
            out.append(Discrepancy(name, 0, f"{source} prints '{text}', the rules say '{want}'"))
    out += [Discrepancy(name, 0, f"the page numbers a span {n} that its trace does not list")
            for n in sorted(set(page.spans) - set(range(len(trace))))]
    out += [Discrepancy(name, 0, f"two spans of the page carry the number {n}") for n in sorted(set(page.doubled))]
    if page.untraced:                              # but a teacher's "1st Division" is the teacher's writing
        from printgen.check.own_words import own_words, uncovered_digits

        words = own_words(s, plan.options.lang)
        page.untraced = [d for run in page.loose for d in uncovered_digits(run, words)]
    out += [Discrepancy(name, 0, f"the number '{digits}' has no source") for digits in page.untraced]
    out += _labels(name, trace, page)
    out += [Discrepancy(name, 0, d.what) for d in Oracle(s.ruleset).check(printed, plan.options.measure, name, 0)]
    return out


def _labels(name: str, trace: list[dict], page: _Page) -> list[Discrepancy]:
    """Each number of a table in the row (its first cell) and under the column head its labels name."""
    where: dict[tuple, set] = {}                   # (table, row or "head", column) -> the sources printed there
    for n, (table, row, col, head, copy) in page.cells.items():
        if n < len(trace) and not copy and table >= 0:
            where.setdefault((table, "head" if head else row, col), set()).add(json.dumps(trace[n]["source"]))
    out = []
    for n, entry in enumerate(trace):
        if not entry.get("labels") or n not in page.cells:
            continue
        table, row, col, head, copy = page.cells[n]
        for axis, src in entry["labels"]:
            cell = (table, "head", col) if axis == "col" else (table, row, 0)
            if json.dumps(src) not in where.get(cell, set()):
                said = "column head" if axis == "col" else "row"
                out.append(Discrepancy(name, 0, f"{Source.from_json(entry['source'])} ('{page.spans.get(n, '')}') "
                                                f"is not under the {said} {Source.from_json(src)}"))
    return out


def _retraced(plan, handout: dict, kept: list[dict] | None) -> tuple[bytes, list[dict], list[Discrepancy]]:
    """(the page made again today, the trace to read the page against, what differs in trace.json's);
    where trace.json lists the same sources, today's trace (a text changed in trace.json alone is no
    difference: the page itself is compared with the rules); else trace.json's, its first
    difference named, so that what changed reads as the number printed against the rules today."""
    from printgen.kit.handouts import make_handout

    name = handout["path"]
    made, spans = make_handout(plan, plan.record(handout["kind"]), slides=bool(handout.get("slides")))
    today = json.loads(json.dumps(spans))                   # as JSON gives it back
    if kept is None:
        return made, today, [Discrepancy("trace.json", 0, f"does not list {name}")]
    if kept == today:
        return made, kept, []

    def said(e: dict) -> str:
        return f"'{e['text']}' from {Source.from_json(e['source'])}"

    for n, (a, b) in enumerate(zip(kept, today)):
        if {**a, "text": ""} != {**b, "text": ""}:
            return made, kept, [Discrepancy("trace.json", 0, f"says {name} prints {said(a)} as its span {n}; made "
                                                             f"today it prints {said(b)}")]
    if len(kept) != len(today):
        return made, kept, [Discrepancy("trace.json", 0, f"lists {len(kept)} spans of {name}; made today it has "
                                                          f"{len(today)}")]
    return made, today, []
