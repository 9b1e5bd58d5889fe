"""A teacher's own battle in a language its words are not in (issue 48): refused, as a teacher's own
ruleset is (docs/ARCHITECTURE.md, "Which documents"), with the file and line of the first English text;
a copy whose words are the built-in battle's is not; and the command's errors are in one language."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

BATTLE = Path(__file__).parent / "data" / "own-battle"


@pytest.mark.parametrize("lang, says", [("fr", "pas encore de version française"), ("es", "todavía no hay versión en español")])
def test_a_teachers_battle_in_english_only_is_refused_in_french_and_spanish(run, tmp_path, lang, says):
    code, out, err = run("kit", BATTLE, "--lang", lang, "--out", tmp_path / "kit")
    assert code == 2, (code, out, err)
    assert says in err and "--lang" in err and "scenario.toml" in err, err
    assert "Cape St Vincent" in err                           # the first text the catalogue lacks
    assert not (tmp_path / "kit").exists()


def test_a_copy_of_a_built_in_battle_keeps_its_languages(tmp_path):
    from printgen import paths
    from printgen.data.scenario import load_scenario
    from printgen.errors import PrintgenError
    from printgen.kit.accepts import refuse_untranslated_words

    shutil.copytree(paths.fleets_dir() / "trafalgar", tmp_path / "mine")
    for lang in ("fr", "es"):
        refuse_untranslated_words(load_scenario(str(tmp_path / "mine")), lang)      # nothing to refuse
    text = (tmp_path / "mine" / "scenario.toml").read_text(encoding="utf-8")
    (tmp_path / "mine" / "scenario.toml").write_text(text.replace('heading = "The plan"', 'heading = "My plan"'),
                                                      encoding="utf-8")
    with pytest.raises(PrintgenError, match="My plan"):
        refuse_untranslated_words(load_scenario(str(tmp_path / "mine")), "fr")


@pytest.mark.parametrize("poster", ["bogus", "3x3in", "A3"])
def test_a_poster_error_in_french_is_all_french(run, tmp_path, poster):
    code, out, err = run("kit", "trafalgar", "--lang", "fr", "--poster", poster, "--out", tmp_path / "kit")
    assert code == 2, (code, out, err)
    for english in ("is not known", "not a poster", "or a size such as", "does not fit", "choose ", "print a smaller"):
        assert english not in err, err
    assert "affiche" in err, err
