"""Choosing the lesson's game by playing it: candidate games (an engagement, ships a side, a break-off
rule) each played by the simulator on several deployments, kept only when the class would get a game
that fits (AIMS), the nearest otherwise, with what it misses named.

The search, bounded and the same on every machine: the engagements in the scenario's order, the whole
battle first; for each, the most ships whose turns fit the lesson (at least MIN_TURNS, TURNS_WANTED
if it can); then the break-off shares in BREAKS order, each with up to BALANCE_STEPS moves of a ship
from the side that wins too often to the other; the first candidate that meets every aim wins,
else the one that misses them least."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from printgen import limits
from printgen.data.scenario import Scenario
from printgen.data.simulation import lesson_policies
from printgen.i18n import N_
from printgen.lesson.engagement import WHOLE, Choice, apply, pool, timed, title
from printgen.lesson.reasons import count, pct, say
from printgen.options import Options

# What a game that fits the lesson does (printgen's choice, printed with the plays page's figures)
MAX_DRAWS = 0.20                 # at most this share of games end without a winner
MIN_WIN = 0.25                   # each side wins at least this share ("fair")
MAX_BY_LIMIT = 0.5               # the median game ends by decision (a side breaks off or loses its last
#                                  ship), not at the turn limit
MIN_TURNS, TURNS_WANTED = 3, 4
COMMAND = 4                      # ships a pupil commands at most in a game printgen chooses (two sides at least)
BREAKS = (1 / 3, 1 / 4, 1 / 2)   # shares of a side's ships struck at which it breaks off
BALANCE_STEPS = 4
DEPLOYMENTS = 3                  # a candidate's trial: its games on each of several deployments, ...
GAMES, FEWEST, SHIP_TURNS = 40, 24, 9_000   # ... at most GAMES each, fewer for a large fleet (SHIP_TURNS
#                                  of play a deployment: about 0.2 s of one core for Trafalgar), never under FEWEST
FAR = 0.15                       # a candidate this far from the aims on its first deployment is not played on more
CONFIRM = 3                      # a candidate that meets the aims is played this many times as often on the kit's map
STEP = 7919                      # the trial deployments' seeds: the kit's, then this far apart
MOST_GAMES = CONFIRM * GAMES + (DEPLOYMENTS - 1) * GAMES   # a candidate's games at most (a stored one's bound)
MOST_TRIED = 1_000               # candidates a stored answer may list (the search tries a few dozen)


@dataclass(frozen=True)
class Trial:
    """A candidate as the simulator played it."""
    choice: Choice
    sides: tuple[str, ...]
    games: int
    wins: tuple[float, ...]               # share of games each side won
    draws: float
    by_limit: float                       # share of games that reached the turn limit
    median_turns: float
    spread: tuple[tuple[float, ...], ...]   # each deployment's win shares (a row a deployment)
    unmet: tuple[str, ...]                # the aims it misses, in words
    kit_map: tuple = ()                   # its games on the kit's own map, in order, as Result fields under
    #                                       its break-off rule: the kit's plays page starts from them
    kit_setup: str = ""                   # play.engine.same_games of that map's set-up: they are its games only then

    @property
    def miss(self) -> float:
        """How far it is from every aim (0: it meets them all)."""
        return (max(0.0, self.draws - MAX_DRAWS) + sum(max(0.0, MIN_WIN - w) for w in self.wins)
                + sum(max(0.0, MIN_WIN - self.spread[0][k]) for k, s in enumerate(self.sides) if f"map:{s}" in self.unmet)
                + max(0.0, self.by_limit - MAX_BY_LIMIT) + max(0, MIN_TURNS - self.choice.turns))


def _unmet(wins, draws, by_limit, turns, balance: str, favoured: str | None, sides, first=()) -> tuple[str, ...]:
    """The aims missed, as codes: "turns", "draws", "win:SIDE" (wins too rarely), "map:SIDE" (wins
    too rarely on the kit's own map, `first`: the class plays that one), "history" (the battle's
    winner does not win most games), "limit" (most games run to the turn limit)."""
    out = []
    if turns < MIN_TURNS:
        out.append("turns")
    if draws > MAX_DRAWS:
        out.append("draws")
    if balance == "fair":
        out += [f"win:{s}" for s, w in zip(sides, wins) if w < MIN_WIN]
        out += [f"map:{s}" for s, w in zip(sides, first) if w < MIN_WIN and f"win:{s}" not in out]
    elif favoured is not None and wins[sides.index(favoured)] < max(wins):
        out.append("history")
    if by_limit > MAX_BY_LIMIT:
        out.append("limit")
    return tuple(out)


def missed(t: Trial, names: dict[str, str], lang: str = "en") -> list[str]:
    """The aims a candidate misses, in words and figures (for the teacher at the terminal; in `lang`
    for the lesson's reason of its choice: `names` then the sides' names in it, "of the side" in
    French and Spanish: "victoires des Anglais", printgen.i18n.sides)."""
    least = pct(MIN_WIN, lang)
    said = {"turns": lambda: say(lang, N_("only %(turns)s turns fit the lesson (at least %(least)s wanted)"),
                                 turns=count(t.choice.turns, lang), least=count(MIN_TURNS, lang)),
            "draws": lambda: say(lang, N_("%(rate)s of games are draws (at most %(most)s wanted)"),
                                 rate=pct(t.draws, lang), most=pct(MAX_DRAWS, lang)),
            "history": lambda: say(lang, N_("the side that won the battle does not win most games")),
            "limit": lambda: say(lang, N_("%(rate)s of games run to the turn limit (the median game should end by "
                                          "decision)"), rate=pct(t.by_limit, lang))}
    out = []
    for code in t.unmet:
        if code.startswith("win:"):
            side = code[4:]
            out.append(say(lang, N_("the %(side)s win %(rate)s (at least %(least)s wanted)"), side=names[side],
                           rate=pct(t.wins[t.sides.index(side)], lang), least=least))
        elif code.startswith("map:"):
            side = code[4:]
            out.append(say(lang, N_("on this kit's map the %(side)s win %(rate)s (at least %(least)s wanted)"),
                           side=names[side], rate=pct(t.spread[0][t.sides.index(side)], lang), least=least))
        else:
            out.append(said[code]())
    return out


def games_for(ships: int, turns: int) -> int:
    """Games a deployment for a candidate of `ships` ships and `turns` turns (SHIP_TURNS)."""
    return max(FEWEST, min(GAMES, SHIP_TURNS // max(1, ships * turns)))


def play_candidate(scenario: Scenario, options: Options, choice: Choice, deployments: int = DEPLOYMENTS,
                   done: tuple | None = None, until: float | None = None
                   ) -> tuple[tuple[str, ...], tuple[int, ...], list[list], str]:
    """The candidate's games on each deployment (the kit's map first), each with its turn-by-turn
    tally: (sides, ships a side, games a deployment, the kit's map's play.engine.same_games), from which `judge` reads every way of ending
    them. A game goes on until a side has lost the share `until` of its ships (the largest break-off
    share that will be judged: every smaller one has ended the game by then, on the same dice), or
    to the turn limit (`until` None: no side ever breaks off). `done`: those played already."""
    from printgen.game.deploy import deploy
    from printgen.play.engine import same_games, setup
    from printgen.play.run import simulate

    played = apply(scenario, choice.but(breaks_at=until), "")
    sides = tuple(scenario.ruleset.sides)
    sizes = tuple(sum(1 for s in played.fleet.ships if s.side == side) for side in sides)
    rounds = list(done[2]) if done else []
    key = done[3] if done else ""
    games = games_for(len(played.fleet.ships), choice.turns)
    for k in range(len(rounds), deployments):
        seed = options.seed + k * STEP
        st = setup(played, deploy(played, options.but(seed=seed)), lesson_policies(scenario))
        key = same_games(st) if k == 0 else key
        rounds.append(simulate(st, games, seed, tallies=True))
    return sides, sizes, rounds, key


def ending(result, turns: list, victory, sides: tuple[str, ...], sizes: tuple[int, ...]):
    """How a game played with a larger break-off share (or none) ends under `victory`'s rule: the
    Result the engine would have given (printgen/play/engine.py: a side breaks off at the end of a
    turn, its tally then the game's end)."""
    from printgen.play.engine import Result

    for t, r in enumerate(turns, start=1):
        broken = [victory.broken(r.struck[k], sizes[k]) for k in range(len(sides))]
        if any(broken):
            return Result(t, False, victory.winner(sides, list(r.points), broken), r.struck, r.points)
    broken = [victory.broken(result.struck[k], sizes[k]) for k in range(len(sides))]
    return Result(result.turns, result.by_limit, victory.winner(sides, list(result.points), broken), result.struck,
                  result.points)


def judge(scenario: Scenario, choice: Choice, played, balance: str = "fair", favoured: str | None = None) -> Trial:
    """The candidate's figures under its break-off rule, from games played without one."""
    sides, sizes, rounds, key = played
    victory = scenario.victory.model_copy(update={"breaks_at": choice.breaks_at})
    ends = [[ending(r, turns, victory, sides, sizes) for r, turns in games] for games in rounds]
    every = [e for games in ends for e in games]
    n = len(every)
    wins = tuple(sum(e.winner == s for e in every) / n for s in sides)
    draws = sum(e.winner is None for e in every) / n
    by_limit = sum(e.by_limit for e in every) / n
    spread = tuple(tuple(sum(e.winner == s for e in games) / len(games) for s in sides) for games in ends)
    return Trial(choice, sides, n, wins, draws, by_limit, statistics.median(e.turns for e in every), spread,
                 _unmet(wins, draws, by_limit, choice.turns, balance, favoured, sides, spread[0]),
                 tuple((e.turns, e.by_limit, e.winner, e.struck, e.points) for e in ends[0]), key)


def sizes(scenario: Scenario, engagement: str, students: int, sized: bool = False) -> list[int]:
    """Fleet sizes to try for an engagement, largest first: those whose turns fit the lesson, from the
    engagement's ships (or COMMAND a pupil) down to the fewest the class can crew (three pupils a ship
    at most); `sized`: the teacher gave the fleet's size, all of the engagement's ships."""
    ships = pool(scenario, engagement)
    if sized:
        return [len(ships)]
    squadrons = len({(s.side, s.squadron) for s in ships})
    least = max(squadrons, math.ceil(students / 3), 2)
    most = max(least, min(len(ships), COMMAND * max(students, 2)))
    turns = {n: timed(scenario, split(scenario, engagement, n)).turn_limit for n in range(most, least - 1, -1)}
    fitting = [n for n in turns if turns[n] >= MIN_TURNS]
    wanted = [n for n in fitting if turns[n] >= TURNS_WANTED]
    return wanted or fitting


def both_sides(scenario: Scenario, engagement: str) -> bool:
    """Whether the engagement has ships of every side in this fleet."""
    return {s.side for s in pool(scenario, engagement)} == set(scenario.ruleset.sides)


def split(scenario: Scenario, engagement: str, n: int) -> dict[str, int]:
    """n ships shared between the sides in proportion to the engagement's, each side keeping at least
    one ship of each of its squadrons there."""
    ships = pool(scenario, engagement)
    sides = list(scenario.ruleset.sides)
    have = {s: sum(1 for x in ships if x.side == s) for s in sides}
    least = {s: len({x.squadron for x in ships if x.side == s}) for s in sides}
    out = {s: max(least[s], round(n * have[s] / len(ships))) for s in sides}
    while sum(out.values()) > n and any(out[s] > least[s] for s in sides):
        s = max((s for s in sides if out[s] > least[s]), key=lambda s: out[s] / have[s])
        out[s] -= 1
    while sum(out.values()) < n and any(out[s] < have[s] for s in sides):
        s = min((s for s in sides if out[s] < have[s]), key=lambda s: out[s] / have[s])
        out[s] += 1
    return out


def rebalance(scenario: Scenario, engagement: str, counts: dict[str, int], t: Trial) -> dict[str, int] | None:
    """One ship less for the side that wins most, one more for the other if the engagement has one
    (else one less only): the next candidate, or None when no move is left."""
    ships = pool(scenario, engagement)
    share = [t.wins[k] + t.spread[0][k] for k in range(len(t.sides))]     # on every map, and on the kit's
    strong = t.sides[max(range(len(t.sides)), key=lambda k: share[k])]
    weak = t.sides[min(range(len(t.sides)), key=lambda k: share[k])]
    least = len({x.squadron for x in ships if x.side == strong})
    out = dict(counts)
    if out[strong] > least:
        out[strong] -= 1
    if out[weak] < sum(1 for x in ships if x.side == weak):
        out[weak] += 1
    return out if out != counts else None


_CHOSEN: dict[tuple, tuple[Trial, list[Trial]]] = {}   # this process's searches: the same inputs, the same game
REMEMBERED = 16


def choose(scenario: Scenario, options: Options, students: int, balance: str = "fair",
           engagement: str | None = None, breaks: tuple[float | None, ...] | None = None,
           sized: bool = False) -> tuple[Trial, list[Trial]]:
    """The lesson's game: (the chosen candidate, every candidate tried, in order). The teacher's pins:
    `engagement`, `breaks` (the break-off shares to try; (None,): none), `sized` (the fleet's size).
    The search is a function of its inputs: a process that plans the same kit again (the kit's check,
    a web page's preview) is given the same answer without playing it again."""
    key = _request(scenario, options, students, balance, engagement, breaks, sized)
    if key not in _CHOSEN:
        if len(_CHOSEN) >= REMEMBERED:
            _CHOSEN.pop(next(iter(_CHOSEN)))
        _CHOSEN[key] = _stored(scenario, key, lambda: _search(scenario, options, students, balance, engagement,
                                                              breaks, sized),
                               lambda t, given=None: _replays(scenario, options, t, balance, engagement, breaks,
                                                              given))
    return _CHOSEN[key]


def known(scenario: Scenario, options: Options, students: int, balance: str = "fair",
          engagement: str | None = None, breaks: tuple[float | None, ...] | None = None,
          sized: bool = False) -> Trial | None:
    """The candidate `choose` will give without playing a game: its answer known to this process, or
    stored with printgen's seal (then the engine need not be compiled nor loaded: printgen/play/jit.py);
    else None."""
    from printgen.lesson import stored

    key = _request(scenario, options, students, balance, engagement, breaks, sized)
    if key in _CHOSEN:
        return _CHOSEN[key][0]
    disk = stored.key_of(repr(key), repr(scenario.fleet.ships))
    found = stored.load(disk)
    return _candidate(found) if found is not None and stored.sealed(disk, found) else None


SAMPLED = 2                      # games of each deployment a packaged answer's use plays again (lesson/packaged.py)


def packaged_chosen(scenario: Scenario, options: Options, students: int, balance: str = "fair",
                    engagement: str | None = None, breaks: tuple[float | None, ...] | None = None,
                    sized: bool = False) -> Trial | None:
    """The packaged answer's candidate for this request, which `choose` trusts once it has played a
    sample of its games again (`packaged_sample`), or None: no packaged answer (a teacher's own battle
    or options: the search)."""
    from printgen.lesson import packaged

    key = _request(scenario, options, students, balance, engagement, breaks, sized)
    return _candidate(packaged.load(packaged.key_of(repr(key), repr(scenario.fleet.ships))))


def packaged_sample(chosen: Trial) -> int:
    """The ship-turns `choose` plays to trust a packaged answer's candidate (a sample of its games)."""
    return SAMPLED * DEPLOYMENTS * chosen.choice.ships * chosen.choice.turns


def _request(scenario: Scenario, options: Options, students: int, balance: str, engagement: str | None,
             breaks: tuple[float | None, ...] | None, sized: bool) -> tuple:
    """What the search's answer depends on."""
    return (scenario.text, scenario.ruleset._file[1] if scenario.ruleset._file else "",
           tuple(s.key for s in scenario.fleet.ships), scenario.lesson.model_dump_json(),
           # what the games never depend on left out (the edition, the files, the paper, the words and their
           # language, a print shop's poster, a raster's pixels): a French kit takes the English kit's answer
           scenario.victory.model_dump_json(), options.but(edition="color", fmt="pdf", paper="letter", notes=(),
                                                           lang="en", poster=None, dpi=100.0),
           students, balance, engagement, breaks, sized)


def _stored(scenario: Scenario, key: tuple, search, replays) -> tuple[Trial, list[Trial]]:
    """The search's answer from printgen/lesson/stored.py, else searched and kept there: a kit built
    again (the other edition, the web page's preview then its build, the check) waits only once.
    A stored answer never vouches for itself: one that carries printgen's seal (stored.sealed: an HMAC
    under a secret only this user's printgen can read, set on an answer it searched or played again
    itself) is used as it is; any other has its chosen game played again (`replays`, a few tenths of a
    second of the search's seconds, with the compiled engine) and is used (and sealed) only if every
    figure the kit prints from it comes out the same; else the search is played again and its answer
    replaces the file."""
    from printgen.lesson import stored

    disk = stored.key_of(repr(key), repr(scenario.fleet.ships))
    found = stored.load(disk)
    if found is not None:
        try:
            chosen, tried = _answer(found)
        except BAD:
            pass                         # not an answer this printgen wrote: play it again
        else:
            if stored.sealed(disk, found):      # played (or played again) by this user's printgen
                return chosen, tried
            if replays(chosen):
                _keep(disk, chosen, tried)      # sealed now: the next run need not play it again
                return chosen, tried
    from printgen.lesson import packaged

    shipped = packaged.load(packaged.key_of(repr(key), repr(scenario.fleet.ships)))
    if shipped is not None:              # a built-in battle's default lesson, shipped with printgen
        try:
            chosen, tried = _answer(shipped)
            games = _rounds(shipped["rounds"])
        except BAD:
            pass                         # damaged: searched as if there were none
        else:
            if replays(chosen, games):
                _keep(disk, chosen, tried)
                return chosen, tried
    chosen, tried = search()
    _keep(disk, chosen, tried)
    return chosen, tried


def _keep(disk: str, chosen: Trial, tried: list[Trial]) -> None:
    from printgen.lesson import stored

    answer = {"chosen": _plain(chosen), "tried": [_plain(t) for t in tried]}
    if (mark := stored.seal(disk, answer)) is not None:
        answer["seal"] = mark
    stored.save(disk, answer)


def _replays(scenario: Scenario, options: Options, t: Trial, balance: str, engagement: str | None,
             breaks: tuple[float | None, ...] | None, given: list[list] | None = None) -> bool:
    """`given`: a packaged answer's games (lesson/packaged.py), each deployment's in order with its
    tally: then only SAMPLED games of each are played again and must be their rows to the last tally,
    and the figures are judged from the rows.

    Whether a stored choice is one the search could have made and its games, played again, give
    every figure it holds: each deployment's games (their number read from the answer: the kit's map
    holds its games in `kit_map`, the others share the rest evenly), under its own break-off rule
    (a game played on to a larger share, as the search plays them, ends the same under this one: see
    `ending`), judged as the search judges them. What it cannot tell cheaply: that the candidates
    tried before it missed the aims (each would be played again: the search's whole cost)."""
    from printgen.errors import PrintgenError
    from printgen.game.deploy import deploy
    from printgen.play.engine import same_games, setup
    from printgen.play.run import simulate

    c = t.choice
    deployments, first = len(t.spread), len(t.kit_map)
    rest, others = t.games - first, max(1, deployments - 1)
    if (not 1 <= deployments <= DEPLOYMENTS or not 1 <= first <= CONFIRM * GAMES or rest < 0 or rest % others
            or rest // others > GAMES
            or (deployments == 1 and rest) or c.breaks_at not in (breaks or BREAKS)
            or (engagement is not None and c.engagement != engagement)
            or c.engagement not in (WHOLE, *scenario.file.engagements)):
        return False
    sides = tuple(scenario.ruleset.sides)
    have = {s: sum(1 for x in pool(scenario, c.engagement) if x.side == s) for s in sides}
    if t.sides != sides or tuple(s for s, _ in c.counts) != sides or any(not 0 < n <= have[s] for s, n in c.counts):
        return False
    from printgen.play import wanted

    wanted.expect(t.games * c.ships * c.turns if given is None else SAMPLED * deployments * c.ships * c.turns,
                  scenario.ruleset.ruleset.system)
    try:
        if c.lesson != timed(scenario, dict(c.counts)):
            return False
        played = apply(scenario, c, "")
        if tuple(c.counts) != tuple((s, sum(1 for x in played.fleet.ships if x.side == s)) for s in sides):
            return False
        rounds, key = [], ""
        for k in range(deployments):
            seed = options.seed + k * STEP
            st = setup(played, deploy(played, options.but(seed=seed)), lesson_policies(scenario))
            key = same_games(st) if k == 0 else key
            n = first if k == 0 else rest // others
            if given is None:
                rounds.append(simulate(st, n, seed, tallies=True))
                continue
            if len(given) != deployments or len(given[k]) != n:
                return False
            for i in _sample(seed, n):
                if simulate(st, 1, seed, tallies=True, start=i)[0] != given[k][i]:
                    return False
            rounds.append(given[k])
    except PrintgenError:                # a choice these data cannot make (ships it does not have)
        return False
    sizes = tuple(n for _, n in c.counts)
    return judge(scenario, c, (sides, sizes, rounds, key), balance, _historical_winner(scenario)) == t


def _plain(t: Trial) -> dict:
    c = t.choice
    return {"choice": {"engagement": c.engagement, "counts": c.counts, "breaks_at": c.breaks_at,
                       "lesson": c.lesson.model_dump(mode="json")},
            "sides": t.sides, "games": t.games, "wins": t.wins, "draws": t.draws, "by_limit": t.by_limit,
            "median_turns": t.median_turns, "spread": t.spread, "unmet": t.unmet,
            "kit_map": [list(r) for r in t.kit_map], "kit_setup": t.kit_setup}


# what reading an answer printgen could not have written raises (a stored one is a file anyone could edit)
BAD = (KeyError, TypeError, ValueError, ArithmeticError, AttributeError, IndexError, RecursionError)


def _answer(found: dict) -> tuple[Trial, list[Trial]]:
    """(the chosen candidate, those tried) of a stored or packaged answer (one of BAD if it is not one
    printgen could have written)."""
    if not isinstance(found.get("tried"), list) or len(found["tried"]) > MOST_TRIED:
        raise ValueError("not a list of candidates printgen could have tried")
    return _trial(found["chosen"]), [_trial(t) for t in found["tried"]]


def _candidate(found: dict | None) -> Trial | None:
    """A stored or packaged answer's chosen candidate; None for none, or for one `choose` would not take
    (it searches instead)."""
    try:
        return None if found is None else _answer(found)[0]
    except BAD:
        return None


def _trial(d: dict) -> Trial:
    """A candidate as the store holds it, every list and count within what the search plays (a file
    anyone could edit: ValueError, TypeError or KeyError for anything else, before a game is played)."""
    from printgen.data.lesson import Lesson

    if not (isinstance(d, dict) and isinstance(d["choice"], dict) and isinstance(d["games"], int)
            and 1 <= d["games"] <= MOST_GAMES and all(isinstance(d[k], list) and len(d[k]) <= n for k, n in (
                ("sides", limits.COUNT), ("wins", limits.COUNT), ("spread", DEPLOYMENTS), ("unmet", limits.COUNT),
                ("kit_map", CONFIRM * GAMES))) and isinstance(d["choice"]["counts"], list)
            and len(d["choice"]["counts"]) <= limits.COUNT):
        raise ValueError("not a candidate printgen could have played")
    c = d["choice"]
    choice = Choice(str(c["engagement"]), tuple((str(side), int(n)) for side, n in c["counts"]),
                    None if c["breaks_at"] is None else float(c["breaks_at"]), Lesson.model_validate(c["lesson"]))
    return Trial(choice, tuple(map(str, d["sides"])), int(d["games"]), tuple(map(float, d["wins"])), float(d["draws"]),
                 float(d["by_limit"]), float(d["median_turns"]), tuple(tuple(map(float, r)) for r in d["spread"]),
                 tuple(map(str, d["unmet"])),
                 tuple((int(t), bool(limit), None if w is None else str(w), tuple(map(int, s)), tuple(map(int, p)))
                       for t, limit, w, s, p in d["kit_map"]), str(d["kit_setup"]))


def _sample(seed: int, games: int) -> list[int]:
    """The games of a deployment a packaged answer's use plays again: the same every time."""
    import random

    return sorted(random.Random(f"{seed}:packaged").sample(range(games), min(SAMPLED, games)))


def _rounds(d: list) -> list[list]:
    """A packaged answer's games as `simulate(..., tallies=True)` gives them, every count within what
    the search plays (ValueError, TypeError or KeyError for anything else, before a game is played)."""
    from printgen.play.engine import Result

    def result(r: list) -> Result:
        t, limit, w, struck, points = r
        if not (isinstance(struck, list) and isinstance(points, list) and len(struck) <= limits.COUNT
                and len(points) <= limits.COUNT):
            raise ValueError("not a game printgen could have played")
        return Result(int(t), bool(limit), None if w is None else str(w), tuple(map(int, struck)),
                      tuple(map(int, points)))

    if not isinstance(d, list) or not 1 <= len(d) <= DEPLOYMENTS:
        raise ValueError("not the deployments printgen plays")
    out = []
    for games in d:
        if not isinstance(games, list) or len(games) > CONFIRM * GAMES:
            raise ValueError("not the games printgen plays")
        if any(not isinstance(turns, list) or len(turns) > limits.TURNS for _, turns in games):
            raise ValueError("a game's turns beyond the limit")
        out.append([(result(r), [result(x) for x in turns]) for r, turns in games])
    return out


def packaged_answer(scenario: Scenario, options: Options, students: int, balance: str = "fair",
                    engagement: str | None = None, breaks: tuple[float | None, ...] | None = None,
                    sized: bool = False) -> tuple[str, dict]:
    """tools/lesson_answers.py: (the packaged answer's key, the answer) for this request: the search's
    answer as the user's store keeps it, with every game of its chosen candidate, played again as
    `_replays` plays them."""
    from printgen.game.deploy import deploy
    from printgen.lesson import packaged
    from printgen.play.engine import setup
    from printgen.play.run import simulate

    chosen, tried = _search(scenario, options, students, balance, engagement, breaks, sized)   # never a packaged one
    c = chosen.choice
    deployments, first = len(chosen.spread), len(chosen.kit_map)
    rest = (chosen.games - first) // max(1, deployments - 1)
    played = apply(scenario, c, "")
    rounds = []
    for k in range(deployments):
        seed = options.seed + k * STEP
        st = setup(played, deploy(played, options.but(seed=seed)), lesson_policies(scenario))
        games = simulate(st, first if k == 0 else rest, seed, tallies=True)
        rounds.append([[[r.turns, r.by_limit, r.winner, list(r.struck), list(r.points)],
                        [[x.turns, x.by_limit, x.winner, list(x.struck), list(x.points)] for x in turns]]
                       for r, turns in games])
    answer = {"chosen": _plain(chosen), "tried": [_plain(t) for t in tried], "rounds": rounds}
    key = _request(scenario, options, students, balance, engagement, breaks, sized)
    if not _replays(scenario, options, chosen, balance, engagement, breaks, _rounds(json_round(rounds))):
        raise AssertionError("the packaged games do not give the search's answer")
    return packaged.key_of(repr(key), repr(scenario.fleet.ships)), json_round(answer)


def json_round(x):
    """As JSON gives it back (tuples as lists)."""
    import json

    return json.loads(json.dumps(x))


def _search(scenario: Scenario, options: Options, students: int, balance: str, engagement: str | None,
            breaks: tuple[float | None, ...] | None, sized: bool) -> tuple[Trial, list[Trial]]:
    from printgen.play import wanted

    wanted.expect(wanted.COMPILE, scenario.ruleset.ruleset.system)   # hundreds of games: the compiled engine
    favoured = _historical_winner(scenario)
    if engagement or sized:              # the teacher's engagement, or the teacher's fleet as it is
        order = [engagement or WHOLE]
    else:
        order = [e for e in (WHOLE, *scenario.file.engagements) if both_sides(scenario, e)]
    tried: list[Trial] = []
    cache: dict = {}                     # games of each engagement and fleet, played once for every break-off rule
    shares = breaks or BREAKS
    until = None if None in shares else max(shares)   # no game need go on once the largest share has ended it
    for e in order:
        for n in sizes(scenario, e, students, sized)[:1]:
            for share in breaks or BREAKS:
                counts = split(scenario, e, n)
                for _ in range(BALANCE_STEPS + 1):
                    choice = Choice(e, tuple(counts.items()), share, timed(scenario, counts))
                    t = judge(scenario, choice, _played(scenario, options, choice, cache, 1, until), balance, favoured)
                    if t.miss <= FAR:                       # near enough: played on every deployment
                        t = judge(scenario, choice, _played(scenario, options, choice, cache, DEPLOYMENTS, until),
                                  balance, favoured)
                    if not t.unmet and not _clear(t):       # the class plays the kit's map: more games there
                        t = judge(scenario, choice, _confirmed(scenario, options, choice, cache, until), balance,
                                  favoured)
                    tried.append(t)
                    if not t.unmet:
                        return t, tried
                    if (balance != "fair" or sized or not any(c[:4] in ("win:", "map:") for c in t.unmet)
                            or not (counts := rebalance(scenario, e, counts, t))):
                        break
    if not tried:                        # no size fits (a lesson too short): the smallest game, measured
        e = order[0]
        counts = split(scenario, e, max(2, math.ceil(students / 3)))
        choice = Choice(e, tuple(counts.items()), (breaks or BREAKS)[0], timed(scenario, counts))
        tried.append(judge(scenario, choice, _played(scenario, options, choice, cache, DEPLOYMENTS, until), balance,
                           favoured))
    return min(tried, key=lambda t: t.miss), tried


def as_written(scenario: Scenario, options: Options, balance: str = "fair") -> Trial:
    """The scenario's own game (every ship, its lesson and break-off as the file gives them), played
    as a candidate is, for the figures the lesson plan prints."""
    counts = tuple((side, sum(1 for s in scenario.fleet.ships if s.side == side)) for side in scenario.ruleset.sides)
    choice = Choice(WHOLE, counts, scenario.victory.breaks_at, scenario.lesson)
    return judge(scenario, choice, play_candidate(scenario, options, choice, until=choice.breaks_at), balance,
                 _historical_winner(scenario))


def _clear(t: Trial) -> bool:
    """Whether every side's wins on the kit's map clear MIN_WIN by their 95% interval (Wilson) already:
    then more games there would not change the verdict, and are not played."""
    from printgen.play.stats import wilson

    n = round(t.games / len(t.spread))
    return all(wilson(round(w * n), n)[0] >= MIN_WIN for w in t.spread[0])


def _confirmed(scenario: Scenario, options: Options, choice: Choice, cache: dict, until: float | None):
    """The candidate's games with CONFIRM times as many on the kit's own map (the first deployment):
    its aims must hold on the map the class plays, and 30-odd games tell a 16% side from a 27% one
    only by luck (seen: --minutes 45 chose a game the British won 27% of 30 times on its map, 16% of 400)."""
    from printgen.game.deploy import deploy
    from printgen.play.engine import setup
    from printgen.play.run import simulate

    sides, sizes, rounds, key = _played(scenario, options, choice, cache, DEPLOYMENTS, until)
    played = apply(scenario, choice.but(breaks_at=until), "")
    st = setup(played, deploy(played, options), lesson_policies(scenario))
    n = len(rounds[0])
    more = simulate(st, (CONFIRM - 1) * n, options.seed, tallies=True, start=n)    # the games after those played
    return sides, sizes, [rounds[0] + more, *rounds[1:]], key


def _played(scenario: Scenario, options: Options, choice: Choice, cache: dict, deployments: int = DEPLOYMENTS,
            until: float | None = None):
    """The candidate's games on its first `deployments` deployments, each played once for every break-off rule."""
    key = (choice.engagement, choice.counts, choice.lesson.turn_limit)
    if key not in cache or len(cache[key][2]) < deployments:
        cache[key] = play_candidate(scenario, options, choice, deployments, cache.get(key), until)
    return cache[key]


def why(scenario: Scenario, t: Trial, lang: str = "en") -> str:
    """What the lesson plan says of the choice (in `lang`: the kit's, for its teacher's sheet)."""
    from printgen.i18n import translated

    c = t.choice
    from printgen.i18n.sides import side_said

    names = {k: side_said(side.name, lang, "of") for k, side in scenario.ruleset.sides.items()}
    bare = {k: side_said(side.name, lang, "plain") for k, side in scenario.ruleset.sides.items()}   # "británicos"
    ships = translated(lang, N_(" against ")).join(f"{count(n, lang)} {bare[s]}" for s, n in c.counts)
    said = say(lang, N_("%(game)s: %(ships)s ships fit %(turns)s turns of the lesson; played %(games)s times on "
                        "%(deployments)s deployments, %(wins)s, draws %(draws)s"),
               game=translated(lang, title(scenario, c.engagement)), ships=ships, turns=count(c.turns, lang),
               games=count(t.games, lang), deployments=count(len(t.spread), lang),
               wins=", ".join(say(lang, N_("%(side)s win %(rate)s"), side=names[s], rate=pct(w, lang))
                              for s, w in zip(t.sides, t.wins)),
               draws=pct(t.draws, lang))
    if not t.unmet:
        return said
    return say(lang, N_("%(said)s; it misses: %(missed)s"), said=said, missed="; ".join(missed(t, names, lang)))


def _historical_winner(scenario: Scenario) -> str | None:
    """The side the fleet's fates say won: the one that lost fewer ships (None: no fates to go by)."""
    lost = {s: 0 for s in scenario.ruleset.sides}
    for ship in scenario.fleet.ships:
        if scenario.history.outcome(ship.fate) != "survived":
            lost[ship.side] += 1
    if not any(lost.values()):
        return None
    return min(lost, key=lambda s: lost[s])
