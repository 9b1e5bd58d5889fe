"""printgen check's second methods for the odds (printgen/check/oracle.py): they agree with the
printing side on the built-in rules, they agree with each other where both apply, and a wrong
formula on the printing side -- printed and checked with the same wrong formula -- fails the check."""

from __future__ import annotations

from fractions import Fraction

import pytest

from printgen import oracle
from printgen.check.kit import check_kit
from printgen.data.scenario import load_scenario
from printgen.rules.trace import DERIVATIONS, Source, resolve

D6 = 6


def test_counting_faces_and_the_binomial_agree():
    for dice in range(1, 6):
        for hits in ({6}, {5, 6}, {4, 5, 6}):
            counted = oracle.pool(dice, D6, frozenset(hits))
            oracle.pool.cache_clear()
            limit, oracle.ENUMERATE_UP_TO = oracle.ENUMERATE_UP_TO, 0          # force the closed form
            try:
                closed = oracle.pool(dice, D6, frozenset(hits))
            finally:
                oracle.ENUMERATE_UP_TO = limit
                oracle.pool.cache_clear()
            assert counted == closed and sum(counted) == 1


def test_a_fight_of_equals_is_even_and_a_bigger_crew_wins_more():
    hits = frozenset({4, 5, 6})
    assert oracle.fight(3, 3, 1, D6, hits) == Fraction(1, 2)
    assert oracle.fight(6, 5, 1, D6, hits) > Fraction(1, 2) > oracle.fight(5, 6, 1, D6, hits)


def test_the_oracle_agrees_with_every_derivation_the_trafalgar_kit_prints():
    from printgen.check.independent import Oracle

    rs = load_scenario("trafalgar").ruleset
    o = Oracle(rs)
    sources = [Source("p_hits", (7, "short", k)) for k in range(8)] + [
        Source("strike_chance", (8, "rake", True)), Source("expected_hits", (5, "long")),
        Source("boarding_win", (6, 5)), Source("boarding_win", (2, 2)), Source("boarding_strike", (5, 3)),
        Source("in_irons", ("british",)), Source("chance_any", ("grappling", 2)), Source("dice_of", ("allied", True))]
    for s in sources:
        assert o.value(s) == resolve(rs, s), s


def _wrong_p_hits(rs, dice: int, band: str, k: int) -> Fraction:
    """The binomial without its binomial coefficient: a plausible slip."""
    p = Fraction(len(getattr(rs.shooting.to_hit, band).hit), 6)
    return p ** k * (1 - p) ** (dice - k)


def _wrong_boarding_win(rs, a: int, b: int) -> Fraction:
    """The chance of one round's strike taken for the whole fight."""
    return DERIVATIONS["boarding_strike"](rs, a, b)


@pytest.mark.parametrize("name, wrong, says", [
    ("p_hits", _wrong_p_hits, "p_hits(7, 'long', 1) prints '5.6%', a second count of the rules gives '39.1%'"),
    ("boarding_win", _wrong_boarding_win, "boarding_win(6, 5) prints '"),
])
def test_a_wrong_formula_on_the_printing_side_fails_the_check(tmp_path, monkeypatch, name, wrong, says):
    from printgen.kit.build import build_kit, plan_kit
    from printgen.request import KitRequest

    monkeypatch.setitem(DERIVATIONS, name, wrong)          # printed with it, and the check's own resolve uses it
    out = tmp_path / "wrong"
    build_kit(plan_kit(KitRequest("trafalgar", 4, scale=0.5, ships=6)), out)
    lines: list[str] = []
    assert not check_kit(out, echo=lines.append, quiet=True)
    found = [line for line in lines if "a second count of the rules gives" in line]
    assert found and all(line.startswith(("FAIL  cards-color.pdf, page ", "FAIL  html/cards.html: "))
                         for line in found), \
        lines[:5]
    assert any(line.startswith("FAIL  html/cards.html: ") for line in found)      # its handout too (issue 40)
    assert any(says in line for line in found), found[:5]


def test_a_chain_that_goes_back_and_forth_is_solved_by_elimination():
    """Gambler's ruin on 0..5, a fair coin: from k the chance to reach 5 first is k/5."""
    states = [1, 2, 3, 4]
    half = Fraction(1, 2)
    won = oracle.absorbing(states, lambda k: {k - 1: half, k + 1: half}, lambda t: Fraction(1 if t == 5 else 0))
    assert won == {k: Fraction(k, 5) for k in states}
