"""A document checked where it was made (check/kit.py's workers, check/handouts.py's pages): a module
of its own so that both import it from below."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.check.discrepancy import Discrepancy


@dataclass(frozen=True)
class Checked:
    """A document checked by the worker that made it, from its bytes in memory: the sha256 of those
    bytes (the kit's check takes the result only for a file that still has them), what was found,
    the words of each page (None: unreadable), and the sha256 of each data file made with it (the
    plays page's records: the kit's check does not replay records that are those bytes)."""
    sha256: str
    found: list[Discrepancy]
    texts: list[str] | None
    data: dict[str, str] = field(default_factory=dict)
