"""The lines and errors a teacher reads in the terminal, in the command's --lang (issue 31): the refusal
of an untranslated document, a bad option, a missing scenario; the kit's own check line as `printgen
serve` reads it back. English stays as it always was, word for word."""

from __future__ import annotations

import pytest
from langkit import run

NBSP = "\u00a0"


def test_errors_in_french_and_spanish_and_english_as_before():
    fr = run("quickref", "trafalgar", "--lang", "fr", "--scale", "9")
    assert fr.returncode == 2 and fr.stderr.splitlines() == [
        "printgen: error:", f"  champ '--scale'{NBSP}: l’échelle 9 est hors limites",
        f"      correction{NBSP}: donnez un facteur entre 0.25 et 4, par exemple 0.5 pour une table de taille moitié"]
    es = run("kit", "no-such-battle", "--lang", "es")
    assert es.returncode == 2 and "  no hay ningún escenario llamado 'no-such-battle'" in es.stderr.splitlines()
    from printgen.data.scenario import scenario_names

    assert f"      solución: escenarios incluidos: {', '.join(scenario_names())}; o da la ruta" in es.stderr
    en = run("quickref", "trafalgar", "--scale", "9")
    assert en.returncode == 2 and en.stderr.splitlines() == [
        "printgen: error:", "  field '--scale': scale 9 is out of range",
        "      fix: use a factor between 0.25 and 4, e.g. 0.5 for a half-size table"]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_refusal_of_an_untranslated_document_is_in_the_language(monkeypatch, lang):
    """The records say what is ready (a stand-in here: only the quick reference), the refusal says so
    in the language asked for, with the framing main() prints it in."""
    from printgen.cli.map_cmd import map_cmd
    from printgen.cli.sheet_cmds import app  # noqa: F401  (the commands registered)
    from printgen.errors import PrintgenError
    from printgen.i18n import using
    from printgen.registry import documents

    monkeypatch.setattr(documents, "languages_of",
                        lambda r, rs: ("en", "fr", "es") if r.kind == "quickref" else ("en",))
    with pytest.raises(PrintgenError) as refused:
        map_cmd("trafalgar", lang=lang, tiled=False, out=None)
    assert refused.value.lang == lang
    with using(refused.value.lang):
        said = str(refused.value.problems[0])
    assert said == {
        "fr": f"champ '--lang'{NBSP}: pas encore de version française pour la carte de déploiement\n"
              f"    correction{NBSP}: utilisez --lang en pour l’instant\u202f; déjà en français{NBSP}: aide-mémoire",
        "es": "campo '--lang': todavía no hay versión en español para el mapa de despliegue\n"
              "    solución: usa --lang en por ahora; ya en español: resumen de reglas"}[lang]
    assert str(refused.value.problems[0]).startswith("field '--lang': ")     # the framing: main()'s language

def test_the_kit_s_check_line_is_read_back_by_the_page_in_any_language():
    from printgen.check.said import AGREE
    from printgen.i18n import translated, using
    from printgen.serve.app import checked

    for kit in ("en", "fr", "es"):
        line = translated(kit, AGREE) % {"count": 17}
        with using("fr"):
            assert checked(f"Notes\n{line}\n") == (f"Vérifié{NBSP}: chaque nombre imprimé des 17 documents est "
                                                   "conforme aux règles et à la flotte.")
        assert checked(line).startswith("Checked: every printed number of the 17 documents")
    french = translated("fr", AGREE) % {"count": 17}
    assert french == f"vérification{NBSP}: 17 documents conformes aux règles et à la flotte"


def test_the_progress_bar_names_each_document_in_the_language(capsys, monkeypatch):
    """The bar a teacher watches says the document's title in the kit's language; the lines a program
    reads (PRINTGEN_PROGRESS=lines, printgen serve) stay as they are."""
    from printgen.i18n import using
    from printgen.kit.progress import Progress

    monkeypatch.delenv("PRINTGEN_PROGRESS", raising=False)
    with using("fr"):
        Progress(3, enabled=True).step("cards (bw)")
    assert "Cartes de règles (noir et blanc)" in capsys.readouterr().err
    Progress(3, enabled=True).step("cards (bw)")
    assert "Rule cards (black and white)" in capsys.readouterr().err      # a teacher's words in English too
    monkeypatch.setenv("PRINTGEN_PROGRESS", "lines")
    with using("es"):
        Progress(3).step("cards (bw)")
    assert capsys.readouterr().err == "progress 1/3 cards (bw)\n"


@pytest.mark.parametrize("lang, says", [
    ("fr", "Flotte réduite à 12 navires sur 60 (Escadre du nord (au vent) 2, Escadre du sud (sous le vent) 3, "
           "Flotte française 4, Flotte espagnole 3)\u202f; gardés\u00a0: Victory, Britannia"),
    ("es", "Flota reducida a 12 de 60 barcos (")])
def test_the_fleet_s_note_is_in_the_language(lang, says):
    """A smaller fleet's note (the terminal, index.html, the web page) in the kit's language, each
    squadron by its translated name, the ships' names as they are; English as it always was."""
    from printgen.game.prepare import prepare

    _, options = prepare("trafalgar", ships=12, lang=lang)
    assert any(note.startswith(says) for note in options.notes), options.notes
    assert not any("Fleet" in note or "North" in note for note in options.notes)
    _, english = prepare("trafalgar", ships=12)
    said = "Fleet reduced to 12 of 60 ships (North 2, South 3, French 4, Spanish 3); kept:"
    assert english.notes[-1].startswith(said)
