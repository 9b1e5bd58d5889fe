"""Issue 44, item 4: a pupil glossary on the quick reference, each battle's own. Read back from the
default kit of each built-in battle: every word the glossary explains is used on that kit's pupil
pages, and every jargon word the pupil pages use is in its glossary (the jargon: the issue's list,
printgen.sheets.text.glossary.GLOSSARY's forms, each looked for as a whole word); the heading carries
the classroom mark."""

from __future__ import annotations

import json
import re

import pytest
from pdfread import open_pdf, page_texts
from tamper import built_once

BATTLES = ("trafalgar", "nile-1798", "lake-erie-1813", "lepanto-1571", "sluys-1340")
HEADING = "Words of the game"


def _pupil_text(kit) -> tuple[str, str]:
    """(the words of every pupil page but the glossary, the glossary's words), spaces collapsed."""
    from printgen.registry.documents import find

    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    pages, glossary = [], ""
    for d in manifest["documents"]:
        record = find(d["kind"])
        if record is None or record.audience != "pupil":
            continue
        for number, whole in enumerate(page_texts(kit / d["path"])):
            text = " ".join(whole.split())
            if d["kind"] == "quickref" and HEADING in text:
                assert not glossary, "the glossary printed twice"
                before, _, glossary = text.partition(HEADING)
                # the quick reference's two columns: the glossary is the right one's last panel
                with open_pdf(kit / d["path"]) as pdf:
                    page = pdf.pages[number]
                    words = page.crop((page.width / 2, 0, page.width, page.height)).extract_text() or ""
                    left = page.crop((0, 0, page.width / 2, page.height)).extract_text() or ""
                words = " ".join(words.split())
                if HEADING in words:
                    glossary = words.partition(HEADING)[2]
                    text = " ".join(left.split()) + " " + words.partition(HEADING)[0]
                else:
                    text = before
            pages.append(text)
    return " ".join(pages), glossary


def _uses(text: str, form: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text.lower()) is not None


@pytest.mark.parametrize("scenario", BATTLES)
def test_the_glossary_explains_the_words_the_pupils_read_and_no_others(scenario):
    from printgen.registry.families import BUILT_IN  # noqa: F401 (the families registered)
    from printgen.sheets.text.glossary import GLOSSARY

    kit = built_once(scenario)
    pages, glossary = _pupil_text(kit)
    assert glossary, f"{scenario}: no '{HEADING}' on the quick reference"
    family = "sectors" if scenario in ("lepanto-1571", "sluys-1340") else "broadside"
    words = [w for w in GLOSSARY if w.family in ("", family)]
    printed = {w.term for w in words if re.search(rf"(^|[.\s]){re.escape(w.term)}:", glossary)}
    assert printed, glossary[:200]
    used = {w.term for w in words if any(_uses(pages, f) for f in w.forms)}
    assert printed - used == set(), f"{scenario}: explained but not on a pupil page: {sorted(printed - used)}"
    assert used - printed == set(), f"{scenario}: on a pupil page but not explained: {sorted(used - printed)}"


def test_each_battle_explains_its_own_words():
    """The issue's words: the sailing ships' at Trafalgar, the galleys' at Lepanto, not the other way."""
    traf, _ = _pupil_text(built_once("trafalgar"))[1], None
    lepanto = _pupil_text(built_once("lepanto-1571"))[1]
    for term in ("fouled", "grappled", "in irons", "close-hauled", "rake", "squadron", "weather, lee", "prize",
                 "roll off", "strike"):
        assert f"{term}:" in traf, term
    for term in ("backs, veers", "skeg", "bardi", "round ship", "galliot", "attack speed"):
        assert f"{term}:" in lepanto and f"{term}:" not in traf, term
    assert "in irons:" not in lepanto


def test_the_glossary_is_marked_as_printgens_classroom_words():
    """Its heading carries the classroom mark, traced to its provenance, explained in the footer."""
    from tamper import load_trace

    kit = built_once("trafalgar")
    trace = load_trace(kit)["quickref-color.pdf"]
    assert any(e["source"] == ["provenance", "words.glossary", "symbol"] for page in trace for e in page)
    text = " ".join(" ".join(page_texts(kit / "quickref-color.pdf")).split())
    assert f"{HEADING}*" in text and "* added for your class" in text
