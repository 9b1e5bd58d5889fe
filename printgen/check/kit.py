"""`printgen check KIT`: read every printed file of a kit back and verify it against the ruleset
and the fleet as they are now. Every discrepancy is listed with its file and page."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from printgen.check.numbers import Context, Discrepancy, check_page
from printgen.check.pdfread import open_pages
from printgen.errors import PrintgenError, Problem

SHIP_LISTS = ("sprites", "map", "captains", "records")   # documents that must show exactly the fleet chosen


def check_kit(folder: Path, echo: Callable[[str], None] = print, quiet: bool = False) -> bool:
    folder = Path(folder)
    manifest = _load(folder / "manifest.json")
    found: list[Discrepancy] = []
    found += _hashes(folder, manifest)
    plan = _replan(manifest)
    traces = json.loads((folder / "trace.json").read_text(encoding="utf-8"))
    _deployment(folder, plan, found)
    docs = [d for d in manifest["documents"] if (folder / d["path"]).is_file()]
    found += [Discrepancy(d["path"], 0, "the file is missing") for d in manifest["documents"] if d not in docs]
    jobs = [(folder, d, traces.get(d["path"], [])) for d in docs if d["kind"] != "kit"]
    from printgen.kit.parallel import run

    results = run(_check_job, plan, jobs)
    by_path = {job[1]["path"]: r for job, r in zip(jobs, results)}
    for d in docs:
        if d["kind"] == "kit":
            inside = d.get("parts")                       # the documents kit.pdf holds (all, if not listed)
            by_path[d["path"]] = _check_combined(folder, d, [x for x in docs if x["edition"] == d["edition"]
                                                                and x["kind"] != "kit"
                                                                and (inside is None or x["path"] in inside)])
        problems = by_path[d["path"]]
        found += problems
        if not quiet:
            echo(f"{'ok  ' if not problems else 'FAIL'}  {d['path']} ({d['pages']} pages)")
    for d in found:
        echo(f"FAIL  {d}")
    if not found:
        echo(f"check: {len(manifest['documents'])} documents agree with the rules and the fleet")
    else:
        echo(f"check: {len(found)} discrepancies")
    return not found


def _load(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise PrintgenError(Problem(f"cannot read the kit's manifest ({e})", file=path,
                                    fix="give the folder `printgen kit` wrote, or run it again")) from None


def _hashes(folder: Path, manifest: dict) -> list[Discrepancy]:
    out = []
    sums = {d["path"]: d["sha256"] for d in manifest["documents"]} | manifest.get("data", {})
    for name, want in sums.items():
        path = folder / name
        if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() != want:
            out.append(Discrepancy(name, 0, "the file changed since printgen wrote it (its sha256 differs)"))
    return out


def _replan(manifest: dict):
    """The fleet, ruleset, deployment and captains the request gives today."""
    from printgen.kit.build import plan_kit

    r = dict(manifest["request"])
    name, students = r.pop("scenario"), r.pop("students")
    r.pop("edition", None), r.pop("with_tiled", None)             # what was printed, not what was planned
    return plan_kit(name, students, **r)


def _deployment(folder: Path, plan, found: list[Discrepancy]) -> None:
    from printgen.game.deploy_data import to_json

    fresh = to_json(plan.deployment, plan.scenario, plan.options)
    path = folder / "deployment.json"
    if not path.is_file() or path.read_bytes() != fresh:
        found.append(Discrepancy("deployment.json", 0, "differs from the deployment the scenario and seed give"))


def _check_job(plan, job) -> list[Discrepancy]:
    folder, doc, trace = job
    from printgen.game.deploy_data import source_resolver, to_json

    resolver = source_resolver(json.loads(to_json(plan.deployment, plan.scenario, plan.options)))
    return check_document(folder / doc["path"], doc, trace, plan, resolver)


def _check_combined(folder: Path, kit: dict, parts: list[dict]) -> list[Discrepancy]:
    """kit.pdf holds the documents' pages in order: the same words on every page as the checked files."""
    texts = [t for d in parts for t in page_texts(folder / d["path"])]
    combined = page_texts(folder / kit["path"])
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


def check_document(path: Path, doc: dict, trace: list, plan, deploy_text) -> list[Discrepancy]:
    kind, edition = doc["kind"], doc["edition"]
    with open_pages(path, shapes=kind == "sprites", colours=edition == "bw") as pages:
        return _check_pages(pages, doc, trace, plan, deploy_text)


def _check_pages(pages, doc: dict, trace: list, plan, deploy_text) -> list[Discrepancy]:
    kind, edition, name = doc["kind"], doc["edition"], doc["path"]
    out: list[Discrepancy] = []
    if len(pages) != doc["pages"] or len(trace) != len(pages):
        out.append(Discrepancy(name, 0, f"has {len(pages)} pages, the kit made {doc['pages']}"))
        return out
    s, o = plan.scenario, plan.options
    measure = o.measure
    for i, (page, page_trace) in enumerate(zip(pages, trace), start=1):
        ctx = Context(s.ruleset, measure, s.fleet, s.title, i, len(pages), extra=deploy_text)
        out += check_page(page, page_trace, ctx, name, i)
        if edition == "bw":
            out += _colours(page, name, i)
        if kind == "sprites":
            out += _bases(page, page_trace, plan, name, i)
    if kind in SHIP_LISTS:
        printed = {e["source"][1] for t in trace for e in t if e["source"][0] == "fleet" and e["source"][2] == "name"}
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
        want = sum(t.count for t in tracks(rs, ship))
        got = sum(1 for c in marks if c.inside(box))
        if got != want:
            out.append(Discrepancy(name, i, f"{key}: {got} {unit} on its base, the rules give {want} {points}"))
    expected = {e["source"][1] for e in names}
    for key in sorted(expected - seen):
        w, h = size_of.get(key, next(iter(sizes)))
        out.append(Discrepancy(name, i, f"{key}: no base of {w / 72:.2f} x {h / 72:.2f} in found"))
    return out
