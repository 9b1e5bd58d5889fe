"""Every default and every reading of the medieval fragment carries its mark on every page that
prints it (read back from a built Sluys kit), the teacher's page gives each reading's original
words, and `printgen check` fails when a default's number changes after printing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
from pdfread import says
import pytest

from printgen.data.scenario import load_scenario
from printgen.rules.provenance import MEANING, PUPIL_MEANING, SYMBOLS, WORDS, provenance_of

# odds derived from a default section carry that section's mark
DERIVED_FROM = {"missile_expected": "missile", "missile_any": "missile", "grapple_either": "grappling",
                "melee_win": "boarding", "melee_tie": "boarding", "morale_holds_for": "morale",
                "damage_chance": "damage", "damage_expected": "damage", "mast_damage_chance": "damage"}
ROOT = Path(__file__).resolve().parents[1]


def _kit(folder: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from printgen.cli import main; main()", "kit", str(folder), "--out", str(out),
                           "--edition", "bw", *extra], capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """A copy of the Sluys scenario with its ruleset beside it, and its kit (black and white)."""
    tmp = tmp_path_factory.mktemp("sluys")
    folder = tmp / "sluys"
    shutil.copytree(ROOT / "fleets" / "sluys-1340", folder)
    shutil.copy(ROOT / "rulesets" / "medieval-fragment.toml", folder / "medieval-fragment.toml")
    toml = folder / "scenario.toml"
    toml.write_text(toml.read_text().replace('ruleset = "medieval-fragment"', 'ruleset = "medieval-fragment.toml"'))
    done = _kit(folder, tmp / "kit")
    assert done.returncode == 0, done.stdout + done.stderr
    from printgen.kit import tracefile

    trace = tracefile.read((tmp / "kit" / "trace.json").read_text())
    return folder, tmp / "kit", trace



def test_every_default_and_reading_has_its_mark_on_its_page(kit):
    folder, out, trace = kit
    s = load_scenario(str(folder))
    prov = provenance_of(s.ruleset, s)
    missing, checked = [], 0
    for doc, pages in trace.items():
        if doc.startswith("kit-"):
            continue
        for i, entries in enumerate(pages):
            marks = [prov.of(e["source"][1]) for e in entries if is_mark(e["source"])]
            for e in entries:
                fn, args = e["source"][0], e["source"][1:]
                key = args[0] if fn == "rule" else DERIVED_FROM.get(fn)
                if key is None or prov.kind(key) == "source":
                    continue
                checked += 1
                if prov.of(key) not in marks:
                    missing.append(f"{doc} page {i + 1}: {e['text']!r} ({fn} {key}) printed without its "
                                   f"'{prov.words(key)}' mark")
    assert checked > 500
    assert missing == [], "\n".join(missing)


def is_mark(source) -> bool:
    """A mark's source: its words on a teacher's page, its symbol on a pupil's."""
    return source[0] == "provenance" and tuple(source[2:]) in ((), ("symbol",))


def test_the_marks_print_on_the_pages(kit):
    """The words (a teacher's page) or symbols (a pupil's) the trace says are printed are on the page
    (the PDF read back), and the page's footer explains each kind it prints."""
    _, out, trace = kit
    by_text = {w: k for table in (WORDS, SYMBOLS) for k, w in table.items() if w}
    for doc in ("quickref-bw.pdf", "cards-bw.pdf", "records-bw.pdf", "teacher-bw.pdf", "captains-bw.pdf",
                "rulers-bw.pdf", "sprites-bw.pdf", "markers-bw.pdf"):
        with pdfplumber.open(out / doc) as pdf:
            for i, page in enumerate(pdf.pages):
                text = " ".join((page.extract_text() or "").split())
                want = {e["text"] for e in trace[doc][i] if is_mark(e["source"])}
                for words in want:
                    assert words in text, f"{doc} page {i + 1}: '{words}' is traced but not printed"
                for mark in want:
                    kind = by_text[mark]
                    legends = [f"{mark} {PUPIL_MEANING[kind]}", f"{mark} {WORDS[kind]}"] if mark in SYMBOLS.values() \
                        else [f"{mark}: {MEANING[kind]}"]         # a sign on the teacher's list: beside its words
                    assert any(says(text, legend) for legend in legends), \
                        f"{doc} page {i + 1} prints '{mark}' without explaining it"


def test_each_default_section_and_each_reading_is_printed_with_its_mark(kit):
    folder, _, trace = kit
    s = load_scenario(str(folder))
    keys_marked = {e["source"][1] for pages in trace.values() for entries in pages for e in entries
                   if e["source"][0] == "provenance"}
    for section in ("weather", "missile", "grappling", "boarding", "morale", "effects", "damage", "sequence"):
        assert section in keys_marked, section
    readings = [k for k, e in s.ruleset.provenance.items() if e.kind == "reading"]
    prov = provenance_of(s.ruleset, s)
    for key in readings:
        assert any(prov.of(k) == prov.of(key) for k in keys_marked), key


def test_the_teacher_page_gives_the_original_words_of_each_reading(kit):
    folder, out, trace = kit
    s = load_scenario(str(folder))
    with pdfplumber.open(out / "teacher-bw.pdf") as pdf:
        text = " ".join(" ".join((p.extract_text() or "") for p in pdf.pages).split())
    originals = {e.original for e in s.ruleset.provenance.values() if e.kind == "reading"}
    assert {"Round ships may move only within 60' of windward.", "if they are sailing within 45' of the wind",
            "unusually large", "it has a skegg"} <= originals
    for words in originals:
        assert words in text, words
    assert "fold" not in re.sub(r"nothing to fold", "", text)


def test_check_fails_when_a_default_number_changes_after_printing(kit):
    folder, out, _ = kit
    ruleset = folder / "medieval-fragment.toml"
    text = ruleset.read_text()
    try:
        ok = subprocess.run([sys.executable, "-c", "from printgen.cli import main; main()", "check", str(out)], capture_output=True, text=True,
                            cwd=ROOT)
        assert ok.returncode == 0, ok.stdout + ok.stderr
        changed = text.replace("[grappling.roll]\ngrappled = [3, 4, 5, 6]\nmissed = [1, 2]",
                               "[grappling.roll]\ngrappled = [4, 5, 6]\nmissed = [1, 2, 3]")
        assert changed != text
        ruleset.write_text(changed)
        stale = subprocess.run([sys.executable, "-c", "from printgen.cli import main; main()", "check", str(out)], capture_output=True,
                               text=True, cwd=ROOT)
        assert stale.returncode != 0
        assert "grappling.roll.grappled" in stale.stdout + stale.stderr
    finally:
        ruleset.write_text(text)
