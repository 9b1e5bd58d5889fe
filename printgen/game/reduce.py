"""Smaller battles: keep a share of every squadron, as the seed's second battle did ("I removed 1/2
of the ships from each side").

Each squadron keeps its proportion of the ships (largest remainder, so the counts add up to the
total asked for), at least one ship. Within a squadron the flagships, the deployment's leaders and
the ships the story names are kept first; the others are picked evenly along the CSV order, so a
line keeps its head, centre and rear. No randomness: the same request keeps the same ships."""

from __future__ import annotations

import math

from printgen.data.fleet import Ship, fold
from printgen.errors import PrintgenError, Problem


def reduce_fleet(scenario, fraction: float | None = None, ships: int | None = None, lang: str = "en"):
    """(scenario with the kept ships, a sentence saying what was kept, in `lang`)."""
    fleet = list(scenario.fleet.ships)
    squadrons = [name for name in scenario.squadrons if any(s.squadron == name for s in fleet)]
    members = {name: [s for s in fleet if s.squadron == name] for name in squadrons}
    total = _total(len(fleet), len(squadrons), fraction, ships)
    quotas = _quotas({name: len(members[name]) for name in squadrons}, total)
    priority = _priority(scenario)
    kept: set[Ship] = set()
    for name in squadrons:
        kept.update(_choose(members[name], quotas[name], priority))
    chosen = [s for s in fleet if s in kept]
    named = [s.name for s in sorted((s for s in chosen if s in priority), key=lambda s: priority[s])]
    return scenario.with_ships(chosen), _note(scenario, len(fleet), len(chosen), quotas, named, lang)


def _note(scenario, whole: int, kept: int, quotas: dict[str, int], named: list[str], lang: str) -> str:
    """What was kept, in `lang`: English names each squadron by its key, as it always has; another
    language by its label, translated (a key is no word of it). Ships' names stay as they are."""
    from printgen.i18n import N_, translated

    def n(value: int) -> str:
        if lang == "en":
            return str(value)
        from printgen.i18n.numbers import number

        return number(str(value), lang)

    names = {k: k if lang == "en" else translated(lang, scenario.squadrons[k].label) for k in quotas}
    counts = ", ".join(f"{names[k]} {n(q)}" for k, q in quotas.items())
    if kept == whole:
        return translated(lang, N_("Fleet kept whole: %(ships)s ships (%(counts)s).")) % {"ships": n(whole),
                                                                                          "counts": counts}
    note = translated(lang, N_("Fleet reduced to %(kept)s of %(whole)s ships (%(counts)s)")) % {
        "kept": n(kept), "whole": n(whole), "counts": counts}
    return note + (translated(lang, N_("; kept: %(names)s.")) % {"names": ", ".join(named)} if named else ".")


def keep(scenario, ships: list[Ship], counts: dict[str, int]) -> list[Ship]:
    """Of `ships` (an engagement's), `counts[side]` ships of each side, each side's shared among its
    squadrons as reduce_fleet shares the fleet's (flagships, leaders and named ships first), in the
    fleet's order."""
    priority = _priority(scenario)
    kept: set[Ship] = set()
    for side, total in counts.items():
        own = [s for s in ships if s.side == side]
        squadrons = list(dict.fromkeys(s.squadron for s in own))
        members = {name: [s for s in own if s.squadron == name] for name in squadrons}
        quotas = _quotas({name: len(members[name]) for name in squadrons}, min(total, len(own)))
        for name in squadrons:
            kept.update(_choose(members[name], quotas[name], priority))
    return [s for s in scenario.fleet.ships if s in kept]


def fewer_ships(scenario, squadrons: set[str], fit: int) -> str:
    """Advice that works when at most `fit` ships of `squadrons` fit the table: the largest --fraction
    (two significant digits) whose shares leave no more, computed as reduce_fleet will share them,
    from the whole fleet as scenario.toml counts it (the fleet may already be reduced)."""
    sizes = {name: sq.ships for name, sq in scenario.squadrons.items()}
    n = sum(sizes.values())
    for fraction in _fractions():
        total = _total(n, len(sizes), fraction, None)
        if sum(q for name, q in _quotas(sizes, total).items() if name in squadrons) <= fit:
            return f"use --fraction {fraction:g} (or --ships {total})"
    return f"use fewer ships in squadron{'s' if len(squadrons) > 1 else ''} {', '.join(sorted(squadrons))}"


def _fractions():
    """1, 0.99 ... 0.1, 0.099 ... 0.01, 0.0099 ... 0.001: a bounded, descending list."""
    yield 1.0
    for digits in (2, 3, 4):
        for k in range(99, 9, -1):
            yield round(k / 10 ** digits, digits)


def _total(n: int, n_squadrons: int, fraction: float | None, ships: int | None) -> int:
    from printgen.i18n import _  # in the command's language

    if fraction is not None and ships is not None:
        raise PrintgenError(Problem(_("--fraction and --ships both set the fleet size"), field="--ships",
                                    fix=_("give one of them")))
    if fraction is not None:
        if not (0 < fraction <= 1) or math.isnan(fraction):
            raise PrintgenError(Problem(_("fraction %(fraction)s is not a share of the fleet")
                                        % {"fraction": f"{fraction:g}"}, field="--fraction",
                                        fix=_("use a number above 0 and at most 1, e.g. 0.5 for half the ships")))
        return max(n_squadrons, math.floor(fraction * n + 0.5))
    if ships is None:
        return n
    if ships < n_squadrons or ships > n:
        said = {"ships": ships, "squadrons": n_squadrons, "n": n}
        raise PrintgenError(Problem(_("%(ships)s ships cannot be shared among the fleet's %(squadrons)s squadrons "
                                      "of %(n)s ships") % said, field="--ships",
                                    fix=_("use a number from %(squadrons)s (one ship a squadron) to %(n)s") % said))
    return ships


def _quotas(sizes: dict[str, int], total: int) -> dict[str, int]:
    """Largest remainder: floors first, then one more ship to the largest remainders (ties: the
    larger squadron, then the order of scenario.toml); every squadron keeps at least one."""
    n = sum(sizes.values())
    exact = {k: total * v / n for k, v in sizes.items()}
    quotas = {k: math.floor(e + 1e-9) for k, e in exact.items()}
    order = list(sizes)
    rest = sorted(order, key=lambda k: (-(exact[k] - quotas[k]), -sizes[k], order.index(k)))
    for k in rest[:total - sum(quotas.values())]:
        quotas[k] += 1
    for k in order:
        if quotas[k] == 0:
            donor = max(order, key=lambda d: (quotas[d], -order.index(d)))
            quotas[donor] -= 1
            quotas[k] = 1
    return quotas


def _priority(scenario) -> dict[Ship, int]:
    """Ships to keep first, in order: flagships, the deployment's leaders and loners, named ships."""
    from printgen.game.deploy_settings import deployment_names

    names = deployment_names(scenario) + list(scenario.file.fleet.named)
    order: list[Ship] = [s for s in scenario.fleet.ships if s.flagship]
    folded: dict[str, list[Ship]] = {}
    for s in scenario.fleet.ships:
        for n in (s.name, *s.aliases):
            folded.setdefault(fold(n), []).append(s)
    for name in names:
        for s in folded.get(fold(name), []):
            if s not in order:
                order.append(s)
    return {s: i for i, s in enumerate(order)}


def _choose(ships: list[Ship], quota: int, priority: dict[Ship, int]) -> list[Ship]:
    """The kept ships of one squadron: priority ships first, then evenly spaced along the CSV order."""
    first = sorted((s for s in ships if s in priority), key=lambda s: priority[s])[:quota]
    rest = [s for s in ships if s not in first]
    need = quota - len(first)
    picked = [rest[math.floor((i + 0.5) * len(rest) / need)] for i in range(need)] if need else []
    return first + picked
