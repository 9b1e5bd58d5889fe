"""From command-line choices to a checked scenario and options, before anything is drawn."""

from __future__ import annotations

from printgen.errors import PrintgenError, Problem
from printgen.options import Options


def prepare(name: str, *, edition: str = "color", paper: str = "letter", scale: float | None = None,
            table: str | None = None, units: str = "in", fmt: str = "pdf", dpi: float = 100.0,
            fraction: float | None = None, ships: int | None = None, preset: str | None = None,
            seed: int = 1805, periods: int | None = None, minutes: int | None = None, poster: str | None = None,
            lang: str = "en"):
    from printgen.data.checked import load_checked

    scenario = load_checked(name)
    notes: list[str] = []
    if scale is not None and table is not None:
        raise PrintgenError(Problem("--scale and --table both set the scale", field="--table",
                                    fix="give one of them"))
    if table is not None:
        from printgen.game.tablesize import table_scale

        scale, note = table_scale(table, scenario.ruleset)
        notes.append(note)
    if preset is not None:
        presets = scenario.file.presets
        if preset not in presets:
            raise PrintgenError(Problem(f"no preset '{preset}' in {scenario.name}", field="--preset",
                                        fix="presets: " + (", ".join(presets) or "none")))
        chosen = presets[preset]
        if fraction is None and ships is None:
            fraction, ships = chosen.fraction, chosen.ships
        elif chosen.fraction is not None or chosen.ships is not None:      # the teacher's own size wins
            given = f"--fraction {fraction:g}" if fraction is not None else f"--ships {ships}"
            notes.append(f"{given} sets the fleet size instead of preset '{preset}'")
    if fraction is not None or ships is not None:
        from printgen.game.reduce import reduce_fleet

        scenario, note = reduce_fleet(scenario, fraction=fraction, ships=ships, lang=lang)
        notes.append(note)
    if periods is not None or minutes is not None:
        scenario = scenario.with_lesson(periods=periods, period_minutes=minutes)
    try:
        options = Options(edition=edition, paper=paper, scale=1.0 if scale is None else scale, units=units, fmt=fmt,
                          dpi=dpi, seed=seed, poster=poster, lang=lang, notes=tuple(notes))
        _printable_bases(scenario, options.scale)
    except PrintgenError as e:
        if table is None:
            raise
        # the scale came from the table: the teacher gave the table, and the problem is the table's
        raise PrintgenError([Problem(f"your table {table} makes every distance {scale:g} times the rules' "
                                     f"(too small to print: {p.what})", field="--table",
                                     fix="give a larger table, or leave it empty for the rules' full-size table")
                             if p.field == "--scale" else p for p in e.problems]) from None
    return scenario, options


def _printable_bases(scenario, scale: float) -> None:
    """Every base must print at least limits.PRINTED_BASE_MIN_IN long, or names and hit circles overprint."""
    from printgen.limits import PRINTED_BASE_MIN_IN

    shortest = min((scenario.ruleset.base_of(s)[0] for s in scenario.fleet.ships), default=PRINTED_BASE_MIN_IN)
    if shortest * scale < PRINTED_BASE_MIN_IN - 1e-9:
        least = PRINTED_BASE_MIN_IN / shortest
        raise PrintgenError(Problem(f"at scale {scale:g} the shortest base ({shortest:g}\") prints {shortest * scale:g}\" "
                                    f"long: ship names and hit circles no longer fit", field="--scale",
                                    fix=f"use --scale {least:g} or more (a larger table)"))
