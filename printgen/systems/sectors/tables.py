"""The sectors system's odds tables: obstacle rolls, refloating, the damage table, and the
distribution over the damage table of each collision, mast and ramming case."""

from __future__ import annotations

from printgen.systems.sectors.model import SECTORS
from printgen.rules.tables import OddsTable, cell, odds_cell
from printgen.rules.trace import Source, Traced, derived, rule

COLLISION_CASES = ["", "bow", "stern", "side", "large", "bow+storm", "bow+skeg", "bow+bardi", "side+downwind"]
RAMMING_CASES = ["", "attack-speed", "attack-speed+large", "moved", "attack-speed+moved", "round-ship",
                 "attack-speed+round-ship"]
MAST_CASES = ["", "storm", "downwind", "storm+downwind"]


def sector_roll(rs) -> OddsTable:
    rows = tuple((cell(s.capitalize()), cell(rule(rs, f"obstacles.sector.{s}", "faces")),
                  odds_cell(derived(rs, "chance_faces", f"obstacles.sector.{s}"))) for s in SECTORS)
    return OddsTable(cell("Which sector is struck"), ("sector", "roll", "chance"), rows)


def passage(rs) -> OddsTable:
    rows = ((cell("Passes through"), cell(rule(rs, "obstacles.passage.through", "faces")),
             odds_cell(derived(rs, "chance_faces", "obstacles.passage.through"))),
            (cell("Unable to pass"), cell(rule(rs, "obstacles.passage.blocked", "faces")),
             odds_cell(derived(rs, "chance_faces", "obstacles.passage.blocked"))))
    return OddsTable(cell("Can the ship pass?"), ("result", "roll", "chance"), rows)


def refloat(rs, turns: int = 3) -> OddsTable:
    rows = tuple((cell("Within ", Traced(t, Source("example", (t,)), "count"), " turn" + ("s" if t > 1 else "")),
                  odds_cell(derived(rs, "refloat_within", t))) for t in range(1, turns + 1))
    return OddsTable(cell("A galley refloats (", rule(rs, "aground.refloat.refloated", "faces"), " each turn)"),
                     ("", "chance"), rows)


def damage_table(rs) -> OddsTable:
    """The default damage table itself (not odds): roll -> points and effect."""
    rows = []
    for i, row in enumerate(rs.damage):
        key = f"damage.{i}"
        if row.lo is None:
            rolls = cell(Traced(row.hi, Source("rule", (f"{key}.hi",)), "count"), " or less")
        elif row.hi is None:
            rolls = cell(Traced(row.lo, Source("rule", (f"{key}.lo",)), "count"), " or more")
        else:
            rolls = cell(Traced(row.lo, Source("rule", (f"{key}.lo",)), "count"), "-",
                         Traced(row.hi, Source("rule", (f"{key}.hi",)), "count"))
        rows.append((rolls, cell(rule(rs, f"{key}.points")), cell(row.effect)))
    return OddsTable(cell("Damage table (not from the source)"), ("modified roll", "points lost", "effect"),
                     tuple(rows))


def case_label(rs, table: str, names: str) -> tuple:
    """The factors of a case with their values from the data: "bow +2, storm +2"."""
    if not names:
        return cell("no factor")
    parts: list = []
    for i, n in enumerate(names.split("+")):
        if i:
            parts.append(", ")
        parts += [n.replace("-", " "), " ", rule(rs, f"{table}.modifiers.{n}.value", "signed")]
    return tuple(parts)


def point_headers(rs) -> tuple[list[int], list[tuple]]:
    """The damage results (structure points lost) and their column heads, traced to the table."""
    first = {}
    for i, r in enumerate(rs.damage):
        first.setdefault(r.points, i)
    points = sorted(first)
    return points, [cell(rule(rs, f"damage.{first[p]}.points"), " pt") for p in points]


def cases(rs, table: str, names_list: list[str], title: str) -> OddsTable:
    """For each case: the factors, the total, and the chance of each damage result."""
    points, heads = point_headers(rs)
    rows = []
    for names in names_list:
        total = derived(rs, "modifier_total", table, names, kind="signed")
        rows.append((case_label(rs, table, names), cell(total),
                     *(cell(_frac(derived(rs, "damage_chance", table, names, p))) for p in points),
                     cell(_dec(derived(rs, "damage_expected", table, names)))))
    header = ("factors", "total", *heads, "average")
    return OddsTable(cell(title), header, tuple(rows), note="Chance of losing each number of structure points.")


def mast(rs) -> OddsTable:
    points, heads = point_headers(rs)
    rows = []
    for names in [c for c in MAST_CASES if all(n in rs.collision.mast_modifiers for n in c.split("+") if n)]:
        rows.append((case_label(rs, "collision", names),
                     *(cell(_frac(derived(rs, "mast_damage_chance", names, p))) for p in points)))
    return OddsTable(cell("The mast in a collision: hit on ", rule(rs, "collision.mast.hit", "faces"),
                          ", then the damage roll"), ("factors", *heads), tuple(rows))


def _frac(t: Traced) -> Traced:
    return Traced(t.value, t.source, "fraction")


def _dec(t: Traced) -> Traced:
    return Traced(t.value, t.source, "decimal")


def all_tables(rs) -> list[OddsTable]:
    return [sector_roll(rs), passage(rs), refloat(rs), damage_table(rs),
            cases(rs, "collision", COLLISION_CASES, "Collision: damage to your ship"), mast(rs),
            cases(rs, "ramming", RAMMING_CASES, "Ramming: damage to the target")]
