"""The kit's html/ folder: each text document's handout (a record's `handout`, printgen.sheets.handouts)
as a web page beside the PDFs, and the one stylesheet they share. Made once the documents are drawn
(the lesson plan prints their page counts), in the kit's language, for every edition alike."""

from __future__ import annotations

FOLDER = "html"


def handout_name(record) -> str:
    return f"{FOLDER}/{record.file_stem}.html"


def stylesheet_name() -> str:
    from printgen.sheets.handouts.html import STYLESHEET

    return f"{FOLDER}/{STYLESHEET}"


def records_with_handouts(plan) -> list:
    return [r for r in plan.documents() if r.handout is not None]


def slides_name(record) -> str:
    return f"{FOLDER}/{record.file_stem}-slides.html"


SLIDE_FILES = ("slides.css", "slides.js")      # beside the slides, one of each for them all


def records_with_slides(plan) -> list:
    return [r for r in plan.documents() if r.slides is not None]


def handout_names(plan) -> list[str]:
    """Every file of html/ (the names alone: a kit's folder is claimed before anything is made)."""
    found = [handout_name(r) for r in records_with_handouts(plan)]
    slides = [slides_name(r) for r in records_with_slides(plan)]
    if slides:
        slides += [f"{FOLDER}/{name}" for name in SLIDE_FILES]
    return [*found, stylesheet_name(), *slides] if found else slides


def handout_plan(plan):
    """The plan a handout is made from, and checked against: the kit's first edition (a lesson plan's
    page counts are that edition's: a large-print kit's pages are more)."""
    return plan.but(plan.options.but(edition=plan.request.editions[0], fmt="pdf"))


def make_handout(plan, record, slides: bool = False) -> tuple[bytes, list[dict]]:
    """One document's handout page (or, `slides`, its screens for the projector) and its trace (an
    entry a traced span, in the order printed)."""
    from printgen.sheets.handouts.html import page

    plan = handout_plan(plan)
    if slides:
        from printgen.sheets.plays import slides as screens

        return screens.page(record.make_handout(plan, plan.options, record.slides), plan.options.lang)
    return page(record.make_handout(plan, plan.options), plan.options.lang, record.audience)


def handout_files(plan) -> tuple[dict[str, bytes], dict[str, list[dict]], list[dict]]:
    """(files by name, each page's trace by name, what the manifest says of each page)."""
    from printgen.sheets.handouts.html import stylesheet

    files: dict[str, bytes] = {}
    traces: dict[str, list[dict]] = {}
    listed = []
    for record in records_with_handouts(plan):
        name = handout_name(record)
        files[name], traces[name] = make_handout(plan, record)
        listed.append({"path": name, "kind": record.kind, "title": _title(plan, record)})
    if files:
        files[stylesheet_name()] = stylesheet()
    for record in records_with_slides(plan):
        name = slides_name(record)
        files[name], traces[name] = make_handout(plan, record, slides=True)
        listed.append({"path": name, "kind": record.kind, "title": _slides_title(plan, record), "slides": True})
        files[stylesheet_name()] = stylesheet()
        for extra in SLIDE_FILES:
            files[f"{FOLDER}/{extra}"] = _template_file(extra)
    return files, traces, listed


def _slides_title(plan, record) -> str:
    """The slides' name in the kit's language, as index.html lists them beside the handout."""
    from printgen.i18n import N_, using
    from printgen.i18n import _ as tr

    with using(plan.options.lang):
        return tr(N_("%(title)s, on the classroom screen")) % {"title": _title(plan, record)}


def _template_file(name: str) -> bytes:
    from printgen import paths

    return (paths.templates_dir() / "handouts" / name).read_bytes()


def _title(plan, record) -> str:
    """The handout's name in the kit's language, as its page's heading says it."""
    from printgen.i18n import translated

    return translated(plan.options.lang, record.title)
