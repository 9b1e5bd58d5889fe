"""trace.json: where each traced number is printed, page by page, for every document of the kit.

Compact on disk, as tables the entries point into by index: each distinct source, kind, set of
labels (the row and column a number is printed in), box height (one a type size), text and drawn
shape is written once. An entry is [x0, top, width, height, text, kind, source(, labels(, shape))]:
the box in hundredths of a point, its top as the step from the entry before on the page (the
entries of a line share it), height and text as indexes, labels -1 when it has none, a drawn
shape's measure (check/geometry.py) last, as [the index of its keys, its values...]. A document
whose entries are another's (the black-and-white edition of a colour one: the same layout) names
that document instead, and a kit.pdf names the documents whose pages it joins.
`read` gives back the full form the checker works on: {path: [[{bbox, text, source, kind[, labels, shape]}, ...]
per page]}; it reads the formats before (2 and 3) too."""

from __future__ import annotations

import json

FORMAT = "printgen-trace/4"
TABLES = ("sources", "kinds", "labels", "heights", "texts", "shapes", "shape_keys")


def write(traces: dict[str, list], kits: dict[str, list[str]], handouts: dict[str, list] | None = None) -> bytes:
    """`traces`: document path -> pages of TraceEntry-like dicts; `kits`: kit path -> its documents;
    `handouts`: a handout's path (html/) -> its traced spans in the order the page numbers them (no
    place: a page's span N is its Nth entry)."""
    tables: dict[str, dict] = {name: {} for name in TABLES}          # key -> index, in order
    values: dict[str, list] = {name: [] for name in TABLES}

    def index(table: str, value) -> int:
        key = value if isinstance(value, (str, int)) else json.dumps(value, ensure_ascii=False)
        found = tables[table].setdefault(key, len(values[table]))
        if found == len(values[table]):
            values[table].append(value)
        return found

    def entry(e: dict, above: list) -> list:
        x0, top, w, h = _box(e["bbox"])
        out = [x0, top - above[0], w, index("heights", h), index("texts", e["text"]), index("kinds", e["kind"]),
               index("sources", list(e["source"]))]
        above[0] = top
        labels = [[axis, index("sources", list(src))] for axis, src in e.get("labels") or ()]
        if labels or "shape" in e:
            out.append(index("labels", labels) if labels else -1)
        if "shape" in e:
            shape = _short(e["shape"])
            out.append(index("shapes", [index("shape_keys", list(shape)), *shape.values()]))
        return out

    docs: dict[str, list | str] = {}
    seen: dict[str, str] = {}                             # a document's entries as written -> its path
    for path, pages in traces.items():
        written = [[entry(e, above) for e in page] for page, above in ((page, [0]) for page in pages)]
        key = json.dumps(written, ensure_ascii=False)
        if key in seen:
            docs[path] = seen[key]
        else:
            docs[path], seen[key] = written, path
    spans = {path: [_spoken(e, index) for e in entries] for path, entries in (handouts or {}).items()}
    data = {"format": FORMAT, **values, "documents": docs, "kits": kits, **({"handouts": spans} if spans else {})}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _spoken(e: dict, index) -> list:
    """A handout's entry: [text, kind, source(, labels)] as indexes into the tables."""
    out = [index("texts", e["text"]), index("kinds", e["kind"]), index("sources", list(e["source"]))]
    if e.get("labels"):
        out.append(index("labels", [[axis, index("sources", list(src))] for axis, src in e["labels"]]))
    return out


def read_handouts(text: str) -> dict[str, list[dict]] | None:
    """Each handout's entries ({text, kind, source[, labels]}), by its path; None if the file is not a
    trace file printgen wrote (a kit without handouts: none)."""
    from printgen.reading import load_json

    try:
        data = load_json(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        sources, kinds, labelsets, texts = data["sources"], data["kinds"], data["labels"], data["texts"]

        def entry(e: list) -> dict:
            out = {"text": texts[e[0]], "kind": kinds[e[1]], "source": sources[e[2]]}
            if len(e) > 3:
                out["labels"] = [[axis, sources[i]] for axis, i in labelsets[e[3]]]
            return out

        return {path: [entry(e) for e in entries] for path, entries in data.get("handouts", {}).items()}
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


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
    from printgen.reading import load_json

    try:
        data = load_json(text)                        # nesting bounded: a damaged file cannot recurse
        if not isinstance(data, dict):
            return None
        reader = {FORMAT: _read_4, FORMAT_3: _read_3, FORMAT_2: _read_2}.get(data.get("format"))
        if reader is None:
            return None
        out = reader(data)
        for kit, parts in data["kits"].items():
            out[kit] = [page for part in parts for page in out[part]]
        return out
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


def _read_4(data: dict) -> dict:
    sources, kinds, labelsets, heights = data["sources"], data["kinds"], data["labels"], data["heights"]
    texts, shapes, shape_keys = data["texts"], data["shapes"], data["shape_keys"]

    def entry(e: list, above: list) -> dict:
        top = above[0] = above[0] + e[1]
        out = {"bbox": [e[0] / 100, top / 100, (e[0] + e[2]) / 100, (top + heights[e[3]]) / 100], "text": texts[e[4]],
               "kind": kinds[e[5]], "source": sources[e[6]]}
        if len(e) > 7 and e[7] != -1:
            out["labels"] = [[axis, sources[i]] for axis, i in labelsets[e[7]]]
        if len(e) > 8:
            keys, *values = shapes[e[8]]
            out["shape"] = dict(zip(shape_keys[keys], values, strict=True))
        return out

    docs = data["documents"]
    out = {path: [[entry(e, above) for e in page] for page, above in ((page, [0]) for page in pages)]
           for path, pages in docs.items() if not isinstance(pages, str)}
    for path, same in docs.items():
        if isinstance(same, str):
            out[path] = out[same]                     # the same entries (as a kit.pdf's are its documents')
    return out


FORMAT_3 = "printgen-trace/3"          # kits printed before: heights, texts and shapes in each entry


def _read_3(data: dict) -> dict:
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

    return {path: [[entry(e, above) for e in page] for page, above in ((page, [0]) for page in pages)]
            for path, pages in data["documents"].items()}


FORMAT_2 = "printgen-trace/2"          # kits printed before that: boxes in points, labels and shapes in each entry


def _read_2(data: dict) -> dict:
    sources, kinds = data["sources"], data["kinds"]
    return {path: [[{"bbox": [e[0], e[1], round(e[0] + e[2], 2), round(e[1] + e[3], 2)], "text": e[4],
                     "kind": kinds[e[5]], "source": sources[e[6]], **(e[7] if len(e) > 7 else {})} for e in page]
                   for page in pages] for path, pages in data["documents"].items()}


def as_read(path: str, pages: list) -> list:
    """One document's trace as the checker will read it back from the file: what `write` then `read`
    give (boxes rounded as written, a shape's measures to a thousandth, tuples as lists), without the
    JSON (the build's checks and `printgen check`'s layout made again take every document this way)."""
    def entry(e: dict) -> dict:
        x0, top, w, h = _box(e["bbox"])
        out = {"bbox": [x0 / 100, top / 100, (x0 + w) / 100, (top + h) / 100], "text": e["text"],
               "kind": e["kind"], "source": _lists(e["source"])}
        if e.get("labels"):
            out["labels"] = [[axis, _lists(src)] for axis, src in e["labels"]]
        if "shape" in e:
            out["shape"] = _short(e["shape"])
        return out

    return [[entry(e) for e in page] for page in pages]


def _lists(value):
    """A value as JSON gives it back: tuples as lists."""
    return [_lists(v) for v in value] if isinstance(value, (list, tuple)) else value
