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


def write_all(files: dict[Path, bytes]) -> list[Path]:
    """Write several files; all temporary files are made first, then renamed in one sweep.
    An error or a signal at any point leaves no `.part` file behind."""
    for path in files:
        if path.is_dir() and not path.is_symlink():
            raise PrintgenError(Problem("is a folder: printgen will not replace it with a file", file=path,
                                        fix="move the folder away or choose another output folder with --out"))
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            make_dirs(path.parent)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as f:
                os.fchmod(f.fileno(), file_mode())
                f.write(data)
        for tmp, path in staged:
            os.replace(tmp, path)
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return list(files)
