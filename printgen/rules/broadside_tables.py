"""The broadside system's odds tables: shooting, striking, in irons, the single rolls, boarding."""

from __future__ import annotations

from printgen.rules.broadside import BANDS
from printgen.rules.model import BroadsideRuleset
from printgen.rules.tables import OddsTable, cell, odds_cell
from printgen.rules.trace import Traced, derived, rule

BAND_NAMES = {"long": "long", "short": "short", "rake": "rake"}


def per_die(rs: BroadsideRuleset) -> OddsTable:
    rows = tuple((cell(BAND_NAMES[b].capitalize()), cell(rule(rs, f"shooting.to_hit.{b}.hit", "faces")),
                  odds_cell(derived(rs, "chance_per_die", b))) for b in reversed(BANDS))
    return OddsTable(cell("Chance per die"), ("fire", "hits on", "chance"), rows)


def broadside(rs: BroadsideRuleset, side: str, flagship: bool) -> OddsTable:
    """One side's broadside (flagship or not) at each range: expected hits, chances of k hits."""
    dice = derived(rs, "dice_of", side, flagship, kind="count")
    n = dice.value
    rows = []
    for band in BANDS:
        e = derived(rs, "expected_hits", n, band)
        rows.append((cell(BAND_NAMES[band].capitalize()),
                     (Traced(e.value, e.source, "fraction"), " (", Traced(e.value, e.source, "decimal"), ")"),
                     odds_cell(derived(rs, "strike_chance", n, band, False)),
                     odds_cell(derived(rs, "strike_chance", n, band, True))))
    who = rs.sides[side].name + (" flagship" if flagship else "")
    return OddsTable(cell(f"{who}: ", dice, " dice"),
                     ("fire", "expected hits", "fresh ship strikes", "fresh flagship strikes"), tuple(rows))


def hits_distribution(rs: BroadsideRuleset, dice: int, band: str) -> list[Traced]:
    """P(exactly k hits) for k = 0..dice, for a bar chart."""
    return [derived(rs, "p_hits", dice, band, k) for k in range(dice + 1)]


def single_rolls(rs: BroadsideRuleset) -> OddsTable:
    rows = [(cell(f"In irons, {s.name}"), cell(rule(rs, f"movement.in_irons.{k}.move", "faces")),
             odds_cell(derived(rs, "in_irons", k)), cell("")) for k, s in rs.sides.items()]
    for label, key in (("Cut loose", "drift.cut_loose"), ("Grapple", "grappling")):
        table = rule(rs, key).value
        rows.append((cell(label), cell(rule(rs, f"{key}.{table.success}", "faces")),
                     odds_cell(derived(rs, "chance_of", key)), odds_cell(derived(rs, "chance_any", key, 2))))
    rows.append((cell("Fouled by accident"), cell(rule(rs, "fouling.fouled", "faces")),
                 odds_cell(derived(rs, "chance_of", "fouling")), cell("")))
    return OddsTable(cell("Single rolls"), ("roll", "needs", "one captain", "both captains roll"), tuple(rows))


def boarding(rs: BroadsideRuleset, matchups: list[tuple[int, int]] | None = None) -> OddsTable:
    f, s = rs.hit_points.flagship, rs.hit_points.ship
    matchups = matchups or [(f, s), (s, s), (s, 3), (3, s), (2, 2)]
    rows = tuple((cell(str(a), " v ", str(b)), odds_cell(derived(rs, "boarding_strike", a, b)),
                  odds_cell(derived(rs, "boarding_win", a, b))) for a, b in matchups)
    return OddsTable(cell("Boarding: your hit points v theirs"),
                     ("you v them", "they strike this round", "you win the fight"), rows)


def all_tables(rs: BroadsideRuleset) -> list[OddsTable]:
    tables = [per_die(rs)]
    for side in rs.sides:
        tables += [broadside(rs, side, False), broadside(rs, side, True)]
    return tables + [single_rolls(rs), boarding(rs)]
