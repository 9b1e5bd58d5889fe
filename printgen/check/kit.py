"""`printgen check KIT`: read every printed file of a kit back and verify it against the ruleset
and the fleet as they are now. Every discrepancy is listed with its file and page."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from printgen.check.geometry import check_geometry
from printgen.check.folder import changed_extras, extra_files, ruleset_changes
from printgen.check.independent import Oracle
from printgen.check.labels import check_pairs
from printgen.check.numbers import Context, Discrepancy, check_page
from printgen.check.manifest import load_manifest, plain_file
from printgen.check.pdfread import open_pages
from printgen.check.visibility import check_visibility

SHIP_LISTS = ("sprites", "map", "captains", "records", "score", "debrief")   # documents that must show exactly the fleet chosen


def check_kit(folder: Path, echo: Callable[[str], None] = print, quiet: bool = False,
              report: Path | None = None) -> bool:
    """Check every file the manifest lists, and only those. A file that is missing, a link, or not
    the bytes printgen wrote (its sha256 differs) is reported as such and not opened."""
    folder = Path(folder)
    manifest = load_manifest(folder)
    found: list[Discrepancy] = []
    bad = _unsafe_or_changed(folder, manifest)
    found += [Discrepancy(name, 0, why) for name, why in bad.items()]
    plan = _replan(manifest, folder)
    found += extra_files(folder, manifest) + changed_extras(folder, manifest)
    found += ruleset_changes(manifest, plan.scenario.ruleset)
    traces = None if "trace.json" in bad else _traces(folder / "trace.json")
    if traces is None and "trace.json" not in bad:
        found.append(Discrepancy("trace.json", 0, "is damaged: the documents cannot be checked number by number"))
    if "deployment.json" not in bad:
        _deployment(folder, plan, found)
    from printgen.play.kitcheck import check_plays

    found += check_plays(folder, manifest, plan, bad)      # before the jobs: their figures read its records
    docs = [d for d in manifest["documents"] if d["path"] not in bad]
    jobs = [(folder, d, traces.get(d["path"], [])) for d in docs if d["kind"] != "kit"] if traces is not None else []
    for d in docs if traces is not None else []:          # kit.pdf against its parts: a job too, the longest first
        inside = d.get("parts")                             # the documents kit.pdf holds (all, if not listed)
        parts = [x for x in manifest["documents"] if x["edition"] == d["edition"] and x["kind"] != "kit"
                 and (inside is None or x["path"] in inside)]
        if d["kind"] == "kit" and not any(x["path"] in bad for x in parts):
            jobs.insert(0, (folder, d, parts))
    from printgen.kit.parallel import run

    results = run(_check_job, plan, jobs, label=lambda j: f"checking {j[1]['path']}")
    by_path = {job[1]["path"]: r[0] for job, r in zip(jobs, results)}
    texts = {job[1]["path"]: r[1] for job, r in zip(jobs, results)}          # each page's words, as read
    for kit, parts in ((job[1], job[2]) for job in jobs if job[1]["kind"] == "kit"):
        by_path[kit["path"]] = _check_combined(kit, parts, texts)
    for d in manifest["documents"]:
        problems = by_path.get(d["path"], [])
        found += problems
        status = "FAIL" if problems or d["path"] in bad else "ok  " if d["path"] in by_path else "--  "
        if not quiet:
            echo(f"{status}  {d['path']} ({d['pages']} pages)" + ("" if status != "--  " else ": not compared"))
    for d in found:
        echo(f"FAIL  {d}")
    if not found:
        echo(f"check: {len(manifest['documents'])} documents agree with the rules and the fleet")
    else:
        echo(f"check: {len(found)} discrepancies")
    if report is not None:
        from printgen.check.report import write_report

        write_report(folder, found, report)
        echo(f"report: {report}")
    return not found


def _unsafe_or_changed(folder: Path, manifest: dict) -> dict[str, str]:
    """name -> what is wrong with it, for each listed file that is missing, a link, or changed."""
    out = {}
    sums = {d["path"]: d["sha256"] for d in manifest["documents"]} | manifest["data"]
    for name, want in sums.items():
        why = plain_file(folder, name)
        if why is None and hashlib.sha256((folder / name).read_bytes()).hexdigest() != want:
            why = "the file changed since printgen wrote it (its sha256 differs)"
        if why:
            out[name] = why
    return out


def _traces(path: Path) -> dict | None:
    from printgen.kit import tracefile

    try:
        traces = tracefile.read(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    ok = isinstance(traces, dict) and all(isinstance(t, list) and all(isinstance(p, list) for p in t)
                                          for t in traces.values())
    return traces if ok else None


def _replan(manifest: dict, folder: Path):
    """The fleet, ruleset, deployment and captains the request gives today."""
    from printgen.kit.build import plan_kit

    r = dict(manifest["request"])
    name, students = r.pop("scenario"), r.pop("students")
    r.pop("edition", None), r.pop("with_tiled", None)             # what was printed, not what was planned
    return plan_kit(_scenario_folder(name, folder), students, **r)


def _scenario_folder(name: str, folder: Path) -> str:
    """The scenario the manifest names; if its folder has gone, the folder of that name beside the kit:
    a kit unpacked from a zip with its fleet (as `printgen serve` gives an uploaded fleet's kit)."""
    given = Path(name)
    beside = Path(folder).parent / given.name
    if given.is_absolute() and not given.exists() and (beside / "scenario.toml").is_file():
        return str(beside)
    return name


def _deployment(folder: Path, plan, found: list[Discrepancy]) -> None:
    from printgen.game.deploy_data import to_json

    fresh = to_json(plan.deployment, plan.scenario, plan.options)
    path = folder / "deployment.json"
    if not path.is_file() or path.read_bytes() != fresh:
        found.append(Discrepancy("deployment.json", 0, "differs from the deployment the scenario and seed give"))


def _check_job(plan, job) -> tuple[list[Discrepancy], list[str] | None]:
    """A document's discrepancies and the words of each of its pages (None: unreadable); for kit.pdf
    the words alone, compared with its documents' afterwards."""
    folder, doc, trace = job
    if doc["kind"] == "kit":
        import pypdfium2 as pdfium

        try:
            return [], page_texts(folder / doc["path"])
        except pdfium.PdfiumError:
            return [], None
    from printgen.game.deploy_data import source_resolver, to_json

    resolver = source_resolver(json.loads(to_json(plan.deployment, plan.scenario, plan.options)))
    return check_document(folder / doc["path"], doc, trace, plan, resolver)


def _check_combined(kit: dict, parts: list[dict], read: dict[str, list[str] | None]) -> list[Discrepancy]:
    """kit.pdf holds the documents' pages in order: the same words on every page as the checked files
    (`read`: each file's page texts, as its own check read them)."""
    combined = read.get(kit["path"])
    if combined is None or any(read.get(d["path"]) is None for d in parts):
        return [Discrepancy(kit["path"], 0, "it or one of its documents cannot be read as a PDF")]
    texts = [t for d in parts for t in read[d["path"]]]
    if len(combined) != len(texts):
        return [Discrepancy(kit["path"], 0, f"has {len(combined)} pages, its documents {len(texts)}")]
    out = []
    where = [(d["path"], k + 1) for d in parts for k in range(d["pages"])]
    for i, (a, b) in enumerate(zip(combined, texts)):
        if a != b:
            out.append(Discrepancy(kit["path"], i + 1, f"differs from {where[i][0]}, page {where[i][1]}"))
    return out


def page_texts(path: Path) -> list[str]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def check_document(path: Path, doc: dict, trace: list, plan, deploy_text) -> tuple[list[Discrepancy], list[str] | None]:
    import pypdfium2 as pdfium

    kind, edition = doc["kind"], doc["edition"]
    try:
        measures = [{e["shape"]["edge"] for e in t if "shape" in e} for t in trace]     # page by page
        lines = {"x", "from", "to", "colour"}                                  # what lines are measured for
        with open_pages(path, shapes=["lines" if m & lines else kind == "sprites" or bool(m) for m in measures],
                        colours=[edition == "bw" or "colour" in m for m in measures]) as pages:
            return _check_pages(pages, doc, trace, plan, deploy_text), [p.text() for p in pages]
    except pdfium.PdfiumError as e:
        return [Discrepancy(doc["path"], 0, f"cannot be read as a PDF ({e})")], None


def _check_pages(pages, doc: dict, trace: list, plan, deploy_text) -> list[Discrepancy]:
    kind, edition, name = doc["kind"], doc["edition"], doc["path"]
    out: list[Discrepancy] = []
    if len(pages) != doc["pages"] or len(trace) != len(pages):
        out.append(Discrepancy(name, 0, f"has {len(pages)} pages, the kit made {doc['pages']}"))
        return out
    s, o = plan.scenario, plan.options
    measure = o.measure
    odds = Oracle(s.ruleset)
    for i, (page, whole) in enumerate(zip(pages, trace), start=1):
        page_trace = [e for e in whole if "shape" not in e]          # printed words and numbers
        out += check_geometry(page.paths, [e for e in whole if "shape" in e], s.ruleset, measure, name, i, edition)
        ctx = Context(s.ruleset, measure, s.fleet, s.title, i, len(pages), extra=deploy_text, plan=plan)
        out += check_page(page, page_trace, ctx, name, i)
        out += check_pairs(page_trace, name, i)
        out += odds.check(page_trace, measure, name, i)
        out += check_visibility(page.visible, page_trace, name, i, o.scale)
        if edition == "bw":
            out += _colours(page, name, i)
        if kind == "sprites":
            out += _bases(page, page_trace, plan, name, i)
    if kind in SHIP_LISTS:
        printed = {e["source"][1] for t in trace for e in t if e["source"][0] == "fleet" and e["source"][2] == "name"
                   and "shape" not in e}
        want = {ship.key for ship in s.fleet.ships}
        for key in sorted(want - printed):
            out.append(Discrepancy(name, 0, f"{key} is in the fleet but not on the {kind}"))
        for key in sorted(printed - want):
            out.append(Discrepancy(name, 0, f"{key} is on the {kind} but not in the fleet"))
    return out


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
    from printgen.rules.tracks import tracks
    from printgen.systems import system_of

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
    unit, points = family.marks
    names = [e for e in trace if e["source"][0] == "fleet" and e["source"][2] == "name"]
    out, seen = [], set()
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
        want = sum(t.count for t in system_of(rs).piece_tracks(plan.scenario, ship))
        got = sum(1 for c in marks if c.inside(box))
        if got != want:
            out.append(Discrepancy(name, i, f"{key}: {got} {unit} on its base, the rules give {want} {points}"))
    expected = {e["source"][1] for e in names}
    for key in sorted(expected - seen):
        w, h = size_of.get(key, next(iter(sizes)))
        out.append(Discrepancy(name, i, f"{key}: no base of {w / 72:.2f} x {h / 72:.2f} in found"))
    return out
