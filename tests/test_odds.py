"""Exact odds against fractions computed by hand from the seed's rules."""

from fractions import Fraction as F
from math import comb

import pytest

from printgen.data.scenario import load_scenario
from printgen.systems.broadside import odds as b
from printgen.rules import odds
from printgen.rules.trace import resolve, Source


@pytest.fixture(scope="module")
def rs():
    return load_scenario("trafalgar").ruleset


def binom_at_least(n, p, k):
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def test_chance_per_die(rs):
    assert b.chance_per_die(rs, "long") == F(1, 6)       # 6
    assert b.chance_per_die(rs, "short") == F(1, 3)      # 5-6
    assert b.chance_per_die(rs, "rake") == F(1, 2)       # 4-6


def test_british_broadside_at_short_range_expects_seven_thirds(rs):
    assert b.expected_hits(rs, 7, "short") == F(7, 3)
    assert b.expected_hits(rs, 5, "long") == F(5, 6)
    assert b.expected_hits(rs, 8, "rake") == 4


def test_chance_a_broadside_makes_a_fresh_ship_strike(rs):
    # 5 or more hits from 7 dice at 1/3: (21*4 + 7*2 + 1) / 3^7 = 99/2187 = 11/243
    assert b.strike_chance(rs, 7, "short", False) == F(11, 243)
    assert b.strike_chance(rs, 7, "rake", False) == binom_at_least(7, F(1, 2), 5) == F(29, 128)
    assert b.strike_chance(rs, 5, "short", True) == 0       # 5 dice cannot take 6 hit points


def test_distribution_sums_to_one_and_matches_binomial(rs):
    dist = {k: b.p_hits(rs, 7, "short", k) for k in range(8)}
    assert sum(dist.values()) == 1
    assert dist[0] == F(2, 3) ** 7
    assert dist[3] == comb(7, 3) * F(1, 3) ** 3 * F(2, 3) ** 4


def test_in_irons_per_side(rs):
    assert b.in_irons(rs, "british") == F(1, 2)
    assert b.in_irons(rs, "allied") == F(1, 3)


def test_single_rolls_and_both_captains(rs):
    assert resolve(rs, Source("chance_of", ("fouling",))) == F(1, 6)
    assert resolve(rs, Source("chance_of", ("grappling",))) == F(1, 3)
    assert resolve(rs, Source("chance_any", ("drift.cut_loose", 2))) == 1 - F(2, 3) ** 2 == F(5, 9)


def test_boarding(rs):
    # all five dice hit on 4-6 (1/32), less half the rounds where theirs all hit too (rule 4's roll-off)
    assert b.boarding_strike(rs, 5, 5) == F(1, 32) - F(1, 32) * F(1, 32) / 2 == F(63, 2048)
    assert b.boarding_strike(rs, 3, 3) == F(15, 128)       # issue 45: the card printed 12.5%
    assert b.boarding_strike(rs, 2, 2) == F(7, 32)         # and 25%
    assert b.boarding_strike(rs, 3, 5) == 0
    assert b.boarding_win(rs, 5, 5) == F(1, 2)              # symmetry
    assert b.boarding_win(rs, 2, 2) == F(1, 2)
    assert b.boarding_win(rs, 6, 5) + b.boarding_win(rs, 5, 6) == 1
    # one hit point each: each round someone may hit; both hit -> roll-off; exactly 1/2 by symmetry
    assert b.boarding_win(rs, 1, 1) == F(1, 2)
    # 1 v 2 by hand: rounds repeat until someone hits; A wins only if A scores 2 hits first... with
    # one die A scores at most 1 hit a round: win(1,2) = P(A hits, B misses)*win(1,1) / (1 - P(no hits))
    p_none = F(1, 2) * F(1, 4)
    assert b.boarding_win(rs, 1, 2) == (F(1, 2) * F(1, 4) * F(1, 2)) / (1 - p_none)


def test_percent_rounds_half_up_and_never_says_zero_for_possible():
    assert odds.percent(F(1, 16)) == "6.3%"
    assert odds.percent(F(1, 3)) == "33.3%"
    assert odds.percent(F(1, 46656)) == "<0.1%"
    assert odds.percent(F(0)) == "0%"
    assert odds.percent(F(1)) == "100%"
