"""A handout written as one accessible web page (templates/handouts/handout.html.j2, autoescaped):
headings, lists, and tables with header cells and a caption; each traced span a <span data-n="N">
whose N is its entry in the handout's trace (printgen check reads the page back against it); a
pupil's provenance mark its symbol for the eye and its meaning for a screen reader."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from markupsafe import Markup, escape

from printgen.draw.shapes import Span
from printgen.i18n import _, ngettext
from printgen.sheets.handouts.model import Handout
from printgen.sheets.text.flow import paired
from printgen.sheets.text.markup import Block

STYLESHEET = "handouts.css"          # beside the pages in html/, one for them all
_BLANK = re.compile(r"_{3,}")        # a line to write on ("Name: ____"): read aloud as a blank
HEARD = "heard"                      # a span's "font" for words a screen reader says and the eye need not see
STACKS = ((7, "c7 wide"), (5, "c5"), (3, "c3"))    # columns -> the classes that say when a table stacks (handouts.css)
CONTENTS_FROM = 5                    # sections: a page with this many gets a list of them at the top


@dataclass
class Traced:
    """The handout's traced spans in the order the page prints them: its trace."""
    entries: list[dict] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)       # the provenance kinds its marks show, in order

    def add(self, span: Span) -> int:
        entry = {"text": span.text, "source": list(span.source or ()), "kind": span.kind}
        if span.labels:
            entry["labels"] = [[axis, list(src)] for axis, src in span.labels]
        self.entries.append(entry)
        return len(self.entries) - 1


def _symbol_kind(span: Span) -> str | None:
    """The provenance kind of a pupil's mark (its symbol), None for any other span."""
    from printgen.rules.provenance import SYMBOLS

    if span.source and span.source[0] == "provenance" and tuple(span.source[2:]) == ("symbol",):
        return next((k for k, s in SYMBOLS.items() if s and s == span.text), None)
    return None


def inline(spans: list[Span], traced: Traced) -> Markup:
    """Spans as escaped HTML: traced ones numbered, bold and italic runs marked up."""
    from printgen.rules.provenance import PUPIL_MEANING

    out = []
    for s in spans:
        mark = _symbol_kind(s)
        if mark is not None:
            n = traced.add(s)
            if mark not in traced.marks:
                traced.marks.append(mark)
            html = Markup('<span class="mark"><span data-n="{}" aria-hidden="true">{}</span>'
                          '<span class="vh"> ({})</span></span>').format(n, s.text, _(PUPIL_MEANING[mark]))
        elif s.source is not None:
            html = Markup('<span data-n="{}">{}</span>').format(traced.add(s), s.text)
        else:
            html = _blanks(s.text)
        if s.font == "bold":
            html = Markup("<strong>{}</strong>").format(html)
        elif s.font == "italic":
            html = Markup("<em>{}</em>").format(html)
        elif s.font == HEARD:
            html = Markup('<span class="vh">{}</span>').format(html)
        out.append(html)
    return Markup("").join(out)


def _blanks(text: str) -> Markup:
    """Text with each line to write on shown as a line and read as "blank"."""
    parts = _BLANK.split(text)
    if len(parts) == 1:
        return escape(text)
    lines = _BLANK.findall(text)
    blank = _("blank")
    out = [escape(parts[0])]
    for line, after in zip(lines, parts[1:]):
        out.append(Markup('<span class="blank" aria-hidden="true">{}</span><span class="vh">{}</span>')
                   .format(line, blank))
        out.append(escape(after))
    return Markup("").join(out)


def blocks_view(blocks: list[Block], traced: Traced, section_title: list[Span]) -> list[dict]:
    """The blocks as the page template lays them out: consecutive items one list, a heading just
    before a table the table's caption (else the section's title, for the ear alone)."""
    view: list[dict] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if b.kind == "heading" and nxt is not None and nxt.kind == "table":
            view.append(_table(nxt, inline(_plain(b.spans), traced), False, traced))
            i += 2
            continue
        if b.kind == "table":
            view.append(_table(b, inline(_plain(section_title), traced), True, traced))
        elif b.kind == "heading":
            view.append({"tag": "h3", "html": inline(_plain(b.spans), traced)})
        elif b.kind == "para":
            view.append({"tag": "p", "note": False, "html": inline(b.spans, traced)})
        elif b.kind == "note":
            view.append({"tag": "p", "note": True, "html": inline(b.spans, traced)})
        elif b.kind == "bullet":
            if not (view and view[-1]["tag"] == "ul"):
                view.append({"tag": "ul", "list": []})
            view[-1]["list"].append(inline(b.spans, traced))
        elif b.kind == "number":
            if not (view and view[-1]["tag"] == "ol"):
                view.append({"tag": "ol", "start": b.level, "list": []})
            view[-1]["list"].append((b.level, inline(b.spans, traced)))
        else:
            raise ValueError(f"a handout cannot show a {b.kind} block")
        i += 1
    return view


def _plain(spans: list[Span]) -> list[Span]:
    """A heading's spans without their bold: the heading's own weight says it."""
    return [Span(s.text, "", s.source, s.kind, s.labels) if s.font == "bold" else s for s in spans]


def _table(b: Block, caption: Markup, hidden: bool, traced: Traced) -> dict:
    """A table's view. A table of three columns or more also gives each body cell its column's
    head (`labels`), shown beside the cell on a narrow screen where the table stacks its rows
    (handouts.css), hidden from a screen reader, which hears the header cells themselves."""
    ncol = max(len(r) for r in b.rows)
    rows = paired([r + [[]] * (ncol - len(r)) for r in b.rows], b.header)    # each number learns its row and column
    head = [inline(c, traced) for c in rows[0]] if b.header else None
    body = [[inline(c, traced) for c in r] for r in (rows[1:] if b.header else rows)]
    stack = next((classes for least, classes in STACKS if ncol >= least), "") if b.header else ""
    labels = [[inline(_plain(c), traced) for c in rows[0]] for _ in body] if stack else []
    return {"tag": "table", "caption": caption, "hidden": hidden, "head": head, "rows": body, "labels": labels,
            "stack": stack}


def page(handout: Handout, lang: str, audience: str) -> tuple[bytes, list[dict]]:
    """The handout's page (UTF-8) and its trace: an entry a traced span, in the order printed; its
    own words (the title's form, the marks' meanings, the contents) in the handout's language."""
    from printgen.i18n import using

    with using(lang):
        return _page(handout, lang, audience)


def _page(handout: Handout, lang: str, audience: str) -> tuple[bytes, list[dict]]:
    from printgen.i18n import translated
    from printgen.sheets.page.words import titled

    traced = Traced()
    scenario = inline([Span(translated(lang, handout.scenario), "", ("scenario", "title"), "text")], traced)
    sections = []
    for k, s in enumerate(handout.sections, start=1):
        sections.append({"id": f"s{k}", "title": inline(_plain(s.title), traced),
                         "blocks": blocks_view(s.blocks, traced, s.title)})
    contents = ([{"id": s["id"], "title": inline(_plain(h.title), traced)} for s, h in zip(sections, handout.sections)]
                if len(sections) >= CONTENTS_FROM else [])
    intro = blocks_view(handout.intro, traced, [Span(handout.name)])
    html = _environment().get_template("handouts/handout.html.j2").render(
        lang=lang, title=titled(translated(lang, handout.scenario), handout.name), name=handout.name, scenario=scenario,
        intro=intro, sections=sections, contents=contents, legend=_legend(traced.marks, audience),
        stylesheet=STYLESHEET)
    return html.encode("utf-8"), traced.entries


def _legend(kinds: list[str], audience: str) -> list[tuple[str, str]]:
    """(symbol, meaning) for each mark the page shows (a teacher's page prints the marks in words)."""
    from printgen.rules.provenance import PUPIL_MEANING, SYMBOLS

    return [(SYMBOLS[k], _(PUPIL_MEANING[k])) for k in kinds] if audience == "pupil" else []


@cache
def _environment():
    """The handouts' own jinja environment: HTML, autoescaped; words in the reader's language."""
    import jinja2

    from printgen import paths

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(paths.templates_dir())), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(lambda m: _(m), lambda s, p, n: ngettext(s, p, n),  # type: ignore[attr-defined]
                                  newstyle=True)
    return env


def stylesheet() -> bytes:
    """The one stylesheet every handout of the kit links to."""
    from printgen import paths

    return (paths.templates_dir() / "handouts" / STYLESHEET).read_bytes()
