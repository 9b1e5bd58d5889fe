"""Load a ruleset file with the model of its rule family (the registry: printgen.registry)."""

from __future__ import annotations

from pathlib import Path

from printgen import registry
from printgen.files.tomlfile import read_toml, validate
from printgen.errors import PrintgenError, Problem
from printgen.rules.model import RulesetBase

Ruleset = RulesetBase                    # a registered system's model (printgen/systems/<family>/model.py)


def load_ruleset(path: Path) -> Ruleset:
    data, text = read_toml(path)
    system = data.get("ruleset", {}).get("system") if isinstance(data.get("ruleset"), dict) else None
    family = registry.get(system) if isinstance(system, str) else None
    if family is None:
        raise PrintgenError(Problem(f"unknown ruleset system {system!r}", file=path, field="ruleset.system",
                                    fix="use one of: " + ", ".join(registry.known())))
    ruleset = validate(family.model, data, path, text, fix="compare with the built-in ruleset in printgen's rulesets/ folder")
    ruleset._file = (path, text)
    return ruleset
