"""`printgen check KIT --rebuild`: the kit made again, today, from its manifest's request, and
compared with the folder file by file and byte for byte; for a PDF that differs, the first page
that differs is named (its words, then its drawing at 50 dpi).

What each guarantee covers. The ordinary check reads every page back and measures it against the
rules and the fleet as they are now, by routes of its own (numbers, labels, shapes, odds recomputed
a second way), where today's layout puts each thing (check/retrace.py: trace.json is compared, not
believed): it vouches for what a page means, whoever made the file. The rebuild vouches for the
files being exactly what this printgen makes from this request and these data (a changed word no
trace names, a moved drawing, any byte), but says nothing about a kit made by another version. Both
trust printgen's own drawing code. The lesson's game is searched again for it (the stored answers
are not used), so it takes as long as a cold `printgen kit`."""

from __future__ import annotations

import os
from pathlib import Path

from printgen.check.discrepancy import Discrepancy


def rebuild_differences(folder: Path) -> tuple[list[Discrepancy], int]:
    """What differs between the kit in `folder` and the same request made again: (discrepancies,
    files compared)."""
    from printgen import limits, reading
    from printgen.check.kit import _replan
    from printgen.check.manifest import load_manifest, read_listed
    from printgen.kit.build import kit_files
    from printgen.lesson import stored

    manifest = load_manifest(folder)
    before = os.environ.get(stored.ENV)
    os.environ[stored.ENV] = "off"                       # the lesson's search played again, not read back
    try:
        made = kit_files(_replan(manifest, folder))
    finally:
        if before is None:
            os.environ.pop(stored.ENV, None)
        else:
            os.environ[stored.ENV] = before
    listed = list(dict.fromkeys([*manifest["files"], "manifest.json"]))
    found = [Discrepancy(name, 0, "is in the kit, but the request made again today does not make it")
             for name in listed if name not in made]
    found += [Discrepancy(name, 0, "is made by the request today, but the kit does not list it")
              for name in made if name not in listed]
    for name in (n for n in made if n in listed):
        try:
            have = read_listed(folder, name, limits.KIT_FILE_BYTES)
        except reading.Unreadable as e:
            found.append(Discrepancy(name, 0, e.why))
            continue
        if have != made[name]:
            found.append(_differs(name, have, made[name]))
    return found, len(listed)


def _differs(name: str, have: bytes, made: bytes) -> Discrepancy:
    if not name.lower().endswith(".pdf"):
        return Discrepancy(name, 0, "differs from the file the request makes today")
    import pypdfium2 as pdfium

    from printgen.check.combined import DRAWN_DPI, drawn_change

    try:
        a, b = pdfium.PdfDocument(have), pdfium.PdfDocument(made)
    except pdfium.PdfiumError:
        return Discrepancy(name, 0, "cannot be read as a PDF")
    try:
        if len(a) != len(b):
            return Discrepancy(name, 0, f"has {len(a)} pages, made today {len(b)}")
        for i in range(len(a)):
            if a[i].get_textpage().get_text_range() != b[i].get_textpage().get_text_range():
                return Discrepancy(name, i + 1, "its words differ from the page made today")
            n, box = drawn_change(a[i], b[i])
            if n:
                return Discrepancy(name, i + 1, "is drawn differently from the page made today", box)
        return Discrepancy(name, 0, "differs from the file made today in its bytes, not in any page's words or "
                                    f"drawing at {DRAWN_DPI} dpi")
    finally:
        a.close()
        b.close()
