"""The message catalogues (printgen/i18n/locale): every message translated in every language, the
catalogue's template as `pybabel extract` makes it today (a template's new words are messages),
each translation keeping its message's values, and the game's words as each language's glossary
says them (issue 31)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from printgen.i18n.catalogue import LOCALE, read

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "es")
_VALUE = re.compile(r"%\((\w+)\)s")


def _messages(lang: str) -> dict[str, object]:
    return {m.id: m for m in read(lang) if m.id}


def _pairs(lang: str):
    """(English, its translation) for every message, a counted one form by form."""
    for m in read(lang):
        if isinstance(m.id, tuple):
            yield from zip(m.id, m.string)
        elif m.id:
            yield m.id, m.string


def test_the_template_is_what_extraction_gives_today(tmp_path):
    """A message added to a template or to the code without `pybabel extract` fails here."""
    out = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "N_",
                    "--no-wrap", "--sort-by-file", "-o", str(out), "."], cwd=ROOT, check=True, capture_output=True)
    from babel.messages.pofile import read_po

    with open(out, "rb") as f:
        fresh = {m.id for m in read_po(f) if m.id}
    kept = {m.id for m in read("pot") if m.id}
    assert fresh == kept, (f"run pybabel extract (docs/ARCHITECTURE.md): new {sorted(fresh - kept)}, "
                           f"gone {sorted(kept - fresh)}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    template = {m.id for m in read("pot") if m.id}
    messages = _messages(lang)
    assert set(messages) == template, f"pybabel update: missing {sorted(template - set(messages))}"
    untranslated = [i for i, m in messages.items() if not m.string or m.fuzzy]
    assert not untranslated, f"{lang}: no translation of {untranslated}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_values(lang):
    """Every %(name)s of a message is in its translation, and nothing else is."""
    for i, m in _messages(lang).items():
        forms = zip(i, m.string) if isinstance(i, tuple) else [(i, m.string)]
        for english, said in forms:
            assert sorted(_VALUE.findall(english)) == sorted(_VALUE.findall(said)), f"{lang}: {i!r} -> {m.string!r}"
            assert said.count("%%") == english.count("%%"), f"{lang}: {i!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_counted_messages_follow_the_language_s_plural_rule(lang):
    """Every counted message has the forms its language's rule asks (the .po's Plural-Forms is the
    one printgen counts by), and French says the singular after 0 and 1: "0 point", "1 touche"."""
    from printgen.i18n import PLURAL_FORMS, translated_plural
    from printgen.i18n.catalogue import read as read_catalogue

    catalog = read_catalogue(lang)
    assert catalog.plural_forms == PLURAL_FORMS[lang].replace("(n != 1)", "(n != 1)"), catalog.plural_forms
    counted = [m for m in catalog if isinstance(m.id, tuple)]
    assert len(counted) >= 15 and all(len(m.string) == 2 and all(m.string) for m in counted)
    one = {"fr": ("point", "touche", "navire"), "es": ("puntos", "impacto", "barco")}[lang]
    assert translated_plural(lang, "point", "points", 0) == {"fr": "point", "es": "puntos"}[lang]
    assert translated_plural(lang, "hit", "hits", 1) == one[1]
    assert translated_plural(lang, "%(count)s ship", "%(count)s ships", 1) % {"count": 1} == f"1 {one[2]}"
    assert translated_plural(lang, "point", "points", 2) != translated_plural(lang, "point", "points", 1)
    assert translated_plural("fr", "hit", "hits", 1.5) == "touche"       # French: singular below two


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_says_what_the_style_guide_forbids(lang):
    """The glossary's [style] never: the calques and the second names a native teacher would rewrite
    ("tir par le travers" for bordée, "barco de línea" for navío de línea, "Fiche de l'enseignant"
    beside "fiche du professeur", "Colocad" beside "Coloca")."""
    glossary = tomllib.loads((LOCALE / lang / "glossary.toml").read_text(encoding="utf-8"))
    never = glossary["style"]["never"]
    assert len(never) >= 8
    def pattern(bad: str) -> str:          # as written ("los británicos" is right), a word whole
        return rf"(?<!\w){re.escape(bad.strip())}(?!\w)" if bad.strip()[-1:].isalnum() else re.escape(bad)

    found = [(i, said, bad) for i, said in _pairs(lang) for bad in never if re.search(pattern(bad), said)]
    assert not found, "\n".join(f"{bad!r} in {said!r}" for _i, said, bad in found)


def test_no_message_counts_with_brackets():
    """No "(s)": a count meets its noun through a counted message, never "navire(s)"."""
    for lang in LANGS:
        for m in read(lang):
            said = m.string if isinstance(m.string, tuple) else (m.string,)
            assert not any(re.search(r"\w\((?:s|es|e)\)", s or "") for s in said), (lang, m.id, m.string)


@pytest.mark.parametrize("lang", LANGS)
def test_translations_follow_the_glossary(lang):
    """A message that says a game word in English says the glossary's word in translation: "rake"
    is always "enfilade" in French, a hit point always "point de coque"."""
    glossary = tomllib.loads((LOCALE / lang / "glossary.toml").read_text(encoding="utf-8"))
    wrong = []
    omitted = {o["en"] for o in glossary.get("omit", ())}            # left unsaid on purpose, each with its why
    assert all(o.get("why") for o in glossary.get("omit", ())) and omitted <= {i for i, _ in _pairs(lang)}
    for i, said in _pairs(lang):
        english = _VALUE.sub(" ", i)
        for term in glossary["term"] if i not in omitted else ():
            if re.search(rf"(?<![\w-])(?:{term['en']})(?![\w-])", english, re.IGNORECASE):
                if not any(word.lower() in said.lower() for word in term["say"]):
                    wrong.append(f"{term['en']!r} in {i!r}: {said!r} says none of {term['say']}")
    assert not wrong, "\n".join(wrong)
    assert len(glossary["term"]) >= 20 and set(glossary["compass"]) == {"N", "E", "S", "W", "NE", "NW", "SE", "SW"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_title_s_date_is_the_date_babel_writes(lang):
    """The scenario titles' dates in the catalogue read as CLDR writes that date in the language."""
    from datetime import date

    from babel.dates import format_date

    messages = _messages(lang)
    for english, when in (("Trafalgar, 21 October 1805", date(1805, 10, 21)),
                          ("Sluys, 24 June 1340", date(1340, 6, 24)),
                          ("The Nile, 1 August 1798", date(1798, 8, 1)),
                          ("Lake Erie, 10 September 1813", date(1813, 9, 10))):
        assert messages[english].string.endswith(format_date(when, "long", locale=lang))


def test_catalogues_are_read_once_and_only_for_another_language():
    from printgen.i18n import catalogue, translated

    catalogue.messages.cache_clear()
    assert translated("en", "Quick reference") == "Quick reference"
    assert catalogue.messages.cache_info().currsize == 0              # English reads nothing
    assert translated("fr", "Quick reference") == "Aide-mémoire"
    assert translated("fr", "Drift") == "Dérive"
    assert catalogue.messages.cache_info().misses == 1 and catalogue.messages.cache_info().hits == 1
