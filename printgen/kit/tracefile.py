"""trace.json: where each traced number is printed, page by page, for every document of the kit.

Compact on disk: each distinct source and kind is written once and entries point to them by index;
a box is its corner and its size;
a kit.pdf entry names the documents whose pages it joins instead of repeating their entries.
`read` gives back the full form the checker works on: {path: [[{bbox, text, source, kind[, labels, shape]}, ...]
per page]}."""

from __future__ import annotations

import json

FORMAT = "printgen-trace/2"


def write(traces: dict[str, list], kits: dict[str, list[str]]) -> bytes:
    """`traces`: document path -> pages of TraceEntry-like dicts; `kits`: kit path -> its documents."""
    sources: dict[str, int] = {}
    kinds: dict[str, int] = {}
    docs = {}
    for path, pages in traces.items():
        docs[path] = [[[*_box(e["bbox"]), e["text"], _index(kinds, e["kind"], e["kind"]),
                        _index(sources, json.dumps(e["source"], ensure_ascii=False), e["source"]), *_extra(e)]
                       for e in page] for page in pages]
    data = {"format": FORMAT, "sources": [json.loads(s) for s in sources], "kinds": list(kinds),
            "documents": docs, "kits": kits}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _extra(e: dict) -> list:
    """What only some entries carry (the labels a number is printed with, a drawn shape's measure)."""
    extra = {k: e[k] for k in EXTRA if k in e}
    return [extra] if extra else []


EXTRA = ("labels", "shape")


def _box(b) -> tuple[float, float, float, float]:
    """x0, top, width, height: the sizes are short numbers, and few (one height a type size)."""
    return b[0], b[1], round(b[2] - b[0], 2), round(b[3] - b[1], 2)


def _index(table: dict, key, value) -> int:
    return table.setdefault(key, len(table))


def read(text: str) -> dict | None:
    """The full form, or None if the file is not a trace file printgen wrote."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        sources, kinds = data["sources"], data["kinds"]
        out = {path: [[{"bbox": [e[0], e[1], round(e[0] + e[2], 2), round(e[1] + e[3], 2)], "text": e[4],
                        "kind": kinds[e[5]], "source": sources[e[6]], **(e[7] if len(e) > 7 else {})} for e in page]
                      for page in pages] for path, pages in data["documents"].items()}
        for kit, parts in data["kits"].items():
            out[kit] = [page for part in parts for page in out[part]]
        return out
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
