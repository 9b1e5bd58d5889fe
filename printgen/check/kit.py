"""`printgen check KIT`: read every printed file of a kit back and verify it against the ruleset
and the fleet as they are now. Every discrepancy is listed with its file and page."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable

from printgen import limits
from printgen.check.checked import Checked
from printgen.check.combined import Joins, check_combined, page_texts  # noqa: F401 (page_texts: for the tests)
from printgen.check.geometry import check_geometry
from printgen.check.folder import changed_extras, extra_files, ruleset_changes
from printgen.check.deployment import check_deployment, deployment_file
from printgen.check.gauges import check_angles
from printgen.check.independent import Oracle
from printgen.check.labels import check_pairs
from printgen.check.drawnmarks import check_marks
from printgen.check.frames import EDGE as FRAME, check_frames
from printgen.check.sides import check_sides, side_of
from printgen.check.timing import TIMED, check_timing
from printgen.check.rulers import check_bodies, check_pieces
from printgen.check.scaled import check_scaled
from printgen.check.linestyle import EDGES as LINE_EDGES, check_lines
from printgen.check.numbers import Context, Discrepancy, check_page
from printgen.check.manifest import FIX, changed, load_manifest, read_listed
from printgen.check.pdfread import open_pages
from printgen.check.said import AGREE
from printgen.check.visibility import check_visibility
from printgen.draw.theme import COPIER


def check_bytes(data: bytes, doc: dict, trace: list, plan, files: dict[str, bytes] | None = None) -> Checked:
    """Check one document of the kit from its bytes, as `printgen check` would check its file;
    `files`: the data files made with it (hashed for the kit's check).

    kit.pdf: its documents, checked this way, joined by the build in this very process (combine_pdfs);
    joining them again to compare would run the same code on the same bytes and prove nothing new,
    so its bytes are only hashed: the kit's check takes them as proven while the file keeps them
    (and its documents theirs). Every later `printgen check` joins them again."""
    if doc["kind"] == "kit":
        return Checked(hashlib.sha256(data).hexdigest(), [], None)
    if files:                                     # the plays page: its figures come from its records
        from printgen.check.plays import take_records
        from printgen.sheets.plays.records import RECORDS

        if RECORDS in files:
            take_records(plan, files[RECORDS])
    found, texts = check_document(data, doc, trace, plan, _resolver(plan))
    made = {name: hashlib.sha256(b).hexdigest() for name, b in (files or {}).items()}
    return Checked(hashlib.sha256(data).hexdigest(), found, texts, made)


def check_html_bytes(plan, files: dict[str, bytes], traces: dict[str, list[dict]], listed: list[dict],
                     data: dict[str, bytes] | None = None) -> dict:
    """The handouts (html/) the kit's build has just made, checked from their bytes as `printgen check`
    checks their files, but against the pages and traces made in this run rather than made again
    (check/handouts.py check_made_handouts): path -> Checked, taken by the kit's check while each file
    keeps those bytes. `data`: the documents' data files (the plays page's records: its figures are
    checked against them, as check_bytes checks the page's)."""
    from printgen.check.handouts import check_made_handouts

    if data:
        from printgen.sheets.plays.records import RECORDS

        if RECORDS in data:
            from printgen.check.plays import take_records

            take_records(plan, data[RECORDS])
    return check_made_handouts(plan, files, traces, listed, _resolver(plan))


def check_kit(folder: Path, echo: Callable[[str], None] = print, quiet: bool = False,
              report: Path | None = None, checked: dict[str, Checked] | None = None, plan=None,
              verdict: dict | None = None, keep: dict[str, Checked] | None = None) -> bool:
    """Check every file the manifest lists, and only those. A file that is missing, a link, or not
    the bytes printgen wrote (its sha256 differs) is reported as such and not opened.

    `checked`: documents the kit's build checked from their bytes as it made them; one whose file
    has those bytes is not read again. `plan`: the plan the build made from the manifest's request
    (default: made again from it). `verdict`: filled with the same findings as data (`check --json`).
    `keep`: filled, when the kit passes, with each document's result as `checked` takes it (for a
    caller that checks the kit again after changing some of its documents and nothing else)."""
    folder = Path(folder)
    _not_half_moved(folder)
    manifest = load_manifest(folder)
    found: list[Discrepancy] = []
    bad = _unsafe_or_changed(folder, manifest)
    found += [Discrepancy(name, 0, why) for name, why in bad.items()]
    traces = None if "trace.json" in bad else _traces(folder)
    joins = Joins(folder, _joins(manifest, bad, traces, checked))     # started now: they need no plan
    try:
        if plan is None:
            from printgen.check.plays import expect_replays

            expect_replays(folder, manifest, bad)      # before the plan imports the engine
            plan = _replan(manifest, folder)
        found += extra_files(folder, manifest) + changed_extras(folder, manifest)
        from printgen.check.copies import check_copies

        found += check_copies(folder, manifest, plan, bad)      # index.html's copies: the lesson plan's counts
        found += ruleset_changes(manifest, plan.scenario.ruleset)
        if traces is None and "trace.json" not in bad:
            found.append(Discrepancy("trace.json", 0, "is damaged: the documents cannot be checked number by number"))
        if "deployment.json" not in bad:
            _deployment(folder, manifest, plan, found)
        from printgen.check.plays import check_plays

        made = {name: sha for c in (checked or {}).values() for name, sha in c.data.items()}
        plays, games = check_plays(folder, manifest, plan, bad, made)
        found += plays                                     # before the documents: their figures read its records
        from printgen.check.handouts import handout_jobs

        html, pages = handout_jobs(folder, manifest, plan, bad, checked)   # html/: read back like the PDFs
        by_path, replayed, texts = _check_documents(folder, manifest, bad, traces, plan, checked, games, joins, pages)
        for d in html:
            by_path.setdefault(d.file, []).append(d)
    finally:
        joins.stop()
    found += replayed + _other_version(manifest, by_path)
    statuses = []
    for d in manifest["documents"]:
        problems = by_path.get(d["path"], [])
        found += problems
        status = "FAIL" if problems or d["path"] in bad else "ok  " if d["path"] in by_path else "--  "
        statuses.append((d["path"], d["pages"], status.strip()))
        if not quiet:
            echo(f"{status}  {d['path']} ({d['pages']} pages)" + ("" if status != "--  " else ": not compared"))
    handouts = []
    for h in manifest.get("handouts") or []:
        problems = by_path.pop(h["path"], [])
        found += problems
        status = "FAIL" if problems or h["path"] in bad else "ok"
        handouts.append({"path": h["path"], "status": status.lower()})
        if not quiet:
            echo(f"{status:<4}  {h['path']}")
    found += [d for path, ds in by_path.items() if path not in {d["path"] for d in manifest["documents"]} for d in ds]
    if verdict is not None:
        verdict.update(ok=not found, documents=[{"path": p, "pages": n, "status": {"--": "not compared"}.get(s, s.lower())}
                                                for p, n, s in statuses], handouts=handouts,
                       discrepancies=[{"file": d.file, "page": d.page, "what": d.what,
                                       "box": list(d.box) if d.box else None} for d in found])
    if keep is not None and not found:
        from printgen.sheets.plays.records import RECORDS

        records = {n: sha for n, sha in manifest["data"].items() if n == RECORDS}      # replayed: they agree
        keep.update({d["path"]: Checked(d["sha256"], [], texts.get(d["path"]), records) for d in manifest["documents"]})
    for d in found:
        echo(f"FAIL  {d}")
    from printgen.i18n import _

    if not found:                   # (in the language of the command: `printgen kit --lang fr` checks its kit)
        echo(_(AGREE) % {"count": len(manifest["documents"])})
    else:
        echo(_("check: %(count)s discrepancies") % {"count": len(found)})
    if report is not None:
        from printgen.check.report import write_report

        write_report(folder, found, report)
        echo(f"report: {report}")
    return not found


def _other_version(manifest: dict, by_path: dict[str, list[Discrepancy]]) -> list[Discrepancy]:
    """A kit another printgen made is laid out another way today (check/retrace.py): say so once."""
    from printgen import __version__

    made_by = manifest.get("printgen")
    if made_by == __version__ or not any(d.file == "trace.json" for ds in by_path.values() for d in ds):
        return []
    return [Discrepancy("manifest.json", 0, f"the kit was made by printgen {made_by}, this is printgen {__version__}, "
                                            "which lays it out differently: make the kit again with `printgen kit` "
                                            "to check it")]


def _not_half_moved(folder: Path) -> None:
    """A kit whose run was stopped outright while it moved the new kit in holds part of each: the
    next `printgen kit` finishes the move (printgen/kit/outdir.py); until then, say so, not which
    files differ."""
    from printgen.errors import PrintgenError, Problem
    from printgen.kit.outdir import interrupted

    if interrupted(Path(os.path.abspath(folder))):
        raise PrintgenError(Problem("printgen was stopped outright while it moved a new kit into this folder: "
                                    "it holds part of the new kit and part of the old", file=folder,
                                    fix="run the same `printgen kit` command again: it first finishes moving "
                                        "the new kit (already checked) in"))


def _checked(manifest: dict, bad: dict, traces: dict | None, checked: dict[str, Checked] | None) -> tuple[list[dict], dict[str, Checked]]:
    """The documents to check (none without a readable trace.json), and those the build checked
    from the very bytes of their files (taken as they are)."""
    docs = [d for d in manifest["documents"] if d["path"] not in bad and traces is not None]
    done = {d["path"]: checked[d["path"]] for d in docs
            if checked and d["path"] in checked and checked[d["path"]].sha256 == d["sha256"]}
    return docs, done


def _joins(manifest: dict, bad: dict, traces: dict | None, checked: dict[str, Checked] | None) -> dict:
    """kit.pdf path -> (it, its documents), for each kit.pdf to join again: not one the build joined
    from the documents it checked (the same bytes, still in their files), nor one with a changed document."""
    docs, done = _checked(manifest, bad, traces, checked)
    kits = [(d, _parts(manifest, d)) for d in docs if d["kind"] == "kit"]
    return {kit["path"]: (kit, parts) for kit, parts in kits if not any(x["path"] in bad for x in parts)
            and not (kit["path"] in done and all(x["path"] in done for x in parts))}


def _check_documents(folder: Path, manifest: dict, bad: dict, traces: dict | None, plan,
                     checked: dict[str, Checked] | None, games: list[tuple], joins: Joins,
                     handouts: list[tuple] | None = None
                     ) -> tuple[dict[str, list[Discrepancy]], list[Discrepancy], dict]:
    """Each readable document's discrepancies (those the build checked from the same bytes are
    taken as they are), and each kit.pdf's against its documents (`joins`: those joined again);
    and what the replayed `games` (check.plays.check_plays) found; `handouts`' discrepancies (jobs of
    check.handouts.handout_jobs) go in by their files. Documents, games and handouts are jobs for
    the same workers."""
    docs, done = _checked(manifest, bad, traces, checked)
    # the page counts the lesson prints: the manifest's, each verified against its file by that
    # document's own check below, so that no document is drawn again only to count its pages
    plan.page_counts().update({plan.count_key(d["kind"], d["edition"]): d["pages"] for d in docs
                               if d["kind"] != "kit" and d["kind"] in plan.kinds()})
    todo = [(folder, d, traces.get(d["path"], [])) for d in docs if d["kind"] != "kit" and d["path"] not in done]
    # the longest first, so that the workers finish together: the replayed games (one job), then the
    # documents, the larger file first
    todo.sort(key=lambda job: -os.lstat(folder / job[1]["path"]).st_size)
    from printgen.check.plays import replay_job

    jobs = [("doc", job) for job in todo]
    if games:                        # first: as Python it is the longest job; compiled, its worker loads the engine
        jobs.insert(0, ("game", replay_job(games, plan.scenario.ruleset.ruleset.system)))
    jobs += [("html", job) for job in handouts or ()]                     # a few tenths of a second each: last
    _resolver(plan)                    # made once, before the workers fork (each document's check reads it)
    import pypdfium2  # noqa: F401  (imported before the workers fork: once, not once a worker)

    from printgen.forks import context

    if context().get_start_method() == "fork" and len(jobs) > 1:
        from printgen.kit.build import preload  # what every worker imports to lay a document out:

        preload(plan)                            # once here, not once a worker (a spawned one starts afresh)

    from printgen.kit.parallel import run

    results = run(_check_job, plan, jobs, label=_label)
    read = {p: (c.found, c.texts) for p, c in done.items()}
    read |= {job[1][1]["path"]: r for job, r in zip(jobs, results) if job[0] == "doc"}
    replayed = [d for job, r in zip(jobs, results) if job[0] == "game" for d in r]
    html = [d for job, r in zip(jobs, results) if job[0] == "html" for d in r]
    texts = {path: r[1] for path, r in read.items()}
    by_path = {path: r[0] for path, r in read.items()}
    for path, (kit, parts) in joins.jobs.items():
        by_path[path] = check_combined(folder, kit, parts, texts, joins.proven(path))
    for d in html:
        by_path.setdefault(d.file, []).append(d)
    return by_path, replayed, texts


def _label(job) -> str:
    what, arg = job
    if what == "game":
        return f"replaying game{'s' if len(arg[2]) > 1 else ''} {', '.join(str(g[2]) for g in arg[2])} of plays.json"
    return f"checking {arg[1]['path']}"               # a document or a handout: (folder, its entry, its trace)


def _parts(manifest: dict, kit: dict) -> list[dict]:
    """The documents kit.pdf holds, in order (all of its edition, if not listed)."""
    inside = kit.get("parts")
    return [x for x in manifest["documents"] if x["edition"] == kit["edition"] and x["kind"] != "kit"
            and (inside is None or x["path"] in inside)]


def _unsafe_or_changed(folder: Path, manifest: dict) -> dict[str, str]:
    """name -> what is wrong with it, for each listed file that is missing, a link, or changed."""
    out = {}
    sums = {d["path"]: d["sha256"] for d in manifest["documents"]} | manifest["data"]
    sums |= {h["path"]: h["sha256"] for h in manifest.get("handouts") or []}
    for name, want in sums.items():
        if why := changed(folder, name, want):
            out[name] = why
    return out


def _traces(folder: Path) -> dict | None:
    from printgen.kit import tracefile
    from printgen.reading import Unreadable

    try:
        traces = tracefile.read(read_listed(folder, "trace.json").decode("utf-8"))
    except (Unreadable, ValueError):
        return None
    ok = isinstance(traces, dict) and all(isinstance(t, list) and all(isinstance(p, list) for p in t)
                                          for t in traces.values())
    return traces if ok else None


def _replan(manifest: dict, folder: Path):
    """The fleet, ruleset, deployment and captains the request gives today: refused (exit 2) when the
    request cannot be planned, or names a scenario of another ruleset than the kit was printed from
    (a manifest edited to name another scenario: its pages would be read against rules they never had)."""
    from printgen.errors import PrintgenError, Problem
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    request = KitRequest.from_json(manifest["request"])
    where = folder / "manifest.json"
    try:
        plan = plan_kit(request.but(scenario=_scenario_folder(request.scenario, folder)))
    except PrintgenError as e:            # an option's problem is the manifest's request here, not a command line's
        raise PrintgenError([p if p.file is not None else
                             Problem(f"its request cannot be made again today: {p.what}", file=where,
                                     field="request." + (p.field or "").lstrip("-").replace("-", "_") if p.field else None,
                                     fix="make the kit again with `printgen kit`")
                             for p in e.problems]) from None
    printed = manifest.get("scenario") if isinstance(manifest.get("scenario"), dict) else {}
    now = (plan.scenario.name, plan.scenario.ruleset.ruleset.id)
    if (printed.get("name"), printed.get("ruleset")) != now:
        raise PrintgenError(Problem(f"the kit was printed from the scenario '{printed.get('name')}' (ruleset "
                                    f"'{printed.get('ruleset')}'), but its request names '{request.scenario}' "
                                    f"(scenario '{now[0]}', ruleset '{now[1]}')", file=where, field="request.scenario",
                                    fix=FIX))
    plan.__dict__["printed_ref"] = request.scenario       # the commands it printed name it as it was made
    return plan


def _scenario_folder(name: str, folder: Path) -> str:
    """The scenario the manifest names; if its folder has gone, the folder of that name beside the kit:
    a kit unpacked from a zip with its fleet (as `printgen serve` gives an uploaded fleet's kit)."""
    given = Path(name)
    beside = Path(folder).parent / given.name
    if given.is_absolute() and not given.exists() and (beside / "scenario.toml").is_file():
        return str(beside)
    return name


def _deployment(folder: Path, manifest: dict, plan, found: list[Discrepancy]) -> None:
    """deployment.json, if the manifest lists it (the check opens no other file), is the one the
    scenario and seed give today."""
    from printgen.reading import Unreadable

    if "deployment.json" not in manifest["data"]:
        found.append(Discrepancy("deployment.json", 0, "the manifest does not list it: the deployment cannot be checked"))
        return
    fresh = deployment_file(plan)[0]
    try:
        same = read_listed(folder, "deployment.json", len(fresh)) == fresh
    except Unreadable:
        same = False
    if not same:
        found.append(Discrepancy("deployment.json", 0, "differs from the deployment the scenario and seed give"))


def _check_job(plan, job) -> tuple[list[Discrepancy], list[str] | None] | list[Discrepancy]:
    """A document's discrepancies and the words of each of its pages (None: unreadable); for a
    game of the plays page's sample, what its replay found."""
    what, job = job
    if what == "game":
        from printgen.check.plays import replay_all

        return replay_all(job)
    if what == "html":
        from printgen.check.handouts import check_handout_job

        return check_handout_job(plan, job, _resolver(plan))
    from printgen.reading import Unreadable

    folder, doc, trace = job
    try:
        data = read_listed(folder, doc["path"], limits.KIT_FILE_BYTES)     # its sum was checked: read once more,
    except Unreadable as e:                                                # never through a link
        return [Discrepancy(doc["path"], 0, e.why)], None
    from printgen.check.retrace import retraced

    laid: list = []                                              # each page's words, laid out today
    trace, differs = retraced(plan, doc, trace, laid)            # where things stand: today's layout
    found, texts = check_document(data, doc, trace, plan, _resolver(plan), laid)
    return differs + found, texts


def _resolver(plan):
    """What the deployment's sources print (the map's positions, ...), from the deployment file's contents."""
    from printgen.game.deploy_data import source_resolver

    cached = plan.__dict__.get("_deployment_resolver")
    data = deployment_file(plan)[1]
    if cached is None or cached[0] is not data:
        cached = plan.__dict__["_deployment_resolver"] = (data, source_resolver(data))
    return cached[1]


def check_document(path: Path | bytes, doc: dict, trace: list, plan, deploy_text,
                   laid: list | None = None) -> tuple[list[Discrepancy], list[str] | None]:
    """A document's discrepancies and the words of each page; `path` may be the PDF's bytes. Read in
    the kit's language (its request's, recorded in the manifest): the words it expects are translated
    as the drawing's were, and its numbers written the same way (plan.options.measure carries it)."""
    from printgen.i18n import using

    if doc["edition"] in ("color", "bw", "large") and doc["edition"] != plan.options.edition:
        plan = plan.but(plan.options.but(edition=doc["edition"]))     # what it derives, as its edition drew it
    with using(plan.options.lang):
        return _check_document(path, doc, trace, plan, deploy_text, laid)


def _check_document(path: Path | bytes, doc: dict, trace: list, plan,
                    deploy_text, laid: list | None = None) -> tuple[list[Discrepancy], list[str] | None]:
    import pypdfium2 as pdfium

    edition = doc["edition"]
    checks = _checks_of(plan, doc)
    try:
        measures = [{e["shape"]["edge"] for e in t if "shape" in e} - {FRAME} for t in trace]     # page by page
        # (a frame is read from the characters alone: check/frames.py)
        lines = {"x", "from", "to", "colour", "angle", "bearing", "chevron", *LINE_EDGES}   # what lines are read for
        with open_pages(path, shapes=["lines" if m & lines else "bases" in checks or bool(m) for m in measures],
                        colours=[edition in COPIER or "colour" in m for m in measures]) as pages:
            return _check_pages(pages, doc, trace, plan, deploy_text, checks, laid), [p.text() for p in pages]
    except pdfium.PdfiumError as e:
        return [Discrepancy(doc["path"], 0, f"cannot be read as a PDF ({e})")], None


def _checks_of(plan, doc: dict) -> tuple[str, ...]:
    """What the document's record asks the check to measure besides what every document gets."""
    return plan.record(doc["kind"]).checks if doc["kind"] in plan.kinds() else ()


def _check_pages(pages, doc: dict, trace: list, plan, deploy_text, checks: tuple[str, ...],
                 laid: list | None = None) -> list[Discrepancy]:
    """`laid`: each page's texts as laid out today (None for a page not compared word by word)."""
    kind, edition, name = doc["kind"], doc["edition"], doc["path"]
    out: list[Discrepancy] = []
    if len(pages) != doc["pages"] or len(trace) != len(pages):
        out.append(Discrepancy(name, 0, f"has {len(pages)} pages, the kit made {doc['pages']}"))
        return out
    s, o = plan.scenario, plan.options
    measure = o.measure
    odds = Oracle(s.ruleset)
    large = kind in plan.kinds() and plan.record(kind).large_print(edition)     # held to large print's floors
    ctx = Context(s.ruleset, measure, s.fleet, s.title, 1, len(pages), extra=deploy_text, plan=plan)
    timed: list[tuple[list, list[dict]]] = []                       # pages that print the lesson's timing
    for i, (page, whole) in enumerate(zip(pages, trace), start=1):
        page_trace = [e for e in whole if "shape" not in e]          # printed words and numbers
        timed.append((page.chars(), page_trace) if any(e["source"][0] in TIMED for e in page_trace) else ([], []))
        shapes = [e for e in whole if "shape" in e]
        if shapes:
            out += check_geometry(page.paths, shapes, s.ruleset, measure, name, i, edition)
            out += check_angles(page.paths, shapes, s.ruleset, name, i)
            out += check_deployment(page, shapes, page_trace, plan, name, i)
            out += check_lines(page, shapes, edition, name, i)
            out += check_marks(page, shapes, [e for e in page_trace if e["source"][0] == "fleet" and e["source"][2] == "name"],
                               plan, name, i)
            out += check_bodies(page, shapes, plan, name, i)
            out += check_scaled(page, shapes, page_trace, plan, name, i)
        if frames := [e for e in shapes if e["shape"]["edge"] == FRAME]:     # every word inside its frame
            out += check_frames(page.chars(), frames, page.width if hasattr(page, "width") else _width(page),
                                page.height, name, i)
        if any(e["source"][0] in ("dice_of", "hit_points_of") for e in page_trace):   # a named ship's numbers are hers
            from printgen.check.named import check_named

            out += check_named(page.chars(), page_trace, ctx.ships, name, i)
        if any(e.get("kind") == "percent" for e in page_trace):    # a column says what its figure computes
            from printgen.check.columns import MEANINGS, check_columns
            from printgen.i18n import _ as said

            out += check_columns(page.chars(), page_trace, s.ruleset, {m: str(said(m)) for m in MEANINGS}, name, i)
        if any(e["source"][0] == "provenance" for e in page_trace):  # a mark stands on words of its provenance
            from printgen.check.provmarks import check_provenance_marks

            out += check_provenance_marks(page.chars(), page_trace, s.ruleset, s, name, i)
        if any(side_of(e) for e in page_trace):                  # every ship listed under its own side
            out += check_sides(page.chars(), page_trace, {k: sh.side for k, sh in ctx.ships.items()}, name, i)
        if laid and len(laid) == len(pages) and laid[i - 1] is not None:     # every word is the layout's
            from printgen.check.laidwords import check_headers, check_laid_words

            out += check_laid_words(page.chars(), laid[i - 1], name, i)
            if any(e.get("labels") for e in page_trace):           # a table's numbers under their headers
                out += check_headers(page.chars(), page_trace, name, i)
        ctx.page = i
        out += check_page(page, page_trace, ctx, name, i)
        out += check_pairs(page_trace, name, i)
        out += odds.check(page_trace, measure, name, i)
        out += check_visibility(page.visible, page_trace, name, i, o.scale, page.height, large)
        if edition in COPIER:
            out += _colours(page, name, i)
        if "bases" in checks:
            out += _bases(page, page_trace, plan, name, i)
        if "tiles" in checks:
            from printgen.check.tiles import check_tiles

            out += check_tiles(page, plan, name, i)
    out += check_timing(timed, name)                                 # a lesson's minutes and turns agree
    out += check_pieces(trace, plan, name)
    if "fleet" in checks:
        printed = {e["source"][1] for t in trace for e in t if e["source"][0] == "fleet" and e["source"][2] == "name"
                   and "shape" not in e}
        want = {ship.key for ship in s.fleet.ships}
        for key in sorted(want - printed):
            out.append(Discrepancy(name, 0, f"{key} is in the fleet but not on the {kind}"))
        for key in sorted(printed - want):
            out.append(Discrepancy(name, 0, f"{key} is on the {kind} but not in the fleet"))
    return out


def _width(page) -> float:
    return page.page.get_width()


def _colours(page, name: str, i: int) -> list[Discrepancy]:
    coloured = {c for p in page.paths for c in (p.fill, p.stroke) if c and len(set(c)) > 1}
    coloured |= {c for c in page.text_colours if c and len(set(c)) > 1}
    if coloured:
        return [Discrepancy(name, i, f"black-and-white page uses colour {sorted(coloured)[0]}")]
    return []


def _bases(page, trace, plan, name: str, i: int) -> list[Discrepancy]:
    """Each base measures its ship's base at the kit's scale (the ruleset's base_of: one size for all,
    or one a ship type) and holds one mark per point, as the rule family draws and recognises them
    (hit circles, or the small squares of structure boxes)."""
    from printgen.check.covered import FIX as REDRAW, covered, mark_words
    from printgen.check.marks import flagships_strongest
    from printgen.rules.marks import expected_marks
    from printgen.registry import system_of

    rs, m = plan.scenario.ruleset, plan.options.measure
    family = system_of(rs)
    ships = {s.key: s for s in plan.scenario.fleet.ships}
    size_of = {key: tuple(m.pt(v) for v in rs.base_of(ship)) for key, ship in ships.items()}
    sizes = set(size_of.values())

    def fits(p, w: float, h: float) -> bool:
        return abs(p.w - w) < 0.72 and abs(p.h - h) < 0.72

    # a patterned base prints as its fill, its pattern and its outline: one base a position
    bases = list({(round(p.x0), round(p.top)): p for p in page.paths
                  if p.kind == "rect" and any(fits(p, w, h) for w, h in sizes)}.values())
    marks = [p for p in page.paths if family.is_mark(p, sizes)]
    hidden = covered(page, marks)                       # a mark painted over counts as not drawn
    unit, points = family.marks
    names = [e for e in trace if e["source"][0] == "fleet" and e["source"][2] == "name"]
    out, seen, counts = [], set(), {}
    for base in bases:
        box = (base.x0, base.top, base.x1, base.bottom)
        inside = {e["source"][1] for e in names if box[0] <= (e["bbox"][0] + e["bbox"][2]) / 2 <= box[2]
                  and box[1] <= (e["bbox"][1] + e["bbox"][3]) / 2 <= box[3]}
        if len(inside) != 1:
            out.append(Discrepancy(name, i, f"a base at ({base.x0:.0f}, {base.top:.0f}) pt carries no ship name"))
            continue
        key = inside.pop()
        ship = ships.get(key)
        if ship is None:
            continue
        w, h = size_of[key]
        if not fits(base, w, h):
            continue                                  # another type's size: this ship's base is missing
        seen.add(key)
        drawn = system_of(rs).piece_tracks(plan.scenario, ship)
        want = expected_marks(rs, drawn)                  # rules/marks.py: the sources read a second way
        mine = {c: why for c, why in hidden.items() if c.inside(box)}
        out += [Discrepancy(name, i, f"{key}: a {mark_words(c)} at ({c.x0:.0f}, {c.top:.0f}) pt on its base is "
                                     f"covered: {why}, {REDRAW}", (c.x0, c.top, c.x1, c.bottom)) for c, why in mine.items()]
        got = counts[key] = sum(1 for c in marks if c.inside(box) and c not in mine)
        if want is None:
            out.append(Discrepancy(name, i, f"{key}: the marks its base must carry cannot be read from the rules"))
            continue
        if got != want:
            out.append(Discrepancy(name, i, f"{key}: {got} {unit} on its base, the rules give {want} {points}"))
    out += flagships_strongest(counts, {k: s.flagship for k, s in ships.items()}, name, i,
                               {k: s.type or "" for k, s in ships.items()})
    expected = {e["source"][1] for e in names}
    for key in sorted(expected - seen):
        w, h = size_of.get(key, next(iter(sizes)))
        out.append(Discrepancy(name, i, f"{key}: no base of {w / 72:.2f} x {h / 72:.2f} in found"))
    return out
