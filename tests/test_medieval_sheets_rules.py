"""The medieval quick reference and rule cards: every number traced, every odds dice-verified,
and a changed modifier or structure value reaching every sheet that prints it."""

import random

import pytest

from printgen.draw.render import flat_pages
from printgen.game.prepare import prepare
from printgen.rules.trace import Source, resolve
from printgen.sheets.text.cards import card_sheets
from printgen.sheets.text.quickref import quickref_sheet
from tracecheck import discrepancies, printed, render_and_read

TRIALS = 6000


def damage(rs, roll: int) -> int:
    for row in rs.damage:
        if (row.lo is None or roll >= row.lo) and (row.hi is None or roll <= row.hi):
            return row.points
    raise AssertionError(roll)


def simulate(rs, source: Source, rng) -> float:
    """The procedures as the fragment states them, with dice rolled."""
    fn, args = source.fn, source.args
    d6 = lambda: rng.randint(1, 6)  # noqa: E731
    if fn == "chance_faces":
        from printgen.rules.trace import lookup

        faces = lookup(rs, args[0])
        return sum(d6() in faces for _ in range(TRIALS)) / TRIALS
    if fn == "refloat_within":
        return sum(any(d6() in rs.aground.refloat.refloated for _ in range(args[0])) for _ in range(TRIALS)) / TRIALS
    if fn in ("damage_chance", "damage_expected"):
        table, names = args[0], args[1]
        mods = sum(getattr(rs, table).modifiers[n].value for n in names.split("+") if n)
        results = [damage(rs, d6() + mods) for _ in range(TRIALS)]
        return (sum(r == args[2] for r in results) / TRIALS) if fn == "damage_chance" else sum(results) / TRIALS
    if fn == "mast_damage_chance":
        names, points = args
        mods = sum(rs.collision.modifiers[n].value for n in names.split("+") if n)
        hits = [(damage(rs, d6() + mods) if d6() in rs.collision.mast.hit else 0) for _ in range(TRIALS)]
        return sum(h == points for h in hits) / TRIALS
    # the defaults: bowmen, grappling, a boarding round, morale (rolled as the cards state them)
    if fn in ("missile_expected", "missile_any"):
        side, band, dice = args
        hit = rs.missile.to_hit[side][band].hit
        hits = [sum(d6() in hit for _ in range(dice)) for _ in range(TRIALS)]
        return sum(hits) / TRIALS if fn == "missile_expected" else sum(h > 0 for h in hits) / TRIALS
    if fn == "grapple_either":
        return sum(any(d6() in rs.grappling.roll.grappled for _ in range(args[0])) for _ in range(TRIALS)) / TRIALS
    if fn in ("melee_win", "melee_tie"):
        lead = args[0]                                   # my crew boxes (and bonus) minus the enemy's
        rounds = [(d6() + lead) - d6() for _ in range(TRIALS)]
        return sum((r > 0) if fn == "melee_win" else (r == 0) for r in rounds) / TRIALS
    if fn == "morale_holds_for":
        return sum(all(d6() in rs.morale.roll.holds for _ in range(args[0])) for _ in range(TRIALS)) / TRIALS
    raise AssertionError(f"no simulation for {source}")


@pytest.fixture(scope="module")
def sluys():
    return prepare("sluys-1340")


def test_every_printed_chance_agrees_with_rolled_dice(sluys):
    s, o = sluys
    sources = set()
    for page in flat_pages(card_sheets(s, o), "color") + flat_pages(quickref_sheet(s, o), "color"):
        sources |= {Source.from_json(list(e.source)) for e in page.trace
                    if e.kind in ("fraction", "percent", "decimal") and e.source[0] not in ("modifier_total", "rule")}
    assert {x.fn for x in sources} >= {"chance_faces", "refloat_within", "damage_chance", "damage_expected",
                                       "mast_damage_chance", "missile_expected", "missile_any", "grapple_either",
                                       "melee_win", "melee_tie", "morale_holds_for"}
    rng = random.Random(1340)
    misses = []
    for source in sorted(sources, key=str):
        exact = float(resolve(s.ruleset, source))
        sim = simulate(s.ruleset, source, rng)
        if source.fn == "damage_expected":
            sd = 2.0 / TRIALS ** 0.5                        # points 0-4: a standard deviation of 2 at most
        elif source.fn == "missile_expected":
            sd = (source.args[2] / 4) ** 0.5 / TRIALS ** 0.5  # a sum of dice hits: variance at most n/4
        else:
            sd = max(exact * (1 - exact), 1 / TRIALS) ** 0.5 / TRIALS ** 0.5
        if abs(sim - exact) > 5 * sd + 1e-9:
            misses.append(f"{source}: exact {exact:.4f}, simulated {sim:.4f}")
    assert misses == []


@pytest.mark.parametrize("make", [quickref_sheet, card_sheets])
def test_numbers_on_the_medieval_sheets_match_the_ruleset(sluys, make, tmp_path):
    s, o = sluys
    pdf, traces = render_and_read(make(s, o), o, tmp_path / "sheet.pdf")
    with pdf:
        assert discrepancies(pdf, traces, s, o) == []
        text = "\n".join(p.extract_text() for p in pdf.pages)
    assert "Not from the source" in text or "not from the source" in text


def test_a_changed_modifier_and_structure_reach_every_sheet(scenario_dir, tmp_path):
    folder = scenario_dir(name="sluys-1340", ruleset={
        "collision": {"modifiers": {"bow": {"value": 3, "text": "the other ship collides with its bow"}}},
        "types": {"cog": {"structure": {"bow": 6, "stern": 5, "port": 4, "starboard": 4, "mast": 3}}}})
    s, o = prepare(str(folder))
    pdf, traces = render_and_read(card_sheets(s, o), o, tmp_path / "cards.pdf")
    with pdf:
        assert discrepancies(pdf, traces, s, o) == []
        assert set(printed(pdf, traces, ("rule", "collision.modifiers.bow.value"))) == {"+3"}
        # bow +3: rolls 4..9 -> 2,2,3,3,4,4 points
        assert printed(pdf, traces, ("damage_chance", "collision", "bow", 4))[0] == "1/3"
    pdf, traces = render_and_read(quickref_sheet(s, o), o, tmp_path / "quickref.pdf")
    with pdf:
        assert discrepancies(pdf, traces, s, o) == []
        assert printed(pdf, traces, ("rule", "types.cog.structure.bow")) == ["6"]
        assert set(printed(pdf, traces, ("rule", "collision.modifiers.bow.value"))) == {"+3"}
