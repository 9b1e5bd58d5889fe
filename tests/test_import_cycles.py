"""No import cycles among printgen's modules: data flows one way (data -> model -> rules and
scenario -> sheets -> draw -> write -> check), and each rule family hangs off the shared code.

Top-level imports must not form a cycle (Python would fail or half-initialise a module), and
neither may imports inside functions: a late import is for start-up time, not to hide a loop.
The one way back from shared code to a family is the registry, which imports the built-in
families by name (printgen.systems.BUILT_IN)."""

from __future__ import annotations

import ast
from pathlib import Path

import printgen

ROOT = Path(printgen.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str], late: bool) -> set[str]:
    """printgen modules a file imports at its top level, or anywhere if `late` (`from pkg import mod`
    counts as pkg.mod; the parent packages Python runs first are not counted, as a package may
    import its own modules)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in (_runtime(tree) if late else tree.body):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for a in node.names:                 # a submodule, else a name defined in `base`
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base)
    return {m for m in found if m in modules and m != here}


def _runtime(tree: ast.AST):
    """Every node Python may run: all of them but the bodies of `if TYPE_CHECKING:` (names for the
    type checker, never imported)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            yield from (n for child in node.orelse for n in [child, *_runtime(child)])
            continue
        yield node
        yield from _runtime(node)


def graph(late: bool = False) -> dict[str, set[str]]:
    files = {module_name(p): p for p in ROOT.rglob("*.py")}
    modules = set(files)
    return {name: imports(path, modules, late) for name, path in files.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges.get(v, ()):
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_real_imports():
    g, late = graph(), graph(late=True)
    assert "printgen.sheets.text.flow" in g["printgen.sheets.text.odds_blocks"]
    assert "printgen.registry" in g["printgen.rules.load"]
    assert "printgen.systems.broadside.blocks" not in g["printgen.systems.broadside.system"]
    assert "printgen.systems.broadside.blocks" in late["printgen.systems.broadside.system"]     # inside a method
    assert len(g) > 90


def test_printgen_has_no_import_cycles():
    assert cycles(graph()) == []


def test_printgen_has_no_cycles_through_late_imports():
    assert cycles(graph(late=True)) == []


def packages(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The same graph between printgen's top-level packages and modules (printgen.sheets.text.cards
    counts as printgen.sheets): a package may import its own modules in any order, never a package
    that imports it back."""
    def top(m: str) -> str:
        return ".".join(m.split(".")[:2])

    out: dict[str, set[str]] = {}
    for a, bs in edges.items():
        out.setdefault(top(a), set()).update(top(b) for b in bs if top(b) != top(a))
    return out


def test_the_package_finder_sees_a_loop_through_modules():
    edges = {"printgen.rules.load": {"printgen.data.scenario"}, "printgen.data.scenario": {"printgen.files.toml"},
             "printgen.data.fleet": {"printgen.rules.model"}}
    assert cycles(packages(edges)) == [["printgen.data", "printgen.rules"]]


def test_printgen_packages_form_no_loop():
    """Counting every import Python may run, inside functions too (the families under systems/ are
    reached only through the registry, which loads them by name)."""
    assert cycles(packages(graph(late=True))) == []
