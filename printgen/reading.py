"""Reading files printgen did not necessarily make (a kit folder, a teacher's fleet): never through
a link, never a pipe or a device (a FIFO would wait for ever, /dev/zero never ends), never more
than a limit, and JSON never nested deeper than a limit (the parser would recurse until it fails).

The file is opened without following a link where the system can (O_NOFOLLOW), without waiting
(O_NONBLOCK: a FIFO opens at once), and what was opened is checked on the descriptor itself
(fstat: a plain file), so a name swapped between a check and the open cannot slip through. Where
the system has no O_NOFOLLOW (Windows), the name is checked first (lstat: not a link, not a
junction) and the descriptor must then be that very file (the same device and inode)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from contextlib import contextmanager
from itertools import accumulate
from pathlib import Path, PurePosixPath
from typing import Iterator

from printgen import limits

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
CHUNK = 1 << 20


class Unreadable(Exception):
    """Why a file was not read, in words for a message ("is a link: ..."); `path` is the file."""

    def __init__(self, path: Path | str, why: str):
        self.path, self.why = path, why
        super().__init__(f"{path}: {why}")


def _is_link(st: os.stat_result) -> bool:
    return stat.S_ISLNK(st.st_mode) or bool(getattr(st, "st_file_attributes", 0)
                                            & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0))


@contextmanager
def opened(path: Path | str, follow: bool = False) -> Iterator[tuple[int, os.stat_result]]:
    """(descriptor, its stat) of the plain file `path`, or Unreadable: a link (unless `follow`: a
    teacher's own data may be linked), a folder, a pipe or a device is refused without being read
    (and without waiting for a pipe's writer)."""
    before = None
    if not _NOFOLLOW and not follow:            # no O_NOFOLLOW here: look at the name first
        try:
            before = os.lstat(path)
        except FileNotFoundError:
            raise Unreadable(path, "the file is missing") from None
        if _is_link(before):
            raise Unreadable(path, "is a link: printgen does not follow it")
    try:
        fd = os.open(path, _FLAGS | (0 if follow else _NOFOLLOW))
    except FileNotFoundError:
        raise Unreadable(path, "the file is missing") from None
    except OSError as e:
        if _NOFOLLOW and not follow and os.path.islink(path):  # ELOOP (or EMLINK on some systems): the name is a link
            raise Unreadable(path, "is a link: printgen does not follow it") from None
        if os.path.isdir(path):
            raise Unreadable(path, "is a folder, not a file") from None
        raise Unreadable(path, f"cannot be read ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable(path, "is a folder, not a file" if stat.S_ISDIR(st.st_mode)
                             else "is not a plain file (a pipe or a device): printgen does not read it")
        if before is not None and not os.path.samestat(before, st):
            raise Unreadable(path, "changed while it was opened")
        yield fd, st
    finally:
        os.close(fd)


def read_bytes(path: Path | str, limit: int, follow: bool = False) -> bytes:
    """The whole plain file, refused (Unreadable) if it holds more than `limit` bytes."""
    with opened(path, follow) as (fd, st):
        if st.st_size > limit:
            raise Unreadable(path, f"is {st.st_size:,} bytes, more than the {limit:,} printgen reads of such a file")
        parts, size = [], 0
        while chunk := os.read(fd, min(CHUNK, limit + 1 - size)):
            parts.append(chunk)
            size += len(chunk)
            if size > limit:                    # it grew since fstat
                raise Unreadable(path, f"holds more than the {limit:,} bytes printgen reads of such a file")
        return b"".join(parts)


def sha256(path: Path | str, limit: int = limits.KIT_FILE_BYTES) -> str:
    """The sha256 of a plain file, read in pieces (a large PDF is never held whole)."""
    h = hashlib.sha256()
    with opened(path) as (fd, st):
        if st.st_size > limit:
            raise Unreadable(path, f"is {st.st_size:,} bytes, more than any file printgen writes ({limit:,})")
        size = 0
        while chunk := os.read(fd, CHUNK):
            h.update(chunk)
            size += len(chunk)
            if size > limit:
                raise Unreadable(path, f"holds more than any file printgen writes ({limit:,} bytes)")
    return h.hexdigest()


def inside(folder: Path, name: str) -> Path:
    """folder/name, if no folder on the way to it (inside `folder`) is a link; else Unreadable.
    (The file itself is checked when it is opened.)"""
    path = Path(folder)
    for part in PurePosixPath(name).parts[:-1]:
        path = path / part
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            raise Unreadable(Path(folder) / name, "the file is missing") from None
        if _is_link(st):
            raise Unreadable(Path(folder) / name, "is a link: printgen writes none and does not follow it")
    return Path(folder) / name


def read_in(folder: Path, name: str, limit: int) -> bytes:
    """A file of a kit folder, by its relative name: see `inside` and `read_bytes`."""
    return read_bytes(inside(folder, name), limit)


# -- JSON, bounded ---------------------------------------------------------------------------------
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_OPEN_CLOSE = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})


def nesting(brackets: str) -> int:
    """The deepest nesting of a text of only "(" and ")" characters."""
    return max(accumulate(1 if c == "(" else -1 for c in brackets), default=0)


def json_depth(text: str) -> int:
    """How deeply the JSON text's lists and objects nest (strings, which may hold brackets, skipped)."""
    bare = _JSON_STRING.sub("", text)
    return nesting("".join(re.findall(r"[\[\]{}]", bare)).translate(_OPEN_CLOSE))


# TOML's strings (basic, literal, and their multi-line forms) and comments, which may hold brackets
_TOML_SKIP = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.S)


def toml_depth(text: str) -> int:
    """How deeply a TOML text's arrays and inline tables nest (a table header, [a.b], counts one)."""
    bare = _TOML_SKIP.sub("", text)
    return nesting("".join(re.findall(r"[\[\]{}]", bare)).translate(_OPEN_CLOSE))


def deep_toml(text: str, depth: int = limits.NESTING) -> str | None:
    """Why `text` may not be given to the TOML parser (it recurses once a level), or None."""
    found = toml_depth(text)
    return None if found <= depth else f"its lists and tables nest {found} deep; printgen reads at most {depth}"


def load_json(data: bytes | str, depth: int = limits.NESTING):
    """json.loads, refused (ValueError) when nested deeper than `depth`: the parser would recurse
    until it fails. Kits and records printgen writes nest a few levels."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    if (found := json_depth(text)) > depth:
        raise ValueError(f"lists and objects nest {found} deep; printgen's files nest at most {depth}")
    return json.loads(text)
