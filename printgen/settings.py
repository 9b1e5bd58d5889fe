"""A teacher's usual choices (A4 paper, centimetres, the B&W edition, the class's size), kept so they
need not be typed every time: `config.toml` in the system's folder for settings (platformdirs: e.g.
%APPDATA%\\printgen on Windows, ~/Library/Application Support/printgen on macOS, ~/.config/printgen on
Linux; PRINTGEN_CONFIG names another file), and PRINTGEN_PAPER, PRINTGEN_UNITS, PRINTGEN_EDITION,
PRINTGEN_STUDENTS, PRINTGEN_LANG for one shell. An option typed on the command line wins over both, the environment
over the file. A bad value is an error naming where it came from, never a silent default."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import PrintgenError, Problem
from printgen.i18n import LANGS
from printgen.options import PAPERS, UNITS
from printgen.request import EDITIONS

MAX_STUDENTS = 200           # a bound for the file's value; the fleet decides how many a kit can crew

# key -> (allowed values, or None for a whole number; what it sets)
KEYS: dict[str, tuple[tuple[str, ...] | None, str]] = {
    "paper": (tuple(PAPERS), "the paper size of every sheet (--paper)"),
    "units": (UNITS, "inches or centimetres for printed distances (--units)"),
    "edition": (tuple(EDITIONS), "colour, black and white for the copier, both, large print, or "
                                 "large print with another (--edition)"),
    "students": (None, "the students in your class (--students)"),
    "lang": (LANGS, "the language of the printed words and numbers (--lang)"),
}


@dataclass(frozen=True)
class Setting:
    key: str
    value: str | int
    source: str                  # "PRINTGEN_PAPER" or the file's path


def config_file() -> Path:
    """Where the teacher's settings are kept (it need not exist)."""
    if os.environ.get("PRINTGEN_CONFIG"):
        return Path(os.environ["PRINTGEN_CONFIG"]).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("printgen", appauthor=False)) / "config.toml"


def parse(key: str, value: object, where: str) -> str | int:
    """A setting's value checked: one of its choices, or a whole number of students."""
    if key not in KEYS:
        raise PrintgenError(Problem(f"'{key}' is not a setting printgen knows", file=where,
                                    fix="use " + ", ".join(KEYS) + " (printgen config shows them)"))
    allowed, _ = KEYS[key]
    if allowed is None:
        text = str(value).strip()
        if isinstance(value, bool) or not text.isdigit() or not 1 <= int(text) <= MAX_STUDENTS:
            raise PrintgenError(Problem(f"{key} = {value!r} is not a number of students", file=where,
                                        fix=f"give a whole number from 1 to {MAX_STUDENTS}, e.g. 24"))
        return int(text)
    if not isinstance(value, str) or value.strip().lower() not in allowed:
        raise PrintgenError(Problem(f"{key} = {value!r} is not one of {', '.join(allowed)}", file=where,
                                    fix=f"write one of: {', '.join(allowed)}"))
    return value.strip().lower()


def _text(path: Path) -> str:
    from printgen import limits, reading

    try:
        return reading.read_bytes(path, limits.FILE_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PrintgenError(Problem("is not UTF-8 text", file=path, fix="save it as UTF-8 in a text editor")) from None
    except reading.Unreadable as e:
        raise PrintgenError(Problem(e.why, file=path, fix="make it a plain text file, or set PRINTGEN_CONFIG to another")) from None


def read_file(path: Path) -> dict[str, str | int]:
    """The settings in a config file (none if there is no file)."""
    if not os.path.lexists(path):
        return {}
    try:
        data = tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError as e:
        raise PrintgenError(Problem(f"is not valid TOML: {e}", file=path,
                                    fix="correct the line named, or delete the file and use `printgen config set`")) from None
    return {key: parse(key, value, str(path)) for key, value in data.items()}


def current() -> dict[str, Setting]:
    """Every setting in force, with where it comes from: the environment over the file."""
    path = config_file()
    out = {k: Setting(k, v, str(path)) for k, v in read_file(path).items()}
    for key in KEYS:
        name = "PRINTGEN_" + key.upper()
        if os.environ.get(name, "").strip():
            out[key] = Setting(key, parse(key, os.environ[name], name), name)
    return out


def write(key: str, value: str | None) -> Path:
    """Set (or with None, remove) one setting in the config file, keeping the teacher's comments."""
    import tomlkit

    from printgen.output import write_all

    path = config_file()
    read_file(path)                                       # a damaged file is reported, not overwritten
    doc = tomlkit.parse(_text(path)) if os.path.lexists(path) else tomlkit.document()
    if value is None:
        doc.pop(key, None)
    else:
        doc[key] = parse(key, value, "the command line")
    write_all({path: tomlkit.dumps(doc).encode("utf-8")}, ours={path})   # the teacher asked for this edit
    return path
