"""The teacher's documents in French and Spanish (issue 31): Trafalgar's lesson plan (teacher's
pack), teacher's sheet and history and debrief, and Sluys's, both editions.
A kit planned in each language holds them; each is drawn for a small class as the kit draws it and
checked from its bytes as `printgen check` checks a kit's file (in the kit's language); every page
reads back with no common English word, the language's numbers, years never grouped, nothing
outside the page and no type below the floors; a tampered French percentage on the lesson plan is
caught."""

from __future__ import annotations

import re

import pytest
from pdfread import open_pdf, page_texts
from tamper import replace

LANGS = ("fr", "es")
EDITIONS = ("color", "bw")
MINE = {"trafalgar": ("lesson", "teacher", "debrief"), "sluys-1340": ("lesson", "teacher", "debrief")}
TITLES = {"fr": {"lesson": "Plan de la séance", "teacher": "Fiche du professeur", "debrief": "Histoire et bilan"},
          "es": {"lesson": "Plan de la clase", "teacher": "Hoja del profesor", "debrief": "Historia y puesta en común"}}
# Common English words that are no French or Spanish word: one on a page is a message left in English
# (ship and captain names and the source's quoted words set aside: they are never translated).
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "hits", "wind", "turn", "turns", "range", "short",
           "long", "from", "drift", "each", "fire", "may", "must", "only", "this", "or", "not", "side", "dice", "die",
           "flagship", "when", "your", "you", "captain", "captains", "struck", "prize", "squadron", "fleet", "lesson",
           "students", "student", "minutes", "minute", "period", "periods", "sheet", "sheets", "copies", "paper",
           "plain", "card", "stock", "what", "how", "which", "why", "who", "game", "games", "battle", "won", "win",
           "draws", "escaped", "captured", "survived", "wrecked", "towed", "lost", "points", "point", "debrief",
           "teacher", "umpire", "setting", "table", "yarn", "tape", "optional", "answer", "key", "about", "against",
           "continued"}
WORDS_OF_THE_LANGUAGE = {"fr": {"points", "point", "table", "long", "minutes", "minute", "fire", "copies"},
                         "es": {"no", "minutos", "dice"}}
QUOTED = re.compile(r"«[^»]*»", re.S)            # the source's own words, quoted as it has them
BOOKS = re.compile(r"The Hundred Years War|Trial by Battle|The Safeguard of the Sea|"
                   r"God, Admirals, Archery, and Flemings")     # the Sluys sources' books, titled as published
NAMED = re.compile(r"printgen \w+ .*|--\w[\w-]*|\S+=\S+")     # the technician's commands and options: not words


def _plan(scenario: str, lang: str):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    return plan_kit(KitRequest(scenario, students=4, ships=6, edition="both", lang=lang))


@pytest.fixture(scope="module")
def drawn() -> dict:
    """lang -> {scenario: (plan, {(kind, edition): the kit's drawing of it: pdf, trace, its check's findings})}."""
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _document

    out: dict = {}
    for lang in LANGS:
        for scenario, kinds in MINE.items():
            plan = _plan(scenario, lang)
            docs = {}
            for kind in kinds:
                for edition in EDITIONS:
                    r = _document((plan, None), (edition, kind))
                    r["found"] = check_bytes(r["pdf"], r, r["trace"], plan).found
                    docs[kind, edition] = r
            out.setdefault(lang, {})[scenario] = plan, docs
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_kit_in_the_language_holds_them(lang):
    from printgen.kit.build import plan_kit
    from printgen.registry.documents import untranslated
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", students=4, ships=6, lang=lang))
    assert set(MINE["trafalgar"]) <= set(plan.kinds())
    every = [plan.record(k) for k in plan.kinds()]
    assert not untranslated(every, lang, plan.scenario.ruleset)          # `printgen kit --lang` is not refused
    sluys = _plan("sluys-1340", lang)
    assert set(MINE["sluys-1340"]) <= set(sluys.kinds())
    assert not untranslated([sluys.record(k) for k in sluys.kinds()], lang, sluys.scenario.ruleset)


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_passes_printgen_check(drawn, lang):
    for scenario, (_plan, docs) in drawn[lang].items():
        for (kind, edition), r in docs.items():
            assert r["pages"] >= 1
            assert not r["found"], f"{lang} {scenario} {kind}-{edition}: {[str(d) for d in r['found']][:5]}"


def _texts(pdf_bytes: bytes) -> list[str]:
    import io

    return page_texts(io.BytesIO(pdf_bytes))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scenario", MINE)
def test_every_page_is_in_the_language(drawn, lang, scenario):
    plan, docs = drawn[lang][scenario]
    from printgen.i18n import fleet_note

    names = {w.lower() for s in plan.scenario.fleet.ships for text in (s.name, fleet_note(s.captain)[0])
             for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}         # a captain's note in brackets is words ("killed")
    entries = [*plan.scenario.provenance_table.values(), *(plan.scenario.ruleset.provenance or {}).values()]
    quoted = {w.lower() for e in entries for w in re.findall(r"[A-Za-zÀ-ÿ]+", e.original)}
    for (kind, edition), r in docs.items():
        for k, text in enumerate(_texts(r["pdf"]), 1):
            assert TITLES[lang][kind] in text, f"{lang} {kind} page {k}: no title"
            text = BOOKS.sub("", " ".join(text.split()))              # a book's title stays as it was published
            words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", NAMED.sub("", text))} - names - quoted
            left = words & (ENGLISH - WORDS_OF_THE_LANGUAGE[lang])
            assert not left, f"{lang} {edition} {kind} page {k}: English words {sorted(left)}"
            point = re.search(r".{0,12}\d\.\d.{0,6}", QUOTED.sub("", NAMED.sub("", text)))
            assert point is None, f"{lang} {kind} page {k}: a decimal point ({point})"
            grouped = re.search(r"\b1[\s\u00a0\u202f]8\d\d\b", text)
            assert grouped is None, f"{lang} {kind} page {k}: a year grouped ({grouped})"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_the_language_s_way(drawn, lang):
    """The lesson plan's percentages and decimals with a comma ('59,8 %', '2,33'); the deployment's
    number on the teacher's sheet, a year's digits, never grouped ('1805')."""
    _plan, docs = drawn[lang]["trafalgar"]
    trace = docs["lesson", "color"]["trace"]
    percents = [e["text"] for p in trace for e in p if e["kind"] == "percent"]
    assert percents and all("." not in t for t in percents), percents
    # French: the fine no-break space (printgen/i18n/typography.py); Spanish: CLDR's no-break space
    assert {"fr": "59,8\u202f%", "es": "59,8\u00a0%"}[lang] in percents, percents[:8]
    decimals = [e["text"] for p in trace for e in p if e["kind"] == "decimal"]
    assert decimals and all(re.fullmatch(r"\d+,\d\d", t) for t in decimals), decimals
    seeds = [e["text"] for p in docs["teacher", "color"]["trace"] for e in p if e["source"] == ["meta", "seed"]]
    assert seeds == ["1805"], seeds


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_outside_the_page_nor_below_the_floors(drawn, lang):
    """Every character inside the page's margins; the debrief (a pupils' handout) never below
    TYPE.body, the teacher's pages never below the tables' least type."""
    import io

    from test_handout_type import _content_chars

    from printgen.draw.theme import TYPE
    from printgen.sheets.page.frame import MARGIN
    from printgen.sheets.text.flow import MIN_TABLE_PT

    for kind, r in ((k, r) for _plan, docs in drawn[lang].values() for (k, e), r in docs.items() if e == "color"):
        with open_pdf(io.BytesIO(r["pdf"])) as pdf:
            for page in pdf.pages:
                out = [c["text"] for c in page.chars if c["x1"] > page.width - MARGIN / 2 or c["x0"] < MARGIN / 2]
                assert not out, f"{lang} {kind} page {page.page_number}: outside the page: {''.join(out)[:40]}"
            chars = [c for page in pdf.pages for c in _content_chars(page)]
            floor = TYPE.body if kind == "debrief" else MIN_TABLE_PT
            smallest = min(chars, key=lambda c: c["size"])
            assert smallest["size"] >= floor - 0.01, f"{lang} {kind}: '{smallest['text']}' at {smallest['size']:.2f}"


def test_a_changed_percentage_on_the_french_lesson_plan_is_caught(drawn):
    """'59,8 %' (the answer key's chance) printed as '58,8 %': the check, reading French, finds it."""
    import io

    import pikepdf

    from printgen.check.kit import check_bytes

    plan, docs = drawn["fr"]["trafalgar"]
    r = docs["lesson", "color"]
    page = next(k for k, p in enumerate(r["trace"]) for e in p if e["kind"] == "percent" and e["text"] == "59,8\u202f%")
    with pikepdf.open(io.BytesIO(r["pdf"])) as pdf:
        pg = pdf.pages[page]
        contents = pg.obj.Contents
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        data = b"".join(s.read_bytes() for s in streams)
        assert data.count(b"(59,8") == 1          # the answer key's, the page's only one (its fine space and % follow)
        pg.obj.Contents = pdf.make_stream(replace(b"(59,8", b"(58,8")(data))
        out = io.BytesIO()
        pdf.save(out)
    found = [str(d) for d in check_bytes(out.getvalue(), r, r["trace"], plan).found]
    assert any("58,8" in f for f in found), found


@pytest.mark.parametrize("lang, said", [("fr", "Francisco Alsedo, tué"), ("es", "Francisco Alsedo, muerto")])
def test_a_captain_s_note_is_words_and_the_name_stays(lang, said):
    """The debrief's captains: the name as the source has it, the note after a comma in the reader's words
    (the sentence holds it in brackets already: no brackets inside brackets),
    as the sheet prints it and the check expects it (English: the cell itself)."""
    from printgen.check.numbers import Context, expected
    from printgen.game.prepare import prepare
    from printgen.request import KitRequest
    from printgen.rules.printed import fleet_words
    from printgen.rules.trace import Source
    from printgen.units import Measure

    scenario, _options = prepare("trafalgar", **KitRequest("trafalgar", lang=lang).choices())   # the whole fleet
    ship = next(s for s in scenario.fleet.ships if s.captain == "Francisco Alsedo (killed)")
    assert fleet_words(ship.captain, "captain", lang) == said
    assert fleet_words(ship.captain, "captain", "en") == ship.captain
    ctx = Context(scenario.ruleset, Measure(lang=lang), fleet=scenario.fleet)
    assert expected(Source("fleet", (ship.key, "captain", 2)), "text", ctx) == said.split()[2]
