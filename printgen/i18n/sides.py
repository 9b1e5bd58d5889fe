"""A side's name in a sentence: with its article, number and gender in French and Spanish ("les
Anglais", "la Sainte Ligue", "los ingleses", "la Santa Liga"), and after "de" with the contraction
the language makes ("des Anglais", "de la Sainte Ligue", "de los ingleses"). The words are data: each
language's glossary (locale/<lang>/glossary.toml, [sides]) gives a side's name as running text says
it, keyed by the ruleset's English name, and the `adjective` a noun takes for it ("le camp anglais", "el
bando británico", "un arbalétrier français"; a side with no adjective: "de la Sainte Ligue"), agreeing
(`adjective_f`, `adjective_pl`, `adjective_f_pl`: "une cogue anglaise", "los arqueros ingleses"). English
messages carry their own article ("the %(side)s win"), so in English the name is the name."""

from __future__ import annotations

FORMS = ("the", "of", "to", "adjective", "adjective_f", "adjective_pl", "adjective_f_pl", "plain")
# the side (subject or object), of the side, to the side, its adjective agreeing with the noun it follows
# (masculine singular "un archer anglais", feminine "une cogue anglaise", masculine plural "les archers
# anglais", feminine plural "arbalètes françaises": a template asks for the form its noun takes in French
# and Spanish, whose genders agree for the kit's nouns: cogue/coca, arbalètes/ballestas), and its name in
# running text without the article ("13 británicos contra 17 franceses")
# The article a definite noun phrase begins with, and what "de" / "à" (Spanish "a") make of it
_CONTRACTED = {
    "fr": {"of": {"les ": "des ", "le ": "du ", "la ": "de la ", "l’": "de l’"},
           "to": {"les ": "aux ", "le ": "au ", "la ": "à la ", "l’": "à l’"}},
    "es": {"of": {"los ": "de los ", "las ": "de las ", "el ": "del ", "la ": "de la "},
           "to": {"los ": "a los ", "las ": "a las ", "el ": "al ", "la ": "a la "}},
}


def side_entry(name: str, lang: str) -> dict:
    """The glossary's entry of side `name` (English) in `lang`: {"the", "adjective", "gender", "number"}."""
    from printgen.i18n.numbers import glossary

    sides = glossary(lang).get("sides", {})
    if name not in sides:
        raise KeyError(f"locale/{lang}/glossary.toml has no [sides] entry for the side {name!r}: "
                       f"add {name!r} = {{ the = \"...\", adjective = \"...\", gender = \"m\", number = \"pl\" }}")
    return sides[name]


def glossary_sides(lang: str) -> dict:
    """The sides the glossary words with their article (the built-in battles')."""
    from printgen.i18n.numbers import glossary

    return glossary(lang).get("sides", {})


def side_said(name: str, lang: str, form: str = "the", initial: bool = False) -> str:
    """Side `name` (the ruleset's English name) as a sentence of `lang` says it in `form`:
    "the" ("los ingleses"), "of" ("de los ingleses", "des Anglais"), "to" ("aux Anglais"), "adjective"
    (after a noun: "camp anglais", "bando británico", "camp de la Sainte Ligue"), "plain" (the name as
    running text says it, without its article: "británicos", "Anglais", "Santa Liga"); capitalised at the
    start of a sentence. English: the name itself."""
    if form not in FORMS:
        raise ValueError(f"form {form!r}: one of {FORMS}")
    if lang not in _CONTRACTED:
        return name
    if name not in glossary_sides(lang):        # a teacher's own side: its name, with a plain preposition
        from printgen.i18n.catalogue import translate

        plain = translate(lang, name)
        said = {"the": plain, "plain": plain, "of": f"de {plain}",
                "to": ("à " if lang == "fr" else "a ") + plain}.get(form, f"de {plain}")   # adjective: "de X"
        return said[:1].upper() + said[1:] if initial else said
    entry = side_entry(name, lang)
    if form.startswith("adjective"):
        if form not in entry:
            raise KeyError(f"locale/{lang}/glossary.toml: the side {name!r} has no {form}: add "
                           f"{form} = \"...\" (its adjective after a noun: adjective \"camp anglais\", adjective_f "
                           "\"cogue anglaise\", adjective_pl \"archers anglais\", adjective_f_pl "
                           "\"arbalètes anglaises\"; "
                           "a side with none: \"de la Sainte Ligue\" in each)")
        said = entry[form]
        return said[:1].upper() + said[1:] if initial else said
    said = entry["the"]
    if form == "plain":
        for article in list(_CONTRACTED[lang]["of"]):
            if said.startswith(article):
                said = said[len(article):]
                break
        return said[:1].upper() + said[1:] if initial else said
    if form != "the":
        for article, made in _CONTRACTED[lang][form].items():
            if said.startswith(article):
                said = made + said[len(article):]
                break
        else:
            raise ValueError(f"locale/{lang}/glossary.toml: the side {name!r} is {said!r}, "
                             "which begins with no article")
    return said[:1].upper() + said[1:] if initial else said


def said_here(name: str, form: str = "the", initial: bool = False) -> str:
    """side_said in the language of the document being drawn."""
    from printgen.i18n import LANG

    return side_said(name, LANG.get(), form, initial)


def side_shooters(name: str, english: str, lang: str) -> str:
    """What a sheet calls side `name`'s missile troops in `lang`: the glossary's `shooters` for the side
    ("arbalétriers", "ballesteros": the French at L'Écluse are Genoese crossbowmen), else the ruleset's
    word `english` ("bowmen") in the catalogue's words. Read only by the pages of the rules that shoot
    with bows (sectors)."""
    from printgen.i18n import translated

    if lang in _CONTRACTED and name in glossary_sides(lang) and side_entry(name, lang).get("shooters"):
        return side_entry(name, lang)["shooters"]
    return translated(lang, english)
