"""The kit folder as a whole: nothing printable in it that printgen did not make, the pages a
teacher opens besides the PDFs (index.html, thumbnails) unchanged, and the ruleset the same one
the kit was printed from -- or else exactly which rules changed."""

from __future__ import annotations

import os
from pathlib import Path

from printgen.check.manifest import changed
from printgen.check.numbers import Discrepancy

PRINTABLE = (".pdf", ".html", ".htm", ".png", ".svg", ".jpg", ".jpeg")   # what a class might print or open
MAX_ENTRIES = 20_000             # a kit holds a few hundred files; a folder beyond this is not read further


def extra_files(folder: Path, manifest: dict) -> list[Discrepancy]:
    """Printable files in the folder that the manifest does not list (a teacher's notes are not printable
    and stay unremarked: printgen keeps them by design)."""
    known = set(manifest.get("files") or []) | {"manifest.json"}
    out: list[Discrepancy] = []
    seen = 0
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        for n in sorted(names):
            seen += 1
            if seen > MAX_ENTRIES:
                return out + [Discrepancy(".", 0, f"holds more than {MAX_ENTRIES} files: the rest were not looked at")]
            rel = (Path(root) / n).relative_to(folder).as_posix()
            if rel not in known and rel.lower().endswith(PRINTABLE):
                out.append(Discrepancy(rel, 0, "is not part of the kit (printgen did not make it, the manifest does "
                                               "not list it): remove it, or keep it outside the kit folder"))
    return out


def changed_extras(folder: Path, manifest: dict) -> list[Discrepancy]:
    out = []
    for name, want in sorted((manifest.get("extras") or {}).items()):
        if why := changed(folder, name, want):
            out.append(Discrepancy(name, 0, why))
    return out


def ruleset_changes(manifest: dict, ruleset) -> list[Discrepancy]:
    """The rules whose values differ from those the kit was printed with, each with old and new value."""
    from printgen.kit.build import ruleset_sha256
    from printgen.rules.trace import walk_numbers

    was = manifest.get("ruleset_sha256")
    if was is None or was == ruleset_sha256(ruleset):
        return []
    old = {**manifest.get("ruleset", {}), **{f"labels.{k}": v for k, v in manifest.get("ruleset_labels", {}).items()}}
    new = {key: list(v) if isinstance(v, tuple) else v for key, v in walk_numbers(ruleset)}
    new |= {f"labels.{k}": v for k, v in ruleset.labels.items()}
    diffs = [f"{k}: {_show(old.get(k))} -> {_show(new.get(k))}" for k in sorted(old.keys() | new.keys())
             if old.get(k) != new.get(k)]
    name = Path(ruleset.path).name if ruleset.path else "the ruleset"
    what = "; ".join(diffs) if diffs else "no rule number or label changed (comments or wording only)"
    return [Discrepancy(name, 0, f"changed since the kit was printed: {what}")]


def _show(v) -> str:
    return "(none)" if v is None else str(v)
