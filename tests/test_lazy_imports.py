"""Commands that need no rules load none: `printgen --help` and `printgen list` start without the
heavy libraries (pydantic, icepool, Pillow, reportlab, pdfium) and without printgen's models."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("babel", "pydantic", "icepool", "PIL", "reportlab", "pypdfium2", "jinja2", "printgen.rules.model",
         "printgen.data.scenario", "printgen.systems.broadside.system", "printgen.systems.sectors.system",
         "printgen.systems.sectors.model")

PROBE = """
import json, sys
sys.argv = ["printgen", *sys.argv[1:]]
from printgen.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def modules_after(*args: str, env: dict | None = None) -> tuple[int, set[str]]:
    """`printgen ARGS`'s exit code and the modules it imported (its messages shown when it fails)."""
    p = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True, check=True,
                       timeout=900)
    result = json.loads(p.stdout.strip().splitlines()[-1])
    if result["code"]:
        print(p.stderr, file=sys.stderr)                # pytest shows it beside the failed assertion
    return result["code"], set(result["modules"])


def test_help_imports_nothing_heavy():
    code, modules = modules_after("--help")
    assert code == 0
    assert not {m for m in HEAVY if m in modules}
    assert "printgen.cli.sheet_cmds" in modules                   # the commands were registered, all the same


def test_list_imports_nothing_heavy():
    code, modules = modules_after("list")
    # typer itself imports pydantic to coerce a command's arguments, whatever the command
    assert code == 0 and not {m for m in HEAVY if m in modules} - {"pydantic"}


def test_printing_sprites_computes_no_odds(tmp_path):
    """Sprites and maps print no dice odds: they start without icepool (about 20 ms), for either
    rule family, the rules still checked as the ruleset is loaded."""
    for scenario in ("trafalgar", "sluys-1340"):
        code, modules = modules_after("sprites", scenario, "--out", str(tmp_path / scenario))
        assert code == 0 and "printgen.rules.checks" in modules
        assert "icepool" not in modules


def test_a_kit_loads_only_its_own_rule_family(tmp_path):
    """The registry loads a family by its name on first use: a Trafalgar sprite sheet never builds
    the medieval family's models, nor a Sluys one the broadside's (the list of a family's own
    documents, its kinds.py, is read for the commands it adds)."""
    for scenario, own, other in (("trafalgar", "broadside", "sectors"), ("sluys-1340", "sectors", "broadside")):
        code, modules = modules_after("sprites", scenario, "--out", str(tmp_path / scenario))
        assert code == 0 and f"printgen.systems.{own}.system" in modules
        assert {m for m in modules if m.startswith(f"printgen.systems.{other}.")} <= {f"printgen.systems.{other}.kinds"}


def test_every_built_in_family_is_known_by_its_package_name():
    from printgen import registry

    assert set(registry.known()) >= {"broadside", "sectors"}
    for name in ("broadside", "sectors"):
        assert registry.get(name).name == name
    assert registry.get("no-such-family") is None and registry.get(None) is None


def test_a_kit_with_its_answer_stored_never_imports_the_compiler(tmp_path, engine_cache):
    """Issue 47 item 3: the default colour kit with its lesson answer stored (sealed by this user's
    printgen, printgen/lesson/stored.py) plays no game again, so it runs without numba
    (0.25 s and 90 MiB a process); the engine is compiled only for runs that play many games."""
    import os

    env = {**os.environ, "PRINTGEN_CACHE": str(engine_cache(tmp_path / "cache"))}   # the tests' compiled engine
    kit = tmp_path / "kit"
    # the answer searched and stored by a kit with the engine compiled (PRINTGEN_JIT=on: the same games to
    # the last bit as Python plays them, printgen/play/jit.py, and the same stored answer, in a tenth of the time)
    first = subprocess.run([sys.executable, "-m", "printgen", "kit", "trafalgar", "--edition", "color", "--out",
                            str(kit)], env={**env, "PRINTGEN_JIT": "on"}, capture_output=True, text=True, timeout=900)
    env.pop("PRINTGEN_JIT", None)
    assert first.returncode == 0, first.stderr
    args = ("kit", "trafalgar", "--edition", "color", "--out", str(tmp_path / "again"))
    code, modules = modules_after(*args, env=env)
    assert code == 0
    assert "numba" not in modules
    # (the check plays 10 of the kit's games again: 3,540 ship-turns, cheaper compiled, play/wanted.py)


def test_a_small_fleet_s_kit_and_its_check_load_the_compiled_engine_for_its_page_s_games(tmp_path, engine_cache):
    """Issue 47: a 6-ship kit's page "How this scenario plays" plays hundreds of games beyond those its
    stored lesson answer holds (printgen/sheets/plays/records.py kit_games), in the kit and again in its
    check, which lays the page out anew. They are said before the engine is imported (records.expect_games),
    so where this computer has the compiled engine both processes load it (numba imported before their
    workers fork) instead of playing about 2.5 s of Python each. The default kit's answer holds all of its
    page's games, and it still runs without numba (the test above)."""
    import os

    env = {**os.environ, "PRINTGEN_CACHE": str(engine_cache(tmp_path / "cache"))}
    small = ("trafalgar", "--ships", "6", "--students", "4", "--edition", "color")
    first = subprocess.run([sys.executable, "-m", "printgen", "kit", *small, "--out", str(tmp_path / "first")],
                           env={**env, "PRINTGEN_JIT": "on"}, capture_output=True, text=True, timeout=900)
    assert first.returncode == 0, first.stderr                  # the answer searched and stored
    env.pop("PRINTGEN_JIT", None)
    for args in (("kit", *small, "--out", str(tmp_path / "again")), ("check", str(tmp_path / "again"))):
        code, modules = modules_after(*args, env=env)
        assert code == 0, args[0]
        assert "numba" in modules, args[0]


def test_a_french_kit_that_searches_its_lesson_plays_the_search_compiled(tmp_path, engine_cache):
    """A French or Spanish kit's check that its documents are printed in the language asked the rule family
    for its engine, which imported the engine before the lesson's search was said (printgen/play/jit.py
    decides as the engine is imported): every search for a French kit played as Python. Measured for
    `--lang fr --students 13` (no stored answer): 64 s before, 6.9 s now, the same kit to the byte."""
    import os

    env = {**os.environ, "PRINTGEN_CACHE": str(engine_cache(tmp_path / "cache"))}     # no stored answer
    env.pop("PRINTGEN_JIT", None)
    args = ("kit", "trafalgar", "--lang", "fr", "--students", "13", "--edition", "color", "--out", str(tmp_path / "k"))
    code, modules = modules_after(*args, env=env)
    assert code == 0
    assert "numba" in modules
