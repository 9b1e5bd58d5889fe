"""The broadside system's odds tables: shooting, striking, in irons, the single rolls, boarding.

Built once from the ruleset, shown in the terminal (`printgen odds`) and on the rule cards."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.rules.tables import OddsTable, cell, mean_cell, odds_cell
from printgen.rules.trace import Source, Traced, derived, label, rule
from printgen.systems.broadside.model import BroadsideRuleset
from printgen.systems.broadside.odds import BANDS


def band_name(rs: BroadsideRuleset, band: str) -> tuple:
    """A range band's name as a table prints it ("Long"), traced to the ruleset's labels."""
    return cell(label(rs, f"shooting.to_hit.{band}"))


def pools(rs: BroadsideRuleset) -> list[tuple]:
    """Every broadside a ship can fire: each side, ordinary ship and flagship; where the rules have ship
    types, each side's types (a flagship rolls the flagship's extra die more): (side, flagship[, type])."""
    if rs.types:
        return [(side, False, t) for side in rs.sides for t in rs.types_of(side)]
    return [(side, flag) for side in rs.sides for flag in (False, True)]


def kit_pools(rs: BroadsideRuleset, args: list[str]) -> list[tuple]:
    """The broadsides `[odds expected side.flag.type ...]` names (the template lists the kit's own ships'):
    (side, flagship, type), each once, in the order pools() gives them, a type's flagship first."""
    out: list[tuple] = []
    for a in args:
        if a.count(".") != 2:
            raise ValueError(f"[odds] broadside '{a}': give side.flag.type, like british.1.long-gun-ship")
        side, flag, type = a.split(".")
        pool = (side, flag == "1", type)
        if pool not in out:
            out.append(pool)
    order = [(side, t) for side, _, t in pools(rs)] if rs.types else []
    return sorted(out, key=lambda p: (order.index((p[0], p[2])) if (p[0], p[2]) in order else len(order), not p[1]))


def band_dice(rs: BroadsideRuleset, side: str, flagship: bool, type: str = "") -> dict[str, int]:
    """The dice of the broadside at each band (the same at every band unless its type says otherwise)."""
    return {band: rs.dice_of(side, flagship, type, band) for band in BANDS}


def pool_label(rs: BroadsideRuleset, side: str, flagship: bool, type: str = "") -> tuple:
    flag = N_(" flagship") if flagship else ""
    if not type:
        dice = derived(rs, "dice_of", side, flagship, kind="count")
        return cell(label(rs, f"sides.{side}.name"), flag, ", ", dice, N_(" dice"))
    band = band_dice(rs, side, flagship, type)
    named = label(rs, f"types.{type}.name")
    kind = Traced(named.value, named.source, "lower")            # "British flagship, ship with long guns, ..."
    if band["long"] == band["short"]:
        n = derived(rs, "dice_of", side, flagship, type, kind="count")
        unit = N_(" die") if band["short"] == 1 else N_(" dice")
        return cell(label(rs, f"sides.{side}.name"), flag, ", ", kind, ", ", n, unit)
    return cell(label(rs, f"sides.{side}.name"), flag, ", ", kind, ", ",
                derived(rs, "dice_of", side, flagship, type, kind="count"), N_(" dice short, "),
                derived(rs, "dice_of", side, flagship, type, "long", kind="count"), N_(" long"))


def hit_points_cell(rs: BroadsideRuleset, hp: int) -> Traced:
    """A hit-point number in an example: traced to the rule when it is one, else an example."""
    for key in ("flagship", "ship"):
        if hp == getattr(rs.hit_points, key):
            return rule(rs, f"hit_points.{key}")
    return Traced(hp, Source("example", (hp,)), "count")


def per_die(rs: BroadsideRuleset) -> OddsTable:
    rows = tuple((band_name(rs, b), cell(rule(rs, f"shooting.to_hit.{b}.hit", "faces")),
                  odds_cell(derived(rs, "chance_per_die", b))) for b in reversed(BANDS))
    return OddsTable(cell(N_("Chance per die")), (N_("fire"), N_("hits on"), N_("chance")), rows)


def expected(rs: BroadsideRuleset, given: list[tuple] | None = None) -> OddsTable:
    """Expected hits of each broadside at each range: `given` ones (the kit's ships'), else every one
    the rules allow."""
    rows = []
    for pool in given or pools(rs):
        n = band_dice(rs, *pool)
        row = [pool_label(rs, *pool)]
        for band in BANDS:
            e = derived(rs, "expected_hits", n[band], band)
            row.append(mean_cell(e))
        rows.append(tuple(row))
    return OddsTable(cell(N_("Expected hits per broadside")), (N_("broadside"), *(band_name(rs, b) for b in BANDS)),
                     tuple(rows))


def strike(rs: BroadsideRuleset, target_flagship: bool = False) -> OddsTable:
    rows = []
    for pool in pools(rs):
        n = band_dice(rs, *pool)
        rows.append((pool_label(rs, *pool),
                     *(odds_cell(derived(rs, "strike_chance", n[band], band, target_flagship)) for band in BANDS)))
    title = N_("One broadside makes a fresh flagship strike") if target_flagship else \
        N_("One broadside makes a fresh ship strike")
    return OddsTable(cell(title),
                     (N_("broadside"), *(band_name(rs, b) for b in BANDS)), tuple(rows))


def broadside(rs: BroadsideRuleset, side: str, flagship: bool, type: str = "") -> OddsTable:
    """One side's broadside (flagship or not, of a type) at each range: expected hits, chances of striking."""
    n = band_dice(rs, side, flagship, type)
    rows = []
    for band in BANDS:
        e = derived(rs, "expected_hits", n[band], band)
        rows.append((band_name(rs, band),
                     mean_cell(e),
                     odds_cell(derived(rs, "strike_chance", n[band], band, False)),
                     odds_cell(derived(rs, "strike_chance", n[band], band, True))))
    return OddsTable(pool_label(rs, side, flagship, type),
                     (N_("fire"), N_("expected hits"), N_("fresh ship strikes"), N_("fresh flagship strikes")),
                     tuple(rows))


def distribution(rs: BroadsideRuleset, side: str, flagship: bool, type: str = "") -> OddsTable:
    """P(exactly k hits) for k = 0..dice at each range."""
    n = band_dice(rs, side, flagship, type)
    rows = tuple((cell(Traced(k, Source("meta", ("hits", k)), "count")),
                  *(odds_cell(derived(rs, "p_hits", n[band], band, k)) for band in BANDS))
                 for k in range(max(n.values()) + 1))
    return OddsTable(pool_label(rs, side, flagship, type), (N_("hits"), *(band_name(rs, b) for b in BANDS)), rows)


def in_irons(rs: BroadsideRuleset) -> OddsTable:
    rows = tuple((cell(label(rs, f"sides.{k}.name")), cell(rule(rs, f"movement.in_irons.{k}.move", "faces")),
                  odds_cell(derived(rs, "in_irons", k))) for k, s in rs.sides.items())
    return OddsTable(cell(N_("Locked in irons: the check to move")), (N_("side"), N_("moves on"), N_("chance")), rows)


def roll(rs: BroadsideRuleset, label: str, key: str, both: bool) -> tuple:
    table = rule(rs, key).value
    return (cell(label), cell(rule(rs, f"{key}.{table.success}", "faces")), odds_cell(derived(rs, "chance_of", key)),
            odds_cell(derived(rs, "chance_any", key, 2)) if both else cell("-"))


def single_rolls(rs: BroadsideRuleset) -> OddsTable:
    rows: tuple[tuple, ...] = (roll(rs, N_("Cut loose"), "drift.cut_loose", True),
                               roll(rs, N_("Grapple"), "grappling", True),
                               roll(rs, N_("Fouled by accident"), "fouling", False))
    if rs.aground is not None:
        rows += (roll(rs, N_("Float off a shoal"), "aground", False),)
    if rs.explosion is not None:
        rows += (roll(rs, N_("A ship that strikes blows up"), "explosion", False),)
    return OddsTable(cell(N_("Single rolls")), (N_("roll"), N_("needs"), N_("one captain"), N_("both captains roll")),
                     rows)


def boarding(rs: BroadsideRuleset, matchups: list[tuple[int, int]] | None = None) -> OddsTable:
    f, s = rs.hit_points.flagship, rs.hit_points.ship
    if matchups is None and rs.types:            # the ship types' hit points: the biggest and the smallest
        hps = sorted({rs.hit_points_of(False, t) for t in rs.types}, reverse=True)
        big, mid, small = hps[0], hps[len(hps) // 2], hps[-1]
        matchups = list(dict.fromkeys([(big, big), (big, small), (small, big), (mid, mid), (small, small)]))
    matchups = matchups or [(f, s), (s, s), (s, 3), (3, s), (2, 2)]
    rows = tuple((cell(hit_points_cell(rs, a), N_(" v "), hit_points_cell(rs, b)),
                  odds_cell(derived(rs, "boarding_strike", a, b)),
                  odds_cell(derived(rs, "boarding_win", a, b))) for a, b in matchups)
    return OddsTable(cell(N_("Boarding: your hit points v theirs")),
                     (N_("you v them"), N_("they strike this round"), N_("you win the fight, if no one cuts loose")),
                     rows)


def landward(rs: BroadsideRuleset) -> OddsTable:
    """A ship at anchor firing its landward broadside (anchors.landward_dice) at each range: expected
    hits and the chance of at least one."""
    dice = rule(rs, "anchors.landward_dice")
    n = dice.value
    rows = tuple((band_name(rs, band), mean_cell(derived(rs, "expected_hits", n, band)),
                  odds_cell(derived(rs, "p_at_least", n, band, 1))) for band in BANDS)
    return OddsTable(cell(N_("At anchor, the landward broadside: "), dice, N_(" dice")),
                     (N_("fire"), N_("expected hits"), N_("at least one hit")), rows)


def boarding_grid(rs: BroadsideRuleset, hit_points: list[int]) -> OddsTable:
    """The chance you win a boarding fight (if no one cuts loose) for every pair of the hit points the
    kit's own ships have: your hit points down the side, theirs across (Lake Erie's 7, 6, 4, 3 and 2,
    which the five example rows left out)."""
    hps = sorted(set(hit_points), reverse=True)
    rows = tuple((cell(hit_points_cell(rs, a)),
                  *(odds_cell(derived(rs, "boarding_win", a, b)) for b in hps)) for a in hps)
    return OddsTable(cell(N_("Boarding: the chance you win the fight, if no one cuts loose")),
                     (N_("you v them"), *(cell(hit_points_cell(rs, b)) for b in hps)), rows)


def all_tables(rs: BroadsideRuleset) -> list[OddsTable]:
    tables = [per_die(rs)]
    for side in rs.sides:
        if rs.types:
            tables += [broadside(rs, side, False, t) for t in rs.types_of(side)]
        else:
            tables += [broadside(rs, side, False), broadside(rs, side, True)]
    return tables + [in_irons(rs), single_rolls(rs), boarding(rs)]
