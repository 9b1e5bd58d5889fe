"""index.html: a thumbnail of every page and what to print on which paper."""

from __future__ import annotations

import html
import re

from printgen.draw.png import render_png
from printgen.i18n import N_
from printgen.registry.documents import find

THUMB_DPI = 16


def thumb_name(doc: dict, page: int) -> str:
    return f"thumbs/{doc['path'][:-4]}-p{page:03d}.png"


def thumbed(doc: dict) -> int:
    """How many of the document's pages get a thumbnail (the first ones): all, or only the first when
    it shows the rest (the table-size map's overview: how its many tiles fit)."""
    record = find(doc["kind"])
    return 1 if record is not None and record.thumbs == "first" else doc["pages"]


def thumbnails(pages, edition: str, documents: list[dict]) -> dict[str, bytes]:
    """Small PNGs of the pages of the documents (in order, as `pages` holds them)."""
    out, i = {}, 0
    for doc in documents:
        stamps: dict = {}                   # the document's symbols as rasters, shared by its pages
        for k in range(thumbed(doc)):
            out[thumb_name(doc, k + 1)] = render_png(pages[i + k], THUMB_DPI, stamps)
        i += doc["pages"]
    return out


def sheet_totals(plan, manifest: dict, kit: dict) -> dict:
    """The kit file's sheets and the optional ones it leaves out, counted as the teacher's sheet
    counts them (printgen.game.materials.kit_pages), from the pages the kit printed."""
    import dataclasses

    from printgen.game.materials import kit_pages, optional_kinds, optional_pages

    edition = kit["edition"]
    counted = dataclasses.replace(plan, options=plan.options.but(edition=edition))   # a copy: its page counts
    counted.__dict__["_pages"] = {plan.count_key(d["kind"], edition): d["pages"] for d in manifest["documents"]
                                  if d["edition"] == edition and d["kind"] != "kit"}           # are this edition's
    with_optional = any(d["kind"] in optional_kinds(plan) for d in manifest["documents"] if d["path"] in kit.get("parts", []))
    return {"kit": kit_pages(counted, with_optional), "tiled": 0 if with_optional else optional_pages(counted)}


def _edition_words(plan, d: dict) -> str:
    """How a document of the kit prints: in colour, in black and white, or in the large-print
    edition in large type, with its pieces at table size, or (a teacher's) in ordinary type."""
    if d["edition"] != "large":
        return "black and white" if d["edition"] == "bw" else "colour"
    if d["kind"] == "kit" or plan.record(d["kind"]).large_print("large"):
        return "large print"
    if plan.record(d["kind"]).cut_out:
        return "large print: pieces at their size on the table, larger names"
    return "large-print edition: the teacher's copy, ordinary type, black and white"


LARGE_WORDS = (N_("large print"), N_("large print: pieces at their size on the table, larger names"),
               N_("large-print edition: the teacher's copy, ordinary type, black and white"))


def index_html(plan, manifest: dict) -> bytes:
    import jinja2

    from printgen import paths

    # HTML, so autoescaped (the sheets' environment is not): a scenario's title is the teacher's text
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(paths.templates_dir())), autoescape=True,
                                     undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                     extensions=["jinja2.ext.i18n"])
    from printgen.game.materials import optional_kinds
    from printgen.i18n import translated, translated_plural

    lang = getattr(plan.options, "lang", "en")

    def gettext(message: str) -> str:
        return translated(lang, message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return translated_plural(lang, singular, plural, n)

    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    docs = []
    optional = optional_kinds(plan)
    counts = copy_counts(plan, manifest, gettext)
    for d in manifest["documents"]:
        whole = gettext("Everything above in one file, in print order.")
        if d["kind"] == "kit" and any(x["kind"] in optional and x["edition"] == d["edition"]
                                      and x["path"] not in d.get("parts", [x["path"]]) for x in manifest["documents"]):
            whole = gettext("Everything above but the table-size map, in one file, in print order "
                            "(printgen kit --with-tiled puts the map in too).")
        pages = ngettext("%(count)s page", "%(count)s pages", d["pages"]) % {"count": d["pages"]}
        name, note = heading_note(d["title"], pages, gettext(_edition_words(plan, d)), d["edition"],
                                  gettext(EDITION_NAMES[d["edition"]]) if d["edition"] in EDITION_NAMES else "")
        docs.append({**d, "name": name, "note": note,
                     "advice": gettext(plan.record(d["kind"]).advice) if d["kind"] != "kit" else whole,
                     "shown": gettext(_edition_words(plan, d)), "count": counts["documents"].get(d["path"]),
                     "thumbs": [thumb_name(d, k + 1) for k in range(thumbed(d))] if d["kind"] != "kit" else []})
    totals = []
    for kit in (d for d in manifest["documents"] if d["kind"] == "kit"):
        totals.append({"name": kit["title"], "path": kit["path"], "edition": kit["edition"],
                       **sheet_totals(plan, manifest, kit)})
    html = environment.get_template("kit/index.html.j2").render(
        title=gettext(plan.scenario.title), lang=lang,
        manifest=manifest, documents=docs, paper=plan.options.paper, totals=totals,
        students=len(plan.captains), ships=len(plan.scenario.fleet.ships), notes=plan.options.notes,
        paper_totals=counts["totals"], colour_only=tuple(plan.request.editions) == ("color",),
        handouts=manifest.get("handouts", []))
    return typeset_html(html, lang).encode("utf-8")


# the words a heading names its edition in where the document's title does not (options.edition_name's)
EDITION_NAMES = {"color": N_("colour edition"), "bw": N_("black-and-white edition")}


def heading_note(title: str, pages: str, shown: str, edition: str, named: str = "") -> tuple[str, str]:
    """A document's heading on the page: its title and one parenthesis, "(colour edition, 3 pages)":
    a title that ends with its edition in parentheses takes the page count into them (and the edition's
    words only when they say more than the title: a large-print document's); a title without one is
    given the same parenthesis (`named`: its edition's name, as the titles say it) but in large print."""
    opened = title.rfind(" (")
    if not title.endswith(")") or opened < 0:
        return title, f"({named}, {pages})" if named and edition != "large" else f"({pages}, {shown})"
    inside = [title[opened + 2:-1], pages] + ([shown] if edition == "large" else [])
    return title[:opened], "(" + ", ".join(inside) + ")"


_TEXT = re.compile(r"(<style>.*?</style>|<[^>]*>)|([^<]+)", re.S)


def typeset_html(page: str, lang: str) -> str:
    """The page's text with the language's typography (printgen.i18n.typography, as the PDFs print it):
    each text between tags unescaped, typeset, escaped again; tags, attributes and the style kept."""
    from markupsafe import escape

    from printgen.i18n.typography import typeset

    if lang not in ("fr", "es"):
        return page

    def text(m: re.Match) -> str:
        if m.group(1) is not None:
            return m.group(1)
        return str(escape(typeset(html.unescape(m.group(2)), lang)))

    return _TEXT.sub(text, page)


PAPER_WORDS = {"plain": N_("plain paper"), "card": N_("card")}
# the sheets a document's copies take: (one sheet, printed on both sides) -> words
SHEETS_WORDS = {(False, False): N_("; %(count)s sheets of %(paper)s."),
                (True, False): N_("; %(count)s sheet of %(paper)s."),
                (False, True): N_("; %(count)s sheets of %(paper)s, printed on both sides."),
                (True, True): N_("; %(count)s sheet of %(paper)s, printed on both sides.")}


def document_count(count: dict, pages: int, gettext) -> dict:
    """One document's copies for the class (`count`: printgen.game.materials.print_counts's entry) and the
    sheets they take, with the words index.html and the web page say them in: how many copies and why,
    then the sheets, of which paper, and whether printed on both sides (the lesson plan's rule, `sheets_of`)."""
    from printgen.game.materials import COPIES_WORDS, both_sides, sheets_of

    one, many = COPIES_WORDS[count["per"]]
    n = count["copies"]
    sheets = sheets_of(pages, count["two_sided"], n)
    both = both_sides(pages, count["two_sided"])
    return {"copies": n, "words": gettext(one if n == 1 else many) % {"count": n}, "sheets": sheets,
            "paper": count["paper"], "two_sided": both,
            "sheets_words": gettext(SHEETS_WORDS[sheets == 1, both]) % {
                "count": sheets, "paper": gettext(PAPER_WORDS[count["paper"]])}}


def copy_counts(plan, manifest: dict, gettext) -> dict:
    """Copies and sheets of each document for the class, and each edition's sheets of each paper, from
    the lesson plan's own counts (printgen.game.materials: print_counts, sheets_of) and the pages each
    document printed: index.html and the web page give the lesson plan's numbers.
    {"documents": {path: {copies, words, sheets, paper}}, "totals": [{edition title, plain, card, optional}]}."""
    from printgen.game.materials import print_counts

    counts = print_counts(plan)
    documents: dict[str, dict] = {}
    totals: dict[str, dict] = {}
    kits = {d["edition"]: d["title"] for d in manifest["documents"] if d["kind"] == "kit"}
    for d in manifest["documents"]:
        c = counts.get(d["kind"])
        if c is None:
            continue
        documents[d["path"]] = count = document_count(c, d["pages"], gettext)
        total = totals.setdefault(d["edition"], {"name": kits.get(d["edition"], d["edition"]), "edition": d["edition"],
                                                 "plain": 0, "card": 0, "optional": 0})
        total["optional" if c["optional"] else c["paper"]] += count["sheets"]
    return {"documents": documents, "totals": list(totals.values())}
