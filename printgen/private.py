"""Whether a folder of printgen's cache is private enough to load code from: the compiled engine's
pickles (printgen/play/jit.py) and the sheets' compiled templates (printgen/sheets/text/compiled.py)
run as the teacher who runs printgen, so they are loaded only from folders and files that belong to
that teacher and that no other user may write (nor replace: a folder others may write lets them
swap a file). Elsewhere (a shared folder, another user's, mode 777) nothing is loaded from it.

POSIX: the owner and the mode bits. Windows has neither (its folders' access lists, not modes, say
who may write, and %LOCALAPPDATA% is the user's own): there only a link is refused."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def why_not(path: Path) -> str | None:
    """Why `path` (a folder or a file) must not be trusted with code, in words, or None if it may.
    A path that does not exist is None (nothing to load from it; a folder printgen makes is private)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"cannot be read ({e.strerror})"
    if stat.S_ISLNK(st.st_mode):
        return "is a link"
    if not hasattr(os, "getuid"):                # Windows: no owner or mode bits to read
        return None
    if st.st_uid != os.getuid():
        return "belongs to another user"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "can be written by other users"
    return None


def why_not_tree(folder: Path, top: Path | None = None) -> str | None:
    """`why_not` for `folder`, every folder between it and `top` (printgen's cache folder, which
    holds it), and everything inside it: the first reason found, naming the path."""
    folders = [folder]
    if top is not None:
        here = folder
        while here != top and top in here.parents:
            here = here.parent
            folders.append(here)
    for f in folders:
        if (why := why_not(f)) is not None:
            return f"{f} {why}"
    if folder.is_dir() and not folder.is_symlink():
        for root, dirs, files in os.walk(folder):
            for name in (*dirs, *files):
                p = Path(root) / name
                if (why := why_not(p)) is not None:
                    return f"{p} {why}"
    return None


def make(folder: Path) -> None:
    """The folder made (with its parents) readable and writable by its owner alone (POSIX; Windows
    keeps the parent's access list). Raises OSError as os.makedirs does."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
