"""Edit a built kit the way a careless (or curious) user might: change a page's content stream with
pikepdf, then update the manifest's sha256 so that only the content check can notice."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path


def build(where: Path, *args: str) -> Path:
    """`printgen kit ARGS --out WHERE` (the scenario first in ARGS), which must succeed: the kit to tamper with."""
    result = subprocess.run([sys.executable, "-m", "printgen", "kit", *args, "--out", str(where)],
                            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stdout + result.stderr
    return where


SMALL = ("--ships", "6", "--students", "4", "--scale", "0.5", "--edition", "both")
_BUILT: dict[tuple[str, ...], Path] = {}
SHARED = "PRINTGEN_TESTS_KITS"          # the session's folder of kits shared by its test processes (conftest)


def built_once(*args: str) -> Path:
    """The kit `printgen kit ARGS` makes, built once a test session and shared by every file that
    asks for the same, in every test process (each test tampers with its own copy: copy_kit):
    kept in the session's folder conftest names in PRINTGEN_TESTS_KITS and removes at the end (see
    shared_build); without it, built once a process and removed at its exit."""
    if args not in _BUILT:
        if os.environ.get(SHARED):
            _BUILT[args] = shared_build(Path(os.environ[SHARED]), args, lambda where: build(where, *args))
        else:
            import atexit
            import tempfile

            where = Path(tempfile.mkdtemp(prefix="printgen-tamper-"))
            atexit.register(shutil.rmtree, where, True)
            _BUILT[args] = build(where / "k", *args)
    return _BUILT[args]


WAIT = 1800                             # seconds a test process waits for another one's build


def shared_build(root: Path, key: tuple, make) -> Path:
    """`make(folder)`'s kit for `key`, made once in `root` by whichever test process asks first; the
    others wait for it (xdist runs test files in several processes at once, each of which used to
    build the same kits). The first makes a folder for the key (an atomic mkdir, on every system),
    builds into it and then writes `done`, or `failed` with why; a process that finds the folder
    waits for one of the two, at most WAIT seconds, and then builds a copy of its own."""
    import time

    slot = root / hashlib.sha256("\0".join(map(str, key)).encode()).hexdigest()[:20]
    kit, done, failed = slot / "k", slot / "done", slot / "failed"
    try:
        slot.mkdir(parents=True)
        first = True
    except FileExistsError:
        first = False
    if not first:
        for _ in range(WAIT * 4):
            if done.exists():
                return kit
            if failed.exists():
                raise AssertionError(f"the shared kit {key} failed to build in another test process:\n"
                                     + failed.read_text(encoding="utf-8"))
            time.sleep(0.25)
        import tempfile

        return make(Path(tempfile.mkdtemp(prefix="printgen-tests-own-", dir=root)) / "k")
    try:
        made = make(kit)
    except BaseException as e:
        (slot / "failing").write_text(f"{type(e).__name__}: {e}", encoding="utf-8")
        os.replace(slot / "failing", failed)            # whole, for the processes waiting
        raise
    done.write_text("", encoding="utf-8")
    return made


def fails(folder: Path) -> list[str]:
    """The check's FAIL lines for a tampered kit (which it must not pass).

    A copy of a built kit whose tamper changed PDFs and nothing else (no data file, no trace, no
    manifest entry but those PDFs' sums) is checked as the kit's build checks its own: the documents
    still holding the bytes the check passed in the original are taken as they were found (the
    check's `checked`, compared by sha256), every changed one is read and checked from its file, and
    every kit.pdf holding one is joined again. A document's check depends only on its bytes, the
    trace and the data, so the verdict is the whole check's, in a fraction of its time."""
    from printgen.check.kit import check_kit

    lines: list[str] = []
    ok = check_kit(folder, echo=lines.append, quiet=True, checked=_passed_before(folder))
    assert not ok, "the check passed a tampered kit"
    return [line for line in lines if line.startswith("FAIL")]


_COPIED: dict[Path, Path] = {}             # a copy -> the built kit it was copied from
_PASSED: dict[Path, dict] = {}             # a built kit -> each document's result in its (passing) check


def _passed_before(folder: Path) -> dict | None:
    """The original's results, if `folder` is a copy whose files other than PDFs are the original's, but
    for the changed PDFs' pages in trace.json (tamper.remade), and whose manifest differs only in the
    sums of those; else None (the whole check runs)."""
    original = _COPIED.get(Path(folder))
    if original is None:
        return None
    mine = {p.relative_to(folder) for p in Path(folder).rglob("*") if p.is_file()}
    theirs = {p.relative_to(original) for p in original.rglob("*") if p.is_file()}
    if mine != theirs:
        return None
    changed = {rel.as_posix() for rel in mine
               if rel.suffix == ".pdf" and (Path(folder) / rel).read_bytes() != (original / rel).read_bytes()}
    for rel in mine:
        if rel.suffix == ".pdf":
            continue
        a, b = (Path(folder) / rel).read_bytes(), (original / rel).read_bytes()
        if rel.name == "manifest.json":
            a, b = (json.loads(x) for x in (a, b))
            for m in (a, b):
                for d in m["documents"]:
                    d.pop("sha256")
                m.get("data", {}).pop("trace.json", None)
        elif rel.name == "trace.json" and a != b:
            a, b = (_traces_but(x.decode("utf-8"), changed) for x in (a, b))
        if a != b:
            return None
    return passed(original)


def _traces_but(text: str, changed: set[str]) -> tuple:
    """trace.json's traces but those of the documents in `changed` and of the kit.pdf files (their joins),
    and its handouts'."""
    from printgen.kit import tracefile

    traces = tracefile.read(text) or {}
    return ({p: v for p, v in traces.items() if p not in changed and not p.startswith("kit-")},
            tracefile.read_handouts(text))


def kept_passing(original: Path, keep: dict) -> None:
    """`keep` filled by a check of `original` that passed (check_kit(..., keep=keep)): what fails() then
    takes for its copies' unchanged documents, instead of checking it again."""
    _PASSED[Path(original)] = keep


def passed(original: Path) -> dict:
    """Each document's result in the check of a built kit that passes it (check_kit's `keep`), once a
    process (once a session for a kit the session shares): what fails() takes for a copy's unchanged
    documents. A test that patches printgen asks for it first, before its patch reaches the check."""
    from printgen.check.kit import check_kit

    original = Path(original)
    if original not in _PASSED:
        def passing() -> dict:
            keep: dict = {}
            lines: list[str] = []
            ok = check_kit(original, echo=lines.append, quiet=True, keep=keep)
            assert ok, "the built kit fails its check: " + "\n".join(x for x in lines if x.startswith("FAIL"))
            return keep

        def kept(where: Path) -> Path:
            where.write_bytes(pickle.dumps(passing()))
            return where

        shared = os.environ.get(SHARED)
        if shared and original.is_relative_to(shared):      # a kit the session shares: checked once a session
            _PASSED[original] = pickle.loads(shared_build(Path(shared), ("passed", str(original)), kept).read_bytes())
        else:
            _PASSED[original] = passing()
    return _PASSED[original]


def copy_kit(kit: Path, where: Path) -> Path:
    out = where / "kit"
    shutil.copytree(kit, out)
    _COPIED[out] = kit
    return out


def remade(kit: Path, where: Path, plan, edition: str = "color", kinds: tuple[str, ...] | None = None) -> Path:
    """A copy of `kit` (copy_kit) whose documents of `edition` are each drawn and rendered again as the
    kit's workers make one (printgen.kit.build._document, with whatever the calling test has patched in
    this process, the other documents' page counts as the kit printed them): every one whose bytes now
    differ is written over the copy's file with its pages' trace in trace.json, kit.pdf joined again
    from its parts, their sums in the manifest. What a kit built with that change prints and traces,
    for fails() to check (a document's verdict depends only on its bytes, its trace and the data),
    without building and checking a whole kit. `kinds`: only those documents (the ones the change
    reaches). The handouts (html/) are not made again."""
    from printgen.kit import tracefile
    from printgen.kit.build import _document
    from printgen.kit.combine import combine_pdfs

    out = copy_kit(kit, where)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    documents = [d for d in manifest["documents"] if d["kind"] != "kit"]
    kits = {d["path"]: d["parts"] for d in manifest["documents"] if d["kind"] == "kit"}
    for d in documents:
        plan.page_counts()[plan.count_key(d["kind"], d["edition"])] = d["pages"]
    text = (out / "trace.json").read_text(encoding="utf-8")
    traces, handouts = tracefile.read(text), tracefile.read_handouts(text)
    changed = []
    for d in documents:
        if d["edition"] != edition or (kinds is not None and d["kind"] not in kinds):
            continue
        made = _document((plan, None), (edition, d["kind"]))
        if made["pdf"] != (out / d["path"]).read_bytes():
            (out / d["path"]).write_bytes(made["pdf"])
            rehash(out, d["path"])
            traces[d["path"]] = made["trace"]
            changed.append(d["path"])
    for path, parts in kits.items():
        if set(parts) & set(changed):
            (out / path).write_bytes(combine_pdfs([(out / p).read_bytes() for p in parts]))
            rehash(out, path)
    if changed:
        (out / "trace.json").write_bytes(tracefile.write({p: v for p, v in traces.items() if p not in kits}, kits,
                                                         handouts))
        rehash(out, "trace.json")
    return out


def load_trace(folder: Path) -> dict:
    """trace.json in the full form the checker reads ({document: [[entry, ...] per page]})."""
    text = (folder / "trace.json").read_text(encoding="utf-8")
    try:
        from printgen.kit.tracefile import read  # the compact format (printgen-trace/3)
    except ImportError:
        return json.loads(text)
    return read(text) or json.loads(text)


def page_of(folder: Path, name: str, source: list) -> int:
    """The first page of `name` that prints the traced item `source` (e.g. ["rule", "shooting.dice.british"])."""
    return next(k + 1 for k, entries in enumerate(load_trace(folder)[name]) if any(e["source"] == source for e in entries))


def rehash(folder: Path, name: str) -> None:
    """The manifest's sha256 of `name` updated to the edited bytes (a PDF, or a data file)."""
    path = folder / "manifest.json"
    m = json.loads(path.read_text(encoding="utf-8"))
    digest = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    for d in m["documents"]:
        if d["path"] == name:
            d["sha256"] = digest
    for table in ("data", "extras"):
        if name in m.get(table, {}):
            m[table][name] = digest
    path.write_text(json.dumps(m, indent=1), encoding="utf-8")


def edit_page(folder: Path, name: str, page: int | None, change) -> int:
    """Replace the content of page `page` (1-based) of `name` by change(old bytes) -> new bytes and
    rehash; page None: the first page the change applies to (a layout may move a table to another
    page). Returns the page changed."""
    import pikepdf

    path = folder / name
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pages = [page] if page is not None else range(1, len(pdf.pages) + 1)
        for number in pages:
            pg = pdf.pages[number - 1]
            contents = pg.obj.Contents
            streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
            data = b"".join(s.read_bytes() for s in streams)
            try:
                new = change(data)
            except (IndexError, ValueError, StopIteration):
                if page is not None:
                    raise
                continue
            assert new != data, "the tamper changed nothing"
            pg.obj.Contents = pdf.make_stream(new)
            pdf.save(path)
            break
        else:
            raise AssertionError(f"the tamper applies to no page of {name}")
    rehash(folder, name)
    return number


def swap(a: bytes, b: bytes, nth: int = 0, nth_b: int | None = None):
    """Swap the shown strings (a) Tj and (b) Tj (the nth of each): two words trade places."""
    def change(data: bytes) -> bytes:
        ta, tb = b"(" + a + b") Tj", b"(" + b + b") Tj"
        ia = [m.start() for m in re.finditer(re.escape(ta), data)][nth]
        ib = [m.start() for m in re.finditer(re.escape(tb), data)][nth if nth_b is None else nth_b]
        first, second = sorted([(ia, ta, tb), (ib, tb, ta)])
        (i, old1, new1), (j, old2, new2) = first, second
        return data[:i] + new1 + data[i + len(old1):j] + new2 + data[j + len(old2):]
    return change


def replace(old: bytes, new: bytes, nth: int = 0):
    """Replace the nth occurrence of `old` by `new`."""
    def change(data: bytes) -> bytes:
        i = [m.start() for m in re.finditer(re.escape(old), data)][nth]
        return data[:i] + new + data[i + len(old):]
    return change


def replace_shown_at(shown: bytes, new: bytes, bbox):
    """Replace the text object that shows exactly `shown` and starts nearest the traced box (x0, top,
    x1, bottom in points from the top-left): the number printed there, not another equal one."""
    def change(data: bytes) -> bytes:
        pat = rb"(-?[\d.]+) (-?[\d.]+) Tm (/\S+ [\d.]+ Tf )\(" + re.escape(shown) + rb"\) Tj"
        found = list(re.finditer(pat, data))
        m = min(found, key=lambda m: abs(float(m.group(1)) - bbox[0]) + abs(float(m.group(2)) - bbox[3]))
        i = m.end() - len(b"(" + shown + b") Tj")
        return data[:i] + b"(" + new + b") Tj" + data[m.end():]
    return change


def swap_traced(folder: Path, name: str, page: int, a: tuple[bytes, list], b: tuple[bytes, list]):
    """Swap the shown words a and b (each (text, traced source)) printed at their traced places on
    the page: the two labels trade places, wherever the layout put them and whatever else on the
    page says the same words."""
    entries = load_trace(folder)[name][page - 1]
    boxes = [next(e["bbox"] for e in entries if e["source"] == src) for _, src in (a, b)]

    def at(data: bytes, shown: bytes, bbox) -> tuple[int, int]:
        pat = rb"(-?[\d.]+) (-?[\d.]+) Tm (/\S+ [\d.]+ Tf )\(" + re.escape(shown) + rb"\) Tj"
        m = min(re.finditer(pat, data), key=lambda m: abs(float(m.group(1)) - bbox[0]) + abs(float(m.group(2)) - bbox[3]))
        return m.end() - len(b"(" + shown + b") Tj"), m.end()

    def change(data: bytes) -> bytes:
        (ia, ea), (ib, eb) = at(data, a[0], boxes[0]), at(data, b[0], boxes[1])
        shown = {ia: (eb, b"(" + b[0] + b") Tj", ea), ib: (ea, b"(" + a[0] + b") Tj", eb)}
        out, pos = b"", 0
        for start in sorted(shown):
            _, new, end = shown[start]
            out += data[pos:start] + new
            pos = end
        return out + data[pos:]
    return change


def append(ops: bytes):
    """Draw more on top of the page (after everything else)."""
    return lambda data: data + b"\n" + ops + b"\n"


def recolour(shown: bytes, colour: bytes, nth: int = 0):
    """Paint the text object showing `shown` in `colour` (e.g. b"1 g": white): q colour BT ... ET Q."""
    def change(data: bytes) -> bytes:
        i = [m.start() for m in re.finditer(re.escape(b"(" + shown + b") Tj"), data)][nth]
        bt, et = data.rindex(b"BT", 0, i), data.index(b"ET", i) + 2
        return data[:bt] + b"q " + colour + b" " + data[bt:et] + b" Q" + data[et:]
    return change


def white_box(bbox, page_height: float):
    """A white filled rectangle drawn last over a box given from the top left (a trace bbox)."""
    x0, top, x1, bottom = bbox
    return append(b"1 g %.2f %.2f %.2f %.2f re f" % (x0 - 1, page_height - bottom - 1, x1 - x0 + 2, bottom - top + 2))


PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}
BUILD = {"m", "l", "c", "v", "y", "re", "h", "W", "W*"}


def drawn(ops: list, height: float) -> list[dict]:
    """Every path and placed form of a page's operators (pikepdf.parse_content_stream), with where it
    prints: {"start", "end" (operator indexes, end included), "ops" (the operators' names), "points"
    (top-left page points), "box" (x0, top, x1, bottom), "form" (a Do's name)}. Found by where they
    print, whatever the groups and forms they are written in."""
    ctm, stack, out, start, points, names = (1, 0, 0, 1, 0, 0), [], [], None, [], []

    def at(x, y):
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, height - (b * x + d * y + f)

    for i, (operands, op) in enumerate(ops):
        op = str(op)
        v = [float(x) for x in operands if not hasattr(x, "keys") and not isinstance(x, (list,)) and _number(x)]
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            a1, b1, c1, d1, e1, f1 = v
            a2, b2, c2, d2, e2, f2 = ctm
            ctm = (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
                   e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)
        elif op in BUILD:
            start = i if start is None else start
            names.append(op)
            if op == "re":
                x, y, w, h = v
                points += [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)]
            else:
                points += [at(v[k], v[k + 1]) for k in range(0, len(v) - 1, 2)]
        elif op in PAINT and start is not None:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            out.append({"start": start, "end": i, "ops": names + [op], "points": points,
                        "box": (min(xs), min(ys), max(xs), max(ys)) if points else None, "ctm": ctm})
            start, points, names = None, [], []
        elif op == "Do":
            x, y = at(0, 0)
            out.append({"start": i, "end": i, "ops": ["Do"], "form": str(operands[0]), "points": [(x, y)],
                        "box": (x, y, x, y), "ctm": ctm})
    return out


def _number(x) -> bool:
    try:
        float(x)
        return True
    except (TypeError, ValueError):
        return False


def edit_drawn(folder: Path, name: str, page: int, change) -> None:
    """Edit page `page` of `name` operator by operator: change(ops, drawn(ops, height), height) -> new
    ops (pikepdf's (operands, operator) pairs); the manifest re-hashed."""
    import pikepdf

    path = folder / name
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pg = pdf.pages[page - 1]
        height = float(pg.mediabox[3])
        ops = [(list(o.operands), o.operator) for o in pikepdf.parse_content_stream(pg)]
        new = change(ops, drawn(ops, height), height)
        assert new != ops, "the tamper changed nothing"
        pg.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(new))
        pdf.save(path)
    rehash(folder, name)


def inside(box, area, tol: float = 0.5) -> bool:
    return (box[0] >= area[0] - tol and box[1] >= area[1] - tol and box[2] <= area[2] + tol
            and box[3] <= area[3] + tol)


def traced(folder, name: str, edge: str, where=None) -> tuple[int, list[dict]]:
    """The first page of `name` that traces shapes of `edge` (those `where` accepts), and those shapes."""
    for k, entries in enumerate(load_trace(folder)[name]):
        found = [e for e in entries if (e.get("shape") or {}).get("edge") == edge and (where is None or where(e))]
        if found:
            return k + 1, found
    raise AssertionError(f"{name} traces no {edge}")


def checked_as_built(folder: Path, name: str, trace: list) -> list[str]:
    """What the build's own check of document `name` finds, from its file's bytes and `trace` (the
    trace the build made with them): how a layout bug that traced what it drew wrong is caught.
    `printgen check` lays the document out again instead (tests/test_tamper_trace.py)."""
    from printgen.check.kit import _replan, check_bytes
    from printgen.check.manifest import load_manifest

    manifest = load_manifest(folder)
    doc = next(d for d in manifest["documents"] if d["path"] == name)
    return [str(d) for d in check_bytes((folder / name).read_bytes(), doc, trace, _replan(manifest, folder)).found]
