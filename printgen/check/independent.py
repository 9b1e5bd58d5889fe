"""Every printed probability recomputed by a second method (printgen.oracle) and compared
with what the page prints. The rule family answers for its own derivations (RuleSystem.recompute);
the single rolls every ruleset shares are answered here."""

from __future__ import annotations

from fractions import Fraction

from printgen import oracle
from printgen.check.numbers import Discrepancy
from printgen.rules.printed import fmt
from printgen.rules.trace import Source, lookup

NOT_DERIVED = {"rule", "label", "fleet", "meta", "example", "deploy", "scenario"}


def _shared(rs, fn: str, args: tuple):
    if fn in ("chance_of", "chance_any"):
        table = lookup(rs, args[0])
        faces = frozenset(getattr(table, table.success))
        return oracle.any_of(args[1] if fn == "chance_any" else 1, rs.ruleset.die, faces)
    return None


class Oracle:
    """Second-method values of one ruleset, each computed once."""

    def __init__(self, ruleset):
        from printgen.registry import system_of

        self.rs, self.family = ruleset, system_of(ruleset)
        self.known: dict[tuple, object] = {}

    def value(self, source: Source):
        key = (source.fn, source.args)
        if key not in self.known:
            v = _shared(self.rs, source.fn, source.args)
            self.known[key] = v if v is not None else self.family.recompute(self.rs, source.fn, source.args)
        return self.known[key]

    def check(self, trace: list[dict], measure, file: str, page: int) -> list[Discrepancy]:
        out = []
        for e in trace:
            src = e["source"]
            if src[0] in NOT_DERIVED:
                continue
            source = Source.from_json(src)
            v = self.value(source)
            if v is None:
                continue
            exact = e["kind"] in ("fraction", "share", "percent", "decimal")
            want = fmt(Fraction(v) if exact else v, e["kind"], measure)
            if want.replace(" ", "") != e["text"].replace(" ", ""):
                out.append(Discrepancy(file, page, f"{source} prints '{e['text']}', a second count of the "
                                                   f"rules gives '{want}'", tuple(e["bbox"])))
        return out
