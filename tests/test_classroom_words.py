"""Words for the classroom: no printed page of either built-in kit carries printgen's internal terms
(the seed, the ruleset file, a ship type's data key); the deployment's number is on the teacher's
set-up page, in words a teacher uses."""

from __future__ import annotations

import re

import pytest

from printgen.check.pdfread import read_pdf


@pytest.fixture(scope="module")
def kits():
    """Each built-in battle's default kit (tamper.built_once: built once a run and shared, never changed)."""
    from tamper import built_once

    from printgen.data.scenario import load_scenario

    out = {}
    for name in ("trafalgar", "sluys-1340"):
        folder = built_once(name)
        pages = {}
        for pdf in sorted(folder.glob("*.pdf")):
            if pdf.name != "kit-color.pdf":                                  # the same pages again
                pages[pdf.name] = ["".join(c.text for c in p.chars) for p in read_pdf(pdf, shapes=False, colours=False)]
        out[name] = (load_scenario(name), pages)                            # (its ruleset's type keys)
    return out


def forbidden(scenario) -> list[str]:
    """Internal words: the seed, the ruleset file, and the type keys that are not words of the type's
    own name (a "cog" is a cog; "med-galley" is a key)."""
    words = [r"(?<!--)\bseed\b", r"ruleset"]         # `--seed` in a command a teacher types is the option's name
    for key, t in (getattr(scenario.ruleset, "types", None) or {}).items():
        if key.lower() not in t.name.lower():
            words.append(re.escape(key))
    return words


@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_no_internal_words_on_any_page(kits, name):
    scenario, pages = kits[name]
    patterns = forbidden(scenario)
    assert len(pages) >= 8
    found = [(doc, i + 1, m.group(0)) for doc, texts in pages.items() for i, text in enumerate(texts)
             for p in patterns for m in re.finditer(p, text, re.IGNORECASE)]
    assert not found, found[:10]


@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_teacher_page_gives_the_deployment_number(kits, name):
    _, pages = kits[name]
    text = " ".join(" ".join(pages["teacher-color.pdf"]).split())
    assert "deployment number 1805 (another number gives another deployment)" in text
