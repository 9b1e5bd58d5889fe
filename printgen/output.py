"""Writing files safely: each file appears whole or not at all, with the modes the umask gives
(tempfile makes 0600 files and 0700 folders, which a shared class drive cannot read), and a
single-document command writes only its own files: it never deletes, and never turns a file into
a folder or a folder into a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path, PurePosixPath

from printgen.errors import PrintgenError, Problem


def umask() -> int:
    mask = os.umask(0o022)         # the only way to read it is to set it: put it straight back
    os.umask(mask)
    return mask


def file_mode() -> int:
    return 0o666 & ~umask()


def dir_mode() -> int:
    return 0o777 & ~umask()


def inside(name: str) -> bool:
    """A relative name that stays inside its folder: no `..`, no absolute path, no backslash tricks."""
    p = PurePosixPath(name)
    return bool(name) and "\\" not in name and "\0" not in name and not p.is_absolute() and ".." not in p.parts


def refuse_source(out: Path, scenario_folder: Path) -> None:
    """Output never goes to the root of the disk, nor to the scenario's folder or one holding it."""
    where, source = Path(out).expanduser().resolve(), Path(scenario_folder).resolve()
    if where == Path(where.anchor):
        raise PrintgenError(Problem("is the root of the disk", file=out,
                                    fix="give a new or empty folder with --out, for example --out ~/kits/class"))
    if where == source or where in source.parents:
        raise PrintgenError(Problem("holds the scenario itself (scenario.toml, ships.csv): printgen never writes "
                                    "there", file=out, fix=f"give another folder with --out, for example "
                                    f"--out {source.parent / (source.name + '-kit')}"))


def make_dirs(folder: Path) -> None:
    """mkdir -p, refusing clearly when a file stands where a folder must go."""
    for p in [folder, *folder.parents]:
        if p.exists() or p.is_symlink():
            if not p.is_dir():
                raise PrintgenError(Problem("is a file, not a folder: printgen will not replace it", file=p,
                                            fix="choose another output folder with --out"))
            break
    folder.mkdir(parents=True, exist_ok=True)


# How printgen knows a file it wrote, by its name's ending: words only its own files carry (the
# PDF's creator, the SVG's <desc>, the PNG's Software chunk, the deployment files' first words, the
# check report's title). tests/test_safety_output.py holds each writer to its mark.
MARKS = {".pdf": b"/Creator (printgen)", ".svg": b"<desc>printgen</desc>", ".png": b"tEXtSoftware\x00printgen",
         ".csv": b"\xef\xbb\xbfnumber,ship,nation,squadron,", ".json": b'"about": "x from the west edge',
         ".html": b"<title>printgen check of "}
MARKED_BYTES = 200_000_000          # a file larger than any printgen writes alone is not one of its own


def made_by_printgen(path: Path) -> bool:
    """Whether the plain file `path` carries printgen's mark (read in pieces, never through a link)."""
    from printgen import reading

    mark = MARKS.get(path.suffix.lower())
    if mark is None:
        return False
    try:
        with reading.opened(path) as (fd, st):
            if st.st_size > MARKED_BYTES:
                return False
            tail = b""
            while chunk := os.read(fd, reading.CHUNK):
                if mark in tail + chunk:
                    return True
                tail = chunk[-len(mark):]
    except (reading.Unreadable, OSError):
        return False
    return False


def starts_with(path: Path, head: bytes) -> bool:
    """Whether the plain file `path` begins with `head` (only those bytes read, never through a link)."""
    from printgen import reading

    try:
        with reading.opened(path) as (fd, _):
            return os.read(fd, len(head)) == head
    except (reading.Unreadable, OSError):
        return False


def write_all(files: dict[Path, bytes], ours: set[Path] | frozenset[Path] = frozenset()) -> list[Path]:
    """Write several files; all temporary files are made first, then renamed in one sweep.
    An error or a signal at any point leaves no `.part` file behind. A file of the same name is
    replaced only if printgen wrote it (its mark, or `ours`: files the caller knows for its own, as
    `printgen scenario` knows its folder by its scenario.toml): never a teacher's file or a folder."""
    for path in files:
        if path.is_dir() and not path.is_symlink():
            raise PrintgenError(Problem("is a folder: printgen will not replace it with a file", file=path,
                                        fix="move the folder away or choose another output folder with --out"))
    theirs = [path for path in files if os.path.lexists(path) and path not in ours and not made_by_printgen(path)]
    if theirs:
        raise PrintgenError([Problem("exists and is not a file printgen wrote: printgen never replaces a file of "
                                     "yours" + (" (nor a link)" if path.is_symlink() else ""), file=path,
                                     fix="move or rename it, or choose another folder (--out) or file name")
                             for path in theirs])
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            make_dirs(path.parent)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as f:
                if hasattr(os, "fchmod"):           # absent on Windows before Python 3.13
                    os.fchmod(f.fileno(), file_mode())
                else:                               # there a mode is only read-only or not: mkstemp's is writable
                    os.chmod(tmp, file_mode())
                f.write(data)
        for tmp, path in staged:
            os.replace(tmp, path)
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return list(files)
