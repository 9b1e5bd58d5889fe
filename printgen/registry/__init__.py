"""The ground floor every layer may ask: which rule family plays a ruleset (families.py), what a
family answers (protocol.py), and the catalogue of document kinds (documents.py). It imports
nothing of printgen's at run time; the families (printgen/systems/) and the code that draws each
document sit above and are loaded by name."""

from __future__ import annotations

from printgen.registry.families import get, known, register, system_of
from printgen.registry.protocol import RuleSystem

__all__ = ["RuleSystem", "register", "known", "get", "system_of"]
