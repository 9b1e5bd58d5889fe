"""Students to ships: the class split between the sides in proportion to their ships, and each side's
pupils between its squadrons the same way. Where a squadron has pupils enough, each commands one or
more of its ships (the flagship to the first); where it has more pupils than ships, two or three
share a ship, each with a role (ROLES: captain, gunner, navigator). Every squadron has a pupil while
its side has as many pupils as squadrons; with fewer, a pupil takes several whole squadrons. A pupil
alone plays one side and the teacher the other. These are classroom choices, printed on the lesson
plan and the captain cards."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import PrintgenError, Problem

CREW = 3                         # pupils a ship at most
ROLES = ("captain", "gunner", "navigator")     # who does what when pupils share a ship (the templates say how)
TEACHER = "teacher"              # the role of the teacher, who plays the other side against a pupil alone


@dataclass(frozen=True)
class Captain:
    number: int                  # 1..N across the class
    side: str
    squadron: str
    ships: tuple                 # Ship objects, in line order
    role: str = "captain"        # ROLES (pupils who share a ship), or TEACHER
    crew: tuple[int, ...] = ()   # the numbers of the other pupils on the same ship

    @property
    def shared(self) -> bool:
        return bool(self.crew)


def _largest_remainder(total: int, weights: dict[str, int], low: dict[str, int], high: dict[str, int]) -> dict[str, int]:
    """Split `total` in proportion to `weights`, within [low, high] per key, deterministically."""
    keys = list(weights)
    want = sum(weights.values())
    share = {k: total * weights[k] / want for k in keys}
    out = {k: min(high[k], max(low[k], math.floor(share[k]))) for k in keys}
    order = sorted(keys, key=lambda k: (-(share[k] - math.floor(share[k])), keys.index(k)))
    while sum(out.values()) < total:
        grown = False
        for k in order:
            if sum(out.values()) < total and out[k] < high[k]:
                out[k] += 1
                grown = True
        if not grown:
            break
    while sum(out.values()) > total:
        shrunk = False
        for k in reversed(order):
            if sum(out.values()) > total and out[k] > low[k]:
                out[k] -= 1
                shrunk = True
        if not shrunk:
            break
    return out


def assign(scenario, students: int) -> list[Captain]:
    ships = scenario.fleet.ships
    squadrons = {name: [s for s in ships if s.squadron == name] for name in scenario.squadrons}
    squadrons = {k: v for k, v in squadrons.items() if v}
    if not 1 <= students <= CREW * len(ships):
        # in the command's (or the page's) language
        from printgen.i18n import _

        said = {"students": students, "ships": len(ships), "crew": CREW, "most": CREW * len(ships)}
        raise PrintgenError(Problem(_("%(students)s students cannot crew %(ships)s ships (at most %(crew)s a ship)")
                                    % said, field="--students",
                                    fix=_("with %(ships)s ships use --students from 1 to %(most)s, or play more ships "
                                          "(--ships, --fraction, --engagement)") % said))
    sides = list(dict.fromkeys(scenario.squadrons[k].side for k in squadrons))
    side_ships = {side: [s for s in ships if scenario.squadrons[s.squadron].side == side] for side in sides}
    teacher = students == 1 and len(sides) > 1              # a pupil alone plays one side, the teacher the other
    pupils = {sides[0]: 1, **{side: 0 for side in sides[1:]}} if teacher else _largest_remainder(
        students, {side: len(v) for side, v in side_ships.items()}, {side: 1 for side in sides},
        {side: CREW * len(v) for side, v in side_ships.items()})
    captains: list[Captain] = []
    for side in sides:
        own = {k: v for k, v in squadrons.items() if scenario.squadrons[k].side == side}
        n = pupils[side] or 1                                # the teacher's side: one "captain", the teacher
        role = "captain" if pupils[side] else TEACHER
        if n < len(own):                                     # fewer pupils than squadrons: whole squadrons each
            for part in _split(list(own), n):
                group = [s for name in part for s in own[name]]
                captains.append(Captain(len(captains) + 1, side, part[0], tuple(group), role))
            continue
        per_sq = _largest_remainder(n, {k: len(v) for k, v in own.items()}, {k: 1 for k in own},
                                    {k: CREW * len(v) for k, v in own.items()})
        for name, sq_ships in own.items():
            lead = next((s for s in sq_ships if s.flagship), sq_ships[0])      # the admiral's ship first
            line = [lead] + [s for s in sq_ships if s is not lead]
            if per_sq[name] <= len(line):
                for group in _split(line, per_sq[name]):
                    captains.append(Captain(len(captains) + 1, side, name, tuple(group), role))
                continue
            for ship, size in zip(line, _sizes(per_sq[name], len(line))):       # pupils share the ships
                first = len(captains) + 1
                numbers = tuple(range(first, first + size))
                for k in range(size):
                    captains.append(Captain(first + k, side, name, (ship,), ROLES[k],
                                            tuple(x for x in numbers if x != first + k)))
    return captains


def _sizes(items: int, groups: int) -> list[int]:
    """Sizes of `groups` groups of `items` things, as even as possible, the first ones the largest."""
    base, extra = divmod(items, groups)
    return [base + (1 if g < extra else 0) for g in range(groups)]


def _split(items: list, n: int) -> list[list]:
    """n groups as even as possible, keeping line order inside each group."""
    out, i = [], 0
    for size in _sizes(len(items), n):
        out.append(items[i:i + size])
        i += size
    return out
