"""Fill a catalogue's empty translations from another copy of it (a branch's, after a merge):

    python tools/po_fill.py FROM.po INTO.po

After a merge whose .po files conflict: take one side's files (`git checkout --ours`), extract and
update the catalogues (docs/ARCHITECTURE.md, "Languages"; `pybabel update -N`: no fuzzy guesses), then fill each language from the other
side's file (`git show :3:printgen/i18n/locale/fr/LC_MESSAGES/messages.po > /tmp/fr.po`). A message
translated differently on the two sides keeps INTO's translation and is printed, to be settled by
hand; nothing is translated that neither side translated."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def _done(string) -> bool:
    """A translation given: a plural message's (a tuple of forms) only when every form is."""
    return all(string) if isinstance(string, tuple) else bool(string)


def fill(source: Path, target: Path) -> tuple[int, list[str]]:
    with open(source, "rb") as f:
        given = {m.id: m.string for m in read_po(f) if m.id and _done(m.string) and "fuzzy" not in m.flags}
    with open(target, "rb") as f:
        catalog = read_po(f)
    filled, differ = 0, []
    for m in catalog:
        if not m.id or m.id not in given:
            continue
        if not _done(m.string) or "fuzzy" in m.flags:                   # a guess of pybabel's is no translation
            m.string = given[m.id]
            m.flags.discard("fuzzy")
            filled += 1
        elif m.string != given[m.id]:
            differ.append(str(m.id))
    with open(target, "wb") as f:
        write_po(f, catalog, width=None)  # type: ignore[arg-type]  # as `pybabel update --no-wrap` does
    return filled, differ


if __name__ == "__main__":
    n, differ = fill(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{n} translations filled in {sys.argv[2]}")
    for msgid in differ:
        print(f"translated differently on the two sides (kept {sys.argv[2]}'s): {msgid!r}")
