"""The kit's output folder: printgen writes only into a folder that is new, empty, or a kit it
made (it knows it by manifest.json), and replaces only the files that kit's manifest lists.

A kit is built in a staging folder beside the output (`.NAME.new-XXXX`), checked there, and only
then moved in file by file: the teacher's own files in the folder are never touched, a name the
new kit needs that a teacher's file holds stops the run before anything is written, and a kit that
fails its check is kept beside the previous one (`NAME.failed`) for inspection."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path, PurePosixPath

from printgen.errors import PrintgenError, Problem
from printgen.output import dir_mode, inside, make_dirs, refuse_source

FIX_NEW = "give a new or empty folder with --out (for example --out {suggest})"
SHOWN = 6                                   # files named in a refusal


def absolute(out: Path) -> Path:
    """The folder as given, made absolute without following links (`.` becomes its real name)."""
    return Path(os.path.abspath(Path(out).expanduser()))


def kit_names(folder: Path) -> set[str] | None:
    """The files a printgen kit in `folder` consists of, from its manifest; None if it is no kit."""
    from printgen import limits, reading

    try:                                         # never through a link, never a pipe, bounded (printgen.reading)
        m = reading.load_json(reading.read_bytes(folder / "manifest.json", limits.KIT_JSON_BYTES))
    except (reading.Unreadable, OSError, ValueError):
        return None
    if not isinstance(m, dict) or "printgen" not in m or not isinstance(m.get("documents"), list):
        return None
    names = m.get("files")
    if not isinstance(names, list):             # kits before the manifest listed its files
        names = [d.get("path") for d in m["documents"] if isinstance(d, dict)] + list(m.get("data") or {})
        names += ["manifest.json", "index.html"] + [f"thumbs/{p.name}" for p in (folder / "thumbs").glob("*.png")]
    return {n for n in names if isinstance(n, str) and inside(n)}     # a tampered manifest names nothing outside


def contents(folder: Path) -> list[str]:
    """Every file (and link) under `folder`, relative, sorted; links are not followed."""
    out = []
    for root, dirs, files in os.walk(folder):
        base = Path(root).relative_to(folder)
        out += [str(base / f) for f in files] + [str(base / d) for d in dirs if (Path(root) / d).is_symlink()]
    return sorted(out)


def claim(out: Path, scenario_folder: Path, names: set[str]) -> set[str]:
    """Check that a kit of these file names may be written to `out`; returns the old kit's files
    (to replace or remove). Refuses, naming what is in the way, before anything is written."""
    refuse_source(out, scenario_folder)
    if out.is_symlink() and not out.is_dir():
        raise PrintgenError(Problem("is a link to nothing", file=out, fix=FIX_NEW.format(suggest=f"{out}-kit")))
    if not out.exists():
        return set()
    if not out.is_dir():
        raise PrintgenError(Problem("is a file: printgen never replaces a file with a folder", file=out,
                                    fix=FIX_NEW.format(suggest=out.with_name(out.stem + "-kit"))))
    old = kit_names(out)
    if old is None:
        top = sorted(p.name + ("/" if p.is_dir() else "") for p in out.iterdir())
        if not top:
            return set()
        raise PrintgenError(Problem(f"is not empty and is not a printgen kit (it holds {_few(top)}); "
                                    "printgen writes a kit only into a new or empty folder or over a kit it made",
                                    file=out, fix=FIX_NEW.format(suggest=out / "printgen-kit")))
    teacher = [p for p in contents(out) if p not in old]
    blocked = sorted({n for n in names for p in teacher if p == n or n.startswith(p + "/") or p.startswith(n + "/")})
    blocked += [d for d in sorted({str(Path(n).parent) for n in names} - {"."})
                if (out / d).is_symlink() or ((out / d).exists() and not (out / d).is_dir())]
    blocked += [n for n in sorted(names) if (out / n).is_dir() and not (out / n).is_symlink()]
    if blocked:
        raise PrintgenError(Problem("files printgen did not write are in the way of the new kit: "
                                    f"{_few(sorted(set(blocked)))}",
                                    file=out, fix="move or rename them (printgen keeps every other file of yours), "
                                    "or choose another folder with --out"))
    return old


def _few(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")


MARK = ".printgen-staging"      # in every staging folder: printgen made it, and how far its move went


def _mark(staging: Path, state: str, **more) -> None:
    """Say in the staging folder what it holds (written whole: a temporary file, then renamed)."""
    import json

    part = staging / (MARK + ".part")
    part.write_text(json.dumps({"printgen": "staging", "state": state, **more}), encoding="utf-8")
    os.replace(part, staging / MARK)


def marked(staging: Path) -> dict | None:
    """What printgen's mark in a staging folder says; None if it has none (then printgen did not
    make the folder: a teacher's `.kit.new-ideas/` is never touched)."""
    from printgen import limits, reading

    try:
        mark = reading.load_json(reading.read_in(staging, MARK, limits.KIT_JSON_BYTES))
    except (reading.Unreadable, OSError, ValueError):
        return None
    return mark if isinstance(mark, dict) and mark.get("printgen") == "staging" else None


def interrupted(out: Path) -> list[Path]:
    """Staging folders beside `out` whose kit was being moved into it when its run was stopped outright."""
    return sorted(p for p in out.parent.glob(f".{out.name}.new-*")
                  if p.is_dir() and not p.is_symlink() and (marked(p) or {}).get("state") == "moving")


def clear_debris(out: Path) -> None:
    """Staging folders of runs that were killed outright (the lock says no run is using them), and
    only printgen's (marked): a kit that was being moved in is moved in first, so the folder holds
    the whole new kit, never part of it beside part of the old."""
    for p in out.parent.glob(f".{out.name}.new-*"):
        if not p.is_dir() or p.is_symlink() or (mark := marked(p)) is None:
            continue
        names, old = mark.get("names"), mark.get("old")
        if mark.get("state") == "moving" and isinstance(names, list) and isinstance(old, list) and out.is_dir():
            _move(p, out, {n for n in names if isinstance(n, str) and inside(n)},
                  {n for n in old if isinstance(n, str) and inside(n)})
        shutil.rmtree(p, ignore_errors=True)


def stage(out: Path, files: dict[str, bytes]) -> Path:
    """Write the kit into a fresh staging folder beside `out` (removed again if anything fails)."""
    make_dirs(out.parent)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        os.chmod(staging, dir_mode())
        _mark(staging, "writing")
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return staging


def put_in_place(staging: Path, out: Path, names: list[str], old: set[str]) -> None:
    """Move the checked kit into `out`: the new manifest first, then each file; then the old kit's
    files the new one lacks. The staging folder's mark says first that the move has begun and what
    it moves, so that a run stopped outright (SIGKILL, a power cut) is finished by the next run
    (clear_debris), and `printgen check` says so meanwhile."""
    held = _block_signals()                     # a few renames: not cut by Ctrl-C
    try:
        if not out.exists():
            (staging / MARK).unlink()
            os.replace(staging, out)            # one rename: all or nothing
            return
        _mark(staging, "moving", names=sorted(names), old=sorted(old))
        _move(staging, out, set(names), old)
        shutil.rmtree(staging, ignore_errors=True)
    finally:
        _unblock_signals(held)


def _move(staging: Path, out: Path, names: set[str], old: set[str]) -> None:
    """Each file of the new kit still in `staging` into `out`, then the old kit's other files out:
    done again from the start, it finishes what a stopped run began."""
    for name in sorted(names, key=lambda n: n != "manifest.json"):
        if os.path.lexists(staging / name):
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / name, out / name)
    for name in sorted(old - names):
        path = out / name
        through_link = any((out / q).is_symlink() for q in PurePosixPath(name).parents if str(q) != ".")
        if not through_link and (path.is_file() or path.is_symlink()):
            path.unlink()
    for d in sorted({Path(n).parent for n in old} - {Path(".")}, key=lambda p: -len(p.parts)):
        if (out / d).is_dir() and not (out / d).is_symlink() and not any((out / d).iterdir()):
            (out / d).rmdir()


def _block_signals():
    """Hold Ctrl-C and SIGTERM back (POSIX); elsewhere nothing is held: the mark covers a stop."""
    if hasattr(signal, "pthread_sigmask"):
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    return None


def _unblock_signals(held) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def keep_failed(staging: Path, out: Path) -> Path:
    """Keep a kit that failed its check beside `out`, as NAME.failed (replacing an earlier failed
    kit only if it holds nothing but printgen's files)."""
    for n in range(1, 100):
        failed = out.with_name(f"{out.name}.failed" + (f"-{n}" if n > 1 else ""))
        if failed.is_dir() and not failed.is_symlink() and not set(contents(failed)) - (kit_names(failed) or set()):
            shutil.rmtree(failed)
        if not failed.exists() and not failed.is_symlink():
            (staging / MARK).unlink(missing_ok=True)
            os.replace(staging, failed)
            return failed
    shutil.rmtree(staging, ignore_errors=True)
    raise PrintgenError(Problem("too many failed kits beside the output folder", file=out,
                                fix=f"remove the {out.name}.failed* folders"))
