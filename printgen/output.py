"""Writing files atomically: each file appears whole or not at all, and an interrupted run leaves
what was there before untouched."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_all(files: dict[Path, bytes]) -> list[Path]:
    """Write several files; all temporary files are made first, then renamed in one sweep."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            staged.append((tmp, path))
        for tmp, path in staged:
            os.replace(tmp, path)
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return list(files)
