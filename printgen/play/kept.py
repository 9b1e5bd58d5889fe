"""The compiled engine kept in printgen's cache folder (printgen/play/jit.py), guarded: numba's own
cache (an index and data files a function, pickles: code that runs when loaded), but

- only in the folder jit.py chose and found private (printgen/private.py), never beside the
  installed package (numba's fallback when a folder cannot be written) nor anywhere else;
- a file that is not private when it is to be loaded is not loaded (the function is compiled again
  and its files replaced);
- a damaged file (garbage, 0 bytes, another format) is removed and the function compiled again,
  never an error;
- a folder that cannot be written (read-only, full) keeps what it has: a warm engine there is
  loaded, a new one is compiled for this process only."""

from __future__ import annotations

import os
from pathlib import Path


def kept_cache(fn, folder: str):
    """numba's FunctionCache for `fn`, located in `folder` alone and guarded as the module says."""
    from numba.core import caching

    class Located(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._cache_path = folder

        def get_cache_path(self):
            return self._cache_path

        def ensure_cache_path(self):        # never made here: jit.py made it private
            if not os.path.isdir(self._cache_path):
                raise OSError(f"{self._cache_path} is gone")

        @classmethod
        def from_function(cls, py_func, py_file):
            if not os.path.exists(py_file):
                return None
            return cls(py_func, py_file)

    class Impl(caching.CompileResultCacheImpl):
        _locator_classes = [Located]

    class Guarded(caching.FunctionCache):
        _impl_class = Impl

        def _files(self) -> list[Path]:
            base = self._cache_file._index_name[:-len(".nbi")]
            where = Path(self._cache_path)
            return [where / self._cache_file._index_name, *where.glob(f"{base}.*.nbc")]

        def _unsafe_removed(self) -> list[Path]:
            """This function's files, any that is not private removed first (never unpickled: numba
            reads the index again to save)."""
            from printgen import private

            files = [f for f in self._files() if f.exists()]
            if any(private.why_not(f) is not None for f in files):
                for f in files:
                    try:
                        f.unlink()
                    except OSError:
                        pass
                return []
            return files

        def load_overload(self, sig, target_context):
            files = self._unsafe_removed()
            if not files:
                return None                  # nothing (private) to load: compiled again
            try:
                return super().load_overload(sig, target_context)
            except Exception:                # damaged: removed, compiled again
                for f in files:
                    try:
                        f.unlink()
                    except OSError:
                        pass
                return None

        def save_overload(self, sig, data):
            self._unsafe_removed()
            try:
                super().save_overload(sig, data)
            except Exception:                # a read-only or full folder, a damaged index: not kept
                pass

    return Guarded(fn)
