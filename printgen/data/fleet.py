"""The fleet database: ships.csv, one row a ship, checked row by row against the ruleset."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from printgen import limits
from printgen.files.csvfile import read_rows
from printgen.errors import Collector, PrintgenError, Problem

REQUIRED = ["name", "nation", "squadron", "flagship"]
OPTIONAL = ["guns", "admiral", "captain", "division", "fate", "aliases", "type", "crew", "anchored", "masts"]
# The ship's name as the reader's historians write it ("Capitana de Barbarigo"), and its grammatical
# gender there (f or m: "la Sérieuse : coulée"); a fleet without them prints its names as they are
NAMED = {"fr": ("name_fr", "gender_fr"), "es": ("name_es", "gender_es")}
GENDERS = ("f", "m")
OPTIONAL += [column for pair in NAMED.values() for column in pair]
YES, NO = {"yes", "y", "true", "1", "x"}, {"no", "n", "false", "0", ""}


@dataclass(frozen=True)
class Ship:
    name: str
    nation: str
    side: str
    squadron: str
    guns: int
    flagship: bool
    line: int                                   # row in ships.csv, so errors and traces can point at it
    admiral: str = ""
    captain: str = ""
    division: str = ""
    fate: str = ""
    type: str = ""                              # ship type, for rulesets that have them (medieval)
    crew: int | None = None
    aliases: tuple[str, ...] = ()
    anchored: bool = False                      # lies at anchor: never moves (rules that have anchors)
    masts: int | None = None                    # her rig as her piece draws it (none: her type's, or three)
    names: tuple[tuple[str, str], ...] = ()     # (lang, the name in it): name_fr, name_es
    genders: tuple[tuple[str, str], ...] = ()   # (lang, "f" or "m"): gender_fr, gender_es

    @property
    def said(self) -> str:
        """The ship's name in the language of the document being drawn or checked (printgen.i18n.LANG)."""
        from printgen.i18n import LANG

        return self.name_in(LANG.get())

    def name_in(self, lang: str) -> str:
        """The ship's name as `lang`'s historians write it; else as the fleet spells it."""
        return dict(self.names).get(lang, self.name) if self.names else self.name

    def gender_in(self, lang: str) -> str:
        """"f" or "m" in `lang` ("m" unless the fleet says otherwise)."""
        return dict(self.genders).get(lang, "m")

    @property
    def key(self) -> str:
        """Names are not unique (Neptune fought on both sides): a ship is its name and nation."""
        return f"{self.name} ({self.nation})"


def fold(name: str) -> str:
    """Accent-, case- and punctuation-blind form of a name, for look-ups only."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.lower().replace("-", " ").replace("'", " ").split())


@dataclass(frozen=True)
class Fleet:
    path: Path
    ships: tuple[Ship, ...]
    _index: dict[str, list[Ship]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        for ship in self.ships:
            for name in (ship.name, *ship.aliases):
                bucket = self._index.setdefault(fold(name), [])
                if ship not in bucket:
                    bucket.append(ship)

    def find(self, name: str, where: str = "") -> Ship:
        """A ship by name, alias or accent-free spelling; "Neptune (French)" picks a side."""
        nation = None
        if name.endswith(")") and "(" in name:
            name, _, nation = name[:-1].rpartition("(")
            name, nation = name.strip(), nation.strip()
        found = [s for s in self._index.get(fold(name), []) if nation is None or fold(s.nation) == fold(nation)]
        if len(found) == 1:
            return found[0]
        if not found:
            raise PrintgenError(Problem(f"no ship named '{name}' in {self.path.name}", file=where or self.path,
                                        fix="check the spelling against the name column of ships.csv"))
        raise PrintgenError(Problem(f"'{name}' names {len(found)} ships ({', '.join(s.key for s in found)})",
                                    file=where or self.path, fix=f"write it with its nation, e.g. '{found[0].key}'"))

    def by_squadron(self, squadron: str) -> list[Ship]:
        return [s for s in self.ships if s.squadron == squadron]


def load_fleet(path: Path, nation_side: dict[str, str], squadron_side: dict[str, str],
               needs: tuple[str, ...] = ("guns",), types: dict[str, str] | None = None) -> Fleet:
    """Read and check every row; all problems are reported together. `needs` are the columns the
    ruleset's system requires besides the common ones (guns for broadsides, type for sectors);
    `types` the ship types a `type` must name (key -> description)."""
    rows = read_rows(path, REQUIRED + list(needs), [c for c in OPTIONAL if c not in needs])
    problems = Collector()
    ships: list[Ship] = []
    seen: dict[tuple[str, str], int] = {}
    nations_by_fold = {fold(n): n for n in nation_side}
    for row in rows:
        v, at = row.values, dict(file=path, line=row.line)
        name = v["name"]
        if not name:
            problems.add("the ship has no name", field="name", fix="type the ship's name", **at)
            continue
        nation = nations_by_fold.get(fold(v["nation"]))
        if nation is None:
            problems.add(f"unknown nation '{v['nation']}' for {name}", field="nation",
                         fix="use one of: " + ", ".join(nation_side), **at)
            continue
        squadron = v["squadron"]
        if squadron not in squadron_side:
            problems.add(f"unknown squadron '{squadron}' for {name}", field="squadron",
                         fix="use one of: " + ", ".join(squadron_side) + " (or add it to scenario.toml)", **at)
        elif squadron_side[squadron] != nation_side[nation]:
            problems.add(f"{name} is {nation} but squadron '{squadron}' belongs to the other side", field="squadron",
                         fix="choose a squadron of the ship's own side", **at)
        guns = _int(v.get("guns", "") or "0")
        if guns is None or not 0 <= guns <= limits.COUNT:
            problems.add(f"guns '{v['guns']}' for {name} is not a whole number from 0 to {limits.COUNT}", field="guns",
                         fix="write the number of guns, e.g. 74", **at)
        if types is not None and v.get("type", "") not in types:
            problems.add(f"type '{v.get('type', '')}' for {name} is not a ship type of the ruleset", field="type",
                         fix="use one of: " + ", ".join(f"{k} ({d})" for k, d in types.items()), **at)
        flag = v["flagship"].lower()
        if flag not in YES | NO:
            problems.add(f"flagship '{v['flagship']}' for {name} is not yes or no", field="flagship",
                         fix="write yes or no", **at)
        anchored = v.get("anchored", "").lower()
        if anchored not in YES | NO:
            problems.add(f"anchored '{v['anchored']}' for {name} is not yes or no", field="anchored",
                         fix="write yes (the ship lies at anchor) or no", **at)
        masts = _int(v.get("masts", "")) if v.get("masts") else None
        if v.get("masts") and (masts is None or not 1 <= masts <= 3):
            problems.add(f"masts '{v['masts']}' for {name} is not 1, 2 or 3", field="masts",
                         fix="write the ship's masts (a sloop 1, a brig or a schooner 2, a ship 3), or leave it empty",
                         **at)
        crew = _int(v.get("crew", "")) if v.get("crew") else None
        if v.get("crew") and (crew is None or not 0 <= crew <= limits.COUNT):
            problems.add(f"crew '{v['crew']}' for {name} is not a whole number from 0 to {limits.COUNT}", field="crew",
                         fix="write the crew, e.g. 60", **at)
        for _column, gender in NAMED.values():
            if v.get(gender, "").strip().lower() not in ("", *GENDERS):
                problems.add(f"{gender} '{v[gender]}' for {name} is not f or m", field=gender,
                             fix="write f for a feminine name, m for a masculine one, or leave it empty", **at)
        key = (fold(name), nation)
        if key in seen:
            problems.add(f"{name} ({nation}) is listed twice (first on line {seen[key]})", field="name",
                         fix="delete one row; ships of different nations may share a name", **at)
            continue
        seen[key] = row.line
        if problems.problems and problems.problems[-1].line == row.line:
            continue
        ships.append(Ship(name=name, nation=nation, side=nation_side[nation], squadron=squadron, guns=guns,
                          flagship=flag in YES - {""}, line=row.line, admiral=v.get("admiral", ""),
                          captain=v.get("captain", ""), division=v.get("division", ""), fate=v.get("fate", ""),
                          type=v.get("type", ""), crew=crew, anchored=anchored in YES - {""}, masts=masts,
                          aliases=tuple(a.strip() for a in v.get("aliases", "").split("|") if a.strip()),
                          names=tuple((lang, v[c].strip()) for lang, (c, _g) in NAMED.items() if v.get(c, "").strip()),
                          genders=tuple((lang, v[g].strip().lower()) for lang, (_c, g) in NAMED.items()
                                        if v.get(g, "").strip())))
    if not rows:
        problems.add("has no ships", file=path, fix="add one row per ship below the header")
    _lookalikes(ships, path, problems)
    problems.raise_if_any()
    return Fleet(path, tuple(ships))


def _lookalikes(ships: list[Ship], path: Path, problems: Collector) -> None:
    """Two names that print alike but are spelt with other letters ("Victory" with a Cyrillic с beside
    the real one): students could not tell the ships apart, nor the check their names. Both named."""
    from printgen.files.text import lookalikes, skeleton

    first: dict[str, Ship] = {}
    for ship in ships:
        other = first.setdefault(skeleton(ship.name), ship)
        if other is not ship and fold(other.name) != fold(ship.name):
            odd = lookalikes(ship.name) or lookalikes(other.name)
            problems.add(f"'{ship.name}' looks the same as '{other.name}' (line {other.line}) but is spelt with "
                         f"other letters ({', '.join(odd[:3]) or 'digits for letters'}): students could not tell "
                         "the two ships apart", file=path, line=ship.line, field="name",
                         fix="type both names on the same keyboard, or rename one of the ships")


def _int(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        try:
            f = float(text)
        except ValueError:
            return None
        return int(f) if f.is_integer() and abs(f) <= 10 ** 9 else None
