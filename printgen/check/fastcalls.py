"""pdfium's functions as the check calls them in its hot loops: the same C functions as
pypdfium2.raw's, with every pointer typed as a plain address (handles are ints, outputs are given by
address). pypdfium2.raw's typed prototypes check and convert each pointer argument, which makes a
call 1.6x slower; a sheet of ships makes a hundred thousand calls. Handles from here go only to
functions from here."""

from __future__ import annotations

import ctypes
from functools import cache


@cache
def fn(name: str):
    """pypdfium2.raw's `name`, its pointer arguments and result plain addresses (c_void_p)."""
    import pypdfium2.raw as raw

    typed = getattr(raw, name)

    def plain(t):
        return ctypes.c_void_p if isinstance(t, type) and issubclass(t, ctypes._Pointer) else t

    proto = ctypes.CFUNCTYPE(plain(typed.restype), *[plain(t) for t in typed.argtypes])
    return proto(ctypes.cast(typed, ctypes.c_void_p).value)


def handle(obj) -> int:
    """A pypdfium2 handle (page, text page) as the address the functions here take."""
    return ctypes.cast(obj, ctypes.c_void_p).value


def floats(n: int) -> tuple[ctypes.Array, list[int]]:
    """A reused output buffer of `n` floats and the address of each."""
    buf = (ctypes.c_float * n)()
    size = ctypes.sizeof(ctypes.c_float)
    return buf, [ctypes.addressof(buf) + k * size for k in range(n)]
