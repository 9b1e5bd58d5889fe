"""A teacher's own fleet, uploaded: ships.csv and scenario.toml (and perhaps a ruleset .toml), or a zip
of that folder. Everything is capped and unpacked by hand, so nothing lands outside the build's folder:
no absolute paths, no `..`, no links, at most one folder level, a bounded count and size."""

from __future__ import annotations

import io
import re
import stat
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from printgen.i18n import N_, _

MAX_FILE_BYTES = 1_000_000          # one uploaded file (a 60-ship ships.csv is 7 kB)
MAX_FILES = 4                       # files in one form post, or files kept from one zip
MAX_ZIP_ENTRIES = 32                # entries of any kind a zip may list
MAX_UNPACKED_BYTES = 2_000_000      # everything a zip unpacks to, counted while reading, not from its header
MAX_REQUEST_BYTES = 3_000_000       # the whole form post
KEPT = (".csv", ".toml")            # what a fleet folder holds; other files in a zip (README.txt) are skipped
SHIPS = "ships.csv"                 # a file's name, not a word: a value of the messages that say it
SAFE_NAME = re.compile(r"^[\w][\w .()+-]{0,79}$")      # letters of any script, digits, _ . ( ) + - and spaces


class UploadRefused(Exception):
    """The upload is not a fleet folder printgen may unpack: `problems` says why, in plain words."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes


def save_fleet(uploads: list[Upload], dest: Path) -> Path:
    """Write the uploaded fleet into a new folder under `dest`; returns that folder."""
    uploads = [u for u in uploads if u.filename or u.data]
    if not uploads:
        raise UploadRefused([_("choose your fleet's files: %(ships)s and scenario.toml, or a zip of the folder")
                             % {"ships": SHIPS}])
    if len(uploads) > MAX_FILES:
        raise UploadRefused([_("%(count)s files were sent; send at most %(limit)s (%(ships)s, scenario.toml and "
                               "perhaps a ruleset), or one zip")
                             % {"count": len(uploads), "limit": MAX_FILES, "ships": SHIPS}])
    for u in uploads:
        if len(u.data) > MAX_FILE_BYTES:
            raise UploadRefused([_("%(file)s is larger than the limit of %(limit)s bytes a file")
                                 % {"file": _shown(u.filename), "limit": _count(MAX_FILE_BYTES)}])
    zips = [u for u in uploads if u.filename.lower().endswith(".zip")]
    if zips and len(uploads) > 1:
        raise UploadRefused([_("send either one zip or the loose files, not both")])
    folder_name, files = _unzip(zips[0]) if zips else ("my-fleet", _loose(uploads))
    if "scenario.toml" not in files:
        raise UploadRefused([_("there is no scenario.toml: download a scenario's fleet from this page "
                               "(“Download this fleet to edit it”), edit it and send its files")])
    _check_references(files)
    folder = dest / folder_name
    folder.mkdir(mode=0o700)
    for name, data in files.items():
        with open(folder / name, "xb") as f:          # "x": never overwrite, never follow a link
            f.write(data)
    return folder


def _loose(uploads: list[Upload]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for u in uploads:
        name = _plain_name(u.filename)
        if not name.lower().endswith(KEPT):
            raise UploadRefused([_("%(file)s is not a .csv, .toml or .zip file") % {"file": _shown(u.filename)}])
        if name in files:
            raise UploadRefused([_("%(file)s was sent twice") % {"file": name}])
        files[name] = u.data
    return files


def _plain_name(filename: str) -> str:
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]     # browsers send a bare name; old ones a path
    if not SAFE_NAME.match(name) or name in (".", ".."):
        raise UploadRefused([_("the file name %(file)s has characters printgen does not accept; rename it with "
                               "letters, digits, dots, dashes and spaces") % {"file": _shown(filename)}])
    return name


def _unzip(upload: Upload) -> tuple[str, dict[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(upload.data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise UploadRefused([_("%(file)s is not a readable zip file") % {"file": _shown(upload.filename)}]) from None
    if len(entries) > MAX_ZIP_ENTRIES:
        raise UploadRefused([_("the zip lists %(count)s entries; the limit is %(limit)s")
                             % {"count": len(entries), "limit": MAX_ZIP_ENTRIES}])
    problems, wanted = [], []
    for e in entries:
        problem = _entry_problem(e)
        if problem:
            problems.append(f"{_shown(e.filename)}: {_(problem)}")
        elif not e.is_dir() and not _ignored(e.filename):
            wanted.append(e)
    if problems:
        raise UploadRefused([_("the zip was refused, nothing was unpacked")] + problems)
    folders = {PurePosixPath(e.filename).parent for e in wanted}
    if len(folders) > 1:
        raise UploadRefused([_("the zip holds more than one folder: zip one fleet folder (%(ships)s, scenario.toml)")
                             % {"ships": SHIPS}])
    folder = folders.pop().name if folders else ""
    files: dict[str, bytes] = {}
    total = 0
    for e in wanted:
        name = PurePosixPath(e.filename).name
        if not name.lower().endswith(KEPT):
            continue
        if len(files) >= MAX_FILES:
            raise UploadRefused([_("the zip holds more than %(limit)s .csv and .toml files") % {"limit": MAX_FILES}])
        data = _read_capped(archive, e, MAX_UNPACKED_BYTES - total)
        total += len(data)
        files[name] = data
    return (folder if folder and SAFE_NAME.match(folder) else "my-fleet"), files


def _entry_problem(e: zipfile.ZipInfo) -> str | None:
    name = e.filename
    path = PurePosixPath(name.replace("\\", "/"))
    if "\\" in name or name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        return N_("an absolute path or a Windows path")
    if ".." in path.parts:
        return N_("a path that climbs out of the folder (..)")
    if stat.S_ISLNK(e.external_attr >> 16):
        return N_("a symbolic link")
    if len(path.parts) > (2 if not e.is_dir() else 1) and not _ignored(name):
        return N_("a folder inside a folder: zip just the fleet folder")
    if not all(SAFE_NAME.match(p) or _ignored(name) for p in path.parts):
        return N_("a name with characters printgen does not accept")
    if e.flag_bits & 0x1:
        return N_("an encrypted entry")
    return None


def _ignored(name: str) -> bool:
    """What a zip tool adds by itself (macOS's __MACOSX/ and ._ files, .DS_Store): skipped silently."""
    parts = PurePosixPath(name).parts
    return bool(parts) and (parts[0] == "__MACOSX" or parts[-1].startswith("."))


def _read_capped(archive: zipfile.ZipFile, e: zipfile.ZipInfo, room: int) -> bytes:
    """Read one entry, stopping as soon as it passes the caps (a zip bomb lies in its header)."""
    limit = min(room, MAX_FILE_BYTES)
    with archive.open(e) as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise UploadRefused([_("the zip unpacks to more than %(limit)s bytes (%(file)s); a fleet folder is much "
                               "smaller")
                             % {"limit": _count(min(MAX_UNPACKED_BYTES, MAX_FILE_BYTES)), "file": _shown(e.filename)}])
    return data


def _check_references(files: dict[str, bytes]) -> None:
    """scenario.toml names its ships file and ruleset: only files of this upload or built-in rulesets,
    never a path elsewhere on this computer. (Other mistakes are the loader's to report, with lines.)"""
    from printgen.reading import deep_toml

    try:
        text = files["scenario.toml"].decode("utf-8")
        if deep_toml(text):
            return                                      # the loader refuses it, with its reason
        info = tomllib.loads(text).get("scenario", {})
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return
    if not isinstance(info, dict):
        return
    for key in ("ships", "ruleset"):
        ref = info.get(key)
        if isinstance(ref, str) and ("/" in ref or "\\" in ref or ref.startswith(".")):
            raise UploadRefused([_("scenario.toml, [scenario] %(setting)s: name a file of the upload or a built-in "
                                   "ruleset, not a path") % {"setting": f'{key} = "{ref}"'}])
    ships = info.get("ships", "ships.csv")
    if isinstance(ships, str) and ships not in files:
        raise UploadRefused([_("scenario.toml names the ships file \"%(file)s\", which was not uploaded")
                             % {"file": ships}])


def _shown(name: str) -> str:
    return repr(name[:80])


def _count(n: int) -> str:
    """A count of bytes in the page's language ("1,000,000"; "1 000 000" in French)."""
    from printgen.serve.lang import count

    return count(n)
