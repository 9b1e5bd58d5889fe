"""Compiling the game engine's inner loops (numba), with the same results as plain Python.

`jit` compiles a function the first time it is called (numba's nopython mode), keeps the machine code
in numba's cache (a `__pycache__` beside the module, else the user's cache folder) so that later
processes only load it, and releases the GIL, so games run on every core from threads. Where numba
cannot be imported, or PRINTGEN_JIT=off (coverage, a debugger), the same functions run as Python:
slower, the same games.

The same games, to the last bit: the compiled code does the same IEEE arithmetic in the same order
(no fast-math, so nothing is fused or reordered). Two things LLVM would otherwise change are kept as
Python does them: `x ** 0.5` and `x ** 2` (CPython calls the C library's pow, which differs from
sqrt(x) and x * x in the last bit about once in a thousand; LLVM would replace a constant exponent),
so the engine writes `pw(x, HALF)` with the exponent read at run time; and math.hypot, which CPython
computes its own way (`exact_hypot` below)."""

from __future__ import annotations

import hashlib
import math
import os
import sys
from pathlib import Path
from typing import Any

from printgen.play import wanted

OFF = os.environ.get("PRINTGEN_JIT", "").strip().lower() in ("off", "0", "no")


def engine_source() -> str:
    """A hash of the compiled engine's source: every module of printgen's that compiles with this one.
    Numba's cache checks only a function's own file, so a change to a function it calls in another
    file would leave it stale: the cache's folder is named by this hash instead (printgen/paths.py's
    "engine" folder), and any change to the engine compiles it afresh."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if path.name == "jit.py" or b"printgen.play.jit import" in text:
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + text + b"\0")
    return h.hexdigest()[:16]


_decided: list = []                # [numba or None, cache folder or None], decided on the first decoration


def _cache_dir() -> str | None:
    """The compiled engine's folder for this source, when it is safe to keep code in it: made private
    (printgen/private.py) and still private; else None (compiled, kept nowhere) and a warning."""
    from printgen import paths, private

    where = paths.cache_folder("engine")
    if where is None:
        return None
    top = where.parent
    mine = where / engine_source()
    why = private.why_not_tree(mine, top)
    if why is None and not mine.exists():
        try:
            private.make(mine)
        except OSError:                        # a file, /dev/null, a read-only folder: kept nowhere
            return None
        why = private.why_not_tree(mine, top)
        _forget_others(where, mine.name)
        if sys.stderr is not None and sys.stderr.isatty():     # a teacher at a terminal, not a pipe
            print("Preparing the game engine for this computer (once: about half a minute)...", file=sys.stderr)
    if why is not None:
        if sys.stderr is not None:
            print(f"printgen: warning: the compiled game engine is not loaded from the cache: {why}. Make it "
                  f"yours alone (chmod 700) or choose another folder with {paths.CACHE_ENV}.", file=sys.stderr)
        return None
    return str(mine)


def _forget_others(where: Path, mine: str) -> None:
    """Another version's compiled engine (5-10 MB each) removed when this one is first compiled: only
    numba's files (.nbi, .nbc) in folders named as engine_source names them, and folders left empty;
    nothing else is touched, and a file another process holds open is simply left."""
    hexdigits = set("0123456789abcdef")
    for old in (where.iterdir() if where.is_dir() else ()):
        if old.name == mine or len(old.name) != 16 or not set(old.name) <= hexdigits or not old.is_dir():
            continue
        for folder in [*sorted(p for p in old.iterdir() if p.is_dir()), old]:
            for f in (folder.iterdir() if folder.is_dir() else ()):
                if f.is_file() and f.suffix in (".nbi", ".nbc"):
                    try:
                        f.unlink()
                    except OSError:
                        pass
            try:
                folder.rmdir()                 # only if empty
            except OSError:
                pass


# Each family's compiled root, as numba names its index file in the cache folder ("module.function-"):
# a family's games load nothing compiled but it and what it calls (play/wanted.py: loaded where made)
ROOTS = {"broadside": ("turns.play_many-",), "sectors": ("battle.play_many-", "routes.plan-", "routes.route-")}


def warm() -> bool:
    """Whether this computer has the compiled engine of every family this process will play (its
    private cache folder holds their roots' index files), so that loading it costs no compile.
    Read without importing numba: a look at one folder's names."""
    from printgen import paths, private

    where = paths.cache_folder("engine")
    if where is None:
        return False
    mine = where / engine_source()
    try:
        if private.why_not(mine) is not None or not mine.is_dir():
            return False
        names = [p.name for p in mine.iterdir() if p.name.endswith(".nbi")]
    except OSError:
        return False
    said = wanted.families()
    roots = [r for family in (said if None not in said else ROOTS) for r in ROOTS.get(family or "", ())]
    return bool(names) and all(any(n.startswith(r) for n in names) for r in roots)


def _decide() -> tuple[Any, str | None]:
    """(numba or None, the private folder its compiled code is kept in or None), once a process: the
    compiled engine for a run that plays enough to pay for compiling it, or for loading it where this
    computer has it already (play/wanted.py); else the engine as Python."""
    if not _decided:
        numba: Any = None
        folder = None
        mode = os.environ.get("PRINTGEN_JIT", "").strip().lower()
        if not OFF and (mode in ("on", "1", "yes") or wanted.compiling() or (wanted.many() and warm())):
            try:
                import numba
            except ImportError:              # no numba for this Python or platform: the engine runs as Python
                numba = None
        if numba is not None:
            folder = _cache_dir()
        _decided[:] = [numba, folder]
    return _decided[0], _decided[1]


def compiled() -> bool:
    """Whether this process's engine is compiled (decided when the engine is first imported)."""
    return _decide()[0] is not None


def jit(fn):
    """Compiled (nopython, cached, without the GIL) where numba is, else `fn` itself. numpy's error
    model: no Python exception is compiled in (the engine never divides by zero; raising would take
    most of the compiling time)."""
    numba, folder = _decide()
    if numba is None:
        return fn
    made = numba.njit(nogil=True, error_model="numpy")(fn)
    if folder is not None:
        from printgen.play.kept import kept_cache

        made._cache = kept_cache(fn, folder)          # numba's cache=True, but guarded (kept.py)
    return made


def small(fn):
    """`jit` for a few lines called from compiled code only: compiled into each caller (numba's
    inline='always') rather than as a function of its own. Numba compiles a callee again for every
    constant it is passed (a rule's code, a literal 0), and compiling, not running, is the cost of
    small helpers."""
    numba = _decide()[0]
    if numba is None:
        return fn
    return numba.njit(inline="always", nogil=True, error_model="numpy")(fn)


@small
def order_by(keys, n: int, out) -> None:
    """out[:n] = the places 0..n-1 ordered by keys[place], equal keys in place order (a stable
    insertion sort: the engine sorts a few dozen at most; numpy's sorts take long to compile)."""
    for k in range(n):
        out[k] = k
    for k in range(1, n):
        v = out[k]
        j = k - 1
        while j >= 0 and keys[out[j]] > keys[v]:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = v


@jit
def pw(x: float, e: float) -> float:
    """x ** e as CPython computes it (the C library's pow): `e` must come from data, never a literal,
    or the compiler folds pow(x, 0.5) into sqrt(x) and pow(x, 2) into x * x."""
    return x ** e


# Comparisons of squared distances, as the Python engine's `a ** 2 + b ** 2 <= c` rounded them: pow
# only where a * a + b * b (which differs from it by a few units in the last place) is too near the
# bound to tell (pow costs ten multiplications). `two` is 2.0, read at run time (see pw).

@small
def within(a: float, b: float, c: float, two: float) -> bool:
    """pw(a, two) + pw(b, two) <= c."""
    m = a * a + b * b
    if m < c * (1.0 - 1e-12):
        return True
    if m > c * (1.0 + 1e-12):
        return False
    return pw(a, two) + pw(b, two) <= c


@small
def inside(a: float, b: float, c: float, two: float) -> bool:
    """pw(a, two) + pw(b, two) < c."""
    m = a * a + b * b
    if m < c * (1.0 - 1e-12):
        return True
    if m > c * (1.0 + 1e-12):
        return False
    return pw(a, two) + pw(b, two) < c


@small
def within_reach(a: float, b: float, r: float, two: float) -> bool:
    """pw(a, two) + pw(b, two) <= pw(r, two)."""
    m, c = a * a + b * b, r * r
    if m < c * (1.0 - 1e-12):
        return True
    if m > c * (1.0 + 1e-12):
        return False
    return pw(a, two) + pw(b, two) <= pw(r, two)


@small
def _split(x: float) -> tuple[float, float]:
    t = x * 134217729.0                     # 2**27 + 1: Veltkamp's split into two 26-bit halves
    hi = t - (t - x)
    return hi, x - hi


@small
def _mul(x: float, y: float) -> tuple[float, float]:
    """x * y as an unevaluated sum hi + lo, exactly (Dekker)."""
    xh, xl = _split(x)
    yh, yl = _split(y)
    p = xh * yh
    q = xh * yl + xl * yh
    z = p + q
    return z, p - z + q + xl * yl


@jit
def exact_hypot(a: float, b: float) -> float:
    """math.hypot(a, b) to the last bit: CPython's vector_norm for two coordinates (lossless scaling,
    lossless squaring, a differential correction), not the C library's hypot, which may round otherwise."""
    x0, x1 = abs(a), abs(b)
    if math.isnan(x0) or math.isnan(x1):   # as CPython: an infinity wins over a NaN
        return math.inf if (math.isinf(x0) or math.isinf(x1)) else math.nan
    top = x0 if x0 > x1 else x1
    if math.isinf(top) or top == 0.0:
        return top
    _, e = math.frexp(top)
    if e < -1023:                           # subnormal: ldexp(1, -e) would overflow (not met on a table)
        tiny = 2.2250738585072014e-308
        return tiny * exact_hypot(x0 / tiny, x1 / tiny)
    scale = math.ldexp(1.0, -e)
    csum, frac1, frac2 = 1.0, 0.0, 0.0
    for v in (x0, x1):
        x = v * scale
        hi, lo = _mul(x, x)
        s = csum + hi
        frac2 += hi - (s - csum)
        csum = s
        frac1 += lo
    h = math.sqrt(csum - 1.0 + (frac1 + frac2))
    hi, lo = _mul(-h, h)
    s = csum + hi
    frac2 += hi - (s - csum)
    csum = s
    frac1 += lo
    x = csum - 1.0 + (frac1 + frac2)
    h += x / (2.0 * h)
    return h / scale


# The engine as Python calls CPython's own math.hypot, which exact_hypot copies to the last bit
# (tests/test_engine_python.py), in C: a fifth of a Python game's time (the check's replays on a
# computer without the compiled engine).
hypot = exact_hypot if compiled() else math.hypot
