"""Traced numbers: every number a sheet prints carries the source it came from.

A Source is either a ruleset key ("rule", "shooting.dice.british") or a named derivation with
its arguments ("expected_hits", (7, "short")). `resolve` recomputes the value from a ruleset, so
`printgen check` can compare what is printed with what the rules say now."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

DERIVATIONS: dict[str, Callable[..., Any]] = {}


def derivation(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register a function of (ruleset, *args) whose result a sheet may print."""
    DERIVATIONS[fn.__name__] = fn
    return fn


@dataclass(frozen=True)
class Source:
    fn: str                    # "rule", a registered derivation, "fleet", or "meta" (page numbers, ...)
    args: tuple = ()

    def __str__(self) -> str:
        if self.fn in ("rule", "fleet", "meta"):
            return f"{self.fn}:{'.'.join(str(a) for a in self.args)}"
        return f"{self.fn}({', '.join(repr(a) for a in self.args)})"

    def to_json(self) -> list:
        return [self.fn, *self.args]

    @classmethod
    def from_json(cls, data: list) -> "Source":
        return cls(data[0], tuple(data[1:]))


@dataclass(frozen=True)
class Traced:
    value: Any
    source: Source
    kind: str                  # how it prints: count, faces, distance, fraction, percent, odds, degrees, text


def lookup(ruleset, key: str) -> Any:
    node: Any = ruleset
    for part in key.split("."):
        node = node[part] if isinstance(node, dict) else getattr(node, part)
    return node


def rule(ruleset, key: str, kind: str = "count") -> Traced:
    return Traced(lookup(ruleset, key), Source("rule", (key,)), kind)


def derived(ruleset, fn: str, *args, kind: str = "odds") -> Traced:
    return Traced(DERIVATIONS[fn](ruleset, *args), Source(fn, tuple(args)), kind)


def resolve(ruleset, source: Source) -> Any:
    if source.fn == "rule":
        return lookup(ruleset, source.args[0])
    if source.fn in DERIVATIONS:
        return DERIVATIONS[source.fn](ruleset, *source.args)
    raise KeyError(f"unknown source {source}")


def as_fraction(value: Any) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)
