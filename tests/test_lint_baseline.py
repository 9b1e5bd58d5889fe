"""tools/lint_baseline.py: counts of lint and type errors that may only shrink."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("lint_baseline", ROOT / "tools" / "lint_baseline.py")
assert _spec and _spec.loader
lb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lb)


@pytest.fixture
def baselines(tmp_path, monkeypatch):
    monkeypatch.setattr(lb, "ROOT", tmp_path)
    monkeypatch.setattr(lb, "BASELINES", tmp_path / "tools" / "baseline")
    return tmp_path / "tools" / "baseline"


def test_ruff_output_counted_per_rule():
    # the shape of `ruff check --output-format json` (fields trimmed)
    out = json.dumps([{"code": "E501", "filename": "a.py"}, {"code": "F401", "filename": "a.py"},
                      {"code": "E501", "filename": "b.py"}, {"code": None, "filename": "c.py"}])
    assert lb.ruff_counts(out) == {"E501": 2, "F401": 1, "syntax-error": 1}
    assert lb.ruff_counts("[]") == {}


def test_mypy_output_counted_per_file_errors_only():
    lines = [{"file": "printgen/a.py", "severity": "error", "code": "arg-type"},
             {"file": "printgen/a.py", "severity": "note", "code": None},
             {"file": "printgen\\sub\\b.py", "severity": "error", "code": "misc"},
             {"file": "printgen/a.py", "severity": "error", "code": "valid-type"}]
    out = "\n".join(json.dumps(e) for e in lines) + "\nFound 3 errors in 2 files\n"
    assert lb.mypy_counts(out) == {"printgen/a.py": 2, "printgen/sub/b.py": 1}


def test_compare_names_every_change():
    grown, shrunk = lb.compare({"E501": 3, "F401": 2, "B007": 1}, {"E501": 4, "F401": 1, "I001": 1})
    assert grown == ["E501: 3 -> 4", "I001: 0 -> 1"]
    assert shrunk == ["B007: 1 -> 0", "F401: 2 -> 1"]
    assert lb.compare({"E501": 3}, {"E501": 3}) == ([], [])


def test_growth_fails_and_is_never_written(baselines, capsys):
    lb.write(baselines / "ruff.json", {"E501": 3, "F401": 2})
    before = (baselines / "ruff.json").read_bytes()
    # one rule fewer elsewhere does not pay for a new finding
    assert lb.main(["ruff"], counts={"E501": 4, "F401": 0}) == 1
    assert "E501: 3 -> 4" in capsys.readouterr().out
    assert lb.main(["ruff", "--update"], counts={"E501": 4}) == 1
    assert (baselines / "ruff.json").read_bytes() == before


def test_shrink_passes_and_update_writes_the_smaller_counts(baselines, capsys):
    lb.write(baselines / "mypy.json", {"printgen/a.py": 3, "printgen/b.py": 1})
    assert lb.main(["mypy"], counts={"printgen/a.py": 2}) == 0
    out = capsys.readouterr().out
    assert "printgen/a.py: 3 -> 2" in out and "printgen/b.py: 1 -> 0" in out
    assert "python tools/lint_baseline.py mypy --update" in out
    assert lb.main(["mypy", "--update"], counts={"printgen/a.py": 2}) == 0
    assert (baselines / "mypy.json").read_bytes() == b'{\n "printgen/a.py": 2\n}\n'
    assert lb.main(["mypy"], counts={"printgen/a.py": 2}) == 0


def test_missing_or_broken_baseline_is_a_clear_error(baselines, capsys):
    assert lb.main(["ruff"], counts={"E501": 1}) == 2
    assert "no baseline" in capsys.readouterr().err
    (baselines).mkdir(parents=True)
    (baselines / "ruff.json").write_text("{", encoding="utf-8")
    assert lb.main(["ruff"], counts={}) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_a_failing_tool_exits_2_with_its_message(monkeypatch, capsys):
    monkeypatch.setitem(lb.COMMANDS, "ruff", ([lb.sys.executable, "-c", "import sys; sys.exit('no ruff here')"], {0}))
    with pytest.raises(SystemExit) as e:
        lb.run("ruff")
    assert e.value.code == 2
    assert "no ruff here" in capsys.readouterr().err


def test_committed_baselines_are_sorted_counts():
    for tool in ("ruff", "mypy"):
        path = ROOT / "tools" / "baseline" / f"{tool}.json"
        counts = json.loads(path.read_text(encoding="utf-8"))
        assert counts and all(isinstance(n, int) and n > 0 for n in counts.values())
        assert list(counts) == sorted(counts)
        assert path.read_bytes().endswith(b"}\n")
