"""The message catalogues: printgen/i18n/locale/<lang>/LC_MESSAGES/messages.po, read with Babel the
first time a language is asked for and kept for the process (a kit's workers fork after it is read:
printgen.kit.build.preload). English never reads one: it is the source language.

The .po files are read as they are kept in the repository (no compiled .mo to fall out of step):
about 25 ms for the first language a process reads, Babel's import as much again
(benchmarks/bench_i18n.py), then a dict lookup."""

from __future__ import annotations

from functools import cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    return LOCALE / f"{DOMAIN}.pot"


@cache
def _read(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """The translated messages of `lang`, read once: msgid -> translation, and a counted message's
    singular msgid -> its forms (fuzzy and empty ones left out: they print in English, and
    tests/test_i18n_catalogues.py fails on them), each set in the language's typography
    (printgen.i18n.typography: the translator types ordinary spaces, the reader gets the right ones)."""
    from babel.messages.pofile import read_po

    from printgen.i18n.typography import typeset

    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, domain=DOMAIN)          # no locale: its CLDR data is not needed to read words
    single = {m.id: typeset(m.string, lang) for m in catalog
              if m.id and isinstance(m.id, str) and m.string and isinstance(m.string, str) and not m.fuzzy}
    counted = {m.id[0]: tuple(typeset(s, lang) for s in m.string) for m in catalog
               if isinstance(m.id, tuple) and isinstance(m.string, tuple) and all(m.string) and not m.fuzzy}
    return single, counted


@cache
def messages(lang: str) -> dict[str, str]:
    """msgid -> its translation, for every translated message of `lang`."""
    return _read(lang)[0]


def plurals(lang: str) -> dict[str, tuple[str, ...]]:
    """singular msgid -> its translated forms, for every counted message (msgid_plural) of `lang`."""
    return _read(lang)[1]


def translate_plural(lang: str, singular: str, plural: str, index: int) -> str:
    """The form `index` of a counted message in `lang`; English's where the catalogue has none."""
    forms = plurals(lang).get(singular)
    if not forms:
        return singular if index == 0 else plural
    return forms[min(index, len(forms) - 1)]


def translate(lang: str, message: str) -> str:
    """`message` in `lang`; the message itself where the catalogue has no translation of it. A word
    that is also a counted message's singular ("page", in the frame and in "3 pages") is that form 0."""
    found = messages(lang).get(message)
    if found is None:
        forms = plurals(lang).get(message)
        return forms[0] if forms else message
    return found


def read(lang: str):
    """The whole catalogue of `lang` (Babel's Catalog), for the tests and the tools."""
    from babel.messages.pofile import read_po

    with open(po_path(lang) if lang != "pot" else template_path(), "rb") as f:
        return read_po(f, locale=None if lang == "pot" else lang, domain=DOMAIN)


@cache
def _located() -> dict[str, tuple[str, ...]]:
    """Each file the catalogue's template (messages.pot) takes messages from ("templates/trafalgar-
    fastplay/quickref.md.j2") -> those messages."""
    out: dict[str, list[str]] = {}
    for m in read("pot"):
        if m.id:
            for where, _line in m.locations:
                out.setdefault(str(where).replace("\\", "/"), []).append(m.id if isinstance(m.id, str) else m.id[0])
    return {k: tuple(v) for k, v in out.items()}


def template_languages(*files: Path) -> tuple[str, ...]:
    """The languages (not English) whose catalogue translates every message of these files (a
    ruleset's template and the ruleset itself); none if the catalogue takes no message from one of
    them (a teacher's own ruleset, a template not yet marked for translation)."""
    located = _located()
    wanted: list[tuple[str, ...]] = []
    for f in files:
        tail = "/".join(Path(f).parts[-2:])
        found = [ids for where, ids in located.items() if where.endswith("/" + tail) or where == tail]
        if not found:
            return ()
        wanted += found
    langs = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return tuple(lang for lang in langs
                 if all(i in messages(lang) or i in plurals(lang) for ids in wanted for i in ids))
