"""Load a ruleset file and pick the model of its system."""

from __future__ import annotations

from pathlib import Path
from typing import Union

from printgen.data.tomlfile import read_toml, validate
from printgen.errors import PrintgenError, Problem
from printgen.systems.broadside.model import BroadsideRuleset
from printgen.systems.sectors.model import SectorsRuleset

Ruleset = Union[BroadsideRuleset, SectorsRuleset]
SYSTEMS: dict[str, type] = {"broadside": BroadsideRuleset, "sectors": SectorsRuleset}


def load_ruleset(path: Path) -> Ruleset:
    data, text = read_toml(path)
    system = data.get("ruleset", {}).get("system") if isinstance(data.get("ruleset"), dict) else None
    model = SYSTEMS.get(system)
    if model is None:
        raise PrintgenError(Problem(f"unknown ruleset system '{system}'", file=path, field="ruleset.system",
                                    fix="use one of: " + ", ".join(SYSTEMS)))
    ruleset = validate(model, data, path, text, fix="compare with the built-in ruleset in printgen's rulesets/ folder")
    ruleset._file = (path, text)
    return ruleset
