"""printgen/reading.py: a file of a kit is read never through a link, never a pipe or a device,
never beyond a limit, and JSON never nested beyond a limit; the same on a system without
O_NOFOLLOW (Windows), where the name is looked at first and the open file must be that one."""

from __future__ import annotations

import os

import pytest

from printgen import reading

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


@pytest.fixture(params=["O_NOFOLLOW", "no O_NOFOLLOW"])
def mode(request, monkeypatch):
    if request.param == "no O_NOFOLLOW":
        monkeypatch.setattr(reading, "_NOFOLLOW", 0)
    return request.param


def test_a_plain_file_is_read(tmp_path, mode):
    (tmp_path / "a").write_bytes(b"abc")
    assert reading.read_bytes(tmp_path / "a", 3) == b"abc"


def test_a_link_is_refused_and_its_target_not_read(tmp_path, mode):
    (tmp_path / "secret").write_bytes(b"secret")
    (tmp_path / "a").symlink_to(tmp_path / "secret")
    with pytest.raises(reading.Unreadable, match="is a link"):
        reading.read_bytes(tmp_path / "a", 100)
    assert reading.read_bytes(tmp_path / "a", 100, follow=True) == b"secret"    # a teacher's own data may be linked


def test_a_linked_folder_on_the_way_is_refused(tmp_path, mode):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "f").write_bytes(b"x")
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "sub").symlink_to(tmp_path / "real")
    with pytest.raises(reading.Unreadable, match="is a link"):
        reading.read_in(tmp_path / "kit", "sub/f", 10)


@posix_only
def test_a_fifo_is_refused_without_waiting(tmp_path, mode):
    os.mkfifo(tmp_path / "p")
    with pytest.raises(reading.Unreadable, match="not a plain file"):
        reading.read_bytes(tmp_path / "p", 10)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused(mode):
    with pytest.raises(reading.Unreadable, match="not a plain file"):
        reading.read_bytes("/dev/zero", 10, follow=True)


def test_a_folder_and_a_missing_file(tmp_path, mode):
    with pytest.raises(reading.Unreadable, match="is a folder"):
        reading.read_bytes(tmp_path, 10)
    with pytest.raises(reading.Unreadable, match="missing"):
        reading.read_bytes(tmp_path / "nothing", 10)


def test_the_limit_holds_and_sums_go_in_pieces(tmp_path, mode):
    (tmp_path / "a").write_bytes(b"x" * 11)
    with pytest.raises(reading.Unreadable, match="is 11 bytes, more than the 10"):
        reading.read_bytes(tmp_path / "a", 10)
    with open(tmp_path / "big", "wb") as f:
        f.truncate(10**12)
    with pytest.raises(reading.Unreadable, match="1,000,000,000,000 bytes"):
        reading.sha256(tmp_path / "big")
    import hashlib

    assert reading.sha256(tmp_path / "a") == hashlib.sha256(b"x" * 11).hexdigest()


def test_json_nesting_is_bounded_before_parsing():
    assert reading.load_json('{"a": [[1], {"b": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}]}') == \
        {"a": [[1], {"b": "[" * 38}]}                          # brackets in strings do not count
    assert reading.json_depth('["\\"[[["]') == 1
    with pytest.raises(ValueError, match="nest 40 deep"):
        reading.load_json("[" * 40 + "]" * 40)
    with pytest.raises(ValueError, match="nest 100000 deep"):
        reading.load_json("[" * 100_000)                       # json.loads: RecursionError
