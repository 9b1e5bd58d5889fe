"""kit.pdf against its documents. Joining the documents again (the join is deterministic) must give
kit.pdf's very bytes; if not (another pikepdf or qpdf joined them, say), every page must carry the
same words as the page of its document and be drawn the same: both rendered at DRAWN_DPI in grey,
no more than STRAY pixels may differ by more than INK_STEP (a hit circle left out, a fold line drawn
solid, a star moved all change hundreds; the same drawing re-joined changes none).

The join needs no plan, so `printgen check` starts it in a process of its own as soon as the files'
sums are known, and it runs while the scenario and rules are loaded again and the workers check
the documents (a fifth of a second on a laptop's second core)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from printgen.check.numbers import Discrepancy

DRAWN_DPI = 50               # a 0.1" hit circle is 5 pixels across, a fold line's dashes 2 to 4 pixels long
INK_STEP = 96                # of 255 grey levels: what anti-aliasing of the same drawing never reaches
STRAY = 2


def joins_again(folder: Path, kit: dict, parts: list[dict]) -> bool:
    """Whether joining kit.pdf's documents again gives its very bytes."""
    from printgen import limits
    from printgen.check.manifest import read_listed
    from printgen.kit.combine import combine_pdfs

    try:
        joined = combine_pdfs([read_listed(folder, d["path"], limits.KIT_FILE_BYTES) for d in parts])
    except Exception:                                  # a part pikepdf cannot read: compared page by page
        return False
    return hashlib.sha256(joined).hexdigest() == kit["sha256"]


class Joins:
    """The joins of kit.pdf files (path -> its documents), started at once in a process of its own when
    the machine has a second core (else made when asked for). A join that fails for any reason
    (its process died, say) proves nothing: that kit.pdf is then compared page by page."""

    def __init__(self, folder: Path, jobs: dict[str, tuple[dict, list[dict]]]):
        self.folder, self.jobs, self.proc, self.conn = folder, jobs, None, None
        self.done: dict[str, bool] | None = None
        if jobs and min(4, os.cpu_count() or 1) > 1:
            from printgen.forks import context, signals_held

            ctx = context()                            # forked, or spawned with the jobs pickled
            self.conn, there = ctx.Pipe(duplex=False)

            self.proc = ctx.Process(target=_join_all, args=(folder, jobs, there), daemon=True)
            with signals_held():                       # see there: a Ctrl-C at the fork is this process's
                self.proc.start()
            there.close()                              # only the child holds its end: EOF if it dies

    def proven(self, path: str) -> bool:
        if self.done is None:
            self.done = self._collect()
        return self.done.get(path, False)

    def _collect(self) -> dict[str, bool]:
        if self.proc is None:
            return {path: joins_again(self.folder, kit, parts) for path, (kit, parts) in self.jobs.items()}
        try:
            return self.conn.recv()
        except (EOFError, OSError):
            return {}
        finally:
            self.stop()

    def stop(self) -> None:
        """End the process (done, or no longer wanted: the check stopped early)."""
        if self.proc is not None:
            if self.proc.is_alive() and self.done is None:
                self.proc.terminate()
            self.proc.join()
            self.conn.close()
            self.proc = None


def _join_all(folder: Path, jobs: dict, conn) -> None:
    """The join's process: quiet whatever happens (stopped, or the parent gone: the parent sees EOF,
    nothing proven), as printgen.kit.parallel's workers are."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)       # Ctrl-C reaches the parent, which stops this one
    signal.signal(signal.SIGTERM, signal.SIG_DFL)      # not the CLI's handler, inherited by a fork
    from printgen.forks import worker_ready

    worker_ready()
    try:
        conn.send({path: joins_again(folder, kit, parts) for path, (kit, parts) in jobs.items()})
    except BaseException:
        os._exit(1)


def check_combined(folder: Path, kit: dict, parts: list[dict], read: dict, proven: bool) -> list[Discrepancy]:
    """kit.pdf holds the documents' pages in order: `proven` when joining the checked files again
    gave its very bytes; otherwise compared page by page: the same words on every page as the
    checked files (`read`: each file's page texts, as its own check read them)."""
    import pypdfium2 as pdfium

    from printgen.reading import Unreadable

    if proven:
        return []
    if any(read.get(d["path"]) is None for d in parts):
        return [Discrepancy(kit["path"], 0, "it or one of its documents cannot be read as a PDF")]
    try:
        combined = page_texts(folder / kit["path"])
    except Unreadable as e:
        return [Discrepancy(kit["path"], 0, e.why)]
    except pdfium.PdfiumError:
        return [Discrepancy(kit["path"], 0, "it or one of its documents cannot be read as a PDF")]
    texts = [t for d in parts for t in read[d["path"]]]
    if len(combined) != len(texts):
        return [Discrepancy(kit["path"], 0, f"has {len(combined)} pages, its documents {len(texts)}")]
    where = [(d["path"], k + 1) for d in parts for k in range(d["pages"])]
    worded = [Discrepancy(kit["path"], i + 1, f"differs from {where[i][0]}, page {where[i][1]}")
              for i, (a, b) in enumerate(zip(combined, texts)) if a != b]
    if worded:
        return worded
    try:
        return [Discrepancy(kit["path"], i + 1, f"is drawn differently from {where[i][0]}, page {where[i][1]} "
                                                f"({n} pixels at {DRAWN_DPI} dpi)", box)
                for i, n, box in drawn_differences(folder, kit, parts)]
    except Unreadable as e:
        return [Discrepancy(kit["path"], 0, e.why)]


def drawn_differences(folder: Path, kit: dict, parts: list[dict]):
    """(page index, pixels, box in points) of each kit.pdf page not drawn as its document's page."""
    import pypdfium2 as pdfium

    from printgen import limits, reading
    from printgen.check.manifest import read_listed

    combined = pdfium.PdfDocument(reading.read_bytes(folder / kit["path"], limits.KIT_FILE_BYTES))
    i = 0
    try:
        for d in parts:
            part = pdfium.PdfDocument(read_listed(folder, d["path"], limits.KIT_FILE_BYTES))
            try:
                for k in range(len(part)):
                    n, box = drawn_change(combined[i], part[k])
                    if n > STRAY:
                        yield i, n, box
                    i += 1
            finally:
                part.close()
    finally:
        combined.close()


def drawn_change(page, other) -> tuple[int, tuple | None]:
    """How many pixels of two pdfium pages rendered at DRAWN_DPI in grey differ by more than INK_STEP,
    and their box in points (None: none differ, or the pages' sizes differ: every pixel counted)."""
    from PIL import ImageChops

    a, b = (p.render(scale=DRAWN_DPI / 72, grayscale=True).to_pil().convert("L") for p in (page, other))
    if a.size != b.size:
        return a.size[0] * a.size[1], None
    changed = ImageChops.difference(a, b).point(lambda v: 255 if v > INK_STEP else 0)
    box = changed.getbbox()
    pt = 72 / DRAWN_DPI
    return changed.histogram()[255], None if box is None else tuple(v * pt for v in box)


def page_texts(path: Path) -> list[str]:
    """The words of each page of the PDF (read never through a link, and bounded: printgen.reading)."""
    import pypdfium2 as pdfium

    from printgen import limits, reading

    pdf = pdfium.PdfDocument(reading.read_bytes(path, limits.KIT_FILE_BYTES))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()
