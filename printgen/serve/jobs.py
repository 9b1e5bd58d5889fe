"""Builds: each one `printgen kit` in its own process, in its own private temporary folder.

A crash in a build cannot take the server down, cancelling is ending the process group (the kit's
worker processes with it), and two builds at once share nothing. Folders go when a build is deleted,
some minutes after its kit was downloaded, after a time without visits, and when the server stops."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printgen.i18n import N_

MAX_RUNNING = 3                 # builds drawing at once (each uses up to 4 cores)
MAX_KEPT = 20                   # build folders kept at once, finished or not
RUN_TIMEOUT = 600.0             # seconds a build may run (the default kit takes 3)
KEEP_IDLE = 30 * 60.0           # a build nobody has looked at for this long is deleted
KEEP_AFTER_DOWNLOAD = 10 * 60.0 # after its zip is downloaded, time left to fetch a PDF too
PROGRESS = re.compile(r"^progress (\d+)/(\d+) (.*)$")


class Busy(Exception):
    """Too many builds at once: try again in a minute."""

    def __init__(self, message: str, count: int):
        self.message, self.count = message, count
        super().__init__(message % {"count": count})

    def said(self) -> str:
        """The reason in the page's language."""
        from printgen.i18n import _

        return _(self.message) % {"count": self.count}


@dataclass
class Build:
    id: str
    folder: Path
    title: str
    summary: tuple[int, int]                    # (students, ships): the page words it in its language
    name: str                                   # the scenario, as the zip file is named
    fleet: Path | None = None                   # the uploaded fleet folder, if any
    advice: dict[str, str] = field(default_factory=dict)    # how to print each document (its catalogue record's)
    counts: dict[str, dict] = field(default_factory=dict)   # its copies for the class (materials.print_counts)
    proc: subprocess.Popen | None = None
    started: float = field(default_factory=time.monotonic)
    expires: float = 0.0
    state: str = "running"      # running, done, check-failed (kept back), invalid, crashed, cancelled, timed-out
    returncode: int | None = None
    downloaded: bool = False
    zipping: threading.Lock = field(default_factory=threading.Lock, repr=False)
    values: dict = field(default_factory=dict)  # the form as the teacher filled it in (shown again if refused)
    number: int = 0                             # the server's count of builds, for its log ("kit 3")

    @property
    def kit(self) -> Path:
        return self.folder / "kit"

    @property
    def finished(self) -> bool:
        return self.state != "running"

    def _text(self, name: str, limit: int = 20_000) -> str:
        path = self.folder / name
        if not path.is_file():
            return ""
        with open(path, "rb") as f:
            f.seek(max(0, path.stat().st_size - limit))
            return f.read().decode("utf-8", "replace").replace(str(self.folder) + os.sep, "")

    def progress(self) -> dict:
        """How far the kit is: its progress lines while drawing, then the check."""
        done, total, what = 0, 1, N_("drawing the pages")
        for line in self._text("stderr.txt").splitlines():
            m = PROGRESS.match(line)
            if m:
                done, total, what = int(m[1]), int(m[2]), m[3]
        if done == total > 1:                   # every document drawn: the kit checks itself before moving in
            what = N_("checking every printed number")
        return {"state": self.state, "done": done, "total": total, "what": what}

    def output(self) -> str:
        return self._text("stdout.txt")

    def errors(self) -> list[str]:
        """The kit's own messages (stderr without its progress lines): problems on exit 2, a traceback on a crash."""
        lines = [ln for ln in self._text("stderr.txt").splitlines() if not PROGRESS.match(ln)]
        return [ln for ln in lines if ln.strip() and ln.strip() != "printgen: error:"]

    def manifest(self) -> dict:
        from printgen import limits, reading

        return reading.load_json(reading.read_bytes(self.kit / "manifest.json", limits.KIT_JSON_BYTES))

    def zip_path(self) -> Path:
        """The kit (and an uploaded fleet, so `printgen check` can re-derive it) in one zip, made once:
        two downloads at once wait for the one zip (each writing it would clash), written under a
        name of its own and renamed whole."""
        path = self.folder / "download" / f"printgen-{self.name}-kit.zip"
        with self.zipping:
            if path.is_file():
                return path
            path.parent.mkdir(exist_ok=True)
            parts = [(self.kit, "kit")] + ([(self.fleet, self.fleet.name)] if self.fleet else [])
            fd, partial = tempfile.mkstemp(dir=path.parent, prefix=".zip-", suffix=".part")
            try:
                with os.fdopen(fd, "wb") as out, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                    for root, prefix in parts:
                        for f in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
                            info = zipfile.ZipInfo(f"{prefix}/{f.relative_to(root).as_posix()}", (2000, 1, 1, 0, 0, 0))
                            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
                            z.writestr(info, f.read_bytes())
                os.replace(partial, path)
            finally:
                if os.path.exists(partial):
                    os.unlink(partial)
            return path


class Builds:
    """Every build of this server, by its unguessable id."""

    def __init__(self, root: Path | None = None):
        from filelock import FileLock

        if root is None:
            clean_stale_roots()
        self.root = Path(root or tempfile.mkdtemp(prefix=ROOT_PREFIX))
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.serving = FileLock(str(self.root / SERVING), timeout=0)     # held while this server runs:
        self.serving.acquire()                                          # a later one knows a stale root by it
        self.builds: dict[str, Build] = {}
        self.pending: set[Path] = set()       # folders of requests being checked: counted before any work
        self.lock = threading.Lock()
        self.command = [sys.executable, "-m", "printgen"]    # tests put a stand-in here
        self.log: Callable[[str], None] = lambda line: None  # `printgen serve` writes these lines to its terminal
        self.started = 0                                   # builds started since the server did

    def say(self, line: str) -> None:
        """A line for the server's log, stamped with the time."""
        self.log(f"{time.strftime('%H:%M:%S')} {line}")

    def new_folder(self) -> Path:
        """A private folder for one request (mode 0700), or Busy. The request counts as a running build
        from now on (until `start` or `release`): the limits hold however many requests arrive at once."""
        self.sweep()
        with self.lock:
            if len(self.builds) + len(self.pending) >= MAX_KEPT:
                raise Busy(N_("%(count)s kits are already kept"), MAX_KEPT)
            if sum(not b.finished for b in self.builds.values()) + len(self.pending) >= MAX_RUNNING:
                raise Busy(N_("%(count)s kits are already being built"), MAX_RUNNING)
            folder = Path(tempfile.mkdtemp(prefix="build-", dir=self.root))
            self.pending.add(folder)
            return folder

    def release(self, folder: Path) -> None:
        """A request that did not start a build (refused, or failed): its place and its folder go."""
        with self.lock:
            if folder not in self.pending:
                return                                  # its build started: the folder is the build's
            self.pending.discard(folder)
        shutil.rmtree(folder, ignore_errors=True)

    def start(self, folder: Path, scenario: str, args: list[str], **about) -> Build:
        """Run `printgen kit SCENARIO ARGS --out FOLDER/kit`, its output in FOLDER/stdout.txt and stderr.txt.
        The build ends with the server, however the server ends: it reads its stdin, a pipe from this
        process, and stops when the pipe closes (printgen.cli); its temporary files (a crash's report)
        stay in its folder."""
        build = Build(secrets.token_urlsafe(18), folder, **about)
        with self.lock:
            self.started += 1
            build.number = self.started
        build.expires = time.monotonic() + KEEP_IDLE
        env = dict(os.environ, PRINTGEN_PROGRESS="lines", PYTHONIOENCODING="utf-8", PRINTGEN_END_WITH_STDIN="1",
                   TMPDIR=str(folder), TEMP=str(folder), TMP=str(folder))
        try:
            with open(folder / "stdout.txt", "wb") as out, open(folder / "stderr.txt", "wb") as err:
                build.proc = subprocess.Popen(
                    [*self.command, "kit", scenario, *args, "--out", str(build.kit)],
                    cwd=folder, stdin=subprocess.PIPE, stdout=out, stderr=err, env=env,
                    start_new_session=(os.name == "posix"))
        finally:
            with self.lock:
                self.pending.discard(folder)
                if build.proc is not None:
                    self.builds[build.id] = build
        students, ships = build.summary
        self.say(f"kit {build.number} started: {build.title}, {students} students, {ships} ships")
        return build

    def get(self, build_id: str) -> Build | None:
        self.sweep()
        with self.lock:
            build = self.builds.get(build_id)
            if build is not None and not build.downloaded:
                build.expires = time.monotonic() + KEEP_IDLE
        return build

    def mark_downloaded(self, build: Build) -> None:
        build.downloaded = True
        build.expires = min(build.expires, time.monotonic() + KEEP_AFTER_DOWNLOAD)

    def cancel(self, build: Build) -> None:
        if not build.finished:
            _end(build.proc)
            build.state = "cancelled"
            shutil.rmtree(build.kit, ignore_errors=True)
            self.say(f"kit {build.number} {ENDED[build.state]}")

    def delete(self, build: Build) -> None:
        with self.lock:
            self.builds.pop(build.id, None)
        _end(build.proc)
        shutil.rmtree(build.folder, ignore_errors=True)

    def sweep(self) -> None:
        """Note finished builds, stop those past their time, delete those nobody needs any more."""
        now = time.monotonic()
        with self.lock:
            builds = list(self.builds.values())
        for b in builds:
            if b.state == "running" and b.proc is not None:
                code = b.proc.poll()
                if code is not None:
                    b.returncode = code
                    _close_stdin(b.proc)
                    b.state = {0: "done", 1: "check-failed", 2: "invalid"}.get(code, "crashed")
                    if b.state == "done" and not (b.kit / "manifest.json").is_file():
                        b.state = "crashed"
                    if b.state == "check-failed" and not b.kit.with_name("kit.failed").is_dir():
                        b.state = "crashed"         # a traceback exits 1 too, but keeps no failed kit
                    self.say(f"kit {b.number} {ENDED[b.state]} after {now - b.started:.0f} s")
                elif now - b.started > RUN_TIMEOUT:
                    _end(b.proc)
                    b.state = "timed-out"
                    self.say(f"kit {b.number} {ENDED[b.state]} after {now - b.started:.0f} s")
            if b.finished and now > b.expires:
                self.delete(b)

    def close(self) -> None:
        with self.lock:
            builds = list(self.builds.values())
        for b in builds:
            self.delete(b)
        self.serving.release()
        shutil.rmtree(self.root, ignore_errors=True)
        self.say(f"stopping: {self.started} {'kit' if self.started == 1 else 'kits'} built since the start; "
                 f"every file of theirs deleted")


ENDED = {"done": "ready, checked", "check-failed": "drawn but failed its check (kept back)",
         "invalid": "refused (the page shows why)", "crashed": "stopped unexpectedly (the page shows the details)",
         "timed-out": "stopped: it took too long", "cancelled": "cancelled by the teacher"}
ROOT_PREFIX = "printgen-serve-"
SERVING = ".serving.lock"
STALE_UNLOCKED = 24 * 3600.0     # a root without the lock file (an older printgen's) is stale after a day


def clean_stale_roots() -> None:
    """The temporary roots of servers that ended without deleting them (killed outright, the
    computer switched off): a root whose lock no server holds. Only this user's roots."""
    from filelock import FileLock, Timeout

    for root in Path(tempfile.gettempdir()).glob(ROOT_PREFIX + "*"):
        try:
            st = os.lstat(root)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            continue
        if not (root / SERVING).exists():
            if time.time() - st.st_mtime > STALE_UNLOCKED:
                shutil.rmtree(root, ignore_errors=True)
            continue
        lock = FileLock(str(root / SERVING), timeout=0)
        try:
            lock.acquire()
        except (Timeout, OSError):
            continue                                # its server is running
        try:
            shutil.rmtree(root, ignore_errors=True)
        finally:
            lock.release()


def _close_stdin(proc: subprocess.Popen) -> None:
    if proc.stdin is not None and not proc.stdin.closed:
        try:
            proc.stdin.close()
        except OSError:
            pass


def _end(proc: subprocess.Popen | None) -> None:
    """Stop a build and every process it started (its process group); reap it."""
    if proc is None:
        return
    if proc.poll() is not None:
        _close_stdin(proc)
        return
    _close_stdin(proc)                  # (the build stops by itself on that too; the signal is quicker)
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            proc.terminate()
        proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.wait(timeout=3)
    except ProcessLookupError:
        pass
