"""Build the class kit: gather and check everything, draw and render each document for each
edition, combine them, index them, and swap the finished folder into place in one move."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from printgen import __version__
from printgen.kit.combine import combine_pdfs
from printgen.draw.render import flat_pages, render
from printgen.kit.documents import Plan, kinds, makers, stem
from printgen.kit.progress import Progress

EDITIONS = {"color": ("color",), "bw": ("bw",), "both": ("color", "bw")}


def plan_kit(name: str, students: int, **choices) -> Plan:
    """Load, validate and derive everything (fleet, deployment, captains): errors before any file."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.game.students import assign

    scenario, options = prepare(name, **choices)
    return Plan(scenario, options, assign(scenario, students), deploy(scenario, options))


def build_kit(plan: Plan, editions: str, out: Path, request: dict, progress: Progress | None = None) -> Path:
    """Write the kit to `out` (replacing a previous kit only once the new one is complete)."""
    from printgen.game.deploy_data import data_files
    from printgen.kit.index import index_html
    from printgen.kit.parallel import run

    progress = progress or Progress(0, enabled=False)
    doc_kinds = kinds(plan.scenario.ruleset)
    jobs = [(edition, kind) for edition in EDITIONS[editions] for kind in doc_kinds]
    # the heavy documents first, so the cores finish together
    order = sorted(range(len(jobs)), key=lambda i: (jobs[i][1] not in HEAVY, i))
    results = dict(zip(order, run(_document, plan, [jobs[i] for i in order])))
    files: dict[str, bytes] = {}
    documents, traces = [], {}
    for edition in EDITIONS[editions]:
        options = plan.options.but(edition=edition)
        parts = []
        for i, (e, kind) in enumerate(jobs):
            if e != edition:
                continue
            r = results[i]
            files[r["path"]] = r["pdf"]
            files.update(r["thumbs"])
            traces[r["path"]] = r["trace"]
            documents.append({k: r[k] for k in ("path", "kind", "edition", "pages", "title")})
            if kind != "tiled-map" or request.get("with_tiled"):     # 50+ sheets: kit.pdf only if asked
                parts.append(r)
            progress.step(f"{kind} ({edition})")
        kit_path = f"kit-{edition}.pdf"
        files[kit_path] = combine_pdfs([r["pdf"] for r in parts])
        documents.append({"path": kit_path, "kind": "kit", "edition": edition,
                          "pages": sum(r["pages"] for r in parts), "parts": [r["path"] for r in parts],
                          "title": f"Class kit ({options.edition_name})"})
        traces[kit_path] = [t for r in parts for t in traces[r["path"]]]
        progress.step(f"kit ({edition})")
    files.update(data_files(plan.deployment, plan.scenario, plan.options))
    files["trace.json"] = json.dumps(traces, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    for d in documents:
        d["sha256"] = hashlib.sha256(files[d["path"]]).hexdigest()
    manifest = _manifest(plan, documents, request, files)
    files["manifest.json"] = _json(manifest)
    files["index.html"] = index_html(plan, manifest)
    _swap_in(out, files)
    return out


HEAVY = ("tiled-map", "sprites")


def _document(plan: Plan, job: tuple[str, str]) -> dict:
    """Draw, flatten and render one document of one edition, with its page thumbnails."""
    from printgen.kit.index import thumbnails

    edition, kind = job
    options = plan.options.but(edition=edition, fmt="pdf")
    drawing = makers(plan)[kind](options)
    pages = flat_pages(drawing, edition)
    doc = {"path": f"{stem(kind)}-{edition}.pdf", "kind": kind, "edition": edition, "pages": len(pages),
           "title": drawing.title}
    return {**doc, "pdf": render(drawing, edition, "pdf", pages=pages).files[0][1],
            "trace": [[trace_record(e) for e in p.trace] for p in pages],
            "thumbs": thumbnails(pages, edition, [doc])}


def _manifest(plan: Plan, documents: list[dict], request: dict, files: dict[str, bytes]) -> dict:
    from printgen.rules.trace import walk_numbers

    s, o = plan.scenario, plan.options
    return {
        "printgen": __version__,
        "scenario": {"name": s.name, "title": s.title, "ruleset": s.ruleset.ruleset.id},
        "request": request,                                   # what was asked: the checker re-derives from it
        "options": {"paper": o.paper, "scale": o.scale, "units": o.units, "seed": o.seed, "notes": list(o.notes)},
        "ruleset": {key: list(v) if isinstance(v, tuple) else v for key, v in walk_numbers(s.ruleset)},
        "fleet": [ship.key for ship in s.fleet.ships],
        "captains": [{"captain": c.number, "side": c.side, "squadron": c.squadron,
                      "ships": [ship.key for ship in c.ships]} for c in plan.captains],
        "documents": documents,
        "data": {name: hashlib.sha256(files[name]).hexdigest()
                 for name in ("trace.json", "deployment.json", "deployment.csv")},
    }


def trace_record(e) -> dict:
    return {"bbox": e.bbox, "text": e.text, "source": list(e.source), "kind": e.kind}


def _json(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n").encode("utf-8")


def _swap_in(out: Path, files: dict[str, bytes]) -> None:
    """Write everything into a fresh folder beside `out`, then exchange the two folders."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        old = None
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            os.rmdir(old)
            os.replace(out, old)
        os.replace(staging, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
