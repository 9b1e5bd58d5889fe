"""The built-in battles' default lesson answers, shipped with printgen as data (printgen/lesson/answers/,
written by tools/lesson_answers.py), so that the first kit on a new computer neither searches nor
compiles the engine: the answer the search would give, with every game its figures come from.

Data only, read and never run: a JSON file in the installed package (not a folder others can write),
named by a hash of the request as printgen/lesson/stored.py names the user's answers, but without
printgen's code in it, so a change to printgen that plays the same games keeps it. Nor does it vouch
for itself: search.py `_packaged` checks that every figure of the answer is the judge's of its games
and plays a sample of those games again before using it; any difference (the engine changed, a file
damaged) and the lesson is searched as if there were none. A used answer is then kept, sealed, in the
user's store, and a second kit reads that."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "answers"
MARK = "printgen packaged lesson answer"
MAX_BYTES = 2_000_000            # larger is no answer of printgen's (one holds a few hundred games)


def key_of(*parts: str) -> str:
    """The answer's name for a request: its parts hashed (the same parts as stored.key_of, no code)."""
    h = hashlib.sha256(MARK.encode())
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:40]


def load(key: str) -> dict | None:
    """The packaged answer for `key`, or None (none, or not one tools/lesson_answers.py wrote)."""
    path = FOLDER / f"{key}.json"
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError, MemoryError):
        return None
    if not isinstance(data, dict) or data.get("mark") != MARK or data.get("key") != key:
        return None
    return data.get("answer") if isinstance(data.get("answer"), dict) else None


def write(key: str, answer: dict, about: str) -> Path:
    """tools/lesson_answers.py: the answer written as the package holds it (sorted, one game a line)."""
    FOLDER.mkdir(exist_ok=True)
    path = FOLDER / f"{key}.json"
    rounds = answer["rounds"]
    head = {k: v for k, v in answer.items() if k != "rounds"}
    lines = ",\n".join("[" + ",\n ".join(json.dumps(g, separators=(",", ":")) for g in games) + "]" for games in rounds)
    path.write_text(f'{{"mark": {json.dumps(MARK)}, "key": "{key}", "about": {json.dumps(about)},\n"answer": '
                    f'{json.dumps(head, sort_keys=True)[:-1]}, "rounds": [\n{lines}]}}}}\n', encoding="utf-8")
    return path
