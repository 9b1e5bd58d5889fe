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
