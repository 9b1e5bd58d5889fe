"""trace.json: where each traced number is printed, page by page, for every document of the kit.

Compact on disk, as tables the entries point into by index: each distinct source, kind and set of
labels (the row and column a number is printed in) is written once. An entry is
[x0, top, width, height, text, kind, source(, labels(, shape))]: the box in hundredths of a point,
its top as the step from the entry before on the page (the entries of a line share it), labels -1
when it has none, a drawn shape's measure (check/geometry.py) last. A kit.pdf names the
documents whose pages it joins instead of repeating their entries.
`read` gives back the full form the checker works on: {path: [[{bbox, text, source, kind[, labels, shape]}, ...]
per page]}."""

from __future__ import annotations

import json

FORMAT = "printgen-trace/3"


def write(traces: dict[str, list], kits: dict[str, list[str]]) -> bytes:
    """`traces`: document path -> pages of TraceEntry-like dicts; `kits`: kit path -> its documents."""
    tables: dict[str, dict] = {"sources": {}, "kinds": {}, "labels": {}}

    def index(table: str, value) -> int:
        key = json.dumps(value, ensure_ascii=False)
        return tables[table].setdefault(key, len(tables[table]))

    def entry(e: dict, above: list) -> list:
        x0, top, w, h = _box(e["bbox"])
        out = [x0, top - above[0], w, h, e["text"], index("kinds", e["kind"]), index("sources", list(e["source"]))]
        above[0] = top
        labels = [[axis, index("sources", list(src))] for axis, src in e.get("labels") or ()]
        if labels or "shape" in e:
            out.append(index("labels", labels) if labels else -1)
        if "shape" in e:
            out.append(_short(e["shape"]))
        return out

    docs = {path: [[entry(e, above) for e in page] for page, above in ((page, [0]) for page in pages)]
            for path, pages in traces.items()}
    data = {"format": FORMAT, **{name: [json.loads(k) for k in t] for name, t in tables.items()},
            "documents": docs, "kits": kits}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _short(value):
    """A shape's measures to a thousandth of a point (the check allows 0.72): 15.54, not 15.540000000000001."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, (list, tuple)):
        return [_short(v) for v in value]
    if isinstance(value, dict):
        return {k: _short(v) for k, v in value.items()}
    return value


def _box(b) -> tuple[int, int, int, int]:
    """x0, top, width, height in hundredths of a point: short whole numbers (few heights: one a type size)."""
    x0, top = round(b[0] * 100), round(b[1] * 100)
    return x0, top, round(b[2] * 100) - x0, round(b[3] * 100) - top


def read(text: str) -> dict | None:
    """The full form, or None if the file is not a trace file printgen wrote."""
    try:
        data = json.loads(text)
        if isinstance(data, dict) and data.get("format") == FORMAT_2:
            return _read_2(data)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        sources, kinds, labelsets = data["sources"], data["kinds"], data["labels"]

        def entry(e: list, above: list) -> dict:
            top = above[0] = above[0] + e[1]
            out = {"bbox": [e[0] / 100, top / 100, (e[0] + e[2]) / 100, (top + e[3]) / 100], "text": e[4],
                   "kind": kinds[e[5]], "source": sources[e[6]]}
            if len(e) > 7 and e[7] != -1:
                out["labels"] = [[axis, sources[i]] for axis, i in labelsets[e[7]]]
            if len(e) > 8:
                out["shape"] = e[8]
            return out

        out = {path: [[entry(e, above) for e in page] for page, above in ((page, [0]) for page in pages)]
               for path, pages in data["documents"].items()}
        for kit, parts in data["kits"].items():
            out[kit] = [page for part in parts for page in out[part]]
        return out
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


FORMAT_2 = "printgen-trace/2"          # kits printed before: boxes in points, labels and shapes in each entry


def _read_2(data: dict) -> dict:
    sources, kinds = data["sources"], data["kinds"]
    out = {path: [[{"bbox": [e[0], e[1], round(e[0] + e[2], 2), round(e[1] + e[3], 2)], "text": e[4],
                    "kind": kinds[e[5]], "source": sources[e[6]], **(e[7] if len(e) > 7 else {})} for e in page]
                  for page in pages] for path, pages in data["documents"].items()}
    for kit, parts in data["kits"].items():
        out[kit] = [page for part in parts for page in out[part]]
    return out


def as_read(path: str, pages: list) -> list:
    """One document's trace as the checker will read it back from the file (boxes rounded as written)."""
    return read(write({path: pages}, {}).decode("utf-8"))[path]
