"""`printgen check` for the page "How this scenario plays": replay a sample of the recorded games
through the engine and compare each with its record, then recompute every printed figure from the
records (the `simulation` plan derivation: the page's figures trace to it, as lesson numbers do).

The sample is deterministic (the same games every check) and small, so the check stays quick: about
SAMPLE games' worth of play (under 0.3 s for Trafalgar)."""

from __future__ import annotations

import json
from pathlib import Path

from printgen.check.discrepancy import Discrepancy
from printgen.play.kitdoc import KIND, RECORDS, decode, kit_setup, replays, row, sample  # noqa: F401 (sample: tests)
from printgen.play.rerun import SimRun, printed
from printgen.rules.trace import plan_derivation

def check_plays(folder: Path, manifest: dict, plan, bad: dict) -> list[Discrepancy]:
    docs = [d["path"] for d in manifest["documents"] if d["kind"] == KIND]
    if not docs:
        return []
    if RECORDS not in manifest.get("data", {}):
        return [Discrepancy(docs[0], 0, f"the manifest lists no {RECORDS}: the simulated figures cannot be checked")]
    if RECORDS in bad:
        return []                                   # missing or changed: reported with the other files
    try:
        run, sides, results = decode((folder / RECORDS).read_bytes())
    except (OSError, ValueError) as e:
        return [Discrepancy(RECORDS, 0, f"is damaged: {e}")]
    st = kit_setup(plan, run)
    if sides != st.sides:
        return [Discrepancy(RECORDS, 0, f"records sides {', '.join(sides)}, the rules {', '.join(st.sides)}")]
    from printgen.play.stats import summarise

    out = [Discrepancy(RECORDS, 0, f"game {i} is recorded as {row(results[i], sides)}, played again it gives "
                                   f"{row(again, sides)} (turns, by limit, winner, struck, points)")
           for i, again in replays(st, run, results)]
    # the printed figures are checked against these records (forked check workers inherit this)
    plan.__dict__["_plays_checked"] = (_key(run.key()), run, summarise(sides, results))
    return out


def _key(key) -> str:
    return json.dumps(list(key))


@plan_derivation
def simulation(plan, *args):
    """A simulated figure of the page, from the kit's records as the check read them (or, without
    them, from the games played again)."""
    key, (stat, arg) = ("simulation", *args[:-2]), args[-2:]
    cached = plan.__dict__.get("_plays_checked")
    if cached is not None and cached[0] == _key(key):
        return printed(cached[1], cached[2], stat, arg)
    from printgen.play.run import simulate
    from printgen.play.stats import summarise

    run = SimRun.from_key(key)
    st = kit_setup(plan, run)
    summary = summarise(st.sides, simulate(st, run.games, run.seed, workers=1))
    plan.__dict__["_plays_checked"] = (_key(key), run, summary)
    return printed(run, summary, stat, arg)
