"""The sectors system's odds tables: obstacle rolls, refloating, the damage table, and the
distribution over the damage table of each collision, mast and ramming case."""

from __future__ import annotations

from printgen.i18n import N_, _, slots
from printgen.systems.sectors.model import SECTORS
from printgen.rules.tables import OddsTable, cell, odds_cell
from printgen.rules.provenance import for_pupils, mark_text
from printgen.rules.trace import Source, Traced, derived, rule
from printgen.rules.trace import label as _label


def label(rs, key: str) -> Traced:
    """The ruleset's word for `key`, traced, in the language of the document being drawn (the odds
    tables print a traced word as it is: printgen.sheets.text.odds_blocks formats, it does not
    translate; a word already translated is left as it is if it ever does)."""
    from printgen.i18n import LANG

    t = _label(rs, key)
    if LANG.get() == "en":
        return t
    from printgen.rules.printed import rule_words

    return Traced(rule_words(t.value, LANG.get()), t.source, t.kind)


def marked(rs, key: str, before: str = " (", after: str = ")") -> tuple:
    """The provenance mark of `key` as cell parts, traced to the data (nothing for the source's own):
    " (not from the source)" on a teacher's page, the symbol alone on a pupil's."""
    found = mark_text(rs, key)
    if found is None:
        return ()
    text, src = found
    mark = Traced(text, Source(src[0], tuple(src[1:])), "text")
    return (mark,) if for_pupils() else (before, mark, after)


# every total from 0 to 6 the factors can make (issue 45: +3, +5 and +6 happen), and the ones below
COLLISION_CASES = ["", "bow", "stern", "side", "large", "bow+large", "bow+storm", "bow+skeg", "bow+bardi",
                   "side+downwind", "bow+storm+large", "bow+storm+skeg"]
RAMMING_CASES = ["", "attack-speed", "attack-speed+large", "moved", "attack-speed+moved", "round-ship",
                 "attack-speed+round-ship"]
MAST_CASES = ["", "storm", "downwind", "storm+downwind"]


def sector_roll(rs) -> OddsTable:
    rows = tuple((cell(label(rs, f"obstacles.sector.{s}")), cell(rule(rs, f"obstacles.sector.{s}", "faces")),
                  odds_cell(derived(rs, "chance_faces", f"obstacles.sector.{s}"))) for s in SECTORS)
    return OddsTable(cell(_("Which sector is struck")), (_("sector"), _("roll"), _("chance")), rows)


def passage(rs) -> OddsTable:
    rows = ((cell(label(rs, "obstacles.passage.through")), cell(rule(rs, "obstacles.passage.through", "faces")),
             odds_cell(derived(rs, "chance_faces", "obstacles.passage.through"))),
            (cell(label(rs, "obstacles.passage.blocked")), cell(rule(rs, "obstacles.passage.blocked", "faces")),
             odds_cell(derived(rs, "chance_faces", "obstacles.passage.blocked"))))
    return OddsTable(cell(_("Can the ship pass?")), (_("result"), _("roll"), _("chance")), rows)


def refloat(rs, turns: int = 3) -> OddsTable:
    rows = tuple((cell(*slots(_("Within %(n)s turns") if t > 1 else _("Within %(n)s turn"),
                              {"n": [Traced(t, Source("example", (t,)), "count")]})),
                  odds_cell(derived(rs, "refloat_within", t))) for t in range(1, turns + 1))
    return OddsTable(cell(*slots(_("A galley refloats (%(faces)s each turn)"),
                                 {"faces": [rule(rs, "aground.refloat.refloated", "faces")]})), ("", _("chance")), rows)


def damage_table(rs) -> OddsTable:
    """The default damage table itself (not odds): roll -> points and effect."""
    rows = []
    for i, row in enumerate(rs.damage):
        key = f"damage.{i}"
        if row.lo is None:
            rolls = cell(*slots(_("%(roll)s or less"), {"roll": [Traced(row.hi, Source("rule", (f"{key}.hi",)),
                                                                        "count")]}))
        elif row.hi is None:
            rolls = cell(*slots(_("%(roll)s or more"), {"roll": [Traced(row.lo, Source("rule", (f"{key}.lo",)),
                                                                        "count")]}))
        else:
            rolls = cell(Traced(row.lo, Source("rule", (f"{key}.lo",)), "count"), "\u2013",
                         Traced(row.hi, Source("rule", (f"{key}.hi",)), "count"))
        rows.append((rolls, cell(rule(rs, f"{key}.points")), cell(_(row.effect))))
    return OddsTable(cell(_("Damage table"), *marked(rs, "damage")),
                     (_("modified roll"), _("points lost"), _("effect")), tuple(rows))


def case_label(rs, table: str, names: str) -> tuple:
    """The factors of a case with their values from the data: "bow +2, storm +2"."""
    if not names:
        return cell(_("no factor"))
    parts: list = []
    for i, n in enumerate(names.split("+")):
        if i:
            parts.append(", ")
        parts += [label(rs, f"{table}.modifiers.{n}"), " ", rule(rs, f"{table}.modifiers.{n}.value", "signed")]
    return tuple(parts)


def point_headers(rs) -> tuple[list[int], list[tuple]]:
    """The damage results (structure points lost) and their column heads, traced to the table."""
    first: dict[int, int] = {}
    for i, r in enumerate(rs.damage):
        first.setdefault(r.points, i)
    points = sorted(first)
    return points, [cell(*slots(_("%(points)s pt"), {"points": [rule(rs, f"damage.{first[p]}.points")]}))
                    for p in points]


def cases(rs, table: str, names_list: list[str], title: str) -> OddsTable:
    """For each case: the factors, the total, and the chance of each damage result."""
    points, heads = point_headers(rs)
    rows = []
    for names in names_list:
        total = derived(rs, "modifier_total", table, names, kind="signed")
        rows.append((case_label(rs, table, names), cell(total),
                     *(cell(_frac(derived(rs, "damage_chance", table, names, p))) for p in points),
                     cell(_dec(derived(rs, "damage_expected", table, names)))))
    header = (_("factors"), _("total"), *heads, _("average"))
    return OddsTable(cell(_(title), " (" + _("over the damage table"), *marked(rs, "damage", ": ", ")")), header,
                     tuple(rows), note=_("Chance of losing each number of structure points."))


def cases_brief(rs, table: str, names_list: list[str], title: str) -> OddsTable:
    """For a pupil's card: the points a roll costs on average for each total of its factors (the
    average depends on the total alone; each row is traced to the first case with that total). The
    chance of each result, case by case, is the teacher's (`cases`)."""
    first: dict[int, str] = {}
    for names in names_list:
        first.setdefault(derived(rs, "modifier_total", table, names).value, names)
    rows = tuple((cell(derived(rs, "modifier_total", table, names, kind="signed")),
                  cell(_dec(derived(rs, "damage_expected", table, names)))) for _, names in sorted(first.items()))
    return OddsTable(cell(_(title), *marked(rs, "damage")), (_("factors add up to"), _("points lost on average")), rows)


def missile_per_die(rs) -> OddsTable:
    """For a pupil's card: the chance that one die hits, for each side at each range (one die, one
    roll: a fraction of six)."""
    bands = list(rs.missile.range_in.bands())
    sides = list(rs.missile.to_hit)
    rows = tuple((cell(*slots(_("%(band)s to %(distance)s"),
                              {"band": [label(rs, f"missile.range_in.{band}")],
                               "distance": [rule(rs, f"missile.range_in.{band}.1", "distance")]})),
                  *(cell(rule(rs, f"missile.to_hit.{side}.{band}.hit", "faces"), ": ",
                         *odds_cell(derived(rs, "chance_faces", f"missile.to_hit.{side}.{band}.hit")))
                    for side in sides)) for band in bands)
    return OddsTable(cell(_("One die hits"), *marked(rs, "missile")),
                     (_("range"), *(cell(label(rs, f"sides.{side}.name")) for side in sides)), rows)


def mast(rs) -> OddsTable:
    points, heads = point_headers(rs)
    rows = []
    for names in [c for c in MAST_CASES if all(n in rs.collision.mast_modifiers for n in c.split("+") if n)]:
        rows.append((case_label(rs, "collision", names),
                     *(cell(_frac(derived(rs, "mast_damage_chance", names, p))) for p in points)))
    factor_marks = [part for n in rs.collision.mast_modifiers              # a card of its own: its factors'
                    for part in marked(rs, f"collision.modifiers.{n}", f" ({n}: ", ")")]   # marks go with it
    return OddsTable(cell(*slots(_("The mast in a collision: hit on %(faces)s, then the damage table"),
                                 {"faces": [rule(rs, "collision.mast.hit", "faces")]}),
                          *marked(rs, "damage"), *factor_marks), (_("factors"), *heads),
                     tuple(rows))


def _frac(t: Traced) -> Traced:
    return Traced(t.value, t.source, "fraction")


def _dec(t: Traced) -> Traced:
    return Traced(t.value, t.source, "decimal")


def weather(rs) -> OddsTable:
    """The wind roll, every outcome with its chance."""
    names = {"storm": _("Storm"), "backs": _("Wind backs"), "steady": _("Steady"), "veers": _("Wind veers")}
    rows = tuple((cell(names[k]), cell(rule(rs, f"weather.roll.{k}", "faces")),
                  odds_cell(derived(rs, "chance_faces", f"weather.roll.{k}"))) for k in rs.weather.roll.outcomes())
    return OddsTable(cell(_("Wind and weather, each turn"), *marked(rs, "weather")),
                     (_("result"), _("roll"), _("chance")), rows)


def _shooters(rs, side: str) -> str:
    """The side's missile troops in the language of the page (the glossary's word, else the ruleset's)."""
    from printgen.i18n import LANG
    from printgen.i18n.sides import side_shooters

    return side_shooters(rs.sides[side].name, rs.sides[side].shooters, LANG.get())


def missile(rs, dice_list: tuple[int, ...] = (1, 2, 3)) -> list[OddsTable]:
    """For each side: per range band and number of dice, the average hits and the chance of one or more."""
    out = []
    bands = list(rs.missile.range_in.bands())
    for side in rs.missile.to_hit:
        rows = []
        for band in bands:
            for n in dice_list:
                ex = derived(rs, "missile_expected", side, band, n)
                rows.append((cell(label(rs, f"missile.range_in.{band}"), " (",
                                  rule(rs, f"missile.to_hit.{side}.{band}.hit", "faces"), ")"),
                             cell(Traced(n, Source("example", (n,)), "count")), cell(_dec(ex)),
                             odds_cell(derived(rs, "missile_any", side, band, n))))
        out.append(OddsTable(cell(*slots(_("%(side)s %(shooters)s"), {"side": [label(rs, f"sides.{side}.name")],
                                                         "shooters": _shooters(rs, side)}),
                                  *marked(rs, "missile")),
                             (_("range (hit on)"), _("dice"), _("average hits"), _("one or more")), tuple(rows)))
    return out


def guns_per_die(rs) -> OddsTable:
    """For a pupil's card: the chance that one gun die hits at each range."""
    rows = tuple((cell(*slots(_("%(band)s to %(distance)s"),
                              {"band": [label(rs, f"guns.range_in.{band}")],
                               "distance": [rule(rs, f"guns.range_in.{band}.1", "distance")]})),
                  cell(rule(rs, f"guns.to_hit.{band}.hit", "faces")),
                  odds_cell(derived(rs, "chance_faces", f"guns.to_hit.{band}.hit")))
                 for band in rs.guns.range_in.bands())
    return OddsTable(cell(_("One gun die hits"), *marked(rs, "guns")), (_("range"), _("roll"), _("chance")), rows)


def guns(rs, dice_list: tuple[int, ...] | None = None) -> list[OddsTable]:
    """Per range band and number of gun dice (the types' own counts): the average structure points a
    volley takes off, and the chance of at least one hit."""
    if rs.guns is None:
        return []
    dice_list = dice_list or tuple(sorted({t.guns for t in rs.types.values() if t.guns}))
    rows = []
    for band in rs.guns.range_in.bands():
        for n in dice_list:
            rows.append((cell(label(rs, f"guns.range_in.{band}"), " (",
                              rule(rs, f"guns.to_hit.{band}.hit", "faces"), ")"),
                         cell(Traced(n, Source("example", (n,)), "count")),
                         cell(_dec(derived(rs, "guns_expected", band, n))),
                         odds_cell(derived(rs, "guns_any", band, n))))
    return [OddsTable(cell(_("A volley of guns"), *marked(rs, "guns")),
                      (_("range (hit on)"), _("guns"), _("average points"), _("one or more")), tuple(rows),
                      note=_("Average points: structure points off the sector facing the guns."))]


def grappling(rs) -> OddsTable:
    rows = tuple((cell(*slots(_("%(n)s captains rolling") if n > 1 else _("%(n)s captain rolling"),
                              {"n": [Traced(n, Source("example", (n,)), "count")]})),
                  odds_cell(derived(rs, "grapple_either", n))) for n in (1, 2))
    return OddsTable(cell(*slots(_("Grappling on %(faces)s"),
                                 {"faces": [rule(rs, "grappling.roll.grappled", "faces")]}),
                          *marked(rs, "grappling")), ("", _("grappled")), rows)


def boarding(rs, leads: tuple[int, ...] | None = None) -> OddsTable:
    """A round at each lead a fight can have, to where it is certain: a lead of a die's faces or more
    always wins, of minus that never (issue 45: Lepanto's matchups reach -3 and +6)."""
    if leads is None:
        leads = tuple(range(-rs.ruleset.die, rs.ruleset.die + 1))
    rows = []
    for lead in leads:
        rows.append((cell(Traced(lead, Source("example", (lead,)), "signed")),
                     odds_cell(derived(rs, "melee_win", lead)), odds_cell(derived(rs, "melee_tie", lead))))
    return OddsTable(cell(_("A boarding round"), *marked(rs, "boarding")), (_("your lead"), _("you win"), _("tie")),
                     tuple(rows), note=_("Your lead: your crew boxes left (and any bonus) minus the enemy's."))


def morale(rs) -> OddsTable:
    rows = tuple((cell(*slots(_("%(n)s tests") if n > 1 else _("%(n)s test"),
                              {"n": [Traced(n, Source("example", (n,)), "count")]})),
                  odds_cell(derived(rs, "morale_holds_for", n))) for n in (1, 2, 3))
    return OddsTable(cell(*slots(_("Morale: holds on %(faces)s"), {"faces": [rule(rs, "morale.roll.holds", "faces")]}),
                          *marked(rs, "morale")), (_("tests in a row"), _("still fighting")), rows)


def all_tables(rs) -> list[OddsTable]:
    return [weather(rs), *missile(rs), *guns(rs), grappling(rs), boarding(rs), morale(rs),
            sector_roll(rs), passage(rs), refloat(rs), damage_table(rs),
            cases(rs, "collision", COLLISION_CASES, N_("Collision: damage to your ship")), mast(rs),
            cases(rs, "ramming", RAMMING_CASES, N_("Ramming: damage to the target"))]
