"""The compiled engine's cache folder (printgen/play/jit.py): named by a hash of the engine's source,
and another version's compiled files removed when a new one is made, never anything else."""

from __future__ import annotations

from printgen.play import jit


def test_the_engine_folder_is_named_by_its_source_and_changes_with_it(tmp_path, monkeypatch):
    first = jit.engine_source()
    assert len(first) == 16 and set(first) <= set("0123456789abcdef")
    root = tmp_path / "printgen"
    (root / "play").mkdir(parents=True)
    (root / "play" / "jit.py").write_text("x = 1\n")
    (root / "play" / "other.py").write_text("from printgen.play.jit import jit\n")
    (root / "unrelated.py").write_text("y = 2\n")
    monkeypatch.setattr(jit, "__file__", str(root / "play" / "jit.py"))
    a = jit.engine_source()
    (root / "unrelated.py").write_text("y = 3\n")            # not compiled with the engine: same folder
    assert jit.engine_source() == a
    (root / "play" / "other.py").write_text("from printgen.play.jit import jit\nz = 1\n")
    assert jit.engine_source() != a                          # a compiled module changed: a new folder


def test_another_versions_compiled_files_go_and_nothing_else(tmp_path):
    old = tmp_path / "0123456789abcdef" / "play_x"
    old.mkdir(parents=True)
    (old / "geom.hypot-12.py311.nbi").write_bytes(b"i")
    (old / "geom.hypot-12.py311.1.nbc").write_bytes(b"c")
    gone = tmp_path / "fedcba9876543210" / "play_y"
    gone.mkdir(parents=True)
    (gone / "a.nbi").write_bytes(b"i")
    (old / "notes.txt").write_text("a teacher's file")          # not numba's: kept, and so its folder
    other = tmp_path / "not-a-hash"
    other.mkdir()
    (other / "b.nbi").write_bytes(b"i")
    mine = tmp_path / "aaaaaaaaaaaaaaaa"
    mine.mkdir()
    (mine / "c.nbi").write_bytes(b"i")
    jit._forget_others(tmp_path, mine.name)
    assert not (old / "geom.hypot-12.py311.nbi").exists() and not (old / "geom.hypot-12.py311.1.nbc").exists()
    assert (old / "notes.txt").exists()
    assert not (tmp_path / "fedcba9876543210").exists()            # emptied, removed
    assert (other / "b.nbi").exists() and (mine / "c.nbi").exists()


# -- issue 48 item 2: nothing executable from a folder others can write; damaged files rebuilt -------------
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

TINY = """
import sys
from printgen.play.kept import kept_cache
import numba

def add_one(x):
    return x + 1

made = numba.njit(nogil=True)(add_one)
made._cache = kept_cache(add_one, sys.argv[1])
print(made(1), made.stats.cache_hits.get(next(iter(made.stats.cache_hits), None), 0) if made.stats.cache_hits else 0)
"""


def _tiny(tmp_path: Path, folder: Path) -> tuple[int, str, str]:
    script = tmp_path / "tiny_engine.py"
    script.write_text(TINY)
    p = subprocess.run([sys.executable, str(script), str(folder)], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def _hits(out: str) -> int:
    return sum(int(n) for n in out.split()[1:]) if out.strip() else -1


@pytest.mark.parametrize("damage", [b"", b"garbage, not a pickle", b"\x80\x05K\x01."])
def test_a_damaged_engine_file_is_removed_and_rebuilt(tmp_path, damage):
    folder = tmp_path / "engine"
    folder.mkdir(mode=0o700)
    code, out, err = _tiny(tmp_path, folder)
    assert code == 0 and out.split()[0] == "2", err
    index = next(folder.glob("*.nbi"))
    index.write_bytes(damage)                     # 0 bytes, garbage, a pickle of another shape
    code, out, err = _tiny(tmp_path, folder)
    assert code == 0 and out.split()[0] == "2", err          # compiled again, never an error
    assert index.exists() and index.read_bytes() != damage   # and the file replaced
    code, out, err = _tiny(tmp_path, folder)
    assert code == 0 and _hits(out) == 1, (out, err)          # the next run loads it


def test_a_damaged_data_file_is_rebuilt(tmp_path):
    folder = tmp_path / "engine"
    folder.mkdir(mode=0o700)
    assert _tiny(tmp_path, folder)[0] == 0
    data = next(folder.glob("*.nbc"))
    data.write_bytes(b"\x00" * 10)
    code, out, err = _tiny(tmp_path, folder)
    assert code == 0 and out.split()[0] == "2", err


class _Payload:
    def __reduce__(self):
        return (os.system, (f"touch {self.mark}",))


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_code_in_a_file_others_can_write_is_never_loaded(tmp_path):
    """A pickle planted in the engine's index: loaded from a private folder only when the file is the
    user's alone; a file others can write is compiled over, its payload never run."""
    import pickle

    import numba

    folder = tmp_path / "engine"
    folder.mkdir(mode=0o700)
    assert _tiny(tmp_path, folder)[0] == 0
    index = next(folder.glob("*.nbi"))
    mark = tmp_path / "payload-ran"
    payload = _Payload()
    payload.mark = mark
    index.write_bytes(pickle.dumps(numba.__version__) + pickle.dumps(payload))
    index.chmod(0o666)
    code, out, err = _tiny(tmp_path, folder)
    assert code == 0 and out.split()[0] == "2", err
    assert not mark.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_an_engine_folder_others_can_write_is_not_used(tmp_path, monkeypatch, capsys):
    from printgen.play import jit

    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o777)
    monkeypatch.setenv("PRINTGEN_CACHE", str(cache))
    assert jit._cache_dir() is None
    err = capsys.readouterr().err
    assert "can be written by other users" in err and "PRINTGEN_CACHE" in err
    cache.chmod(0o700)
    assert jit._cache_dir() is not None
    mine = Path(jit._cache_dir())
    assert mine.stat().st_mode & 0o077 == 0                 # made the user's alone


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs a second user (root: chown)")
def test_an_engine_folder_of_another_user_is_not_used(tmp_path, monkeypatch, capsys):
    from printgen.play import jit

    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    os.chown(cache, 65534, 65534)
    monkeypatch.setenv("PRINTGEN_CACHE", str(cache))
    assert jit._cache_dir() is None
    assert "belongs to another user" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["/dev/null", "file"])
def test_an_unusable_cache_never_writes_into_the_package(tmp_path, where):
    """PRINTGEN_CACHE a file or /dev/null: compiled for this process alone, nothing written beside
    the code (numba's fallback is the module's own __pycache__)."""
    if where == "file":
        (tmp_path / "a-file").write_text("x")
        where = str(tmp_path / "a-file")
    module = tmp_path / "pkg_engine.py"
    module.write_text("from printgen.play.jit import jit\n\n@jit\ndef twice(x):\n    return 2 * x\n")
    env = {**os.environ, "PRINTGEN_CACHE": where, "PRINTGEN_JIT": "on", "PYTHONPATH": str(tmp_path)}
    env.pop("NUMBA_CACHE_DIR", None)
    p = subprocess.run([sys.executable, "-c", "import pkg_engine; print(pkg_engine.twice(21))"], env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and p.stdout.strip() == "42", p.stderr
    assert not list(tmp_path.rglob("*.nbi")) and not list(tmp_path.rglob("*.nbc"))


CTRL_C_IN_COMPILER = """
import signal, sys
import printgen.cli as cli

# a terminal's Ctrl-C, even where this test runs in the background (a shell's `&` ignores SIGINT, inherited)
signal.signal(signal.SIGINT, signal.default_int_handler)

def compiling(*args, **kwargs):         # as numba's compiler does with a Ctrl-C in the middle of a compile
    try:
        signal.raise_signal(signal.SIGINT)
    except KeyboardInterrupt:
        raise RuntimeError("no compiled object yet for <function play_many>") from None

cli.app = compiling
cli.usual_choices = lambda: {}
sys.argv = ["printgen", "kit", "trafalgar"]
cli.main()
"""


def test_ctrl_c_while_the_engine_compiles_is_an_interrupt(tmp_path):
    """Issue 48 item 10: Ctrl-C that numba's compiler turns into its own RuntimeError still ends as
    "interrupted", exit 130, with no traceback and no internal error."""
    p = subprocess.run([sys.executable, "-c", CTRL_C_IN_COMPILER], capture_output=True, text=True, timeout=120)
    assert p.returncode == 130, p.stderr
    assert "interrupted" in p.stderr and "Traceback" not in p.stderr and "internal error" not in p.stderr


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_template_bytecode_others_can_write_is_never_loaded(tmp_path, monkeypatch):
    """Issue 48 item 2: marshalled code behind a valid header in templates/*.jinja2 runs only from a
    file that is the user's alone."""
    import marshal

    import jinja2

    from printgen.sheets.text import compiled

    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    kept = compiled.kept(Path(compiled.__file__))
    env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 1 + 1 }}"}), bytecode_cache=kept)
    assert env.get_template("t").render() == "2"
    [path] = list((tmp_path / "cache" / "templates").glob("*.jinja2"))
    data = path.read_bytes()
    head = data[:data.index(b"\n") + 1]
    mark = tmp_path / "payload-ran"
    planted = compile(f"open({str(mark)!r}, 'w').close()", "<planted>", "exec")
    path.write_bytes(head + marshal.dumps(planted))
    path.chmod(0o666)
    env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 1 + 1 }}"}), bytecode_cache=kept)
    assert env.get_template("t").render() == "2"
    assert not mark.exists()
