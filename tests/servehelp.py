"""Shared by the server's tests and its browser tests: fleets to upload (good, broken, hostile) and zips."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

from printgen import paths

FORM = {"scenario": "trafalgar", "students": "24", "edition": "bw", "paper": "letter", "units": "in",
        "seed": "1805", "table": "", "scale": "", "preset": "", "fraction": "", "ships": ""}


def broken_ships_csv() -> bytes:
    """Trafalgar's ships.csv with two mistakes: guns 'lots' on line 3, nation 'Frnech' on line 5."""
    lines = (paths.fleets_dir() / "trafalgar" / "ships.csv").read_text(encoding="utf-8").splitlines()
    cells = lines[2].split(",")
    cells[3] = "lots"
    lines[2] = ",".join(cells)
    cells = lines[4].split(",")
    cells[1] = "Frnech"
    lines[4] = ",".join(cells)
    return ("\n".join(lines) + "\n").encode("utf-8")


def fleet_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def zip_of(entries: dict[str, bytes], links: tuple[str, ...] = ()) -> bytes:
    """A zip with these entries (names exactly as given, `../` included); `links` are stored as symlinks."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, (2000, 1, 1, 0, 0, 0))
            info.external_attr = ((0o120777 if name in links else 0o100644) << 16)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def wait_until_finished(get_status, timeout: float = 120.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status = get_status()
        if status["state"] != "running":
            return status
        time.sleep(0.2)
    raise AssertionError("the build did not finish in time")
