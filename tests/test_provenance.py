"""Provenance as data: marks come from the [provenance] tables, print as traced spans with a legend,
and `printgen check` fails when the data's kind changes after printing."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from pdfread import marks_legend, says

from printgen.check.numbers import Context, check_page
from printgen.data.scenario import load_scenario
from printgen.options import Options
from printgen.rules.provenance import Entry, Provenance, provenance_of
from tests.tracecheck import chars_of, render_and_read


def test_longest_prefix_wins_and_unlisted_is_source():
    p = Provenance({"a": Entry(kind="classroom"), "a.b": Entry(kind="reading"), "a.b.c": Entry(kind="choice")})
    assert p.kind("a.x") == "classroom" and p.kind("a.b.z") == "reading" and p.kind("a.b.c.d") == "choice"
    assert p.kind("ab") == "source" and p.words("q") == ""        # whole dotted parts only
    s = load_scenario("trafalgar")
    prov = provenance_of(s.ruleset, s)
    assert prov.words("fleet.flagships") == "printgen's choice"
    assert prov.words("words.close_hauled") == "reading of a damaged source"
    assert prov.of("words.close_hauled").original == "close quartered"
    assert prov.words("victory.captured") == prov.words("lesson.minutes_per_turn") == "classroom addition"
    assert prov.words("shooting.dice.british") == ""


def test_a_misspelt_provenance_key_is_a_clear_error(run, scenario_dir):
    folder = scenario_dir(scenario={"provenance": {"fleet.flagshipz": {"kind": "choice"}}})
    code, out, err = run("odds", folder)
    assert code == 2 and "Traceback" not in err
    assert "fleet.flagshipz" in err and "scenario.toml" in err
    folder = scenario_dir(scenario={"provenance": {"victory": {"kind": "guess"}}})
    code, _, err = run("odds", folder)
    assert code == 2 and "provenance.victory.kind" in err


def test_a_scenario_without_lesson_data_gets_printgens_choice(scenario_dir):
    import tomllib

    import tomli_w

    folder = scenario_dir()
    data = tomllib.loads((folder / "scenario.toml").read_text())
    for k in ("lesson", "victory", "history"):
        data.pop(k)
        data["provenance"].pop(k)
    (folder / "scenario.toml").write_text(tomli_w.dumps(data))
    s = load_scenario(str(folder))
    assert s.lesson.turn_limit == 6 and s.victory.captured == 3
    assert provenance_of(s.ruleset, s).words("victory.struck") == "printgen's choice"
    assert provenance_of(s.ruleset, s.with_lesson(period_minutes=40)).words("lesson") == "classroom addition"


@pytest.fixture(scope="module")
def quickref(tmp_path_factory):
    """The quick reference as the kit draws it: a pupils' document (its record's audience)."""
    from printgen.registry.documents import shared

    s, o = load_scenario("trafalgar"), Options(edition="bw")
    pdf, traces = render_and_read(shared()["quickref"].make(s, o), o, tmp_path_factory.mktemp("q") / "quickref.pdf")
    return s, o, pdf, traces


@pytest.fixture(scope="module")
def teacher_quickref(tmp_path_factory):
    """The same sheet drawn outside a kit (no audience said): the marks in words."""
    from printgen.sheets.text.quickref import quickref_sheet

    s, o = load_scenario("trafalgar"), Options(edition="bw")
    pdf, traces = render_and_read(quickref_sheet(s, o), o, tmp_path_factory.mktemp("q") / "quickref.pdf")
    return s, o, pdf, traces


def _check(s, o, pdf, traces):
    out = []
    for i, page in enumerate(pdf.pages):
        ctx = Context(s.ruleset, o.measure, s.fleet, s.title, i + 1, len(pdf.pages), plan=SimpleNamespace(scenario=s))
        out += check_page(chars_of(page), traces[i], ctx, "quickref.pdf")
    return out


def test_marks_print_beside_their_items_with_a_legend(teacher_quickref):
    s, o, pdf, traces = teacher_quickref
    text = pdf.pages[0].extract_text()
    assert says(text, "close-hauled (reading of a damaged source)")           # a table cell, wrapped
    assert says(text, "between the lines of its")
    assert ["provenance", "words.rake_zone"] in [list(e["source"]) for t in traces for e in t]
    marks = [list(e["source"]) for t in traces for e in t if e["source"][0] == "provenance"]
    assert ["provenance", "words.close_hauled"] in marks and ["provenance", "fleet.flagships"] in marks
    legend = " ".join(marks_legend(page) for page in pdf.pages)
    assert "Marks: reading of a damaged source:" in legend and "printgen's choice: chosen by printgen" in legend
    # only the kinds the page uses (the pupils' glossary, a classroom addition, is on the last page)
    assert "classroom addition:" not in marks_legend(pdf.pages[0]) and "classroom addition:" in legend
    assert _check(s, o, pdf, traces) == []


def test_a_pupils_page_marks_with_a_symbol_explained_in_its_footer(quickref):
    """Issue 27: a pupil's sentence carries the symbol alone, right after the item it marks; the
    footer explains each symbol the page uses, once; the check verifies each symbol."""
    s, o, pdf, traces = quickref
    text = " ".join(" ".join(p.extract_text() for p in pdf.pages).split())
    assert says(text, "close-hauled\u2021") and says(text, "flagships\u00a7")
    for words in ("reading of a damaged source", "printgen's choice", "classroom addition", "Franco-Spanish ones"):
        assert words not in text
    pages = [marks_legend(p) for p in pdf.pages]
    assert [p.count("\u2021 the old words are damaged or unclear here: this is our best reading.") for p in pages] == [1, 1]
    assert says(" ".join(pages), "\u00a7 the old rules do not say: chosen for this game.")
    marks = [list(e["source"]) for e in traces[0] if e["source"][0] == "provenance"]
    assert ["provenance", "words.close_hauled", "symbol"] in marks
    assert _check(s, o, pdf, traces) == []


def test_check_fails_when_a_kind_changes_after_printing(quickref):
    s, o, pdf, traces = quickref
    table = dict(s.file.provenance) | {"fleet.flagships": Entry(kind="default")}
    changed = dataclasses.replace(s, file=s.file.model_copy(update={"provenance": table}))
    fails = [str(d) for d in _check(changed, o, pdf, traces)]
    assert fails and all("provenance:" in f or "provenance(" in f for f in fails)
    assert any("'\u00a7'" in f and "'\u2020'" in f for f in fails)               # the choice's symbol, now a default's
    rs_table = dict(s.ruleset.provenance)
    rs_table.pop("words.close_hauled")
    rs = s.ruleset.model_copy(update={"provenance": rs_table})
    fails = [str(d) for d in _check(dataclasses.replace(s, ruleset=rs), o, pdf, traces)]
    assert fails and all("provenance('words.close_hauled', 'symbol') prints '\u2021', the rules say ''" in f
                         for f in fails)


def test_printgen_s_own_provenance_reasons_are_in_every_language():
    """The French and Spanish teachers (this session) found the teacher sheet's list of marks giving one line
    in English: the pupils' glossary's reason, printgen's own entry (PRINTGEN_WORDS), was never in the
    catalogue. Every such reason is a catalogue message with a French and a Spanish translation."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    import printgen
    from printgen.rules.provenance import PRINTGEN_WORDS

    for lang in ("fr", "es"):
        with open(Path(printgen.__file__).parent / "i18n" / "locale" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
            cat = read_po(f)
        for key, entry in PRINTGEN_WORDS.items():
            message = cat.get(entry.why)
            assert message is not None and message.string and message.string != entry.why, (lang, key)
