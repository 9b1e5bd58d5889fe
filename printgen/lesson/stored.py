"""The lesson search's answers kept between runs, so that a teacher who builds the same kit again (a
second edition, the web page's preview then its build, `printgen check`) does not wait for the same
games again.

An answer is a small JSON file named by a hash of everything the search reads: the scenario's and the
ruleset's text, every ship as loaded, the options, the request, and printgen's own code (a changed
engine never reuses an old answer). A file that is missing, unreadable, of another shape or not
printgen's (nested too deep to read, say) is simply played again and replaced: the store can only save time, never change a kit (the same inputs
give the same answer, stored or not). Nor does an answer vouch for itself: a file anyone could edit is
used only once its chosen game, played again, gives every figure it holds (printgen/lesson/search.py
`_stored`); an answer that does not is searched again and replaced.

Where: the folder in PRINTGEN_CACHE ("off": no store), else the system's cache folder for programs
(Windows %LOCALAPPDATA%, macOS ~/Library/Caches, elsewhere $XDG_CACHE_HOME or ~/.cache), in a
folder of printgen's own. At most KEPT answers: the oldest of printgen's files there are removed,
never anything else."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from printgen import paths

ENV = paths.CACHE_ENV
KEPT = 200                       # answers kept (a few KB each)
MAX_BYTES = 1_000_000            # an answer larger than this is not one of printgen's
PREFIX, SUFFIX = "lesson-", ".json"
MARK = "printgen lesson search"  # every file printgen writes there says so

_code: list[str] = []            # this process's hash of printgen's code, worked out once


def folder() -> Path | None:
    """The store's folder, or None when the teacher turned it off."""
    return paths.cache_folder("lesson")


def code_hash() -> str:
    """A hash of printgen's Python files (their paths and bytes): another version, another store."""
    if not _code:
        root = Path(__file__).resolve().parent.parent
        h = hashlib.sha256()
        for path in sorted(root.rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _code.append(h.hexdigest())
    return _code[0]


def key_of(*parts: str) -> str:
    h = hashlib.sha256(code_hash().encode())
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:40]


def load(key: str) -> dict | None:
    """The stored answer for `key`, or None (none, or not one printgen could have written)."""
    where = folder()
    if where is None:
        return None
    path = where / f"{PREFIX}{key}{SUFFIX}"
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError, MemoryError):    # a file nested too deep for the parser too
        return None
    if not isinstance(data, dict) or data.get("mark") != MARK or data.get("key") != key:
        return None
    return data.get("answer") if isinstance(data.get("answer"), dict) else None


def save(key: str, answer: dict) -> None:
    """Keep the answer (written whole, then renamed into place, so a reader never sees half of one).
    A store that cannot be written (read-only, full disk) costs the next run time, nothing else."""
    where = folder()
    if where is None:
        return
    tmp = where / f".{PREFIX}{key}.{os.getpid()}.tmp"
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp.write_text(_head(key) + json.dumps(answer, sort_keys=True) + "}", encoding="utf-8")
        os.replace(tmp, where / f"{PREFIX}{key}{SUFFIX}")
        _prune(where)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


SEAL_FILE = "printgen-seal.key"   # this user's secret, beside the answers: printgen's seal on what it played


def _seal_key(make: bool) -> bytes | None:
    """This user's secret (32 random bytes in a file of the store's folder that only the user may
    read or write), made on first use when `make`; None where the folder or the file is not private
    (printgen/private.py) or cannot be written: then nothing is sealed and every answer is played again."""
    import secrets

    from printgen import private

    where = folder()
    if where is None:
        return None
    path = where / SEAL_FILE
    for _ in range(2):
        if private.why_not_tree(path, where) is not None:
            return None
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            if not make:
                return None
            try:
                where.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
            except FileExistsError:
                continue                   # another process made it: read theirs
            except OSError:
                return None
            with os.fdopen(fd, "wb") as f:
                f.write(secrets.token_bytes(32))
            continue
        except OSError:
            return None
        return data if len(data) == 32 else None
    return None


def seal(key: str, answer: dict, make: bool = True) -> str | None:
    """printgen's seal on an answer it played (or played again) itself: an HMAC of the answer under
    this user's secret. Only printgen run by this user can make it; an answer edited by hand, copied
    from elsewhere or damaged has none that matches, and is played again before use."""
    import hmac

    secret = _seal_key(make)
    if secret is None:
        return None
    body = json.dumps({k: v for k, v in answer.items() if k != "seal"}, sort_keys=True)
    return hmac.new(secret, (key + "\0" + body).encode("utf-8", "surrogatepass"), "sha256").hexdigest()


def sealed(key: str, answer: dict) -> bool:
    """Whether the answer carries printgen's seal for this key (`seal`): then it need not be played again."""
    import hmac

    given = answer.get("seal")
    if not isinstance(given, str):
        return False
    mine = seal(key, answer, make=False)
    return mine is not None and hmac.compare_digest(given, mine)


def _head(key: str) -> str:
    return f'{{"mark": {json.dumps(MARK)}, "key": "{key}", "answer": '


def _ours(path: Path) -> bool:
    """Named as printgen names its answers and beginning as it writes them: never a file of yours."""
    name = path.name
    if not (name.startswith(PREFIX) and name.endswith(SUFFIX)) or path.is_symlink() or not path.is_file():
        return False
    key = name[len(PREFIX):-len(SUFFIX)]
    head = _head(key).encode()
    try:
        with open(path, "rb") as f:
            return f.read(len(head)) == head
    except OSError:
        return False


def _prune(where: Path) -> None:
    """At most KEPT answers: the oldest of printgen's own files go."""
    ours = [p for p in where.glob(f"{PREFIX}*{SUFFIX}") if _ours(p)]
    if len(ours) <= KEPT:
        return
    ours.sort(key=lambda p: (p.stat().st_mtime, p.name))
    for p in ours[:len(ours) - KEPT]:
        p.unlink(missing_ok=True)
