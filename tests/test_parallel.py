"""The kit's process pool (printgen/kit/parallel.py): jobs that wait for others get their results,
in the order asked, on any number of cores; and the kit uses it to check each document and join
kit.pdf while the lesson plan, which prints every other document's page count, is drawn last."""

from __future__ import annotations

import json
import os

import pytest

from printgen.kit import parallel
from printgen.kit.parallel import After


def slow_square(shared, x):
    import time

    if isinstance(x, tuple):                    # ("sum", values): made from earlier results
        return shared + sum(x[1])
    time.sleep(0.05 if x == 0 else 0)           # the first job ends last
    return shared + x * x, os.getpid()


def jobs():
    return [0, 1, 2, After((0, 2), lambda done: ("sum", [done[0][0], done[2][0]])), 3,
            After((1, 3), lambda done: ("sum", [done[1][0], done[3]]))]


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_a_job_after_others_is_given_their_results_and_all_come_back_in_order(workers):
    done = parallel.run(slow_square, 10, jobs(), workers=workers)
    values = [d[0] if isinstance(d, tuple) else d for d in done]
    assert values == [10, 11, 14, 10 + 10 + 14, 19, 10 + 11 + 34]
    pids = {d[1] for d in done if isinstance(d, tuple)}
    assert (os.getpid() in pids) == (workers == 1)        # forked workers did the work when there were any


def frozen(shared, x):
    import gc

    return gc.get_freeze_count(), gc.isenabled()


def test_a_forked_worker_keeps_what_it_inherited_out_of_the_collector_s_sight():
    """A collection in a forked worker would walk, and so copy, every page of the parent's objects
    (printgen/forks.py worker_ready): they are frozen there; the collector itself runs as the parent's
    does, for what the worker makes."""
    import gc

    if parallel.context().get_start_method() != "fork":
        pytest.skip("a spawned worker inherits no objects")
    gc.unfreeze()
    inherited = len(gc.get_objects())
    for count, enabled in parallel.run(frozen, None, [0, 1], workers=2):
        assert count >= inherited // 2 and enabled == gc.isenabled()
    assert gc.get_freeze_count() == 0                     # the parent's own collector is untouched


def test_a_job_cannot_wait_for_a_later_one():
    with pytest.raises(ValueError, match="before it"):
        parallel.run(slow_square, 0, [After((1,), lambda done: ("sum", [])), 1], workers=2)


def test_the_kit_draws_the_lesson_plan_last_and_checks_each_document_on_its_own(run, tmp_path, monkeypatch):
    """The lesson plan is drawn when every other page count is known (once every other document is
    drawn); every document is checked from its bytes, once, and kit.pdf and trace.json are joined
    from what was drawn; the files are those one process makes."""
    import printgen.kit.build as kb

    order = []
    real = kb._job

    def logged(shared, task):
        order.append((task[0], task[1] if task[0] == "draw" else task[1]["path"] if task[0] == "check" else ""))
        return real(shared, task)

    monkeypatch.setattr(kb, "_job", logged)
    monkeypatch.setattr("printgen.kit.parallel.os.cpu_count", lambda: 1)      # one process: the jobs are seen here
    args = ["kit", "trafalgar", "--ships", "12", "--students", "6", "--scale", "0.5"]
    code, out, err = run(*args, "--out", tmp_path / "one")
    assert code == 0, out + err
    draws = [what for kind, what in order if kind == "draw"]
    assert draws[-1] == ("lesson", "teacher") and all(len(d) == 1 for d in draws[:-1])
    manifest = json.loads((tmp_path / "one" / "manifest.json").read_text())
    docs = [d["path"] for d in manifest["documents"] if d["kind"] != "kit"]
    checks = [what for kind, what in order if kind == "check"]
    assert sorted(checks) == sorted(docs)
    assert [kind for kind, _ in order].count("join") == 1 and [kind for kind, _ in order].count("trace") == 1
    first_check = next(i for i, (kind, _) in enumerate(order) if kind == "check")
    assert first_check > max(i for i, (kind, _) in enumerate(order) if kind == "draw" and _ != ("lesson", "teacher"))

    monkeypatch.undo()                          # the same kit on the cores: the same bytes
    code, out, err = run(*args, "--out", tmp_path / "cores")
    assert code == 0, out + err
    for name in manifest["files"]:
        assert (tmp_path / "cores" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name


def test_the_progress_bar_moves_as_each_document_is_made(run, tmp_path, monkeypatch):
    """`printgen serve` shows the kit's progress lines as a bar: each document and kit.pdf steps it
    when it is made, while the workers are still at work, not all at once at the end."""
    from printgen.kit import progress

    running, steps = [False], []
    real_run = parallel.run

    def watched(*args, **kwargs):
        running[0] = True
        try:
            return real_run(*args, **kwargs)
        finally:
            running[0] = False

    monkeypatch.setattr(parallel, "run", watched)
    monkeypatch.setattr(progress.Progress, "step", lambda self, what: steps.append((what, running[0])))
    code, out, err = run("kit", "trafalgar", "--ships", "12", "--students", "6", "--scale", "0.5",
                         "--edition", "both", "--out", tmp_path / "k")
    assert code == 0, out + err
    docs = json.loads((tmp_path / "k" / "manifest.json").read_text())["documents"]
    assert sorted(what for what, _ in steps) == sorted(f"{d['kind']} ({d['edition']})" for d in docs)
    assert all(during for _, during in steps)


def failing(shared, x):
    if x == 2:
        raise ValueError("job two went wrong")
    return x


def test_a_failing_job_is_raised_here_with_the_workers_traceback():
    """A job's error is raised again in the parent; a bug report shows where in the worker it began."""
    with pytest.raises(ValueError, match="job two went wrong") as e:
        parallel.run(failing, None, [0, 1, 2, 3], workers=2)
    notes = "\n".join(getattr(e.value, "__notes__", []))
    assert "in the worker process" in notes and "in failing" in notes and 'raise ValueError("job two' in notes
