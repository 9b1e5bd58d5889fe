"""Issue 47: the kit's own check and `printgen check` cost less CPU and prove the same.

- `printgen kit` checks its handouts (html/) in a worker from the bytes it has just made, against the
  trace it made them with, instead of making every page again in its own process after the workers:
  a handout made wrong still fails the kit's check, and no handout is made twice.
- `printgen check` replays the plays page's sample as one job, with the compiled engine where this
  computer has it (said before the plan imports the engine), and still fails an edited record."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from printgen.request import KitRequest

SMALL = KitRequest("trafalgar", 4, scale=0.5, ships=6, edition="color")


def _build(tmp_path, name: str):
    from printgen.check.kit import check_bytes, check_html_bytes, check_kit
    from printgen.kit.build import build_kit, plan_kit

    plan = plan_kit(SMALL)
    lines: list[str] = []

    def check(staging, checked) -> bool:
        return check_kit(staging, echo=lines.append, quiet=True, checked=checked, plan=plan)

    out, ok = build_kit(plan, tmp_path / name, check=check, verify=check_bytes, verify_html=check_html_bytes)
    return out, ok, lines


def _wrong_number(make):
    """make_handout, but the lesson plan's page prints its first traced number one higher than its trace."""
    def made(plan, record, slides: bool = False):
        data, spans = make(plan, record, slides)
        if record.kind != "lesson" or slides:
            return data, spans
        text = data.decode("utf-8")
        for n, entry in enumerate(spans):
            if re.fullmatch(r"\d+", entry["text"]):
                old = f'data-n="{n}">{entry["text"]}<'
                assert old in text
                return text.replace(old, f'data-n="{n}">{int(entry["text"]) + 1}<', 1).encode("utf-8"), spans
        raise AssertionError("no whole number traced on the lesson plan's handout")
    return made


def test_a_handout_made_wrong_fails_the_kits_own_check(tmp_path, monkeypatch):
    from printgen.kit import handouts

    monkeypatch.setattr(handouts, "make_handout", _wrong_number(handouts.make_handout))
    out, ok, lines = _build(tmp_path, "kit")
    assert not ok
    assert any("html/lesson.html" in line and "the rules say" in line for line in lines), lines


def test_the_kits_check_makes_no_handout_twice_and_passes(tmp_path, monkeypatch):
    from printgen.kit import handouts, parallel

    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 1)        # one process: every call is seen here
    made: list[str] = []
    real = handouts.make_handout
    monkeypatch.setattr(handouts, "make_handout", lambda plan, record, slides=False:
                        made.append(f"{record.kind}{'-slides' if slides else ''}") or real(plan, record, slides))
    out, ok, lines = _build(tmp_path, "kit")
    assert ok, lines
    listed = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["handouts"]
    assert listed and sorted(made) == sorted(f"{h['kind']}{'-slides' if h.get('slides') else ''}" for h in listed)


@pytest.mark.slow
def test_printgen_check_replays_the_sample_compiled_where_the_engine_is_warm(tmp_path, engine_cache):
    """The default Trafalgar kit's check replays 10 games (about 3,500 ship-turns): with this computer's
    compiled engine it loads it (numba) instead of playing about 3 s of Python; an edited record in the
    sample still fails."""
    import os

    from printgen.sheets.plays.records import RECORDS, decode, sample

    env = {**os.environ, "PRINTGEN_CACHE": str(engine_cache(tmp_path / "cache"))}
    env.pop("PRINTGEN_JIT", None)
    kit = tmp_path / "kit"
    p = subprocess.run([sys.executable, "-m", "printgen", "kit", "trafalgar", "--edition", "color", "--out", str(kit)],
                       env=env, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr
    probe = ("import json, sys\nfrom pathlib import Path\nfrom printgen.check.kit import check_kit\n"
             "ok = check_kit(Path(sys.argv[1]), echo=lambda s: None, quiet=True)\n"
             "from printgen.play import jit\n"
             "print(json.dumps({'ok': ok, 'compiled': jit.compiled()}))\n")
    p = subprocess.run([sys.executable, "-c", probe, str(kit)], env=env, capture_output=True, text=True, timeout=900)
    result = json.loads(p.stdout.strip().splitlines()[-1])
    assert result == {"ok": True, "compiled": True}, p.stderr
    run, sides, results = decode((kit / RECORDS).read_bytes())
    i = sample(run, len(results))[0]
    data = json.loads((kit / RECORDS).read_text(encoding="utf-8"))
    data["games"][i][0] += 1                                       # a game recorded one turn longer
    (kit / RECORDS).write_text(json.dumps(data), encoding="utf-8")
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    import hashlib

    manifest["data"][RECORDS] = hashlib.sha256((kit / RECORDS).read_bytes()).hexdigest()
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "printgen", "check", str(kit)], env=env, capture_output=True,
                       text=True, timeout=900)
    assert p.returncode != 0 and f"game {i} is recorded as" in p.stdout, p.stdout + p.stderr
