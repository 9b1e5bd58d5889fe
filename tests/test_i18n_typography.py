"""The reader's typography (issue 46), by rule in one place (printgen/i18n/typography.py), read back
from every page of French and Spanish kits: no ordinary space before ; : ! ? in French, no line that
starts with one of them, no "(s)"; and the rules themselves, the number reader and the card order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.i18n.typography import NBSP, THIN, typeset


def test_french_spaces_and_signs_by_rule():
    assert typeset("Nom : x ; y ! Vraiment ?", "fr") == f"Nom{NBSP}: x{THIN}; y{THIN}! Vraiment{THIN}?"
    assert typeset("Fin:", "fr") == f"Fin{NBSP}:" and typeset("10:30", "fr") == "10:30"
    assert typeset("voir https://x.org/?lang=fr", "fr") == "voir https://x.org/?lang=fr"     # an address stays
    assert typeset("« bonjour »", "fr") == f"«{NBSP}bonjour{NBSP}»"
    assert typeset("“bonjour”", "fr") == f"«{NBSP}bonjour{NBSP}»"
    assert typeset("le 1 août 1798", "fr") == f"le 1er{NBSP}août 1798"
    assert typeset("%(share)s %%", "fr") == f"%(share)s{THIN}%%"
    assert typeset("2 x 3, faces 1-3", "es") == "2 × 3, faces 1\u20133"
    assert typeset("una peana de %(length)s x %(width)s", "es") == "una peana de %(length)s × %(width)s"
    assert typeset("unos 12 000 a 15 000", "es") == "unos 12\u00a0000 a 15\u00a0000"        # never broken
    assert typeset("quelque 7 500 hommes, 1,5 000", "fr") == "quelque 7\u202f500 hommes, 1,5 000"
    assert typeset("Nombre: x", "es") == "Nombre: x"                                    # Spanish: no space


def test_numbers_keep_their_spaces_and_signs_and_the_wrap_never_breaks_them():
    from printgen.i18n.numbers import number, percent
    from printgen.rules.printed import fmt
    from printgen.sheets.text.wrap import _WORDS
    from printgen.units import Measure

    assert number("1234", "fr") == f"1{THIN}234" and percent("59.8%", "fr") == f"59,8{THIN}%"
    assert fmt(-1, "signed", Measure(lang="fr")) == "\u22121" and fmt((5, 6), "faces", Measure(lang="es")) == "5\u20136"
    assert _WORDS.findall(f"Nom{NBSP}: 1{THIN}234 x") == [f"Nom{NBSP}:", " ", f"1{THIN}234", " ", "x"]


def test_captain_cards_keep_their_numbers_in_order():
    """A tall card never lets the next one jump into a gap before it (Sluys es printed 13 before 12)."""
    from printgen.sheets.text.cards import _pack

    spans = [(1, 1), (2, 1), (1, 1)]
    assert _pack(spans, (2, 2))[2] == (0, 1, 0)                     # rule cards: the gap is filled
    spots = _pack(spans, (2, 2), in_order=True)
    reading = [(page, row, col) for page, col, row in spots]
    assert reading == sorted(reading)


def _kit(where: Path, scenario: str, lang: str) -> Path:
    """The kit built and checked once a run (langkit.built_checked_once, shared with
    tests/test_i18n_sides.py; never changed)."""
    from langkit import built_checked_once

    from printgen.request import KitRequest

    out, _plan = built_checked_once(KitRequest(scenario, students=4, ships=6, lang=lang, paper="a4", units="cm"))
    return out


def _lines(kit: Path) -> list[tuple[str, str]]:
    """Every line of every page of the kit's documents, as a reader's PDF tool reads it (the fine
    no-break space reads as itself; the no-break space before a colon reads as a space)."""
    from pdfread import page_texts

    found = []
    for pdf in sorted(kit.glob("*.pdf")):
        if pdf.name.startswith("kit"):
            continue
        for n, (text, _beyond) in enumerate(page_texts(pdf, blanks=True), 1):
            found += [(f"{pdf.name} p{n}", line) for line in text.splitlines()]
    return found


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_no_translated_message_puts_an_ordinary_space_before_a_tall_mark(lang):
    """Every message as the sheets receive it: French has a no-break space before ; : ! ? and %, never
    an ordinary one (the page test cannot tell the colon's no-break space from a space: this can)."""
    from printgen.i18n.catalogue import messages, plurals

    said = list(messages(lang).values()) + [s for forms in plurals(lang).values() for s in forms]
    assert len(said) > 1000
    bad = [s for s in said if re.search(r"[^\S\u00a0\u202f][;:!?]|[^\S\u00a0\u202f]%(?!\()", s)]
    assert not bad if lang == "fr" else True, bad[:10]
    assert not [s for s in said if re.search(r"\d x \d|\(s\)", s)]


@pytest.mark.slow
@pytest.mark.parametrize("scenario, lang", [("sluys-1340", "fr"), ("sluys-1340", "es"), ("nile-1798", "fr")])
def test_every_page_follows_the_language_s_typography(tmp_path, scenario, lang):
    lines = _lines(_kit(tmp_path / lang, scenario, lang))
    assert len(lines) > 200
    wrong = []
    for where, line in lines:
        if "(s)" in line:
            wrong.append((where, "(s)", line))
        # a line (or a column of the layout) that starts with a mark that belongs to the word before
        if re.search(r"^\s*[;:!?»]", line):
            wrong.append((where, "starts with a mark", line))
        if lang == "fr" and re.search(r"\w [;!?]", line):
            wrong.append((where, "ordinary space before ; : ! ?", line))
    assert not wrong, "\n".join(f"{w}: {why}: {line.strip()!r}" for w, why, line in wrong[:20])
