"""Traced numbers: every number a sheet prints carries the source it came from.

A Source is either a ruleset key ("rule", "shooting.dice.british") or a named derivation with
its arguments ("expected_hits", (7, "short")). `resolve` recomputes the value from a ruleset, so
`printgen check` can compare what is printed with what the rules say now."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

DERIVATIONS: dict[str, Callable[..., Any]] = {}
PLAN_DERIVATIONS: dict[str, Callable[..., Any]] = {}     # of the kit's plan: the lesson, the class, the table


def derivation(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register a function of (ruleset, *args) whose result a sheet may print."""
    DERIVATIONS[fn.__name__] = fn
    return fn


def plan_derivation(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register a function of (plan, *args): numbers that depend on the scenario's lesson data, the
    class size or the deployment (printgen.game.plan.Plan), not on the ruleset alone."""
    PLAN_DERIVATIONS[fn.__name__] = fn
    return fn


@dataclass(frozen=True)
class Source:
    fn: str                    # "rule", "label", a registered derivation, "fleet", or "meta" (page numbers, ...)
    args: tuple = ()

    def __str__(self) -> str:
        if self.fn in ("rule", "label", "fleet", "meta"):
            return f"{self.fn}:{'.'.join(str(a) for a in self.args)}"
        return f"{self.fn}({', '.join(repr(a) for a in self.args)})"

    def to_json(self) -> list:
        return [self.fn, *self.args]

    @classmethod
    def from_json(cls, data: list) -> Source:
        return cls(data[0], tuple(data[1:]))


@dataclass(frozen=True)
class Traced:
    value: Any
    source: Source
    kind: str                  # how it prints: count, faces, distance, fraction, percent, odds, degrees, text, label


def lookup(ruleset, key: str) -> Any:
    node: Any = ruleset
    for part in key.split("."):
        if isinstance(node, dict):
            node = node[part]
        elif isinstance(node, (list, tuple)) and part.isdigit():
            node = node[int(part)]
        else:
            node = getattr(node, part)
    return node


def rule(ruleset, key: str, kind: str = "count") -> Traced:
    return Traced(lookup(ruleset, key), Source("rule", (key,)), kind)


def label(ruleset, key: str) -> Traced:
    """The word naming rule `key` (a row or column label, a side, a colour, a direction), traced."""
    return Traced(ruleset.label(key), Source("label", (key,)), "label")


def derived(ruleset, fn: str, *args, kind: str = "odds") -> Traced:
    return Traced(DERIVATIONS[fn](ruleset, *args), Source(fn, tuple(args)), kind)


def plan_derived(plan, fn: str, *args, kind: str = "count") -> Traced:
    return Traced(PLAN_DERIVATIONS[fn](plan, *args), Source(fn, tuple(args)), kind)


def resolve(ruleset, source: Source) -> Any:
    if source.fn == "rule":
        return lookup(ruleset, source.args[0])
    if source.fn == "label":
        return ruleset.label(source.args[0])
    if source.fn in DERIVATIONS:
        return DERIVATIONS[source.fn](ruleset, *source.args)
    raise KeyError(f"unknown source {source}")


def as_fraction(value: Any) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


def walk_numbers(model, prefix: str = ""):
    """(dotted key, value) of every number and die-face list in a ruleset, for coverage tests."""
    from pydantic import BaseModel

    if isinstance(model, BaseModel):
        items = {**{k: getattr(model, k) for k in type(model).model_fields}, **(model.model_extra or {})}
    elif isinstance(model, dict):
        items = model
    else:
        return
    for key, value in items.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, (BaseModel, dict)):
            yield from walk_numbers(value, path)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield path, value
        elif isinstance(value, tuple) and value and all(isinstance(v, (int, float)) for v in value):
            if key in ("short", "long") or "range" in path:
                for i, v in enumerate(value):
                    yield f"{path}.{i}", v
            else:
                yield path, value
