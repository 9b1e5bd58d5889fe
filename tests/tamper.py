"""Edit a built kit the way a careless (or curious) user might: change a page's content stream with
pikepdf, then update the manifest's sha256 so that only the content check can notice."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path


def copy_kit(kit: Path, where: Path) -> Path:
    out = where / "kit"
    shutil.copytree(kit, out)
    return out


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


def edit_page(folder: Path, name: str, page: int, change) -> None:
    """Replace page `page` (1-based) content of `name` by change(old bytes) -> new bytes; rehash."""
    import pikepdf

    path = folder / name
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pg = pdf.pages[page - 1]
        contents = pg.obj.Contents
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        data = b"".join(s.read_bytes() for s in streams)
        new = change(data)
        assert new != data, "the tamper changed nothing"
        pg.obj.Contents = pdf.make_stream(new)
        pdf.save(path)
    rehash(folder, name)


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
