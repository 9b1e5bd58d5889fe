"""`printgen simulate --report plays.pdf --lang fr|es` (issue 31): the teacher's page of the simulated games
in the language, its words from the catalogue and its figures in the reader's format ("77,5 %"); refused
in one line where the ruleset's page is not translated yet. A few games on one worker: cheap."""

from __future__ import annotations

import re

import pytest
from langkit import run
from pdfread import open_pdf

ENGLISH = {"the", "and", "of", "games", "game", "wins", "draws", "losses", "turns", "turn", "ships", "struck",
           "played", "computer", "limit", "lesson", "what", "really", "happened", "who", "how", "average"}
SAID = {"fr": ("Comment se joue ce scénario", "Qui gagne", "Britanniques", "victoires"),
        "es": ("Resultados simulados del escenario", "Quién gana", "Británicos", "victorias")}
PERCENT = r"\d+,\d[\s\u00a0]%"     # CLDR's "77,5 %" (its no-break space reads back as a space)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_report_is_in_the_language(tmp_path, lang):
    out = tmp_path / "plays.pdf"
    done = run("simulate", "trafalgar", "--games", "20", "--workers", "1", "--report", str(out), "--lang", lang)
    assert done.returncode == 0, done.stdout + done.stderr
    with open_pdf(out) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert all(w in text for w in SAID[lang]), text[:400]
    left = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)} & ENGLISH
    assert not left, f"English words on the {lang} page: {sorted(left)}"
    assert re.search(PERCENT, text), text[:600]
    assert not re.search(r"\d\.\d", text), "a decimal point"


def test_a_page_not_yet_translated_is_refused_before_any_game(tmp_path, monkeypatch):
    """The refusal, and nothing written: no ruleset's page in Spanish (the records say so, here)."""
    from printgen.cli.simulate_cmd import simulate_cmd
    from printgen.errors import PrintgenError
    from printgen.registry import documents

    monkeypatch.setattr(documents, "languages_of", lambda record, ruleset: ("en",))
    out = tmp_path / "plays.pdf"
    with pytest.raises(PrintgenError) as refused:
        simulate_cmd("trafalgar", games=5, report=out, lang="es", balance=None)
    assert not out.exists()
    [problem] = refused.value.problems
    assert problem.field == "--lang"                                      # in the language asked for
    assert "todavía no hay versión en español para la página «Resultados simulados del escenario»" in problem.what
