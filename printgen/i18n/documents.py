"""The words that count a document's copies ("one a table group") agreeing with the document, as data.

French and Spanish give each document a gender: "una por grupo de mesa" for la ficha, "une par élève"
for la fiche d'exercices, and "un jeu par table" / "un juego por grupo de mesa" for a set of cards. Each
language's glossary (locale/<lang>/glossary.toml) records it beside the document's name:
[documents] maps a document's English title (the catalogue's msgid) to "f" (feminine) or "set" (a set
of sheets or cards); a title it does not name is masculine, and says the catalogue's own translation.
[copies.f] and [copies.set] give the copies' words (keyed by the English ones, printgen.game.materials'
PER_WORDS) for those documents. English: the words as they are."""

from __future__ import annotations

GENDERS = ("m", "f", "set")


def document_gender(title: str, lang: str) -> str:
    """The gender of the document titled `title` (English) in `lang`: "m", "f" or "set"."""
    from printgen.i18n.numbers import glossary

    gender = glossary(lang).get("documents", {}).get(title, "m") if lang in ("fr", "es") else "m"
    if gender not in GENDERS:
        raise ValueError(f"locale/{lang}/glossary.toml [documents]: {title!r} = {gender!r}; one of {GENDERS}")
    return gender


def copies_said(per: str, title: str, lang: str) -> str:
    """The copies' words `per` (English, "one a table group") for the document titled `title`, in `lang`."""
    from printgen.i18n import translated
    from printgen.i18n.numbers import glossary

    gender = document_gender(title, lang)
    if gender != "m":
        forms = glossary(lang).get("copies", {}).get(gender, {})
        if per in forms:
            return forms[per]
    return str(translated(lang, per))
