"""Rule systems: one package a family (broadside, sectors), each everything its rules add to the kit.

This module is the registry, keyed by the ruleset file's `ruleset.system`. The built-in families
load on first use, so importing it costs nothing and a test can `register` a family of its own."""

from __future__ import annotations

from importlib import import_module

from printgen.systems.base import RuleSystem
from printgen.systems.catalogue import BUILT_IN
_SYSTEMS: dict[str, RuleSystem] = {}
_loaded = False


def register(system: RuleSystem) -> RuleSystem:
    """Add (or replace) a family under its name."""
    _SYSTEMS[system.name] = system
    return system


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILT_IN:
            register(import_module(module).SYSTEM)


def known() -> list[str]:
    _load()
    return list(_SYSTEMS)


def get(name: str | None) -> RuleSystem | None:
    _load()
    return _SYSTEMS.get(name) if isinstance(name, str) else None


def documents() -> dict[str, str]:
    """Every family's own documents (kind -> help): the built-in ones from the catalogue, without
    loading a family unless one has been registered besides them."""
    if not _loaded:
        out = {kind: doc for docs in BUILT_IN.values() for kind, doc in docs.items()}
        for system in _SYSTEMS.values():
            out.update(system.documents)
        return out
    return {kind: doc for system in _SYSTEMS.values() for kind, doc in system.documents.items()}


def system_of(rs) -> RuleSystem:
    """The family that plays a loaded ruleset."""
    system = get(rs.ruleset.system)
    if system is None:
        raise KeyError(f"no rule system '{rs.ruleset.system}' (known: {', '.join(known())})")
    return system


__all__ = ["RuleSystem", "register", "known", "get", "system_of", "documents"]
