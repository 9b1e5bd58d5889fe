"""The built-in Trafalgar ruleset says what the seed says. The numbers below are copied by hand
from the seed (shared/seeds/000_68473b20052cf98a.txt), not read from the ruleset, so a slip in
rulesets/trafalgar-fastplay.toml -- which every sheet and every check would faithfully repeat --
fails here."""

import pytest

from printgen.data.scenario import load_scenario
from printgen.rules.trace import lookup

SEED = {                                               # key -> the seed's value, with its words
    "drift.cut_loose.free": (5, 6),                    # "If the roll is a 5-6 the ships are freed"
    "drift.distance_in": 3,                            # "drift downwind 3" (SE)"
    "drift.direction": "SE",
    "movement.speed_in.green": 6,                      # "pointing towards the green ... up to 6""
    "movement.speed_in.yellow": 3,                     # "towards the yellow ... up to 3""
    "movement.speed_in.red": 3,                        # "If the roll is successful ... up to 3""
    "movement.turns": 1,                               # "make one turn"
    "movement.turn_max_deg": 90,                       # "up to 90 degrees"
    "movement.in_irons.british.move": (4, 5, 6),       # "British need to roll a 4-6"
    "movement.in_irons.allied.move": (5, 6),           # "French and Spanish ships need to roll a 5-6"
    "shooting.dice.british": 7,                        # "British ships roll seven dice"
    "shooting.dice.allied": 5,                         # "French and Spanish ships roll five dice"
    "shooting.flagship_extra_dice": 1,                 # "Flagships get to roll one extra die"
    "shooting.range_in.long": (6, 12),                 # "Long range is 6"-12""
    "shooting.range_in.short": (0, 6),                 # "Short range is 0" - 6""
    "shooting.to_hit.long.hit": (6,),                  # "6's are required for hits"
    "shooting.to_hit.short.hit": (5, 6),               # "a 5-6 is a hit"
    "shooting.to_hit.rake.hit": (4, 5, 6),             # "Raking fire hits on a 4-6"
    "hit_points.flagship": 6,                          # "Flagships can take 6 hits"
    "hit_points.ship": 5,                              # "other ships can take five hits"
    "fouling.fouled": (6,),                            # "the ships are fouled on a 6"
    "grappling.grappled": (5, 6),                      # "successful on a roll of 5-6"
    "boarding.dice_per_hit_point": 1,                  # "one die for each remaining hit points"
    "boarding.hit": (4, 5, 6),                         # "Hits are scored on a 4-6"
    "boarding.survivor_hit_points": 1,                 # "survives with one hit point"
    "bases.length_in": 2,                              # "mounted on 2" x 1" bases"
    "bases.width_in": 1,
    "table.north_south_ft": 7.5,                       # "a 7.5' x 5' table"; the west edge is the long one:
    "table.east_west_ft": 5,                           # yellow on 2/3 of it, red 2.5' from the NW corner
}


@pytest.mark.parametrize("key, seed", SEED.items())
def test_the_ruleset_says_what_the_seed_says(key, seed):
    value = lookup(load_scenario("trafalgar").ruleset, key)
    assert (tuple(value) if isinstance(value, (list, tuple)) else value) == seed


def test_the_sequence_of_play_is_the_seeds():
    phases = load_scenario("trafalgar").ruleset.sequence.phases
    assert [p.lower() for p in phases] == ["drift", "franco-spanish move", "british move", "british shoot",
                                           "franco-spanish shoot", "boarding actions"]
