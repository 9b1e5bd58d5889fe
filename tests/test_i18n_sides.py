"""A side's name in a French or Spanish sentence (issue 46): with its own article, number and gender,
from the glossary ("los ingleses", "la Santa Liga", "les Anglais", "la Sainte Ligue"), "de" + article
contracted ("des Anglais", "de la Sainte Ligue"), Spanish nationalities in lower case in running text.
Every page of the Sluys kit in Spanish and French and of the Lepanto kit in French is read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfread import open_pdf

from printgen.i18n.sides import side_said

# After an article: a Spanish nationality in capitals, a plural article before a singular body, a
# French "de les", and the French rank printed after "capitaine"
WRONG = {
    "es": re.compile(r"\b(?:[Ll]os|[Ll]as|de|del|a|al)\s+(?:Ingleses|Franceses|Británicos|Otomanos|Españoles|"
                     r"Estadounidenses|Franco-españoles|Genoveses|Venecianos)\b|\b[Ll]os\s+Santa\s+Liga\b"),
    "fr": re.compile(r"\b(?:[Ll]es|[Dd]es|aux)\s+(?:Sainte\s+Ligue|Américain)\b|\bde\s+les\s+[A-ZÉ]|"
                     r"\bcapitaine\s+(?:Lieutenant|Capitaine)\b"),
}


def test_a_side_takes_its_article_and_the_contraction():
    assert side_said("English", "es") == "los ingleses"
    assert side_said("English", "es", "of") == "de los ingleses"
    assert side_said("Holy League", "es", "of") == "de la Santa Liga"
    assert side_said("English", "fr", "of") == "des Anglais"
    assert side_said("Holy League", "fr", "of") == "de la Sainte Ligue"
    assert side_said("English", "fr", "to") == "aux Anglais"
    assert side_said("Holy League", "fr", initial=True) == "La Sainte Ligue"
    assert side_said("Holy League", "en") == "Holy League"           # English messages carry their article


def _kit(where: Path, scenario: str, lang: str) -> Path:
    """The kit built and checked once a run (langkit.built_checked_once; never changed): L'Écluse's small
    kit on A4 in centimetres, the one tests/test_i18n_typography.py reads too."""
    from langkit import built_checked_once

    from printgen.request import KitRequest

    if scenario == "sluys-1340":
        request = KitRequest(scenario, students=4, ships=6, lang=lang, paper="a4", units="cm")
    else:
        request = KitRequest(scenario, students=4, edition="color", lang=lang)
    out, _plan = built_checked_once(request)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "lang"), [("sluys-1340", "es"), ("sluys-1340", "fr"), ("lepanto-1571", "fr")])
def test_no_side_name_after_a_wrong_article_on_any_page(tmp_path, scenario, lang):
    out = _kit(tmp_path, scenario, lang)
    found: list[str] = []
    pdfs = sorted(p for p in out.glob("*.pdf") if not p.name.startswith("kit-"))
    assert len(pdfs) >= 10
    for pdf in pdfs:
        with open_pdf(pdf) as doc:
            for n, page in enumerate(doc.pages, 1):
                text = re.sub(r"\s+", " ", page.extract_text() or "")
                found += [f"{pdf.name} p{n}: …{text[max(0, m.start() - 30):m.end() + 20]}…"
                          for m in WRONG[lang].finditer(text)]
    assert not found, "\n".join(found)


def test_a_rank_is_not_printed_after_captain_and_a_condition_reads_as_one():
    """The debrief prints a captain's name as the fleet has it, rank and all ("Lieutenant Cambon"): no
    "capitaine Lieutenant Cambon"; the quick reference's rule for ships that strike at once is a
    condition ("If all ..."), not a statement."""
    from printgen.i18n import translated

    debrief = "**%(ship)s**, captain %(captain)s: %(fate)s. In your game: %(outcome)s, %(points)s."
    strike = ("If every ship in the fight loses its last hit point in the same round: roll off (re-roll ties); "
              "the winner survives with "
              "%(points)s hit point.")
    fr = translated("fr", debrief) % {"ship": "Mercure", "captain": "Lieutenant Cambon", "fate": "x", "outcome": "y",
                                       "points": "z"}
    es = translated("es", debrief) % {"ship": "Mercure", "captain": "Lieutenant Cambon", "fate": "x", "outcome": "y",
                                       "points": "z"}
    assert not re.search(r"capitaine\s+Lieutenant", fr) and not re.search(r"capitán\s+Lieutenant", es), (fr, es)
    assert translated("fr", strike).startswith("Si ") and translated("es", strike).startswith("Si "), strike
