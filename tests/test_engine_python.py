"""The engine as Python (no compiled engine on this computer: a first kit's check replays its sample
games so) calls CPython's math.hypot, in C, where the compiled engine calls play/jit.py's
exact_hypot: the two must agree to the last bit, or a game replayed as Python could differ from the
same game played compiled (the games themselves: tests/test_engine_games.py plays both ways)."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys

from printgen.play import jit


def _python(fn):
    return getattr(fn, "py_func", fn)          # the compiled function's Python source, run as Python


def test_exact_hypot_is_cpythons_hypot_to_the_last_bit():
    exact = _python(jit.exact_hypot)
    r = random.Random(47)
    pairs = [(0.0, 0.0), (3.0, 4.0), (-3.0, 4.0), (1e-320, 3e-321), (5e-324, 0.0), (1e308, 1e308),
             (math.inf, math.nan), (math.nan, 1.0), (0.1, 0.2), (1.0, 1e-17)]
    for _ in range(20000):
        a = r.uniform(-1, 1) * 10 ** r.randint(-8, 8)
        b = r.uniform(-1, 1) * 10 ** r.randint(-8, 8)
        pairs += [(a, b), (a, a * (1 + r.uniform(-1e-9, 1e-9))), (round(a, 2), round(b, 2))]
    differ = [(a, b) for a, b in pairs
              if not (exact(a, b) == math.hypot(a, b) or (math.isnan(exact(a, b)) and math.isnan(math.hypot(a, b))))]
    assert not differ, f"{len(differ)} pairs differ, e.g. {differ[:3]}"


def test_the_python_engine_calls_math_hypot():
    code = ("import math; from printgen.play import jit; from printgen.systems.broadside import contact, sailing; "
            "from printgen.systems.sectors import battle; "
            "print(jit.compiled(), all(m.hypot is math.hypot for m in (jit, contact, sailing, battle)))")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PRINTGEN_JIT": "off"},
                         capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["False", "True"]
