"""Issue 46's "Done when", read back from the pages: the default French and Spanish kits of Sluys,
Lepanto, the Nile and Trafalgar, built as a teacher builds one (`printgen kit --lang fr`, no paper or
units given), are metric on A4, say no "(s)", no English ship name or note on a pupil's page, no word
the language's style guide forbids, titles the battles as that language's historians do, and follow
its typography (French: no ordinary space before ; : ! ?, no line starting with one, the singular after
0 and 1; Spanish: nationalities in lower case, a compass point in words on a pupil's page)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from langkit import run

LOCALE = Path(__file__).resolve().parent.parent / "printgen" / "i18n" / "locale"
A4 = (595, 842)                                 # points, rounded
TITLES = {("sluys-1340", "fr"): "L'Écluse", ("sluys-1340", "es"): "La Esclusa",
          ("nile-1798", "fr"): "Aboukir", ("nile-1798", "es"): "El Nilo",
          ("lepanto-1571", "fr"): "Lépante", ("lepanto-1571", "es"): "Lepanto",
          ("trafalgar", "fr"): "Trafalgar", ("trafalgar", "es"): "Trafalgar"}
# The kinds of document a pupil reads (the rest are the teacher's)
PUPIL = ("cards", "quickref", "captains", "records", "first-turn", "worksheet", "debrief", "score", "sprites")
NATIONS_ES = "Ingleses|Franceses|Británicos|Españoles|Genoveses|Otomanos|Venecianos|Estadounidenses"
# a count is unsigned: a table's "+1" (a modifier) beside the next column's "barcos" is no count of ships
PLURAL_AFTER_ONE = {"fr": r"(?<![\d,.+−])[01] (navires|touches|points|dés|tours|archers|canons)\b",
                    "es": r"(?<![\d,.+−])1 (barcos|impactos|puntos|dados|turnos|arqueros|cañones)\b"}
BEYOND = "\n[a letter beyond the page's edge]"     # what _pages adds to such a page's text
ENGLISH_NOTES = ("(killed)", "(mortally wounded)", "(wounded)", "King Edward", "'s galley", "Cog of",
                 "Nef of", "Galley of", " galleys ", "Lieutenant Cambon")     # a rank is words: teniente de navío


def _kit(root: Path, scenario: str, lang: str) -> Path:
    """The kit `printgen kit SCENARIO --lang LANG` makes for 12 pupils and 12 ships; for L'Écluse in French
    and the Nile in Spanish, the readers' default kits (24 pupils, the whole fleet: langkit.reader_kits,
    built once a run and shared, never changed)."""
    from langkit import READERS, reader_kits

    for name, battle, language in READERS:
        if (battle, language) == (scenario, lang):
            return reader_kits()[name]
    out = root / f"{scenario}-{lang}"
    done = run("kit", scenario, "--lang", lang, "--students", "12", "--ships", "12", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _pages(kit: Path) -> list[tuple[str, int, tuple[int, int], str, str]]:
    """(document kind, page number, page size, the page's text as a reader's PDF tool reads it, the
    document's title)."""
    from pdfread import open_pdf, page_texts

    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    found = []
    for doc in manifest["documents"]:
        if not doc["path"].endswith(".pdf") or doc["path"].startswith("kit"):
            continue
        with open_pdf(kit / doc["path"]) as pdf:                # the pages' sizes (their text: page_texts)
            sizes = [(round(float(page.width)), round(float(page.height))) for page in pdf.pages]
        read = page_texts(kit / doc["path"], blanks=True)
        for n, (size, (text, beyond)) in enumerate(zip(sizes, read, strict=True), 1):
            found.append((doc["kind"], n, size, text + (BEYOND if beyond else ""), doc["title"]))
    return found


def _faults(scenario: str, lang: str, pages, plan_ships) -> list[str]:
    never = tomllib.loads((LOCALE / lang / "glossary.toml").read_text(encoding="utf-8"))["style"]["never"]
    wrong: list[str] = []
    for kind, n, size, text, title in pages:
        where = f"{kind} p{n}"
        flat = " ".join(text.split())
        if tuple(sorted(size)) != A4:                          # a map may be landscape
            wrong.append(f"{where}: page {size}, not A4")
        if re.search(r"\d\"|\bpouces?\b|\bpulgadas?\b|\bpieds\b|\bpies\b", flat):
            wrong.append(f"{where}: a length in inches or feet: {flat[:80]!r}")
        if BEYOND.strip() in text:
            wrong.append(f"{where}: words run off the page: {flat[:60]!r}")
        if "(s)" in flat:
            wrong.append(f"{where}: (s)")
        if not title.startswith(TITLES[(scenario, lang)]) or re.search(r"Sluys, 24|Le Nil, 1", flat):
            wrong.append(f"{where}: titled {title[:30]!r}, not {TITLES[(scenario, lang)]!r}")
        if re.search(r"(?<![\w/.,–-])[1-6]-[1-6](?![\w/.,–-])", flat):
            wrong.append(f"{where}: a hyphen in a range of rolls: {re.search(r'.{20}[1-6]-[1-6].{0,20}', flat)}")
        for bad in never:
            if re.search(rf"(?<!\w){re.escape(bad.strip())}(?!\w)" if bad.strip()[-1:].isalnum() else re.escape(bad),
                         flat):
                wrong.append(f"{where}: the style guide forbids {bad!r}")
        for line in text.splitlines():            # (a line, not the page: two columns share a line)
            found = re.search(PLURAL_AFTER_ONE[lang], line)
            if found:
                wrong.append(f"{where}: a plural after {found.group(0)!r}: {line.strip()!r}")
            if re.search(r"^\s*[;:!?»]", line):
                wrong.append(f"{where}: a line starts with a mark: {line.strip()!r}")
            if lang == "fr" and re.search(r"\w [;!?]", line):
                wrong.append(f"{where}: an ordinary space before ; ! ?: {line.strip()!r}")
        if lang == "es":
            # a bracket after a word in small letters ("los arqueros (Ingleses)"), not a label's ("Bando:
            # Franceses (Genoveses)", "Coca Thomas (Ingleses):", a teacher's "Tácticas: ... (Británicos)")
            # (nor a list's "Escuadra de reserva (Otomanos):")
            brackets = rf"|(?<!\w)[a-záéíóúñ]+ \((?:{NATIONS_ES})\)(?!:)" if kind in PUPIL else ""
            found = re.search(rf"\b(?:los|las|de los|a los|del|y) (?:{NATIONS_ES})\b{brackets}", flat)
            if found:
                wrong.append(f"{where}: a nationality with a capital in a sentence: {found.group(0)!r}")
        if kind in PUPIL:
            if lang == "es" and re.search(r"(?:dirección|hacia el|del|al) (?:NO|NE|SO|SE|O)\b", flat):
                wrong.append(f"{where}: a compass point in letters a child reads as a word: {flat[:60]!r}")
            for note in ENGLISH_NOTES:
                if note in flat:
                    wrong.append(f"{where}: English on a pupil's page: {note!r}")
            for english, said in plan_ships:
                if english != said and english not in said and re.search(rf"(?<!\w){re.escape(english)}(?!\w)", flat):
                    wrong.append(f"{where}: the ship {english!r} named in English, not {said!r}")
    return wrong


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["sluys-1340", "lepanto-1571", "nile-1798", "trafalgar"])
@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_default_kit_reads_as_the_language_s_teachers_write(tmp_path, scenario, lang):
    from printgen.data.scenario import load_scenario

    kit = _kit(tmp_path, scenario, lang)
    pages = _pages(kit)
    assert len(pages) > 20
    ships = [(s.name, s.name_in(lang)) for s in load_scenario(scenario).fleet.ships]
    wrong = _faults(scenario, lang, pages, ships)
    assert not wrong, "\n".join(wrong[:30])


def test_the_reading_catches_each_fault():
    """Each rule above finds its fault on a page written wrong (so that a kit passing says something)."""
    ships = [("Cog Thomas", "Cogue Thomas"), ("Goliath", "Goliath")]
    title = "L'Écluse, 24 juin 1340 : cartes de règles"
    good = ("cards", 1, A4, "L'Écluse, 24 juin 1340 · Cartes de règles\nLa Cogue Thomas lance 1 dé : 1 touche.\n"
            "Sur 2–3, le vent tourne vers l’est.", title)
    assert _faults("sluys-1340", "fr", [good], ships) == []
    for bad in ["La Cogue Thomas avance de 5\".", "1 navire(s)", "Sur 2-3 il tient.", "1 touches",
                "tir par le travers", "Attention !", "Cog Thomas lance", "Christophe (killed)"]:
        page = (good[0], 1, A4, good[3] + "\n" + bad, title)
        assert _faults("sluys-1340", "fr", [page], ships), bad
    assert _faults("sluys-1340", "fr", [("map", 1, A4[::-1], good[3], title)], ships) == []       # landscape
    assert _faults("sluys-1340", "fr", [("cards", 1, (612, 792), good[3], title)], ships)          # US Letter
    assert _faults("sluys-1340", "fr", [("cards", 1, A4, good[3], "Sluys, 24 juin 1340")], ships)  # its title
    assert _faults("sluys-1340", "fr", [("cards", 1, A4, "Sluys, 24 juin 1340 · Cartes", title)], ships)
    assert _faults("sluys-1340", "fr", [("cards", 1, A4, good[3] + "\n; et la suite", title)], ships)
    assert _faults("sluys-1340", "fr", [("map", 1, A4, good[3] + BEYOND, title)], ships)
    es, es_title = "La Esclusa, 24 de junio de 1340\n", "La Esclusa, 24 de junio de 1340: tarjetas de reglas"
    assert _faults("sluys-1340", "es", [("cards", 1, A4, es + "Arcos largos de los ingleses.", es_title)], ships) == []
    for bad in ["los arqueros (Ingleses)", "de los Franceses", "1 barcos", "de la dirección NO",
                "Capitanes: mirad la flecha"]:
        assert _faults("sluys-1340", "es", [("cards", 1, A4, es + bad, es_title)], ships), bad
