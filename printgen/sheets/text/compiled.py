"""The sheets' templates compiled once for every run, in printgen's cache folder: compiling them is
a tenth of a second a process, and a kit's workers and `printgen check` each need them. A file is
jinja2's bytecode magic, the environment's and the template's checksums and the compiled code (marshal, as a .pyc): one of
another template, version or Python, a damaged one or one that cannot be read is compiled again; a
folder that cannot be made or written keeps nothing. The cache only saves time. Marshalled code
runs when loaded: a file is loaded only if it, its folder and printgen's cache folder are the
user's alone (printgen/private.py), else the template is compiled again."""

from __future__ import annotations

import contextlib
import marshal
import os
import tempfile
from pathlib import Path

from printgen import paths


def kept(made_by: Path):
    """jinja2's bytecode cache in printgen's cache folder, or None (no cache kept, or no folder).
    `made_by`: the file that makes the environment; its bytes are part of each file's header, since
    the environment's settings (extensions, whitespace) shape the compiled code and jinja2's checksum
    covers only the template's source."""
    import hashlib

    import jinja2

    settings = hashlib.sha256(made_by.read_bytes()).hexdigest().encode("ascii")

    class Kept(jinja2.BytecodeCache):
        def __init__(self, where: Path):
            self.where = where

        def _file(self, bucket) -> Path:
            return self.where / f"{bucket.key}.jinja2"

        def _head(self, bucket) -> bytes:
            from jinja2.bccache import bc_magic

            return bc_magic + settings + bucket.checksum.encode("ascii") + b"\n"

        def load_bytecode(self, bucket) -> None:
            from printgen import private

            if private.why_not_tree(self._file(bucket), self.where.parent) is not None:
                return                       # code others could have written (printgen/private.py): compiled again
            try:
                data = self._file(bucket).read_bytes()
            except OSError:
                return
            head = self._head(bucket)
            if data.startswith(head):
                try:
                    bucket.code = marshal.loads(data[len(head):])
                except (EOFError, ValueError, TypeError):
                    bucket.reset()

        def dump_bytecode(self, bucket) -> None:
            data = self._head(bucket) + marshal.dumps(bucket.code)
            try:                             # written whole, then put in place: never a torn file
                fd, tmp = tempfile.mkstemp(dir=self.where, prefix=".", suffix=".tmp")
            except OSError:                  # a full disk, a read-only folder: compiled again next time
                return
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self._file(bucket))
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    where = paths.cache_folder("templates")
    if where is None:
        return None
    from printgen import private

    try:
        private.make(where)
    except OSError:
        return None
    return Kept(where)
