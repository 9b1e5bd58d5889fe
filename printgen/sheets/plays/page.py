"""The teacher's page "How this scenario plays": who wins in simulated games, how long a game lasts,
the turn limit that fits the lesson and, where the fleet file tells it, what really happened.

Every simulated figure is a traced span whose source is the simulation's key (scenario, seed,
games, options) plus the figure's name, so a checker can play the same games and compare
(printgen/play/rerun.py). Lesson and victory numbers trace to the scenario file and carry their
mark: a classroom addition, or printgen's choice where the scenario has none."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Line, Rect, Span, Text
from printgen.i18n import N_, _, ngettext
from printgen.i18n.sides import said_here
from printgen.lesson.figures import whole_percent
from printgen.options import Options
from printgen.play.rerun import SimRun, printed
from printgen.play.stats import Summary
from printgen.registry import system_of
from printgen.rules.provenance import Provenance
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.sheets.page.words import said, titled
from printgen.sheets.text.wrap import wrap_spans

TITLE = N_("How this scenario plays")


MODELLED = N_("modelled")             # the mark of a simulated figure (explained under the title)
# The computer captains' habits (printgen.play.policies), as the page names them.
POLICIES = (N_("close-and-fire"), N_("break-the-line"), N_("keep-range"), N_("archers-first"), N_("hold-the-line"))


def _fig(run: SimRun, summary: Summary, stat: str, arg=None, font: str = "bold") -> Span:
    """A simulated figure, traced to the simulation (run.key()) and the figure's name."""
    return Span(printed(run, summary, stat, arg), font, (*run.key(), stat, arg), "text")


def _plan(value, fn: str, *args) -> Span:
    """A lesson or history number, traced to the plan derivation the lesson pages use (game.classroom)."""
    return Span(str(value), "bold", (fn, *args), "count")


BIN_TURNS = (1, 2, 5, 10, 20, 25, 50, 100)      # turns a bar of the game-length chart may hold


def _bins(n: int, width: float) -> tuple[int, float, list[tuple[Span, ...]]]:
    """Turns a bar, the bars' width and each bar's label, for turns 1 to n across `width` points:
    one turn a bar while each label fits under its bar with a gap, else ranges ("21–25") of the
    fewest turns whose labels fit (a long lesson's limit runs to hundreds of turns)."""
    from printgen.draw.fonts import width as text_width

    def tick(t: int) -> Span:
        return Span(str(t), "", ("meta", "tick", t), "count")

    for step in BIN_TURNS:
        bars = -(-n // step)
        bar_w = min(36.0 if step == 1 else 60.0, width / bars)
        ticks = [(tick(lo),) if min(lo + step - 1, n) == lo else (tick(lo), Span("–"), tick(min(lo + step - 1, n)))
                 for lo in range(1, n + 1, step)]
        if max(text_width("".join(s.text for s in t), 8) for t in ticks) <= bar_w - 3:
            break
    return step, bar_w, ticks                    # at worst 100 turns a bar: 3 bars within the lesson limits


def _mark(scenario, key: str) -> list[Span]:
    words = Provenance(scenario.provenance_table).words(key)
    return [Span(" ("), Span(_(words), "italic", ("provenance", key), "text"), Span(")")] if words else []


def historical(scenario) -> dict[str, tuple[int, int]] | None:
    """(captured, struck) ships of each side in the battle itself, by the scenario's [history]
    reading of the fleet's `fate` column; None when no ship's fate counts."""
    out = {side: tuple(sum(1 for s in scenario.fleet.ships if s.side == side and scenario.history.outcome(s.fate) == o)
                       for o in ("captured", "struck")) for side in scenario.ruleset.sides}
    return out if any(a or b for a, b in out.values()) else None


def _history_score(scenario, side: str) -> int:
    return sum(scenario.history.points(scenario.victory, s) for s in scenario.fleet.ships if s.side != side)


def plays_page(scenario, options: Options, setup, summary: Summary, run: SimRun, maps: list | None = None) -> Drawing:
    """`maps`: spans saying how the game came out on the other deployments the lesson's search played."""
    pages = [new_page(options)]
    box = content_box(options)
    x, y, w = box.x, box.y + 14, box.w
    names = {k: _(s.name) for k, s in scenario.ruleset.sides.items()}
    running = {k: said_here(s.name, "plain") for k, s in scenario.ruleset.sides.items()}   # mid-sentence: "británicos"
    add = pages[0].add

    def room(need: float) -> None:
        """A new page when `need` points would run past the content box (into the footer's marks: the French
        page of a small Trafalgar kit ran its last paragraph under them)."""
        nonlocal y, add
        if y + need > box.y + box.h:
            pages.append(new_page(options))
            add, y = pages[-1].add, box.y + 14

    def line(spans, size=9.0, role="text", dy=None, indent=0.0, font="regular"):
        """A paragraph, wrapped to the page (traced spans stay whole)."""
        nonlocal y
        spans = [Span(s) if isinstance(s, str) else s for s in spans]
        for row in wrap_spans(spans, w - indent, size, font):
            room(size)
            add(Text(x + indent, y, tuple(row), size, role=role, font=font))
            y += dy if dy is not None else size * 1.35
        y += size * 0.15

    def heading(words: str, mark: tuple[Span, ...] | list[Span] = (), keep: float = 40.0):
        """A section's heading, on the page where `keep` more points of its section fit."""
        nonlocal y
        room(8 + 16 + keep)
        y += 8
        line([words, *mark], 12, font="bold", dy=16)

    def fig(stat: str, arg=None, font: str = "bold") -> Span:
        return _fig(run, summary, stat, arg, font)

    def modelled() -> list[Span]:
        return [Span(" ("), Span(_(MODELLED), "italic"), Span(")")]

    limit = setup.turn_limit
    line([_(TITLE)], 16, font="bold", dy=18)
    habits = {p.name for p in setup.policies.values()}
    if len(habits) == 1 and len(setup.policies) == 2:   # one habit for both: said once, not once a side
        policies = _("%(policy)s, for both sides") % {"policy": _(next(iter(habits)))}
    else:
        policies = ", ".join(_("%(side)s %(policy)s") % {"side": running[side], "policy": _(p.name)}
                             for side, p in setup.policies.items())
    line(said(_("%(games)s games played by the computer from the map of this kit (deployment number %(seed)s), each "
                "with its own dice, to a limit of %(turns)s turns. Policies: %(policies)s."),
              games=fig("games"), seed=fig("seed"), policies=policies,
              turns=Span(str(limit), "bold", ("turn_limit",), "count") if run.turns is None else fig("turns")))
    word = _(MODELLED)
    line([Span(word[:1].upper() + word[1:], "italic"), _(": a figure of these computer games, not of your class. "
          "The computer's captains follow one simple habit a side (the policies above); real students do better and "
          "worse. The technician's box on the teacher's sheet gives the command that plays these games again, or more "
          "of them.")],
         7.5, role="text.muted")

    heading(_("Who wins"), modelled(), keep=13 + 20 * len(scenario.ruleset.sides) + 30)
    col = [x, x + 110, x + 230, x + 350]
    for i, head in enumerate(("", _("wins"), _("draws"), _("losses"))):
        add(Text(col[i], y, (Span(head),), 9, font="bold"))
    y += 13
    for side in summary.sides:
        cells = [("win", side, summary.win(side)), ("draw", None, summary.draw()), ("loss", side, summary.loss(side))]
        add(Text(col[0], y, (Span(names[side]),), 9))
        for i, (stat, arg, _c) in enumerate(cells, start=1):
            add(Text(col[i], y, (fig(stat, arg), Span("  ("), fig(stat + ".lo", arg, "regular"), Span("–"),
                                 fig(stat + ".hi", arg, "regular"), *said(_("%%)"))), 9))
        y += 4
        left = x + 110
        for (stat, _a, (p, _lo, _hi)), role in zip(cells, ("bar", "bar.long", "bar.hi")):
            if p > 0:
                add(Rect(left, y, (w - 110) * p, 8, role, tag=f"bar.{stat}"))
            left += (w - 110) * p
        y += 20
    y += 1                                     # the key's swatches clear the last bar (it ends 12 pt up)
    left = x + 110
    for role, words in (("bar", _("wins")), ("bar.long", _("draws")), ("bar.hi", _("losses"))):
        add(Rect(left, y - 7, 7, 7, role), Text(left + 10, y, (Span(words),), 7.5, role="text.muted"))
        left += 60
    y += 12
    line(said(_("In brackets: the %(level)s%% interval (Wilson): with this many games the rate of these computer games "
                "lies there nineteen times in twenty; more games narrow it."), level=fig("confidence", font="regular")),
         7.5, role="text.muted")
    if maps:
        line(maps, 8.5)
    history = historical(scenario)
    if history is not None:
        scores = [_history_score(scenario, side) for side in summary.sides]
        best = max(scores)
        won = [said_here(scenario.ruleset.sides[side].name, "adjective_f")   # "une victoire anglaise"
               for side, v in zip(summary.sides, scores) if v == best]
        verdict = _("a win for the %(side)s side") % {"side": won[0]} if len(won) == 1 else _("a draw")
        scored = [x for k, side in enumerate(summary.sides) for x in
                  ((", " if k else "") + f"{running[side]} ", _plan(scores[k], "history_score", side))]
        line(said(_("Beside them, the real battle, scored by this lesson's victory points: %(scores)s, %(verdict)s"
                    "%(mark)s (below: what really happened)."), scores=[Span(s) if isinstance(s, str) else s
                                                                        for s in scored],
                  verdict=verdict, mark=_mark(scenario, "history")))

    heading(_("How long a game lasts (turns)"), modelled(), keep=90.0 + 12 + 24 + 14)
    counts = dict(summary.lengths)
    plot_h, n = 90.0, max(limit, max(counts))
    step, bar_w, ticks = _bins(n, w - 20)
    bins = [(lo, min(lo + step - 1, n)) for lo in range(1, n + 1, step)]
    per_bin = [sum(counts.get(t, 0) for t in range(lo, hi + 1)) for lo, hi in bins]
    top = max(per_bin)
    base = y + plot_h + 12
    for i, ((lo, hi), k) in enumerate(zip(bins, per_bin)):
        bx = x + 10 + i * bar_w
        h = plot_h * k / top
        if k:
            add(Rect(bx + 2, base - h, bar_w - 4, h, "bar.short", tag="bar.length"))
        add(Text(bx + bar_w / 2, base - h - 3, (fig("length", lo if lo == hi else f"{lo}-{hi}"),), 7, anchor="middle"))
        add(Text(bx + bar_w / 2, base + 10, ticks[i], 8, anchor="middle"))
    add(Line(x + 10, base, x + 10 + len(bins) * bar_w, base, "rule"))
    y = base + 24
    line(said(_("Games that ran to the turn limit: %(share)s; average length %(mean)s turns."),
              share=fig("by-limit"), mean=fig("mean-turns")))

    les = scenario.lesson
    heading(_("The turn limit that fits the lesson"))
    line(said(ngettext("%(periods)s period × %(minutes)s min, less set-up %(setup)s, briefing %(briefing)s and "
                       "debrief %(debrief)s min: %(play)s minutes of play.",
                       "%(periods)s periods × %(minutes)s min, less set-up %(setup)s, briefing %(briefing)s and "
                       "debrief %(debrief)s min: %(play)s minutes of play.", les.periods),
              periods=_plan(les.periods, "lesson_value", "periods"),
              minutes=_plan(les.period_minutes, "lesson_value", "period_minutes"),
              setup=_plan(les.setup_minutes, "lesson_value", "setup_minutes"),
              briefing=_plan(les.briefing_minutes, "lesson_value", "briefing_minutes"),
              debrief=_plan(les.debrief_minutes, "lesson_value", "debrief_minutes"),
              play=_plan(les.play_minutes, "lesson_value", "play_minutes")))
    played = (said(_("; this simulation played %(turns)s"), turns=fig("turns"))
              if run.turns not in (None, les.turn_limit) else ())
    from types import SimpleNamespace

    from printgen.game import classroom

    plan = SimpleNamespace(scenario=scenario)      # the lesson's derivations read only the plan's scenario
    taken = dict(minutes=_plan(les.minutes_per_turn, "lesson_value", "minutes_per_turn"),
                 turns=_plan(les.turn_limit, "turn_limit"), mark=_mark(scenario, "lesson"), played=list(played),
                 taken=_plan(classroom.turn_minutes(plan), "turn_minutes"))
    if classroom.left_over(plan):        # one figure, two steps: the lesson plan's debrief holds what is left
        left = classroom.left_over(plan)           # "the 1 minute left over" (the readers found "les 1 minutes")
        line(said(ngettext("At %(minutes)s minutes a turn: %(turns)s turns%(mark)s%(played)s, which take %(taken)s "
                           "minutes; the %(left)s minute left over goes to the debrief, which the lesson plan's "
                           "timeline gives %(debrief)s minutes.",
                           "At %(minutes)s minutes a turn: %(turns)s turns%(mark)s%(played)s, which take %(taken)s "
                           "minutes; the %(left)s minutes left over go to the debrief, which the lesson plan's "
                           "timeline gives %(debrief)s minutes.", left),
                  left=_plan(left, "left_over"), debrief=_plan(classroom.debrief_length(plan), "debrief_length"),
                  **taken))
    else:
        line(said(_("At %(minutes)s minutes a turn: %(turns)s turns%(mark)s%(played)s, which take %(taken)s "
                    "minutes."), **taken))

    v = scenario.victory
    lost = scenario.ruleset.ruleset.system == "sectors"    # its lesson plan and score sheets count a ship lost
    heading(_("Ships lost and victory points") if lost else _("Ships struck and victory points"), modelled())
    line(said(_("Victory points for each enemy ship lost (struck, fled or sunk): %(struck)s, a flagship "
                "%(flagship)s, a prize %(captured)s%(mark)s.") if lost else
              _("Victory points for each enemy ship: struck %(struck)s, a flagship %(flagship)s, a prize "
                "%(captured)s%(mark)s."),
              struck=_plan(v.struck, "victory_points", "struck", False),
              flagship=_plan(v.flagship_struck, "victory_points", "struck", True),
              captured=_plan(v.captured, "victory_points", "captured", False), mark=_mark(scenario, "victory")))
    for side in summary.sides:
        line(said(_("%(side)s: %(struck)s ships lost, %(points)s victory points (averages).") if lost else
                  _("%(side)s: %(struck)s ships struck, %(points)s victory points (averages)."), side=names[side],
                  struck=fig("struck", side), points=fig("points", side)), indent=8)

    history = historical(scenario)
    if history is not None:
        heading(_("What really happened"))
        for side in summary.sides:
            captured, struck = history[side]
            total = sum(1 for s in scenario.fleet.ships if s.side == side)
            counted = dict(side=names[side], captured=_plan(captured, "history_count", side, "captured"),
                           struck=_plan(struck, "history_count", side, "struck"),
                           total=_plan(total, "side_ships", side))
            if side in scenario.history.lost:       # the fates name few ships: the histories' count beside them
                lost = _plan(min(scenario.history.lost[side], total), "history_lost", side)
                line(said(_("%(side)s: %(captured)s captured, %(struck)s other ships lost (the list of ships); lost "
                            "by the histories: %(lost)s of %(total)s."), lost=lost, **counted), indent=8)
            else:
                line(said(_("%(side)s: %(captured)s captured and %(struck)s lost of the %(total)s ships of this "
                            "game."), **counted), indent=8)
        line([_("From each ship's fate in the list of ships that came with this game; ships that escaped "
                "and were taken later are not counted.")], 7.5, role="text.muted")
    for k, page in enumerate(pages):
        frame(page, options, scenario.title, _(TITLE), k + 1, len(pages))
    return Drawing(titled(scenario.title, N_("how this scenario plays")), pages, look=system_of(scenario.ruleset),
                   subject="printgen simulate")


def plays_document(plan, options):
    """The page, with plays.json (the games' records) as a file the document brings."""
    import json

    from printgen.play.stats import summarise
    from printgen.sheets.plays.records import RECORDS, encode, kit_results

    run, st, results = kit_results(plan)
    summary = summarise(st.sides, results)
    # what the check of this page in its worker compares the figures with, as it would after reading
    # plays.json (printgen/check/plays.py); the kit's check replays its sample against the records
    plan.__dict__["_plays_checked"] = (json.dumps(list(run.key())), run, summary)
    drawing = plays_page(plan.scenario, options, st, summary, run, _maps(plan))
    drawing.files = {RECORDS: encode(run, st.sides, results)}
    return drawing


def _maps(plan) -> list | None:
    """The game on each deployment the lesson's search played it on: one map's interval above
    understates how much the map matters (issue 25: one seed gave the British 98%, another 82%)."""
    t = plan.fitted
    if t is None or len(t.spread) < 2:
        return None
    side = t.sides[0]
    rates = [_plan(whole_percent(row[0]), "fitted_map_rate", k, side) for k, row in enumerate(t.spread)]
    low, high = min(100 * row[0] for row in t.spread), max(100 * row[0] for row in t.spread)
    each = t.games // len(t.spread)
    noise = 100 * 0.98 / each ** 0.5         # about what the dice alone move a share over `each` games (95%)
    listed: list = []
    for k, r in enumerate(rates):
        listed += [", " if 0 < k < len(rates) - 1 else (_(" and ") if k else ""), *said(_("%(rate)s%%"), rate=r)]
    verdict = (_("The map moves the result more than the dice do: set the ships out as this kit's map shows.")
               if high - low > noise else _("The map moves the result no more than the dice do."))
    said_ = said(_("On other maps: when printgen chose this game it played it on %(maps)s deployments, this kit's map "
                   "first; the %(side)s won %(rates)s of those games (modelled). %(verdict)s"),
                 maps=_plan(len(t.spread), "fitted_deployments"),
                 side=said_here(plan.scenario.ruleset.sides[side].name, "of"),
                 rates=[Span(s) if isinstance(s, str) else s for s in listed], verdict=verdict)
    # the lesson plan's figures are these maps' games together: say why they are not the ones above
    together = said(_(" The lesson plan gives those %(games)s games together (the %(side)s won %(rate)s%%); the "
                      "games above are this kit's map alone, played again with other dice, so their figures differ."),
                    games=_plan(t.games, "fitted_games"), side=said_here(plan.scenario.ruleset.sides[side].name, "of"),
                    rate=_plan(whole_percent(t.wins[0]), "fitted_rate", side))
    return list(said_) + list(together)
