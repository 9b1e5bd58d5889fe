"""Issue 30: `printgen check` and `printgen kit` on a kit folder someone else has been at: a file
linked to one outside the kit, a FIFO where a file should be, a huge or endless file, JSON nested
thousands deep. Each ends in a message (no hang, no internal error), and nothing outside the kit
is opened."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SMALL = ("--ships", "6", "--students", "4", "--scale", "0.5")
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def printgen(*args, cwd=None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


@pytest.fixture(scope="module")
def pristine() -> Path:
    """`printgen kit trafalgar` with SMALL, built once a test session (tests/tamper.py built_once: the
    same kit tests/test_safety_output.py starts from); each test changes its own copy."""
    from tamper import built_once

    return built_once("trafalgar", *SMALL)


@pytest.fixture
def kit(pristine, tmp_path) -> Path:
    out = tmp_path / "k"
    shutil.copytree(pristine, out)
    return out


def manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text())


def save(kit: Path, m: dict) -> None:
    (kit / "manifest.json").write_text(json.dumps(m))


def relist(kit: Path, name: str) -> None:
    """Give `name` its new sum in the manifest, as someone covering their tracks would."""
    m = manifest(kit)
    m["data"][name] = hashlib.sha256((kit / name).read_bytes()).hexdigest()
    save(kit, m)


def clean(result: subprocess.CompletedProcess) -> str:
    said = result.stdout + result.stderr
    assert "Traceback" not in said and "internal error" not in said, said
    return said


def test_an_unlisted_link_to_a_huge_file_outside_is_not_opened(kit, tmp_path):
    """deployment.json dropped from the manifest and linked to a 1 TB file outside the kit: the
    check names it and reads nothing (it used to read the file whole: MemoryError)."""
    outside = tmp_path / "outside.bin"
    with open(outside, "wb") as f:
        f.truncate(10**12)                       # sparse: no disk used
    m = manifest(kit)
    del m["data"]["deployment.json"]
    save(kit, m)
    (kit / "deployment.json").unlink()
    (kit / "deployment.json").symlink_to(outside)
    said = clean(printgen("check", kit))
    assert "deployment.json: the manifest does not list it" in said


@posix_only
def test_a_fifo_for_manifest_json_is_refused_at_once(kit):
    (kit / "manifest.json").unlink()
    os.mkfifo(kit / "manifest.json")
    result = printgen("check", kit, timeout=60)       # it used to wait for a writer for ever
    assert result.returncode == 2
    assert "manifest.json: is not a plain file (a pipe or a device)" in clean(result)


@posix_only
def test_a_fifo_for_plays_json_is_reported_by_check_and_skipped_by_a_rebuild(kit):
    (kit / "plays.json").unlink()
    os.mkfifo(kit / "plays.json")
    result = printgen("check", kit, timeout=60)
    assert result.returncode == 1
    assert "plays.json: is not a plain file (a pipe or a device)" in clean(result)
    again = printgen("kit", "trafalgar", *SMALL, "--out", kit, timeout=600)    # it used to hang reading it
    assert again.returncode == 0, again.stderr
    assert (kit / "plays.json").is_file()


def test_a_listed_file_of_a_terabyte_is_refused_by_its_size(kit):
    (kit / "sprites-color.pdf").unlink()
    with open(kit / "sprites-color.pdf", "wb") as f:
        f.truncate(10**12)
    said = clean(printgen("check", kit))
    assert "sprites-color.pdf: is 1,000,000,000,000 bytes, more than any file printgen writes" in said


def test_a_link_to_dev_zero_is_not_followed(kit):
    (kit / "trace.json").unlink()
    (kit / "trace.json").symlink_to("/dev/zero")
    said = clean(printgen("check", kit))
    assert "trace.json: is a link" in said


DEEP = "[" * 50_000 + "]" * 50_000


def test_a_manifest_nested_fifty_thousand_deep_is_refused(kit):
    (kit / "manifest.json").write_text('{"printgen": ' + DEEP + "}")
    result = printgen("check", kit)
    assert result.returncode == 2
    assert "lists and objects nest 50001 deep; printgen's files nest at most 32" in clean(result)


@pytest.mark.parametrize("name", ["trace.json", "plays.json"])
def test_deep_json_with_its_sum_fixed_is_damaged_not_a_crash(kit, name):
    (kit / name).write_text('{"format": ' + DEEP + "}")
    relist(kit, name)
    result = printgen("check", kit)
    assert result.returncode == 1
    said = clean(result)
    assert f"{name}: is damaged" in said, said


def test_check_reads_nothing_through_a_linked_folder(kit, tmp_path):
    """thumbs/ replaced by a link to a folder outside holding the same files: not followed."""
    shutil.move(kit / "thumbs", tmp_path / "thumbs-elsewhere")
    (kit / "thumbs").symlink_to(tmp_path / "thumbs-elsewhere")
    said = clean(printgen("check", kit))
    assert "thumbs/" in said and "is a link: printgen writes none and does not follow it" in said


def test_a_manifest_naming_another_scenario_is_refused(kit):
    """Issue 30: a manifest edited to name a scenario of another ruleset ended the check in an internal
    error (IndexError: its pages read against rules they were never printed from)."""
    m = manifest(kit)
    m["request"].update(scenario="sluys-1340", students=6)
    save(kit, m)
    result = printgen("check", kit)
    assert result.returncode == 2
    assert ("the kit was printed from the scenario 'trafalgar' (ruleset 'trafalgar-fastplay'), but its request "
            "names 'sluys-1340'") in clean(result)


def test_a_request_that_cannot_be_planned_again_is_the_manifests_problem(kit):
    m = manifest(kit)
    m["request"]["students"] = 40
    save(kit, m)
    result = printgen("check", kit)
    assert result.returncode == 2
    assert "manifest.json, field 'request.students': its request cannot be made again today: 40 students" in clean(result)


def test_check_report_onto_a_huge_file_is_refused_without_reading_it(kit, tmp_path):
    """The report's own "never replace a file of yours" read the file whole (MemoryError on 1 TB)."""
    report = tmp_path / "report.html"
    with open(report, "wb") as f:
        f.truncate(10**12)
    result = printgen("check", kit, "--report", report)
    assert result.returncode == 2 and "exists and is not a report printgen wrote" in clean(result)
    assert report.stat().st_size == 10**12
    again = printgen("check", kit, "--report", tmp_path / "mine.html")
    assert again.returncode == 0
    assert printgen("check", kit, "--report", tmp_path / "mine.html").returncode == 0     # its own report, replaced
