"""The registry of rule families, keyed by the ruleset file's `ruleset.system`.

Each built-in family is a package of printgen/systems/ and loads on first use, by its module's
name, so importing the registry costs nothing, and nothing below the families imports them: shared
code asks `system_of(rs)` and the family answers through the protocol (printgen/registry/protocol.py).
A test can `register` a family of its own."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from printgen.registry.protocol import RuleSystem

if TYPE_CHECKING:
    from printgen.rules.model import RulesetBase

# The built-in families' packages: each holds its family object in system.py (loaded when a ruleset
# names the family) and the documents only it prints in kinds.py (read without loading it:
# `printgen --help` lists their commands without importing pydantic or icepool).
BUILT_IN = ("printgen.systems.broadside", "printgen.systems.sectors")
_SYSTEMS: dict[str, RuleSystem] = {}
_BY_NAME = {package.rpartition(".")[2]: package for package in BUILT_IN}      # "broadside" -> its package


def register(system: RuleSystem) -> RuleSystem:
    """Add (or replace) a family under its name."""
    _SYSTEMS[system.name] = system
    return system


def known() -> list[str]:
    """Every family's name, the built-in ones first, none of them loaded."""
    return list(dict.fromkeys([*_BY_NAME, *_SYSTEMS]))


def get(name: str | None) -> RuleSystem | None:
    """The family of that name, its package loaded on first use: a Trafalgar kit never imports the
    medieval family (its models cost 30 ms to build)."""
    if not isinstance(name, str):
        return None
    if name not in _SYSTEMS and name in _BY_NAME:
        register(import_module(f"{_BY_NAME[name]}.system").SYSTEM)
    return _SYSTEMS.get(name)


def system_of(rs: RulesetBase) -> RuleSystem:
    """The family that plays a loaded ruleset."""
    system = get(rs.ruleset.system)
    if system is None:
        raise KeyError(f"no rule system '{rs.ruleset.system}' (known: {', '.join(known())})")
    return system
