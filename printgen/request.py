"""What the teacher asked for: one typed, frozen request that `printgen kit`, the web page, the kit's
manifest and the check's re-plan all build and read (the manifest stores it as JSON and the check
reads it back with suspicion: `from_json` names every field of the wrong type)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

# what --edition asks for: one edition, or several in one kit (each its own files and kit-EDITION.pdf);
# "both" stays colour and black and white, as before large print
EDITIONS = {"color": ("color",), "bw": ("bw",), "both": ("color", "bw"), "large": ("large",),
            "bw+large": ("bw", "large"), "color+large": ("color", "large"), "all": ("color", "bw", "large")}
BALANCES = ("fair", "historical")        # fair: each side a real chance; historical: the winner keeps its edge


@dataclass(frozen=True)
class KitRequest:
    scenario: str = "trafalgar"         # a built-in name or a folder
    students: int = 24
    edition: str = "color"              # color, bw, both, large, ... (EDITIONS)
    paper: str = "letter"
    table: str | None = None            # "4x3ft": sets the scale
    scale: float | None = None
    fraction: float | None = None       # of each squadron's ships
    ships: int | None = None
    preset: str | None = None
    units: str = "in"
    seed: int = 1805
    periods: int | None = None          # the lesson: periods ...
    minutes: int | None = None          # ... of so many minutes
    with_tiled: bool = False            # the table-size map in kit.pdf too
    poster: str | None = None           # the table map on one large sheet, for a print shop
    engagement: str | None = None       # the part of the battle to play (default: printgen fits one to the lesson)
    balance: str = "fair"               # fair: each side has a chance; historical: the battle's winner keeps its edge
    break_off: float | None = None      # a side breaks off once this share of its ships has struck (0: never;
    #                                     default: printgen's choice)
    lang: str = "en"                    # the language every word and number is printed in (printgen.i18n)
    dyslexia: bool = False              # the large-print edition spaced for readers with dyslexia

    # what the kit prints rather than what is planned: the same plan serves them all
    PRINTING = ("edition", "with_tiled", "dyslexia")
    FITTING = ("engagement", "balance", "break_off")     # the lesson's game (printgen.lesson.fit)

    def but(self, **changes: Any) -> KitRequest:
        return dataclasses.replace(self, **changes)

    @property
    def editions(self) -> tuple[str, ...]:
        return EDITIONS[self.edition]

    def choices(self) -> dict[str, Any]:
        """The planning options (printgen.game.prepare's keywords): all but the scenario, the class
        and what is only printed."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("scenario", "students", *self.PRINTING, *self.FITTING)}

    @property
    def sized(self) -> bool:
        """Whether the teacher gave the fleet's size (then the lesson's game keeps all of it)."""
        return self.ships is not None or self.fraction is not None or self.preset is not None

    def planned(self) -> dict[str, Any]:
        """What decides the plan (two requests that differ only in how they print plan the same kit)."""
        return {k: v for k, v in self.to_json().items() if k not in self.PRINTING}

    def cli_args(self) -> list[str]:
        """The options of `printgen kit` that ask for this (the scenario apart), as a teacher would type them."""
        args: list[str] = []
        for f in fields(self):
            value, option = getattr(self, f.name), "--" + f.name.replace("_", "-")
            if f.name != "scenario" and value is not None and value is not False and (f.name, value) != ("lang", "en"):
                args += [option] if value is True else [option, str(value)]
        return args

    def to_json(self) -> dict[str, Any]:
        """As the manifest records it; English, the default, unsaid (a kit's manifest reads as it did
        before there were languages, byte for byte)."""
        out = dataclasses.asdict(self)
        if out["lang"] == "en":
            del out["lang"]
        if not out["dyslexia"]:                  # as before there was the choice
            del out["dyslexia"]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KitRequest:
        """The request a manifest records (its types checked by printgen.check.manifest against TYPES);
        a field it leaves out takes its default."""
        return cls(**{f.name: data[f.name] for f in fields(cls) if data.get(f.name) is not None})


_NUMBER = (int, float)
# field -> the JSON types a manifest may hold for it (None: may be absent or null)
TYPES: dict[str, tuple] = {"scenario": (str,), "students": (int,), "edition": (str, None), "paper": (str,),
                           "table": (str, None), "scale": (*_NUMBER, None), "fraction": (*_NUMBER, None),
                           "ships": (int, None), "preset": (str, None), "units": (str,), "seed": (int,),
                           "periods": (int, None), "minutes": (int, None), "with_tiled": (bool, None),
                           "poster": (str, None), "engagement": (str, None), "balance": (str, None),
                           "break_off": (*_NUMBER, None), "lang": (str, None), "dyslexia": (bool, None)}
