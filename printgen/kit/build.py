"""Build the class kit: gather and check everything, draw and render each document for each
edition, combine them, index them; then check the kit in a staging folder and move it into place
(printgen/kit/outdir.py says where it may go)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Callable

from printgen import __version__
from printgen.draw.render import flat_pages, render
from printgen.game.plan import Plan
from printgen.kit import tracefile
from printgen.kit.combine import combine_pdfs
from printgen.kit.jobs import Jobs
from printgen.kit.progress import Progress
from printgen.output import make_dirs
from printgen.registry.documents import DocumentKind
from printgen.request import KitRequest


def plan_kit(request: KitRequest, kit: bool = False) -> Plan:
    """Load, validate and derive everything (fleet, deployment, captains): errors before any file.
    `kit`: the caller builds the kit (printgen kit): a language one of its documents is not printed in
    is refused before any game is played."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.game.students import assign
    from printgen.kit.accepts import accept, refuse_untranslated_words
    from printgen.lesson.fit import fit, wish

    scenario, options = prepare(request.scenario, **request.choices())
    chosen = wish(scenario, options, request.students, request.engagement, request.balance, request.break_off,
                  request.sized)
    from printgen.sheets.plays.records import expect_games

    expect_games(chosen, scenario.ruleset.ruleset.system)      # the page the kit draws and its check lays out again
    if kit and options.lang != "en":                  # no kit half in one language, before any game is played
        from printgen.i18n import N_
        from printgen.registry.documents import kinds_for, refuse_untranslated

        refuse_untranslated(kinds_for(scenario.ruleset), options.lang, scenario.ruleset, N_("the kit"))
    accept(scenario)                                   # the data `printgen check FOLDER` refuses too
    if options.lang != "en":
        refuse_untranslated_words(scenario, options.lang)
    if options.poster:
        from printgen.sheets.maps.poster import check_poster

        check_poster(scenario, options)                # a poster the table does not fit: refused before drawing
    if request.dyslexia and "large" not in request.editions:
        from printgen.errors import PrintgenError, Problem
        from printgen.i18n import _

        raise PrintgenError(Problem(_("--dyslexia spaces the large-print edition's type, and the kit has none"),
                                    field="--dyslexia", fix=_("add large print: --edition large (or bw+large, all)")))
    scenario, fitted = fit(scenario, options, request.students, request.engagement, request.balance,
                           request.break_off, request.sized)
    options = options.but(dyslexia=request.dyslexia)          # only how it prints: the game is the same
    captains = assign(scenario, request.students)
    from printgen.game.classsize import class_size_note
    from printgen.i18n import using

    with using(options.lang):                                # the kit's language, as its other notes
        note = class_size_note(scenario, captains, request.students)
    if note is not None:
        options = options.but(notes=(*options.notes, note))
    return Plan(scenario, options, captains, deploy(scenario, options), request, fitted)


def file_name(record: DocumentKind, edition: str) -> str:
    return f"{record.file_stem}-{edition}.pdf"


def kit_title(options) -> str:
    """The kit file's title (manifest, index.html) in the kit's language."""
    if options.lang == "en":
        return f"Class kit ({options.edition_name})"
    from printgen.i18n import _, using

    with using(options.lang):
        return _("Class kit (%(edition)s)") % {"edition": options.edition_name}


def data_names(records: tuple[DocumentKind, ...]) -> list[str]:
    """The data files these documents bring (the plays page: its games' records)."""
    return [name for r in records for name in r.data]


def build_kit(plan: Plan, out: Path, progress: Progress | None = None,
              check: Callable[..., bool] | None = None, verify: Callable | None = None,
              verify_html: Callable | None = None) -> tuple[Path, bool]:
    """Write the kit to `out`: built and checked in a staging folder, then moved in (see outdir).
    Returns where it went and whether `check` passed: a failed kit goes to OUT.failed instead.
    With `verify` (printgen.check.kit.check_bytes), each worker checks the document it made, and
    `check(staging, checked)` is given those results, so that it need not read the documents again;
    with `verify_html` (printgen.check.kit.check_html_bytes), the handouts (html/) likewise."""
    from printgen.kit.lock import locked
    from printgen.kit.outdir import absolute, claim, clear_debris, keep_failed, put_in_place, stage

    out = absolute(out)
    claim(out, plan.scenario.folder, set(kit_files(plan, names_only=True)))  # before any work
    make_dirs(out.parent)
    with locked(out):
        clear_debris(out)
        checked: dict | None = {} if verify is not None else None
        files = kit_files(plan, progress, checked=checked, verify=verify, verify_html=verify_html)
        old = claim(out, plan.scenario.folder, set(files))      # again, with every page's thumbnail, under the lock
        staging = stage(out, files)
        try:
            if check is not None and not check(staging, checked or {}):
                return keep_failed(staging, out), False
            put_in_place(staging, out, list(files), old)
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
    return out, True


def kit_files(plan: Plan, progress: Progress | None = None, names_only: bool = False, checked: dict | None = None,
              verify: Callable | None = None, verify_html: Callable | None = None) -> dict[str, bytes]:
    """Every file of the kit by its name in the folder (`names_only`: the names, with no content).
    With `verify`, each document is also checked in the worker that made it, from its bytes, by
    verify(pdf, doc, trace, plan, files) (files: the data it brings, e.g. plays.json), and the result
    goes into `checked` by the document's path; with `verify_html`, the handouts too, by
    verify_html(plan, files, traces, listed, data) in a worker (path -> its result; data: the documents'
    data files, the plays page's records)."""
    from printgen.game.deploy_data import data_files
    from printgen.kit.handouts import handout_names
    from printgen.kit.index import index_html, thumb_name

    records, editions = plan.documents(), plan.request.editions
    jobs = [(edition, r.kind) for edition in editions for r in records]
    if names_only:
        names = [file_name(r, edition) for edition in editions for r in records]
        names += [f"kit-{e}.pdf" for e in editions]
        names += ["trace.json", "deployment.json", "deployment.csv", "manifest.json", "index.html",
                  *data_names(records)]
        names += [thumb_name({"path": n}, 1) for n in names if n.endswith(".pdf") and not n.startswith("kit-")]
        names += handout_names(plan)
        return dict.fromkeys(names, b"")
    progress = progress or Progress(0, enabled=False)
    # kit.pdf: what a class prints; the optional documents (the table-size map: 50+ sheets) if asked
    joined = [r for r in records if r.in_kit == "always" or (r.in_kit == "optional" and plan.request.with_tiled)]
    kits = {f"kit-{e}.pdf": [file_name(r, e) for r in joined] for e in editions}
    results, kit_pdfs, files, handouts, html_checked = _documents(plan, jobs, verify, kits, progress,
                                                                  verify_html if checked is not None else None)
    if checked is not None:
        checked.update(html_checked)
    documents = []
    for edition in editions:
        options = plan.options.but(edition=edition)
        for job in jobs:
            if job[0] != edition:
                continue
            r = results[job]
            files[r["path"]] = r["pdf"]
            files.update(r["files"])                    # a document's data (the plays page's records)
            files.update(r["thumbs"])
            if checked is not None and "checked" in r:
                checked[r["path"]] = r["checked"]
            documents.append({k: r[k] for k in DOC})
        kit_path = f"kit-{edition}.pdf"
        files[kit_path] = kit_pdfs[kit_path]
        doc = {"path": kit_path, "kind": "kit", "edition": edition,
               "pages": sum(results[edition, r.kind]["pages"] for r in joined), "parts": kits[kit_path],
               "title": kit_title(options)}
        documents.append(doc)
        if checked is not None:
            checked[kit_path] = verify(files[kit_path], doc, [], plan)
    files.update(data_files(plan.deployment, plan.scenario, plan.options))
    for d in documents:
        d["sha256"] = hashlib.sha256(files[d["path"]]).hexdigest()
    for d in handouts:                                  # html/: each text document as a web page
        d["sha256"] = hashlib.sha256(files[d["path"]]).hexdigest()
    manifest = _manifest(plan, documents, files, data_names(records))
    if handouts:
        manifest["handouts"] = handouts
    files["index.html"] = index_html(plan, manifest)
    # what a teacher opens and looks at besides the PDFs: hashed too, so an edit is caught
    manifest["extras"] = {name: hashlib.sha256(files[name]).hexdigest()
                          for name in sorted(files) if name == "index.html" or name.startswith("thumbs/")
                          or name.endswith(".css")}
    files["manifest.json"] = _json(manifest)
    return files


def _documents(plan: Plan, jobs: list[tuple[str, str]], verify: Callable | None, kits: dict[str, list[str]],
               progress: Progress, verify_html: Callable | None = None
               ) -> tuple[dict[tuple[str, str], dict], dict[str, bytes], dict[str, bytes], list[dict], dict]:
    """Each job's document, made on the cores; each kit.pdf (`kits`: its parts), the handouts
    (html/: their files, and what the manifest says of each) and trace.json;
    `progress` steps as each document and kit.pdf is made.
    Those that print the others' page counts (the lesson plan) are drawn once the counts are known:
    nothing is drawn only to be counted. Each document's check is a job of its own, and so are the
    joins and the handouts' check (`verify_html`: its results come last, path -> result), so that
    they keep the cores busy while the last documents are drawn."""
    preload(plan)
    editions = tuple(dict.fromkeys(e for e, _ in jobs))
    records = [plan.record(kind) for kind in dict.fromkeys(kind for _, kind in jobs)]
    # heavy first, so that the cores finish together; one worker draws every edition of a document:
    # what the editions share (the plays page's games, text already wrapped) is computed once
    first = sorted((r for r in records if not r.last), key=lambda r: not r.heavy)
    work = Jobs()
    draws = [work.add(f"draw {r.kind}", ("draw", (r.kind,), {})) for r in first]
    if last := tuple(r.kind for r in records if r.last):
        # they print each other's counts too: one after the other, each reads the count of the one before
        draws.append(work.after(f"draw {'+'.join(last)}", draws,
                                lambda done: ("draw", last, _counts(plan, done.values()))))

    def drawn(done: dict) -> dict:
        return {key: r for name in draws for key, r in done[name].items()}

    def join(done: dict, parts: list[str]) -> tuple:
        pdfs = {r["path"]: r["pdf"] for r in drawn(done).values()}
        return "join", [pdfs[p] for p in parts], {}

    for path, parts in kits.items():
        work.after(f"join {path}", draws, lambda done, parts=parts: join(done, parts))
    # the handouts once the documents are drawn (the lesson plan prints their page counts)
    handouts = work.after("handouts", draws, lambda done: ("handouts", (), _counts(plan, done.values())))
    work.after("trace", [*draws, handouts], lambda done: (
        "trace", ({r["path"]: r["trace"] for r in (drawn(done)[job] for job in jobs)}, kits, done[handouts][1]), {}))
    html = None
    if verify_html is not None:
        html = work.after("check handouts", [*draws, handouts], lambda done: (
            "check-html", (verify_html, *done[handouts], _data_files(drawn(done))), _counts(plan, done.values())))
    checks = []
    if verify is not None:
        for name in draws:
            for kind in name.removeprefix("draw ").split("+"):
                checks += [work.after(f"check {kind} {e}", [name], lambda done, name=name, key=(e, kind):
                                      ("check", _checked_part(done[name][key]), _counts(plan, done.values())))
                           for e in editions]

    def made(name: str, result) -> None:
        if name in draws:
            for edition, kind in result:
                progress.step(f"{kind} ({edition})")
        elif name.startswith("join "):
            progress.step(f"kit ({editions[list(kits).index(name.removeprefix('join '))]})")

    done = work.run(_job, (plan, verify, editions), label=_label, each=made)
    results = drawn(done)
    for name in checks:
        key, found = done[name]
        results[key]["checked"] = found
    plan.page_counts().update(_counts(plan, done.values()))
    pages, _, listed = done[handouts]
    return (results, {path: done[f"join {path}"] for path in kits}, {"trace.json": done["trace"], **pages}, listed,
            done[html][1] if html is not None else {})


def _data_files(drawn: dict) -> dict[str, bytes]:
    """The data files the drawn documents brought (the plays page's records), by name."""
    return {name: data for r in drawn.values() for name, data in r["files"].items()}


def _counts(plan: Plan, done) -> dict[str, int]:
    """The page count of each document drawn so far, by Plan.count_key (one for the editions of one layout)."""
    return {plan.count_key(kind, edition): r["pages"] for each in done if isinstance(each, dict)
            for (edition, kind), r in each.items()}


def _label(task) -> str:
    """What a job works on, as the message names it if its worker dies."""
    what, arg, _ = task
    if what == "draw":
        return f"the {' and '.join(arg)}"
    if what == "check":
        return f"the check of {arg['path']}"
    if what == "check-html":
        return "the check of the handouts (html/)"
    return {"join": "kit.pdf", "handouts": "the handouts (html/)"}.get(what, "trace.json")


def _job(shared: tuple[Plan, Callable | None, tuple[str, ...]], task: tuple):
    """("draw", kinds, counts): those documents in every edition (_editions), given the page counts
    they print; ("check", document, counts): one document checked from its bytes by `verify`;
    ("join", PDFs, _): kit.pdf; ("handouts", (), counts): html/ (printgen.kit.handouts);
    ("trace", (traces, kits, the handouts' traces), _): trace.json."""
    plan, verify, editions = shared
    what, arg, counts = task
    plan.page_counts().update(counts)
    if what == "draw":
        return _editions(shared, arg)
    if what == "join":
        return combine_pdfs(arg)
    if what == "handouts":
        from printgen.kit.handouts import handout_files

        return handout_files(plan)
    if what == "trace":
        return tracefile.write(*arg)
    if what == "check-html":
        return "html", arg[0](plan, *arg[1:])            # (not a dict: _counts reads the drawn documents' dicts)
    return (arg["edition"], arg["kind"]), _check(plan, verify, arg)


def preload(plan: Plan) -> None:
    """Import what every worker needs before they fork, once (the kit itself needs it all afterwards:
    the lesson plan is drawn here, kit.pdf joined here), instead of once a worker; `printgen check`'s
    workers lay every document out again and need the same (check/kit.py, where they fork).
    icepool (the odds a page prints: 0.2 s to import) and jinja2's parts are imported by every
    worker that draws a page of rules; the thumbnails' PNG writer and fonts by every worker of the kit."""
    import icepool  # noqa: F401
    import jinja2.ext  # noqa: F401
    import pypdfium2  # noqa: F401
    from PIL import Image, ImageFont, PngImagePlugin  # noqa: F401
    from reportlab.pdfgen import canvas  # noqa: F401

    from printgen.draw import pdf  # noqa: F401
    from printgen.draw.fonts import register_pdf_fonts
    from printgen.kit import index  # noqa: F401
    from printgen.registry.documents import resolve

    for record in plan.documents():               # imports every sheet's module
        resolve(record.draw)
    register_pdf_fonts()                          # parsing the three faces costs 0.1 s: once, not once a worker
    if plan.options.lang != "en":                 # the language's catalogue and CLDR data: once, not once a worker
        from printgen.i18n.catalogue import messages
        from printgen.i18n.numbers import number

        messages(plan.options.lang)
        number("0.5", plan.options.lang)


def scenario_ref(scenario) -> str:
    """How the manifest names the scenario (printgen.paths.scenario_ref)."""
    from printgen.paths import scenario_ref as ref

    return ref(scenario)


def _editions(shared: tuple[Plan, Callable | None, tuple[str, ...]], kinds_: tuple[str, ...]) -> dict:
    """These documents, each in every edition asked for, in one process (see _documents)."""
    plan, verify, editions = shared
    out = {}
    for kind in kinds_:
        for edition in editions:
            out[edition, kind] = _document((plan, verify), (edition, kind))
            # for the next to print, not to draw
            plan.page_counts()[plan.count_key(kind, edition)] = out[edition, kind]["pages"]
    return out


def _document(shared: tuple[Plan, Callable | None], job: tuple[str, str]) -> dict:
    """Draw, flatten and render one document of one edition, with its page thumbnails (checked by
    a job of its own, from these bytes: see _documents)."""
    from printgen.kit.index import thumbnails

    plan, _ = shared
    edition, kind = job
    record = plan.record(kind)
    drawing, pages = lay_out(plan, edition, kind)
    from printgen.sheets.legible import illegible_names

    if problems := illegible_names(pages, plan.scenario, plan.options.scale, file_name(record, edition)):
        from printgen.errors import PrintgenError

        raise PrintgenError(problems)
    doc = {"path": file_name(record, edition), "kind": kind, "edition": edition, "pages": len(pages),
           "title": drawing.title}
    return {**doc, "pdf": render(drawing, edition, "pdf", pages=pages).files[0][1],
            "trace": [[trace_record(e) for e in p.trace] for p in pages],
            "thumbs": thumbnails(pages, edition, [doc]), "files": drawing.files}


def lay_out(plan: Plan, edition: str, kind: str):
    """One document of one edition drawn and flattened: (its drawing, its pages). The build renders
    them; `printgen check` lays each document out again to know where its numbers stand today
    (check/retrace.py), not from trace.json alone."""
    drawing = plan.record(kind).make(plan, plan.options.but(edition=edition, fmt="pdf"))
    return drawing, flat_pages(drawing, edition)


DOC = ("path", "kind", "edition", "pages", "title")       # what the manifest says of a document


def _checked_part(r: dict) -> dict:
    """What a document's check needs of it (not its thumbnails): sent to the worker that checks it."""
    return {k: r[k] for k in (*DOC, "pdf", "trace", "files")}


def _check(plan: Plan, verify: Callable, r: dict):
    """One document checked from its bytes, as `printgen check` would check its file (the kit's
    check then does not read it again)."""
    return verify(r["pdf"], {k: r[k] for k in DOC}, tracefile.as_read(r["path"], r["trace"]), plan, r["files"])


def asked(plan: Plan) -> KitRequest:
    """The request as the manifest records it: the scenario by the name that finds it again
    (printgen.paths.scenario_ref)."""
    return plan.request.but(scenario=scenario_ref(plan.scenario))


def _manifest(plan: Plan, documents: list[dict], files: dict[str, bytes], data: list[str]) -> dict:
    from printgen.rules.trace import walk_numbers

    s, o = plan.scenario, plan.options
    return {
        "printgen": __version__,
        "scenario": {"name": s.name, "title": s.title, "ruleset": s.ruleset.ruleset.id},
        "request": asked(plan).to_json(),                     # what was asked: the checker re-derives from it
        "options": {"paper": o.paper, "scale": o.scale, "units": o.units, "seed": o.seed, "notes": list(o.notes)},
        "ruleset": {key: list(v) if isinstance(v, tuple) else v for key, v in walk_numbers(s.ruleset)},
        "ruleset_labels": dict(s.ruleset.labels),
        "ruleset_sha256": ruleset_sha256(s.ruleset),
        "fleet": [ship.key for ship in s.fleet.ships],
        "captains": [{"captain": c.number, "side": c.side, "squadron": c.squadron,
                      "ships": [ship.key for ship in c.ships]} for c in plan.captains],
        "documents": documents,
        "data": {name: hashlib.sha256(files[name]).hexdigest()
                 for name in ("trace.json", "deployment.json", "deployment.csv", *data)},
        "files": sorted([*files, "manifest.json", "index.html"]),   # what printgen may replace on the next run
    }


def ruleset_sha256(rs) -> str | None:
    """The ruleset file's sha256 (None for a ruleset not read from a file)."""
    from printgen.files.tomlfile import read_bounded

    return hashlib.sha256(read_bounded(Path(rs.path))).hexdigest() if rs.path else None    # bounded, no pipe


def trace_record(e) -> dict:
    out = {"bbox": e.bbox, "text": e.text, "source": list(e.source), "kind": e.kind}
    if e.labels:
        out["labels"] = [[axis, list(src)] for axis, src in e.labels]
    if e.shape:
        out["shape"] = e.shape
    return out


def _json(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n").encode("utf-8")
