"""Dice-verified: every probability printed on the rule cards is cross-checked against a seeded
simulation of the procedure as the rules state it (dice rolled, not formulas)."""

import math
import random
from fractions import Fraction

import pytest

from printgen.game.prepare import prepare
from printgen.rules.trace import Source, lookup, resolve
from printgen.sheets.text.cards import card_sheets
from printgen.draw.render import flat_pages

TRIALS = 6000


def d6(rng, n):
    return [rng.randint(1, 6) for _ in range(n)]


def broadside_hits(rs, rng, dice, band):
    hit = getattr(rs.shooting.to_hit, band).hit
    return sum(1 for face in d6(rng, dice) if face in hit)


def boarding_fight(rs, rng, a, b):
    """Round after round: both roll a die per hit point, 4-6 hits; both strike: roll-off."""
    hit = rs.boarding.hit
    while True:
        ha = sum(1 for f in d6(rng, a * rs.boarding.dice_per_hit_point) if f in hit)
        hb = sum(1 for f in d6(rng, b * rs.boarding.dice_per_hit_point) if f in hit)
        a, b = a - hb, b - ha
        if a <= 0 and b <= 0:
            while True:
                x, y = d6(rng, 2)
                if x != y:
                    return x > y
        if b <= 0:
            return True
        if a <= 0:
            return False


def simulate(rs, source: Source, rng) -> tuple[float, bool]:
    """(the simulated value, whether it is a mean rather than a probability)."""
    fn, args = source.fn, source.args
    hp = lambda flag: rs.hit_points.flagship if flag else rs.hit_points.ship  # noqa: E731
    one = lambda faces: sum(rng.randint(1, 6) in faces for _ in range(TRIALS)) / TRIALS  # noqa: E731
    if fn == "chance_per_die":
        return one(getattr(rs.shooting.to_hit, args[0]).hit), False
    if fn == "in_irons":
        return one(rs.movement.in_irons[args[0]].move), False
    if fn == "chance_of":
        table = lookup(rs, args[0])
        return one(table.faces), False
    if fn == "chance_any":
        faces, n = lookup(rs, args[0]).faces, args[1]
        return sum(any(f in faces for f in d6(rng, n)) for _ in range(TRIALS)) / TRIALS, False
    if fn == "expected_hits":
        return sum(broadside_hits(rs, rng, *args) for _ in range(TRIALS)) / TRIALS, True
    if fn == "p_hits":
        dice, band, k = args
        return sum(broadside_hits(rs, rng, dice, band) == k for _ in range(TRIALS)) / TRIALS, False
    if fn == "strike_chance":
        dice, band, target_flag = args
        return sum(broadside_hits(rs, rng, dice, band) >= hp(target_flag) for _ in range(TRIALS)) / TRIALS, False
    if fn == "boarding_strike":
        a, b = args
        hit = rs.boarding.hit
        per = rs.boarding.dice_per_hit_point

        def strikes() -> bool:               # both roll at once; both at their last point: a roll-off
            theirs = sum(f in hit for f in d6(rng, a * per)) >= b
            ours = sum(f in hit for f in d6(rng, b * per)) >= a
            return theirs and (not ours or rng.random() < 0.5)
        return sum(strikes() for _ in range(TRIALS)) / TRIALS, False
    if fn == "boarding_win":
        return sum(boarding_fight(rs, rng, *args) for _ in range(TRIALS)) / TRIALS, False
    raise AssertionError(f"no simulation for {source}")


@pytest.fixture(scope="module")
def card_odds():
    s, o = prepare("trafalgar")
    sources = set()
    for page in flat_pages(card_sheets(s, o), "color"):
        for e in page.trace:
            if e.kind in ("fraction", "percent", "decimal"):
                sources.add(Source.from_json(list(e.source)))
    return s.ruleset, sorted(sources, key=str)


def test_cards_print_many_odds(card_odds):
    rs, sources = card_odds
    assert len(sources) > 100
    assert {s.fn for s in sources} >= {"chance_per_die", "in_irons", "chance_of", "chance_any", "expected_hits",
                                       "p_hits", "strike_chance", "boarding_strike", "boarding_win"}


def test_every_printed_probability_agrees_with_rolled_dice(card_odds):
    rs, sources = card_odds
    rng = random.Random(1805)
    misses = []
    for source in sources:
        exact = resolve(rs, source)
        sim, is_mean = simulate(rs, source, rng)
        p = float(exact)
        if is_mean:
            sd = math.sqrt(source.args[0] * float(Fraction(len(getattr(rs.shooting.to_hit, source.args[1]).hit), 6))
                           * (1 - float(Fraction(len(getattr(rs.shooting.to_hit, source.args[1]).hit), 6))) / TRIALS)
        else:
            sd = math.sqrt(max(p * (1 - p), 1 / TRIALS) / TRIALS)
        if abs(sim - p) > 5 * sd + 1e-9:
            misses.append(f"{source}: exact {p:.4f}, simulated {sim:.4f}")
    assert misses == []


def test_the_simulation_would_catch_a_wrong_formula(card_odds):
    """A probability computed with the wrong faces (5-6 for rake) is far outside the simulation's band."""
    rs, _ = card_odds
    rng = random.Random(7)
    sim, _ = simulate(rs, Source("chance_per_die", ("rake",)), rng)
    assert abs(sim - 1 / 3) > 5 * math.sqrt((1 / 3) * (2 / 3) / TRIALS)
