"""Issue 32: printgen as it runs on Windows and macOS, tested here on Linux.

The worker pools work however the system starts a process. Windows has only `spawn` (macOS spawns
by default): a spawned worker inherits nothing, so the simulator, the kit's workers and the check's
join must be handed what they need. PRINTGEN_START_METHOD forces the method (printgen/forks.py);
the same games, the same bytes and the same check come out of both. And a kit is built and checked
where the POSIX-only calls are missing (no fcntl, os.fchmod, signal.pthread_sigmask or os.fork)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from printgen import forks
from printgen.kit import parallel
from printgen.kit.parallel import After

needs_fork = pytest.mark.skipif("fork" not in forks.multiprocessing.get_all_start_methods(),
                                reason="the comparison needs fork too")
ROOT = Path(__file__).resolve().parents[1]
KIT = ["kit", "trafalgar", "--ships", "12", "--students", "6", "--scale", "0.5", "--edition", "both"]
MARK = "as imported"


def marked(shared, x):
    """A job that says whether its worker inherited this process's memory (forked) or not (spawned)."""
    return shared + x, MARK, os.getpid()


def test_the_method_is_fork_where_safe_else_spawn_and_the_variable_chooses(monkeypatch):
    monkeypatch.delenv(forks.START_METHOD, raising=False)
    monkeypatch.setattr(forks.multiprocessing, "get_all_start_methods", lambda: ["spawn"])      # Windows
    assert forks.start_method() == "spawn"
    monkeypatch.setattr(forks.multiprocessing, "get_all_start_methods", lambda: ["fork", "spawn", "forkserver"])
    monkeypatch.setattr(forks.sys, "platform", "darwin")
    assert forks.start_method() == "spawn"
    monkeypatch.setattr(forks.sys, "platform", "linux")
    assert forks.start_method() == "fork"
    monkeypatch.setenv(forks.START_METHOD, " Spawn ")
    assert forks.start_method() == "spawn"


@pytest.mark.parametrize("method", ["spawn", pytest.param("fork", marks=needs_fork)])
def test_the_pool_runs_waiting_jobs_in_workers_started_either_way(method, monkeypatch):
    """Jobs that wait for others (their `make` a lambda, which cannot be pickled) run in spawned
    workers too, and the results come back in order; a spawned worker really has its own memory."""
    monkeypatch.setenv(forks.START_METHOD, method)
    monkeypatch.setattr(sys.modules[__name__], "MARK", "changed here")
    jobs = [1, 2, After((0, 1), lambda done: done[0][0] + done[1][0]), 3]
    done = parallel.run(marked, 10, jobs, workers=2)
    assert [d[0] for d in done] == [11, 12, 33, 13]
    assert {d[1] for d in done} == {"as imported" if method == "spawn" else "changed here"}
    assert os.getpid() not in {d[2] for d in done}


@needs_fork
def test_the_simulator_plays_the_same_games_spawned_as_forked(monkeypatch):
    import printgen.play.run as play_run
    from printgen.play.rerun import SimRun, prepare_run

    st = prepare_run(SimRun("trafalgar", 1805, 12))[2]
    alone = play_run.simulate(st, 12, 1805, workers=1, tallies=True)
    monkeypatch.setenv(forks.START_METHOD, "fork")
    forked = play_run.simulate(st, 12, 1805, workers=2, tallies=True)
    monkeypatch.setattr(play_run, "play", lambda *a, **k: 1 / 0)     # seen by this process and a fork only:
    monkeypatch.setenv(forks.START_METHOD, "spawn")                   # spawned workers import their own
    spawned = play_run.simulate(st, 12, 1805, workers=2, tallies=True)
    assert spawned == forked == alone
    assert len({r.winner for r, _ in spawned} | {r.turns for r, _ in spawned}) > 1     # real games


def printgen(*args, method: str, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               **{forks.START_METHOD: method})
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "printgen", *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The same small kit (both editions: kit.pdf joined twice, so the check's join runs) built by
    workers forked and by workers spawned."""
    out = {}
    for method in ("fork", "spawn"):
        out[method] = tmp_path_factory.mktemp("kits") / method
        result = printgen(*KIT, "--out", out[method], method=method)
        assert result.returncode == 0, result.stdout + result.stderr
    return out


@needs_fork
def test_a_kit_built_by_spawned_workers_has_the_same_bytes(kits):
    names = sorted(p.relative_to(kits["fork"]) for p in kits["fork"].rglob("*") if p.is_file())
    assert len(names) > 20 and any(n.name == "kit-bw.pdf" for n in names)
    assert names == sorted(p.relative_to(kits["spawn"]) for p in kits["spawn"].rglob("*") if p.is_file())
    for name in names:
        assert (kits["spawn"] / name).read_bytes() == (kits["fork"] / name).read_bytes(), name


@needs_fork
def test_printgen_check_says_the_same_with_spawned_workers(kits):
    said = {}
    for method in ("fork", "spawn"):
        result = printgen("check", kits["fork"], method=method)
        assert result.returncode == 0, result.stdout + result.stderr
        said[method] = result.stdout
    assert "agree with the rules" in said["spawn"] and said["spawn"] == said["fork"]


def test_the_checks_join_of_kit_pdf_runs_in_a_spawned_process(kits, monkeypatch):
    """A join that fails proves nothing and the check falls back to comparing pages, so the check's
    output alone would not show a join that cannot be spawned: here it must prove kit.pdf itself."""
    from printgen.check.combined import Joins
    from printgen.check.kit import _joins, _traces
    from printgen.check.manifest import load_manifest

    monkeypatch.setenv(forks.START_METHOD, "spawn")
    folder = kits["spawn"]
    joins = Joins(folder, _joins(load_manifest(folder), {}, _traces(folder), {}))
    assert type(joins.proc).__name__ == "SpawnProcess" and len(joins.jobs) == 2
    assert all(joins.proven(path) for path in joins.jobs)


# Loaded by every Python started with this folder first on its path (the spawned workers too):
# what Windows lacks, taken away before printgen is imported
NO_POSIX = """
import os, signal, sys
sys.modules["fcntl"] = None                    # `import fcntl` raises ImportError
for module, name in ((os, "fchmod"), (signal, "pthread_sigmask"), (os, "fork")):
    if hasattr(module, name):
        delattr(module, name)
"""


@needs_fork
def test_a_kit_is_built_and_checked_without_the_posix_only_calls(kits, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(NO_POSIX, encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    probe = subprocess.run([sys.executable, "-c", "import os, signal\ntry:\n import fcntl\nexcept ImportError:\n"
                            " print(hasattr(os, 'fchmod'), hasattr(signal, 'pthread_sigmask'), hasattr(os, 'fork'))"],
                           capture_output=True, text=True, env=dict(os.environ, **env))
    assert probe.stdout.split() == ["False", "False", "False"], probe.stdout + probe.stderr
    out = tmp_path / "kit"
    built = printgen(*KIT, "--out", out, method="spawn", extra_env=env)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "Traceback" not in built.stderr and "Warning" not in built.stderr, built.stderr
    checked = printgen("check", out, method="spawn", extra_env=env)
    assert checked.returncode == 0 and "agree with the rules" in checked.stdout, checked.stdout + checked.stderr
    for name in (p.relative_to(kits["fork"]) for p in kits["fork"].rglob("*") if p.is_file()):
        assert (out / name).read_bytes() == (kits["fork"] / name).read_bytes(), name
    assert not any(p.name.endswith(".lock") for p in tmp_path.iterdir())       # the soft lock removed
    one = printgen("quickref", "trafalgar", "--out", tmp_path / "one", method="spawn", extra_env=env)
    assert one.returncode == 0, one.stdout + one.stderr                       # written by printgen.output
    assert [p.name for p in (tmp_path / "one").iterdir()] == ["quickref-color.pdf"]


def test_an_unknown_start_method_is_a_clear_error():
    result = printgen("simulate", "trafalgar", "--games", "4", "--workers", "2", method="thread")
    assert result.returncode == 2
    assert "PRINTGEN_START_METHOD='thread'" in result.stderr and "spawn" in result.stderr
    assert "Traceback" not in result.stderr
