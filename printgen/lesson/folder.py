"""`printgen scenario`: the lesson's game written as a scenario folder a teacher can edit and pass to
`printgen kit` unchanged (it plays exactly these ships, as written: `[lesson] fit = false`).

scenario.toml is the original file with its comments (tomlkit keeps them), changed where the game
differs and each change commented; ships.csv is the original file's lines of the chosen ships."""

from __future__ import annotations

import csv
import io

import tomlkit

from printgen.data.scenario import Scenario
from printgen.i18n import N_
from printgen.lesson.reasons import timed
from printgen.lesson.search import Trial, why

MARK = "# Written by printgen scenario"          # the first words of a file printgen may replace


def scenario_files(source: Scenario, game: Scenario, t: Trial | None, asked: str) -> dict[str, bytes]:
    """{'scenario.toml': ..., 'ships.csv': ...} for the game made from `source`; `asked` says for what
    lesson (the command's words), `t` how printgen chose and played it."""
    return {"scenario.toml": _toml(source, game, t, asked).encode("utf-8"),
            "ships.csv": _csv(source, game).encode("utf-8")}


def _csv(source: Scenario, game: Scenario) -> str:
    """The source's ships.csv, only the lines of the game's ships (a record may span lines)."""
    from printgen.files.tomlfile import read_bounded

    text = read_bounded(source.fleet.path).decode("utf-8-sig")          # bounded, never a pipe
    lines = text.splitlines(keepends=True)
    delimiter = ";" if lines[0].count(";") > lines[0].count(",") else ","
    wanted = {s.line for s in game.fleet.ships}
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    out, end = [], 0
    for _ in reader:
        start, end = end + 1, reader.line_num
        if start == 1 or start in wanted:
            out += lines[start - 1:end]
    return "".join(out)


def _toml(source: Scenario, game: Scenario, t: Trial | None, asked: str) -> str:
    doc = tomlkit.parse(source.text)
    kept = {s.squadron for s in game.fleet.ships}
    counts = {name: sum(1 for s in game.fleet.ships if s.squadron == name) for name in kept}
    names = {n for s in game.fleet.ships for n in (s.name, s.key, *s.aliases)}
    for name in list(doc["squadrons"]):
        if name in kept:
            doc["squadrons"][name]["ships"] = counts[name]
        else:
            del doc["squadrons"][name]
    fleet = doc.get("fleet", {})
    for key in ("flagships", "named"):
        if key in fleet:
            fleet[key] = [n for n in fleet[key] if n in names]
    if "chained" in fleet:
        fleet["chained"] = [n for n in fleet["chained"] if n in kept]
    deployment = doc.get("deployment", {})
    if "loners" in deployment:
        deployment["loners"] = [n for n in deployment["loners"] if n in names]
    for name in list(deployment.get("squadrons", {})):
        if name not in kept:
            del deployment["squadrons"][name]
        elif "leaders" in deployment["squadrons"][name]:
            deployment["squadrons"][name]["leaders"] = [n for n in deployment["squadrons"][name]["leaders"] if n in names]
    for table in ("engagements", "presets"):              # this folder is one game: no other sizes of it
        if table in doc:
            del doc[table]
    lesson = game.lesson
    doc["lesson"] = _table(doc.get("lesson"), {
        "periods": (lesson.periods, ""), "period_minutes": (lesson.period_minutes, ""),
        "setup_minutes": (lesson.setup_minutes, ""), "briefing_minutes": (lesson.briefing_minutes, ""),
        "debrief_minutes": (lesson.debrief_minutes, ""),
        "minutes_per_turn": (lesson.minutes_per_turn, "printgen's model of a turn for these ships"),
        "fit": (False, "play these ships as written (true: printgen fits a game to the lesson again)")})
    victory = _table(doc.get("victory"), {})
    if game.victory.breaks_at is not None:
        victory = _table(victory, {"breaks_at": (round(game.victory.breaks_at, 4), "a side breaks off and loses "
                                                 "once this share of its ships has struck")})
    elif "breaks_at" in victory:
        del victory["breaks_at"]
    doc["victory"] = victory
    provenance = doc.setdefault("provenance", tomlkit.table())
    for key in ("engagements",):
        if key in provenance:
            del provenance[key]
    provenance["lesson"] = {"kind": "choice", "why": timed(len(game.fleet.ships))}
    if game.victory.breaks_at is not None:
        provenance["victory.breaks_at"] = {"kind": "classroom", "why": N_("a side breaks off, so that a short lesson "
                                                                          "ends by decision")}
    head = [MARK + f" for {asked}.",
            "# " + (why(source, t) if t is not None else "The scenario as it is.")]
    head += ["# Edit it as you like; `printgen kit` on this folder plays these ships as written.", ""]
    return "\n".join(_wrap(line) for line in head) + "\n" + tomlkit.dumps(doc)


def _table(existing, values: dict) -> tomlkit.items.Table:
    """The table with these (value, comment) set; a comment says why printgen set it."""
    table = existing if existing is not None else tomlkit.table()
    for key, (value, comment) in values.items():
        item = tomlkit.item(value)
        if comment:
            item.comment(comment)
        table[key] = item
    return table


def _wrap(line: str, width: int = 100) -> str:
    """A long comment line folded into comment lines of at most `width` characters."""
    if not line.startswith("# ") or len(line) <= width:
        return line
    words, out, current = line[2:].split(), [], "#"
    for w in words:
        if len(current) + 1 + len(w) > width:
            out.append(current)
            current = "#"
        current += " " + w
    return "\n".join(out + [current])
