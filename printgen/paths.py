"""Where printgen finds its built-in data: fleets/, rulesets/ and templates/; and where it keeps
what only saves time (cache_folder).

In a checkout (or an editable install) they sit at the top of the repository, where a teacher
edits them; a wheel carries them inside the package as printgen/_data/.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    bundled = _PACKAGE / "_data"
    if (bundled / "fleets").is_dir():
        return bundled
    return _PACKAGE.parent


def fleets_dir() -> Path:
    return data_root() / "fleets"


def rulesets_dir() -> Path:
    return data_root() / "rulesets"


def templates_dir() -> Path:
    return data_root() / "templates"


def font_path(name: str) -> Path:
    """DejaVu Sans ships inside the package (printgen/fonts/, with its licence): one font file
    serves the PDF (embedded) and Pillow, on any machine."""
    return _PACKAGE / "fonts" / name


def printed_ref(plan) -> str:
    """How a kit's printed commands name its scenario: as it was made (scenario_ref), also when the
    check plans it again from a folder found beside the kit (an unpacked zip)."""
    return plan.__dict__.get("printed_ref") or scenario_ref(plan.scenario)


def scenario_ref(scenario) -> str:
    """How a kit names its scenario: a built-in by name, any other folder by its absolute path, so
    the kit can be checked (and its games played again) from any working directory."""
    folder = Path(scenario.folder).resolve()
    if folder == (fleets_dir() / folder.name).resolve():
        return folder.name
    return str(folder)


CACHE_ENV = "PRINTGEN_CACHE"


def cache_folder(part: str) -> Path | None:
    """Where printgen keeps what only saves time: `part` "lesson" (the lesson search's answers) or
    "templates" (the sheets' templates compiled) or "engine" (the game engine compiled for this
    computer, printgen/play/jit.py). PRINTGEN_CACHE names the lesson store's folder (the other parts
    are kept in folders inside it) or, "off", keeps nothing but the compiled engine (code, not an
    answer: compiling it again would cost half a minute a process); else a folder of printgen's own
    in the system's cache folder for programs (Windows %LOCALAPPDATA%, macOS ~/Library/Caches,
    elsewhere $XDG_CACHE_HOME or ~/.cache). None: keep nothing."""
    given = os.environ.get(CACHE_ENV, "")
    if given.lower() == "off":
        return None if part != "engine" else _system_cache() / "printgen" / part
    if given:
        return Path(given) if part == "lesson" else Path(given) / part
    return _system_cache() / "printgen" / part


def _system_cache() -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
