"""`printgen kit`: everything a teacher prints, in one folder, checked."""

from __future__ import annotations

from typing import Annotated, Literal, Optional

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.request import BALANCES, EDITIONS

Students = Annotated[int, typer.Option("--students", help="students in the class (each commands 1-3 ships)")]
Periods = Annotated[Optional[int], typer.Option("--periods", help="lesson periods for the game [default: the scenario's, 2]")]
Minutes = Annotated[Optional[int], typer.Option("--minutes", help="minutes a period [default: the scenario's, 50]")]
Editions = Annotated[Literal[tuple(EDITIONS)], typer.Option(
    "--edition", help="color, bw (for the photocopier), both (color and bw), large (large print for pupils "
                      "with low vision), bw+large, color+large, or all three")]
WithTiled = Annotated[bool, typer.Option("--with-tiled", help="put the table-size map into kit.pdf too")]
Dyslexia = Annotated[bool, typer.Option("--dyslexia", help="the large-print edition for readers with dyslexia: "
                                                          "18 pt body text, more space between paragraphs")]
Engagement = Annotated[Optional[str], typer.Option(
    "--engagement", help="the part of the battle to play, e.g. weather-column, or whole-battle [default: printgen "
                         "chooses one that fits the lesson]")]
Balance = Annotated[Literal[BALANCES], typer.Option("--balance", help="fair (each side a chance) or historical (the real "
                                                        "winner keeps its edge)")]
BreakOff = Annotated[Optional[float], typer.Option(
    "--break-off", help="a side breaks off and loses once this share of its ships has struck, e.g. 0.33; 0: never "
                        "[default: printgen's choice]")]
Poster = Annotated[Optional[str], typer.Option("--poster", help="the table map on one large sheet for a print shop: "
                                                                "A1, A0, 24x36in, 36x48in, or WxH in in, cm or mm")]


@app.command("kit")
@c.speaking
def kit_cmd(scenario: str = typer.Argument("trafalgar", help="a scenario name or folder"),
            students: Students = 24, edition: Editions = "color", paper: c.Paper = None,
            table: c.Table = None, scale: c.Scale = None, fraction: c.Fraction = None, ships: c.Ships = None,
            preset: c.Preset = None, units: c.Units = None, seed: c.Seed = 1805, periods: Periods = None,
            minutes: Minutes = None, with_tiled: WithTiled = False, poster: Poster = None, engagement: Engagement = None,
            balance: Balance = "fair", break_off: BreakOff = None, lang: c.Lang = "en", dyslexia: Dyslexia = False,
            out: c.Out = None) -> None:
    """Print the whole class kit (sprites, quick reference, cards, maps, rulers, captain and teacher
    sheets, kit.pdf, index.html, manifest.json), then check it."""
    from printgen.kit.build import build_kit, plan_kit
    from printgen.kit.progress import Progress
    from printgen.request import KitRequest

    paper, units = c.usual(lang, paper, units)
    request = KitRequest(scenario=scenario, students=students, edition=edition, paper=paper, table=table, scale=scale,
                         fraction=fraction, ships=ships, preset=preset, units=units, seed=seed, periods=periods,
                         minutes=minutes, with_tiled=with_tiled, poster=poster, engagement=engagement,
                         balance=balance, break_off=break_off, lang=lang, dyslexia=dyslexia)
    plan = plan_kit(request, kit=True)
    for note in plan.options.notes:
        typer.echo(note)
    folder = c.out_dir(out, plan.scenario)
    progress = Progress(len(request.editions) * (len(plan.kinds()) + 1))

    def check(staging, checked) -> bool:        # the new kit is checked before it replaces anything
        from printgen.check.kit import check_kit

        progress.close()
        return check_kit(staging, echo=typer.echo, quiet=True, checked=checked, plan=plan)

    from printgen.check.kit import check_bytes, check_html_bytes

    existed = folder.exists()
    where, ok = build_kit(plan, folder, progress, check, verify=check_bytes, verify_html=check_html_bytes)
    from printgen.i18n import _

    if not ok:
        kept = (_("the previous kit in %(folder)s/ is unchanged") if existed else
                _("nothing was written to %(folder)s/")) % {"folder": folder}
        typer.echo(_("The new kit fails its check: it is kept in %(where)s/ for inspection; %(kept)s.")
                   % {"where": where, "kept": kept}, err=True)
        raise typer.Exit(1)
    if why := ships_left_out(plan):
        typer.echo(why)
    n = request.students
    typer.echo((_("Kit for %(students)s student and %(ships)s ships written to %(folder)s/ (open %(index)s)") if n == 1
                else _("Kit for %(students)s students and %(ships)s ships written to %(folder)s/ (open %(index)s)"))
               % {"students": n, "ships": len(plan.scenario.fleet.ships), "folder": folder,
                  "index": f"{folder}/index.html"})


def ships_left_out(plan) -> str | None:
    """Why the kit plays fewer ships than the battle has, as the lesson plan says it ("The game: ...",
    "Ships: ... as many as fit 6 turns of the lesson"), in the command's language; None if it plays them all."""
    from printgen.data.checked import load_checked
    from printgen.i18n import _
    from printgen.lesson.engagement import title

    fitted, scenario = plan.fitted, plan.scenario
    if fitted is None:
        return None
    full = len(load_checked(plan.request.scenario).fleet.ships)
    ships = len(scenario.fleet.ships)
    if ships >= full:
        return None
    return (_("Game: %(game)s. Ships: %(ships)s of the battle's %(all)s, as many as fit %(turns)s turns of the "
              "lesson, the flagships and the ships the story names first (the lesson plan says how printgen chose; "
              "--ships or --engagement choose otherwise).")
            % {"game": _(title(scenario, fitted.choice.engagement)), "ships": ships, "all": full,
               "turns": scenario.lesson.turn_limit})
