"""One run at a time in an output folder: a lock file beside it (`.NAME.lock`), held through the
portable `filelock` package (flock on Linux and macOS, LockFileEx on Windows: the system releases
it when the process ends, however it ends, so a killed run never leaves a folder locked).

The lock is keyed on the folder's real path, so two spellings of one folder (a link to it, or to
a folder above it) share one lock; the lock file is opened without following a link (a link
planted there is refused, never written through), and it is removed on every ordinary exit."""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Iterator

from printgen.errors import PrintgenError, Problem

FIX_LINK = "remove the link (printgen makes this file itself), or choose another folder with --out"


def lock_path(out: Path) -> Path:
    real = Path(os.path.realpath(out))
    return real.parent / f".{real.name}.lock"


@contextmanager
def locked(out: Path) -> Iterator[None]:
    import warnings

    with warnings.catch_warnings():             # "only soft file lock is available": said below, in words
        warnings.simplefilter("ignore", UserWarning)
        from filelock import FileLock, SoftFileLock, Timeout

    from printgen import reading

    path = lock_path(out)
    held: list[int] = []

    def acquired(fd: int) -> None:               # the lock's own descriptor: whose it is, for a run that waits
        held.append(fd)
        with suppress(OSError):
            os.write(fd, str(os.getpid()).encode())

    if os.path.islink(path):
        raise PrintgenError(Problem("is a link: printgen's lock file is never a link, and is not written through one",
                                    file=path, fix=FIX_LINK))
    # a system with no lock call filelock can use (neither fcntl nor msvcrt) gets its soft lock: the
    # file's existence (filelock breaks one whose process is gone), which hands over no descriptor
    native = not issubclass(FileLock, SoftFileLock)
    lock = FileLock(str(path), timeout=0, on_acquired=acquired) if native else FileLock(str(path), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        try:
            holder = reading.read_bytes(path, 32).decode("ascii", "replace").strip()
        except (reading.Unreadable, OSError):
            holder = ""
        raise PrintgenError(Problem(f"another printgen run{f' (process {holder})' if holder.isdigit() else ''} is "
                                    "writing this folder", file=out,
                                    fix="wait for it to finish, or choose another folder with --out")) from None
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK) or os.path.islink(path):      # planted between the look and the open
            raise PrintgenError(Problem("is a link: printgen's lock file is never a link", file=path,
                                        fix=FIX_LINK)) from None
        raise
    try:
        yield
    finally:
        with suppress(OSError):                 # while still holding it, and only if it is still this file:
            if held and os.path.samestat(os.lstat(path), os.fstat(held[0])):    # a run that opened it before
                os.unlink(path)                 # sees it unlinked when it gets the lock, and tries again
        lock.release()
