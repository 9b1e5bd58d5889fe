"""One run at a time in an output folder: an advisory lock beside it (`.NAME.lock`).

flock is released by the kernel when the process ends, however it ends, so a killed run never
leaves a folder locked; the file itself is removed on every ordinary exit."""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from printgen.errors import PrintgenError, Problem
from printgen.output import file_mode


def lock_path(out: Path) -> Path:
    return out.parent / f".{out.name}.lock"


@contextmanager
def locked(out: Path) -> Iterator[None]:
    path = lock_path(out)
    for _ in range(5):                  # the file may be unlinked by the run before us between open and flock
        fd = os.open(path, os.O_RDWR | os.O_CREAT, file_mode())
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise PrintgenError(Problem(f"another printgen run{f' (process {holder})' if holder else ''} is "
                                        "writing this folder", file=out,
                                        fix="wait for it to finish, or choose another folder with --out")) from None
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    else:
        raise PrintgenError(Problem("could not lock the output folder", file=out, fix="try again"))
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        try:
            os.unlink(path)             # while still holding the lock, so no one else holds this file
        except FileNotFoundError:
            pass
        os.close(fd)
