"""The ground floor every layer may ask: which rule family plays a ruleset (families.py) and what a
family answers (protocol.py). It imports nothing of printgen's but the errors at run time; the
families themselves (printgen/systems/) sit at the top and are loaded by name."""

from __future__ import annotations

from printgen.registry.families import documents, get, known, register, system_of
from printgen.registry.protocol import RuleSystem

__all__ = ["RuleSystem", "register", "known", "get", "system_of", "documents"]
