"""Issue 46, the French and Spanish words that come from data, read back from the pages of two default
kits (L'Écluse in French, the Nile in Spanish), each built and checked as a teacher builds one:

- a side's own shooters (the ruleset's `shooters`): the French at L'Écluse have arbalétriers, the English
  archers; rules that serve both sides say tireur;
- a side's adjective after a noun (the glossary's `adjective`): "bando británico", "camp français";
- the copies' words agree with the document (the glossary's [documents]): "una por grupo de mesa" for
  la historia, "un juego" for a set of cards;
- a ship type and a rank in lower case inside a sentence; a cell's first word with its capital (traced,
  so the check agrees: the kit is built with it);
- no brackets inside brackets: a captain's note after a comma;
- the glossary's réglette, policy names as words, the fleet-size errors in the command's language."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from langkit import run


def _text(pdf: Path) -> str:
    """A document's words, as a reader's PDF tool reads them, lines joined with spaces."""
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return done.stdout


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    """The readers' default kits, L'Écluse in French and the Nile in Spanish (langkit.reader_kits: built
    once a run, shared with the readers' files; `printgen kit` exited 0, its check agreed with every page)."""
    from langkit import reader_kits

    return reader_kits()


@pytest.mark.slow
def test_each_side_names_its_own_shooters(kits):
    text = _flat(_text(kits["sluys-fr"] / "captains-color.pdf"))
    assert "arbalétriers français touchent" in text and "archers anglais touchent" in text
    assert "archers français" not in text and "arbalétriers anglais" not in text
    assert "Tes navires : vitesse et arbalétriers" in text and "Tes navires : vitesse et archers" in text
    records = _flat(_text(kits["sluys-fr"] / "records-color.pdf"))
    assert re.search(r"\d arbalétriers \(dés de tir\)", records) and re.search(r"\d archers \(dés de tir\)", records)
    rules = _flat(_text(kits["sluys-fr"] / "cards-color.pdf")) + _flat(_text(kits["sluys-fr"] / "quickref-color.pdf"))
    assert "chaque archer du navire" not in rules and "Un dé par archer" not in rules     # both sides' rule: tireur
    assert "Un dé par tireur" in rules


@pytest.mark.parametrize("lang, said", [("en", ["English bowmen", "French bowmen"]),
                                        ("fr", ["Anglais\u00a0: archers", "Français\u00a0: arbalétriers"]),
                                        ("es", ["Ingleses: arqueros", "Franceses: ballesteros"])])
def test_the_missile_odds_tables_name_each_side_s_shooters(lang, said):
    from printgen.i18n import using
    from printgen.rules.load import load_ruleset
    from printgen.systems.sectors.tables import missile

    rs = load_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "medieval-fragment.toml")
    with using(lang):
        titles = ["".join(str(getattr(run, "value", run)) if not isinstance(run, str) else run
                          for run in table.title) for table in missile(rs)]
    assert len(titles) == len(said) and all(t.startswith(s) for t, s in zip(titles, said)), titles


@pytest.mark.slow
def test_a_side_s_adjective_follows_its_noun(kits):
    debrief = _flat(_text(kits["nile-es"] / "debrief-color.pdf"))
    assert "barcos del bando británico" in debrief and "bando francés" in debrief
    assert not re.search(r"bando (Británicos|Franceses|británicos|franceses)", debrief)
    worksheet = _flat(_text(kits["sluys-fr"] / "worksheet-color.pdf"))
    assert "Un arbalétrier du camp français" in worksheet and "Un archer anglais" in worksheet
    legend = _flat(_text(kits["sluys-fr"] / "map-color.pdf"))
    assert "camp des Français" not in legend


@pytest.mark.slow
def test_the_copies_agree_with_each_document(kits):
    lesson = _flat(_text(kits["nile-es"] / "lesson-color.pdf"))
    assert re.search(r"La historia antes de la batalla \d+ \d+ \(una por grupo de mesa\)", lesson)
    assert re.search(r"Resumen de reglas \d+ \d+ \(una por grupo de mesa\)", lesson)     # una copia
    assert re.search(r"Tarjetas de reglas \d+ \d+ \(un juego por grupo de mesa\)", lesson)
    assert re.search(r"Ficha de probabilidades \d+ \d+ \(una por alumno\)", lesson)
    french = _flat(_text(kits["sluys-fr"] / "lesson-color.pdf"))
    assert re.search(r"Fiche d'exercices de probabilités \d+ \d+ \(une par élève\)", french)
    assert re.search(r"Aide-mémoire \d+ \d+ \(un par table\)", french)


@pytest.mark.slow
def test_types_and_ranks_are_lower_case_inside_a_sentence(kits):
    captains = _flat(_text(kits["sluys-fr"] / "captains-color.pdf"))
    assert re.search(r", cogue \(navire rond\) :", captains), "a type after the ship's name, in lower case"
    assert not re.search(r", Cogue \(navire rond\) :", captains)
    debrief = _flat(_text(kits["nile-es"] / "debrief-color.pdf"))
    assert "Vanguard: contraalmirante sir Horatio Nelson" in debrief
    assert not re.search(r": (Contraalmirante|Vicealmirante)", debrief)
    cells = _flat(_text(kits["sluys-fr"] / "debrief-color.pdf"))
    assert "Le roi Édouard III" in cells and "L'amiral Hugues Quiéret" in cells     # a cell's first word


@pytest.mark.slow
def test_no_brackets_inside_brackets(kits):
    debrief = _flat(_text(kits["nile-es"] / "debrief-color.pdf"))
    assert "(capitán: sir James Saumarez, herido)" in debrief
    assert not re.search(r"\([^()]*\([^()]*\)[^()]*\)", debrief), re.search(r".{30}\([^()]*\([^()]*\).{30}", debrief)


@pytest.mark.slow
def test_the_rulers_and_policies_read_as_words(kits):
    rulers = _flat(_text(kits["sluys-fr"] / "rulers-color.pdf"))
    assert "Réglette de portée de tir" in rulers and "Règle" not in rulers
    plays = _flat(_text(kits["sluys-fr"] / "plays-color.pdf"))
    assert "« approcher et tirer »" in plays and "approcher-et-tirer" not in plays     # named once for both sides


@pytest.mark.parametrize("lang, args, said", [
    ("fr", ("--ships", "1000"), "navires ne peuvent pas se répartir entre les"),
    ("es", ("--ships", "1000"), "barcos no se pueden repartir entre las"),
    ("fr", ("--fraction", "2"), "n'est pas une part de la flotte"),
    ("es", ("--ships", "9", "--fraction", "0.5"), "fijan las dos el tamaño de la flota")])
def test_the_fleet_size_errors_speak_the_command_s_language(tmp_path, lang, args, said):
    done = run("kit", "trafalgar", "--lang", lang, *args, "--out", str(tmp_path / "kit"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_the_glossary_s_documents_are_documents():
    """Every title the glossaries give a gender is a document's title, and each copies' word is one of
    the materials' (a renamed document would lose its gender silently)."""
    import tomllib

    from printgen.game.materials import PER_WORDS
    from printgen.i18n.catalogue import LOCALE
    from printgen.i18n.documents import GENDERS, copies_said
    from printgen.options import Options
    from printgen.registry.documents import kinds_for
    from printgen.rules.load import load_ruleset

    rulesets = Path(__file__).resolve().parent.parent / "rulesets"
    titles = {r.title for p in rulesets.glob("*.toml") for r in kinds_for(load_ruleset(p), Options())}
    for lang in ("fr", "es"):
        glossary = tomllib.loads((LOCALE / lang / "glossary.toml").read_text(encoding="utf-8"))
        assert set(glossary["documents"]) <= titles, set(glossary["documents"]) - titles
        assert set(glossary["documents"].values()) <= set(GENDERS)
        for gender, forms in glossary["copies"].items():
            assert gender in GENDERS and set(forms) <= set(PER_WORDS.values()), (lang, gender)
    assert copies_said("one a table group", "Odds worksheet", "es") == "una por grupo de mesa"
    assert copies_said("one a table group", "Quick reference", "fr") == "un par table"
    assert copies_said("one a table group", "Rule cards", "fr") == "un jeu par table"
    assert copies_said("one a table group", "Rule cards", "en") == "one a table group"


def test_a_side_s_adjective_is_data():
    from printgen.i18n.sides import side_said

    assert side_said("British", "es", "adjective") == "británico"
    assert side_said("French", "fr", "adjective") == "français"
    assert side_said("Holy League", "es", "adjective") == "de la Santa Liga"
    assert side_said("British", "en", "adjective") == "British"
    for lang in ("fr", "es"):
        from printgen.i18n.sides import glossary_sides

        assert all(entry.get("adjective") for entry in glossary_sides(lang).values()), lang
