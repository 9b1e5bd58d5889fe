"""How a run ends when it cannot go on: a message with the path and a fix, never a traceback.

SIGTERM is turned into an exception so every `finally` runs (staging folders, `.part` files and
locks are cleaned) before the process exits 143; Ctrl-C does the same through KeyboardInterrupt."""

from __future__ import annotations

import errno
import os
import signal

DEBUG = os.environ.get("PRINTGEN_DEBUG", "") not in ("", "0")   # --debug: a bug's traceback on the terminal

FIXES = {
    errno.EACCES: "choose a folder you may write to with --out, or ask for permission on this one",
    errno.EPERM: "choose a folder you may write to with --out, or ask for permission on this one",
    errno.EROFS: "the disk is read-only: choose a folder on another disk with --out",
    errno.ENOSPC: "the disk is full: free some space, or choose a folder on another disk with --out",
    errno.EDQUOT: "your disk quota is used up: free some space, or choose another disk with --out",
    errno.ENAMETOOLONG: "choose a shorter output folder name with --out",
}


class Terminated(BaseException):
    """SIGTERM arrived: not an Exception, so nothing on the way out mistakes it for an error to handle."""


def _terminate(signum, frame) -> None:
    raise Terminated()


_INTERRUPTED: list[int] = []


def _interrupt(signum, frame) -> None:
    _INTERRUPTED.append(signum)
    raise KeyboardInterrupt


def interrupted_once() -> bool:
    """Whether Ctrl-C arrived during the run: code that caught its KeyboardInterrupt and raised an error
    of its own instead (numba, compiling the engine: "no compiled object yet") ends as interrupted."""
    return bool(_INTERRUPTED)


def catch_sigterm() -> None:
    signal.signal(signal.SIGTERM, _terminate)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)    # Ctrl-C still a KeyboardInterrupt, and remembered


CACHE_FIXES = {
    errno.ENOSPC: "its disk is full: free some space there, or set PRINTGEN_CACHE to a folder on another disk",
    errno.EDQUOT: "your disk quota is used up: free some space, or set PRINTGEN_CACHE to a folder on another disk",
    errno.EROFS: "its disk is read-only: set PRINTGEN_CACHE to a folder you may write to",
    errno.EACCES: "you may not write there: set PRINTGEN_CACHE to a folder you may write to",
    errno.EPERM: "you may not write there: set PRINTGEN_CACHE to a folder you may write to",
}
# The code that writes printgen's cache (the compiled engine's files, the templates compiled), should a
# failed write not name its file (a full disk fails a write(), which names none).
_CACHE_WRITERS = (os.sep.join(("numba", "core", "caching.py")), os.sep.join(("jinja2", "bccache.py")),
                  os.sep.join(("printgen", "lesson", "stored.py")), os.sep.join(("printgen", "play", "jit.py")))


def cache_of(e: OSError) -> str | None:
    """printgen's cache folder, when the failed read or write was of a file in it (named in the error,
    or written by the code that keeps the cache): else None."""
    from pathlib import Path

    from printgen import paths

    engine = paths.cache_folder("engine")              # always a folder: the engine is kept even with "off"
    if engine is None:
        return None
    root = Path(os.path.abspath(engine.parent))         # PRINTGEN_CACHE, or the system's
    for name in (e.filename, e.filename2):
        if isinstance(name, (str, os.PathLike)):
            path = Path(os.path.abspath(os.fsdecode(name)))
            if root == path or root in path.parents:
                return str(root)
    tb = e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(_CACHE_WRITERS):
            return str(root)
        tb = tb.tb_next
    return None


def os_error(e: OSError) -> str:
    where = " -> ".join(str(p) for p in (e.filename, e.filename2) if p is not None)
    what = e.strerror or str(e)
    cache = cache_of(e)
    if cache is not None:                   # not the kit's folder: --out would not help
        fix = (f"this is printgen's cache folder {cache} (it only saves time); "
               + CACHE_FIXES.get(e.errno or 0, "set PRINTGEN_CACHE to another folder"))
        return f"printgen: error:\n  {where or cache}: {what}\n    fix: {fix}"
    fix = FIXES.get(e.errno, "check that the path exists and that you may read and write it, then run again")
    return f"printgen: error:\n  {where + ': ' if where else ''}{what}\n    fix: {fix}"


def interrupted() -> str:
    return "printgen: interrupted; previous kit kept (no partial files left)"


def unexpected(e: Exception) -> tuple[str, int]:
    """The last resort, never a traceback on the terminal: text too long for any layout of its sheet is
    the data's to fix (exit 2); anything else is printgen's bug (exit 1), its traceback kept in a file
    to send with the report. Either way the previous kit is kept: nothing was put in place."""
    from printgen.sheets.text.flow import TooNarrow

    if isinstance(e, TooNarrow):
        return ("printgen: error:\n  a sheet cannot fit its text on the page: " + str(e) + "\n"
                "    fix: shorten the longest texts (a ship's name, admiral or fate in ships.csv, or a title);"
                " the previous output is kept"), 2
    import tempfile
    import traceback

    if DEBUG:
        return "".join(traceback.format_exception(e)) + "printgen: internal error: this is a bug in printgen (--debug).", 1
    with tempfile.NamedTemporaryFile("w", prefix="printgen-bug-", suffix=".txt", delete=False) as f:
        traceback.print_exception(e, file=f)
    return (f"printgen: internal error ({type(e).__name__}: {e}); this is a bug in printgen, not in your data.\n"
            f"  The details are in {f.name}: please send that file with a report. The previous output is kept."), 1
