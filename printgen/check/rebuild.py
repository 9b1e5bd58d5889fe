"""`printgen check --rebuild KIT`: make the kit again from its manifest's request, in memory, and
compare it with the folder file by file, naming the first page that differs.

What each guarantee covers:
- `printgen check` reads every traced item back (numbers, words, marks, lines) and measures it against
  the rules and the fleet as they are now, by a route of its own: it proves what the pages say, even
  on a kit made by another version of printgen, but nothing it does not trace (a plain word, an
  untraced drawing) and it takes trace.json's word for where each item is.
- `--rebuild` proves the files are the very bytes today's printgen makes from that request: every
  byte, traced or not, and trace.json with them; but only against today's code (a kit made by another
  version differs everywhere), and a bug in the layout is made again the same way, so it proves
  nothing the layout got wrong. The two together: the kit is what printgen makes, and that says
  what the rules say."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from printgen.check.discrepancy import Discrepancy


def rebuild_check(folder: Path, echo: Callable[[str], None] = print, plan=None) -> bool:
    """Every file the request makes today, compared with the folder's; True when all are the same bytes."""
    from printgen import limits
    from printgen.check.kit import _replan
    from printgen.check.manifest import load_manifest, read_listed
    from printgen.kit.build import kit_files
    from printgen.reading import Unreadable

    folder = Path(folder)
    manifest = load_manifest(folder)
    plan = plan or _replan(manifest, folder)
    made = kit_files(plan)
    found: list[Discrepancy] = []
    for name in sorted(made):
        try:
            have = read_listed(folder, name, limits.KIT_FILE_BYTES)
        except Unreadable as e:
            found.append(Discrepancy(name, 0, f"the kit made again has it; the folder's {e.why}"))
            continue
        if have == made[name]:
            continue
        page = first_page(have, made[name]) if name.endswith(".pdf") else 0
        found.append(Discrepancy(name, page, "differs from the kit made again from its request"
                                 + (f" (from page {page})" if page else "")))
    for d in found:
        echo(f"FAIL  rebuild: {d}")
    echo(f"rebuild: {len(made)} files the same bytes as the kit made again from its request" if not found
         else f"rebuild: {len(found)} of {len(made)} files differ from the kit made again from its request")
    return not found


def first_page(have: bytes, made: bytes) -> int:
    """The first page (from 1) whose words or drawing differ; 0 when the pages agree (the file differs
    elsewhere: its metadata, say) or the folder's copy cannot be read."""
    import pypdfium2 as pdfium

    try:
        a, b = pdfium.PdfDocument(have), pdfium.PdfDocument(made)
    except pdfium.PdfiumError:
        return 1
    try:
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b):
                return i + 1
            pa, pb = a[i], b[i]
            if (pa.get_textpage().get_text_range() != pb.get_textpage().get_text_range()
                    or bytes(pa.render(scale=1, grayscale=True).buffer) != bytes(pb.render(scale=1, grayscale=True).buffer)):
                return i + 1
        return 0
    finally:
        a.close()
        b.close()
