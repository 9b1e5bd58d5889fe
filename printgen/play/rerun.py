"""A simulation named by everything that decides its figures, so a printed figure can say where it
came from and a checker can play the same games again and compare."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.play.stats import Summary


@dataclass(frozen=True)
class SimRun:
    scenario: str                      # a scenario name or folder, as given
    seed: int
    games: int
    fraction: float | None = None
    ships: int | None = None
    scale: float | None = None
    table: str | None = None
    preset: str | None = None
    policies: tuple[tuple[str, str], ...] = field(default=())     # --policy overrides, sorted
    turns: int | None = None
    lesson: tuple[tuple[str, str], ...] = ()   # the kit's lesson options (--students 24, --periods 1, ...): the
    #                                            lesson's game (printgen/lesson/), planned as the kit plans it

    def command(self) -> str:
        """The command line that plays the same games."""
        opts = [("--games", self.games), ("--seed", self.seed), ("--fraction", self.fraction), ("--ships", self.ships),
                ("--scale", self.scale), ("--table", self.table), ("--preset", self.preset), ("--turns", self.turns)]
        words = [f"{k} {v}" for k, v in opts if v is not None]
        words += [f"--policy {side}={name}" for side, name in self.policies]
        words += [f"{k} {v}" for k, v in self.lesson]
        return " ".join(["printgen simulate", self.scenario, *words])

    def key(self) -> tuple:
        """JSON-able and flat (a trace source is hashed): the head of every traced simulated figure's source."""
        return ("simulation", self.scenario, self.seed, self.games, self.fraction, self.ships, self.scale,
                self.table, self.preset, " ".join(f"{side}={name}" for side, name in self.policies), self.turns,
                " ".join(f"{k} {v}" for k, v in self.lesson))

    @classmethod
    def from_key(cls, key) -> SimRun:
        _, scenario, seed, games, fraction, ships, scale, table, preset, policies, turns, lesson = key[:12]
        if not isinstance(policies, str) or not isinstance(lesson, str):
            raise ValueError("policies are SIDE=NAME words, the lesson's options OPTION VALUE words")
        words = lesson.split()
        if len(words) % 2 or any(not k.startswith("--") for k in words[::2]):
            raise ValueError("the lesson's options are OPTION VALUE words")
        return cls(scenario, seed, games, fraction, ships, scale, table, preset,
                   tuple(tuple(p.split("=", 1)) for p in policies.split()), turns, tuple(zip(words[::2], words[1::2])))


def prepare_run(run: SimRun):
    """(scenario, options, setup) of the run, every input checked before a game is played."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.play.engine import family_phases, setup

    s, opts = prepare(run.scenario, scale=run.scale, table=run.table, fraction=run.fraction, ships=run.ships,
                      preset=run.preset, seed=run.seed)
    family_phases(s.ruleset, opts.scale)                   # a family without an engine stops here (exit 2)
    return s, opts, setup(s, deploy(s, opts), dict(run.policies), run.turns)


def play_run(run: SimRun, st=None, workers: int | None = None, progress=None) -> Summary:
    """The run's games and their figures: the same run, the same figures."""
    from printgen.play import wanted
    from printgen.play.run import simulate
    from printgen.play.stats import summarise

    wanted.expect(run.games * 300)          # ships x turns unknown before the set-up: a large fleet's (50 x 6)
    st = st if st is not None else prepare_run(run)[2]
    return summarise(st.sides, simulate(st, run.games, run.seed, workers, progress=progress))


def printed(run: SimRun, summary: Summary, stat: str, arg) -> str:
    """A simulated figure as the page prints it, by the name its traced source gives it (the page and
    `printgen check` both call this: the check with a summary of the kit's records, or of games played again),
    written in the language of the document being drawn or checked ("59,8 %" in French; the command as it is)."""
    from printgen.i18n import LANG

    text = _printed(run, summary, stat, arg)
    lang = LANG.get()
    if lang == "en" or stat in ("command", "seed"):           # a command and a deployment's number as they are
        return text
    from printgen.i18n import numbers

    return numbers.percent(text, lang) if text.endswith("%") else numbers.number(text, lang)


def _printed(run: SimRun, summary: Summary, stat: str, arg) -> str:
    """printed() in English."""
    from statistics import NormalDist

    from printgen.play.stats import Z95

    if stat in ("games", "seed", "turns"):
        return str(getattr(run, stat))
    if stat == "command":
        return run.command()
    if stat == "confidence":                       # the interval's level, from its quantile
        return f"{100 * (2 * NormalDist().cdf(Z95) - 1):.0f}"
    base, _, end = stat.partition(".")
    if base in ("win", "draw", "loss"):
        rate = summary.draw() if base == "draw" else getattr(summary, base)(arg)
        return f"{100 * rate[('', 'lo', 'hi').index(end)]:.1f}" + ("" if end else "%")
    value = figure(summary, stat, arg)
    if stat == "length":
        return str(int(value))
    if stat == "by-limit":
        return f"{100 * value:.1f}%"
    return f"{value:.1f}"


def figure(summary: Summary, stat: str, arg) -> float:
    """One printed figure of a summary, by the name its source gives it."""
    k = summary.sides.index(arg) if arg in summary.sides else None
    if stat == "win":
        return summary.win(arg)[0]
    if stat == "draw":
        return summary.draw()[0]
    if stat == "loss":
        return summary.loss(arg)[0]
    if stat == "struck":
        return summary.struck[k]
    if stat == "points":
        return summary.points[k]
    if stat == "length":                          # games that lasted `arg` turns, or "lo-hi" turns
        lo, _, hi = str(arg).partition("-")
        return sum(n for t, n in summary.lengths if int(lo) <= t <= int(hi or lo))
    if stat == "by-limit":
        return summary.by_limit / summary.games
    if stat == "mean-turns":
        return summary.mean_turns
    raise KeyError(stat)
