"""A kit's manifest.json, read with suspicion: `printgen check` may be given a folder someone
else made or damaged. Every field it relies on is checked for its type, and every file it names
must be a plain file inside the kit folder (no `..`, no absolute path, no link): the checker
opens nothing else. A manifest that fails this is "not a kit printgen can read" (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from printgen import limits, reading
from printgen.errors import PrintgenError, Problem
from printgen.output import inside
from printgen.request import TYPES as REQUEST

FIX = "give the folder `printgen kit` wrote, or make the kit again with `printgen kit`"
DOCUMENT = {"path": (str,), "kind": (str,), "edition": (str,), "pages": (int,), "sha256": (str,)}
HANDOUT = {"path": (str,), "kind": (str,), "sha256": (str,)}


def load_manifest(folder: Path) -> dict:
    path = folder / "manifest.json"
    try:
        manifest = reading.load_json(reading.read_bytes(path, limits.KIT_JSON_BYTES))
    except reading.Unreadable as e:
        raise PrintgenError(Problem(f"{e.why}: a kit's manifest is a plain file printgen wrote", file=path,
                                    fix=FIX)) from None
    except (OSError, ValueError) as e:
        raise PrintgenError(Problem(f"cannot read the kit's manifest ({e})", file=path, fix=FIX)) from None
    problems = _shape(manifest)
    if isinstance(manifest, dict):
        names = [d.get("path") for d in manifest.get("documents") or [] if isinstance(d, dict)]
        names += list(manifest["data"]) if isinstance(manifest.get("data"), dict) else []
        names += list(manifest["extras"]) if isinstance(manifest.get("extras"), dict) else []
        names += [h.get("path") for h in manifest.get("handouts") or [] if isinstance(h, dict)]
        problems += [f"names '{n}', which is not a file inside the kit folder" for n in names
                     if isinstance(n, str) and not inside(n)]
    if problems:
        raise PrintgenError([Problem(p, file=path, fix=FIX) for p in problems])
    return manifest


def _shape(m) -> list[str]:
    if not isinstance(m, dict):
        return ["is not a JSON object"]
    out = []
    request, docs, data = m.get("request"), m.get("documents"), m.get("data")
    if not isinstance(request, dict):
        out.append("has no 'request' object (what the kit was made from)")
    else:
        out += [f"request.{k} is {_kind(request.get(k))}, not {_want(t)}" for k, t in REQUEST.items()
                if not _fits(request.get(k), t)]
        out += [f"request.{k} is not a setting printgen knows" for k in request if k not in REQUEST]
    if not isinstance(docs, list) or not docs:
        out.append("has no 'documents' list")
    else:
        for i, d in enumerate(docs):
            if not isinstance(d, dict):
                out.append(f"documents[{i}] is {_kind(d)}, not an object")
                continue
            out += [f"documents[{i}].{k} is {_kind(d.get(k))}, not {_want(t)}" for k, t in DOCUMENT.items()
                    if not _fits(d.get(k), t)]
            parts = d.get("parts", [])                          # kit.pdf: the documents it holds
            if not isinstance(parts, list) or not all(isinstance(x, str) for x in parts):
                out.append(f"documents[{i}].parts is not a list of file names")
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        out.append("has no 'data' object of file names and sha256 sums")
    elif "trace.json" not in data:
        out.append("does not list trace.json")
    handouts = m.get("handouts", [])
    if not isinstance(handouts, list):
        out.append("has a 'handouts' entry that is not a list")
    else:
        for i, h in enumerate(handouts):
            if not isinstance(h, dict):
                out.append(f"handouts[{i}] is {_kind(h)}, not an object")
                continue
            out += [f"handouts[{i}].{k} is {_kind(h.get(k))}, not {_want(t)}" for k, t in HANDOUT.items()
                    if not _fits(h.get(k), t)]
    extras = m.get("extras", {})
    if not isinstance(extras, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in extras.items()):
        out.append("has an 'extras' entry that is not an object of file names and sha256 sums")
    return out


def _fits(value, types: tuple) -> bool:
    if value is None:
        return None in types
    if isinstance(value, bool):                 # JSON true is not a number of students
        return bool in types
    return isinstance(value, tuple(t for t in types if t is not None))


def _kind(value) -> str:
    return "missing" if value is None else f"{type(value).__name__} {json.dumps(value)[:40]}"


def _want(types: tuple) -> str:
    names = {str: "text", int: "a whole number", float: "a number", None: "empty"}
    return " or ".join(dict.fromkeys(names[t] for t in types))


def plain_file(folder: Path, name: str) -> str | None:
    """Why the kit's file `name` cannot be read safely, or None if it is a plain file inside the folder
    (looked at, not opened: printgen.reading opens it, and checks again on the open file)."""
    try:
        with reading.opened(reading.inside(folder, name)):
            return None
    except reading.Unreadable as e:
        return e.why


def changed(folder: Path, name: str, want: str) -> str | None:
    """Why the kit's file `name` is not the one printgen wrote (missing, a link, not a plain file,
    too large, or other bytes than its sha256 `want`), or None. Read in pieces, never through a link."""
    try:
        got = reading.sha256(reading.inside(folder, name))
    except reading.Unreadable as e:
        return e.why
    except OSError as e:
        return f"cannot be read ({e.strerror or e})"
    return None if got == want else "the file changed since printgen wrote it (its sha256 differs)"


def read_listed(folder: Path, name: str, limit: int = limits.KIT_JSON_BYTES) -> bytes:
    """A file of the kit the manifest lists, read whole (bounded), never through a link: Unreadable if not."""
    try:
        return reading.read_in(folder, name, limit)
    except OSError as e:
        raise reading.Unreadable(folder / name, f"cannot be read ({e.strerror or e})") from None
