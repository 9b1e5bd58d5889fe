"""A failed write of printgen's cache (a full disk, a read-only one) names the cache folder and how to
choose another (PRINTGEN_CACHE), not the kit's --out (issue 48), whether the error names its file or
(a write() on a full disk) does not; any other folder's error still points at --out."""

from __future__ import annotations

import errno
import os

from printgen.cli.failure import os_error


def _raised_in(filename: str, e: OSError) -> OSError:
    """`e` as raised by code in `filename` (numba's cache writer, say), naming no file."""
    code = compile("def write():\n    raise e\n", filename, "exec")
    space: dict = {"e": e}
    exec(code, space)
    try:
        space["write"]()
    except OSError as raised:
        return raised
    raise AssertionError("not raised")


def test_a_full_disk_under_the_cache_names_the_cache_and_printgen_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    e = OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "cache" / "engine" / "abc" / "x.nbi"))
    said = os_error(e)
    assert "printgen's cache folder " + str(tmp_path / "cache") in said and "PRINTGEN_CACHE" in said, said
    assert "--out" not in said


def test_a_full_disk_in_the_engines_cache_writer_names_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    writer = os.path.join(str(tmp_path), "site-packages", "numba", "core", "caching.py")
    said = os_error(_raised_in(writer, OSError(errno.ENOSPC, "No space left on device")))
    assert str(tmp_path / "cache") in said and "PRINTGEN_CACHE" in said and "--out" not in said, said
    monkeypatch.setenv("PRINTGEN_CACHE", "off")              # the engine's cache is then the system's
    said = os_error(_raised_in(writer, OSError(errno.EROFS, "Read-only file system")))
    assert "read-only" in said and "PRINTGEN_CACHE" in said and "--out" not in said, said


def test_a_full_disk_elsewhere_still_points_at_out(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    said = os_error(OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "kit" / "kit.pdf")))
    assert "--out" in said and "PRINTGEN_CACHE" not in said
