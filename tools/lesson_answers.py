"""Write the built-in battles' default lesson answers into the package (printgen/lesson/answers/,
read by printgen/lesson/packaged.py), so that a teacher's first kit on a new computer neither
searches nor compiles the engine.

For each built-in battle and each language's usual paper and units (`printgen kit BATTLE --lang L`
with no other option), the lesson search is played afresh (never from a store) and its answer written
with every game of its chosen candidate. Deterministic: the same printgen writes the same bytes.
Answers no longer written (a battle removed) are deleted. Run it after a change that plays other
games (tests/test_packaged_answers.py says when: it replays every packaged answer in full).

    python tools/lesson_answers.py            # write them
    python tools/lesson_answers.py --check    # exit 1 if any would change"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BATTLES = ("trafalgar", "nile-1798", "lake-erie-1813", "lepanto-1571", "sluys-1340")
LANGS = ("en", "fr", "es")


def answers() -> dict[str, tuple[dict, str]]:
    from printgen.game.prepare import prepare
    from printgen.i18n import USUAL_PAPER, USUAL_UNITS
    from printgen.lesson import search
    from printgen.lesson.fit import playable
    from printgen.request import KitRequest

    out: dict[str, tuple[dict, str]] = {}
    for battle in BATTLES:
        for lang in LANGS:
            request = KitRequest(battle, paper=USUAL_PAPER[lang], units=USUAL_UNITS[lang], lang=lang)
            scenario, options = prepare(request.scenario, **request.choices())
            if not scenario.lesson.fit or not playable(scenario):
                continue
            key, answer = search.packaged_answer(scenario, options, request.students, request.balance,
                                                 request.engagement, None, request.sized)
            if key not in out:
                out[key] = (answer, f"printgen kit {battle} (the usual paper and units of '{lang}')")
                print(f"{battle} {lang}: {key}", file=sys.stderr)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if any packaged answer would change")
    a = ap.parse_args()
    os.environ["PRINTGEN_CACHE"] = tempfile.mkdtemp(prefix="printgen-answers-")   # no store: a fresh search
    os.environ["PRINTGEN_JIT"] = "on"                  # the searches compiled (printgen/play/jit.py)
    os.environ["PRINTGEN_CONFIG"] = str(Path(os.environ["PRINTGEN_CACHE"]) / "no-config.toml")
    from printgen.lesson import packaged

    made = answers()
    if a.check:
        with tempfile.TemporaryDirectory() as t:
            packaged.FOLDER, real = Path(t), packaged.FOLDER
            fresh = {k: packaged.write(k, v, about).read_bytes() for k, (v, about) in made.items()}
        now = {p.stem: p.read_bytes() for p in real.glob("*.json")}
        if now != fresh:
            print("packaged lesson answers out of date: run python tools/lesson_answers.py", file=sys.stderr)
            return 1
        return 0
    for k, (v, about) in made.items():
        packaged.write(k, v, about)
    for old in packaged.FOLDER.glob("*.json"):
        if old.stem not in made:
            old.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
