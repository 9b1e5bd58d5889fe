"""The built-in rule families and the documents only they print (kind -> the command's help), known
without loading them: `printgen --help` lists their commands without importing pydantic or icepool."""

from __future__ import annotations

BUILT_IN: dict[str, dict[str, str]] = {
    "printgen.systems.broadside": {},
    "printgen.systems.sectors": {
        "records": "Print a record card for each ship (structure boxes, attack speed, ram, sail): sectors rulesets.",
        "markers": "Print the obstacle markers to cut out: sectors rulesets.",
        "secret-map": "Print the teacher's secret obstacle map and its placement table: sectors rulesets.",
    },
}
