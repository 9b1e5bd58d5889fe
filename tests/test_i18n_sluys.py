"""The Sluys kit (the medieval fragment) in French and Spanish, both editions (issue 31): the
documents translated so far (all but the lesson plan, the teacher's sheet and the debrief: the text
documents and the sectors family's drawn ones), built through the kit's own code with --lang's request
and checked by `printgen check` in the kit's language; every page read back with its numbers in the
language's way and no English left; a tampered French number (quick reference, captain card, ruler)
and an English word on a French page caught; no text below the type floors, over a card's edge or
off the page."""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

import pytest
from langkit import run as _run
from langkit import traced_decimals
from pdfread import open_pdf, page_texts
from tamper import checked_as_built, copy_kit, edit_page, fails, load_trace, replace_shown_at

LANGS = ("fr", "es")
EDITIONS = ("color", "bw")
# the Sluys documents printed in French and Spanish (every one), in the kit's order, and their files' names
TRANSLATED = ("lesson", "teacher", "plays", "background", "first-turn", "quickref", "cards", "captains", "sprites",
              "records", "markers", "secret-map", "score", "worksheet", "debrief", "rulers", "map", "tiled-map")
STEM = {"tiled-map": "map-tiled"}
DRAWN = ("plays", "first-turn", "sprites", "secret-map", "rulers", "map", "tiled-map")   # by the family's code
HANDOUTS = ("quickref", "cards", "captains", "records", "score", "worksheet")
# English words of the medieval rules that are no French or Spanish word: one of them on a page is a
# message left untranslated (the Sluys quick reference prints no ship's name).
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "hits", "hit", "wind", "move", "turn", "turns",
           "range", "short", "long", "each", "may", "must", "only", "or", "not", "bow", "stern", "side", "sides",
           "dice", "die", "speed", "table", "galley", "galleys", "longship", "longships", "crew", "ram", "bowmen",
           "storm", "mast", "boarding", "grappling", "grapple", "morale", "damage", "steady", "yes", "attack",
           "english", "french", "factor", "round", "lost", "quick", "reference", "page", "inch", "edition", "print",
           "square", "struck", "sector", "marker", "modifier", "running", "aground", "sequence", "weather", "type",
           "types", "missile", "fire", "cog", "hulk", "starboard", "port", "less", "more", "effect", "holed",
           # the drawn documents' (the obstacles' names, the nations' codes)
           "north", "south", "east", "west", "edge", "row", "column", "sheet", "glue", "cut", "scale", "heading",
           "games", "wins", "draws", "template", "ruler", "piece", "pieces", "shown", "plays", "captains", "umpire",
           "flagship", "how", "who", "next", "from", "bank", "shore", "sandbar", "estuary", "stakes", "scuttled",
           "off", "near", "line", "first", "map", "eng", "gauge", "sweep", "furl", "sail", "sails", "bases"}
WORDS_OF_THE_LANGUAGE = {"fr": {"page", "table", "type", "types", "port", "sector", "long"},
                         "es": {"sector", "no", "factor", "dice"}}        # Spanish "no dice nada" (says nothing)
TITLE = {"fr": "L'Écluse, 24 juin 1340", "es": "La Esclusa, 24 de junio de 1340"}


def _build(where: Path, lang: str) -> Path:
    """A small Sluys kit (scale 0.5: distances with decimals) in `lang`, as `printgen kit` builds one,
    with its check; it holds the documents translated into `lang`."""
    from langkit import build_checked

    from printgen.request import KitRequest

    out, plan = build_checked(where, KitRequest("sluys-1340", students=4, ships=6, scale=0.5, edition="both",
                                                lang=lang))
    assert plan.kinds() == TRANSLATED
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("i18n-sluys")
    return {lang: _build(root / lang, lang) for lang in LANGS}


def test_a_document_waits_for_the_words_the_shared_code_draws(monkeypatch):
    """The captain cards print in French only while the catalogue translates the line of base patterns
    the shared card code draws (printgen.systems.sectors.kinds.SHARED_WORDS names its msgid)."""
    from printgen.i18n.catalogue import messages
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    request = KitRequest("sluys-1340", students=4, ships=6, lang="fr")
    assert "captains" in plan_kit(request).kinds()
    monkeypatch.delitem(messages("fr"), " ships: %(pattern)s bases")
    assert "captains" not in plan_kit(request).kinds() and "cards" in plan_kit(request).kinds()


@functools.cache
def _pages(kit: Path, name: str) -> list[str]:
    """Each page's text, read once a test run (several tests read the same document)."""
    return page_texts(kit / name)


def _names() -> list[str]:
    """The fleet's names (ships, captains), longest first: never translated."""
    import csv

    with open(Path(__file__).parent.parent / "fleets" / "sluys-1340" / "ships.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return sorted({r[c] for r in rows for c in ("name", "admiral") if r[c]}, key=len, reverse=True)




@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_is_in_its_language_and_passes_printgen_check(kits, lang):
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["lang"] == lang
    wanted = {f"{STEM.get(kind, kind)}-{e}.pdf" for kind in (*TRANSLATED, "kit") for e in EDITIONS}
    assert {d["path"] for d in manifest["documents"]} == wanted
    result = _run("check", str(kits[lang]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(wanted)} documents agree with the rules" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
# the debrief's books' titles and the teacher's sheet's commands: test_i18n_lesson.py reads them
@pytest.mark.parametrize("kind", [k for k in TRANSLATED if k not in ("debrief", "teacher")])
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_is_in_the_language(kits, lang, kind, edition):
    pages = _pages(kits[lang], f"{STEM.get(kind, kind)}-{edition}.pdf")
    assert pages
    for k, text in enumerate(pages, 1):
        assert TITLE[lang] in text, f"{kind} {lang} page {k}: no title"
        for name in _names():                                   # ships' and captains' names stay as they are
            text = text.replace(name, " ")
        text = re.sub(r"«[^»]*»", " ", text, flags=re.S)         # and the source's words, quoted as it has them
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
        left = words & (ENGLISH - WORDS_OF_THE_LANGUAGE[lang])
        assert not left, f"{kind} {lang} {edition} page {k}: English words {sorted(left)}"
        point = re.search(r".{0,12}\d\.\d.{0,6}", text)
        assert point is None, f"{kind} {lang} page {k}: a decimal point ({point})"


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_says_the_medieval_words(kits, lang):
    every = "\n".join(_pages(kits[lang], "quickref-color.pdf"))
    words = {"fr": ("Anglais", "Français", "Galère méditerranéenne", "Cogue (navire rond)", "Table des dégâts",
                    "membrures enfoncées", "Éperonnage", "talon de quille"),
             "es": ("Ingleses", "Franceses", "Galera mediterránea", "Coca (barco redondo)", "Tabla de daños",
                    "tablones sueltos", "Embestida", "talón de quilla")}[lang]
    for w in words:
        assert w in every, w
    assert "0,5\"" in every and "‡" in every and "†" in every        # a distance halved; the marks kept


@pytest.mark.parametrize("lang", LANGS)
def test_every_traced_number_is_written_the_language_s_way(kits, lang):
    trace = load_trace(kits[lang])["quickref-color.pdf"]
    decimals = traced_decimals(trace)
    assert decimals and all("," in t and "." not in t for t in decimals), decimals


def _entry(kit: Path, name: str, source: list) -> tuple[int, dict]:
    trace = load_trace(kit)[name]
    return next((k + 1, e) for k, p in enumerate(trace) for e in p if e["source"] == source)


def test_a_changed_number_on_the_french_quick_reference_is_caught(kits, tmp_path):
    kit = copy_kit(kits["fr"], tmp_path)
    page, entry = _entry(kit, "quickref-color.pdf", ["rule", "movement.with_wind_bonus_in"])
    assert entry["text"] == "0,5\""
    bonus = re.compile(rb'\+\) Tj (/\S+ [\d.]+ Tf )\(0,5"\) Tj')      # "… : +0,5"": the only one on its page
    edit_page(kit, "quickref-color.pdf", page, lambda data: bonus.sub(rb'+) Tj \1(0,7") Tj', data, count=1))
    found = fails(kit)
    assert any("movement.with_wind_bonus_in" in f and "0,7" in f for f in found), found


def test_an_english_word_on_the_french_quick_reference_is_caught(kits, tmp_path):
    """A ruleset's word read back in the kit's language: the English side's name on a French page."""
    kit = copy_kit(kits["fr"], tmp_path)
    page, entry = _entry(kit, "quickref-color.pdf", ["label", "sides.english.name"])
    assert entry["text"] == "Anglais"
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(b"Anglais", b"English", entry["bbox"]))
    assert any("sides.english.name" in f for f in fails(kit))


@pytest.mark.parametrize("lang", LANGS)
def test_the_captain_cards_say_where_each_ship_starts(kits, lang):
    """The starting places in the language's numbers, traced to the deployment, and the base patterns."""
    every = " ".join(" ".join(_pages(kits[lang], "captains-color.pdf")).split())      # lines and no-break spaces
    words = {"fr": ("D'où partent tes navires", "l'ouest", "Anglais : navires sur socle uni",
                    "Génois : navires sur socle pointillé", "Vent d'ouest"),
             "es": ("Dónde empiezan tus barcos", "Borde", "Ingleses: barcos en peanas de fondo liso",
                    "Genoveses: barcos en peanas de fondo punteado", "Viento del oeste")}[lang]
    # a pattern's legend wraps in its card; two cards side by side interleave their wrapped lines
    def said(w: str) -> bool:
        if " " not in w:
            return w in every
        head, last = w.rsplit(" ", 1)
        return bool(re.search(re.escape(head) + r" (?:\S+ ){0,8}?" + re.escape(last), every))
    missing = [w for w in words if not said(w)]
    assert not missing, missing
    places = [e["text"] for p in load_trace(kits[lang])["captains-color.pdf"] for e in p
              if e["source"][0] == "deploy" and e["source"][2] in ("x_measured", "y_measured")]
    assert places and all(t.endswith('"') and "." not in t for t in places) and any("," in t for t in places), places
    halves = [float(t[:-1].replace(",", ".")) * 2 for t in places]          # a pupil measures to the half inch
    assert all(h == int(h) for h in halves), places


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_word_of_a_captain_card_stays_inside_its_card(kits, lang, edition):
    """Longer words (the Spanish line of base patterns) wrap inside the card, never over its edge."""
    with open_pdf(kits[lang] / f"captains-{edition}.pdf") as pdf:
        for k, page in enumerate(pdf.pages, 1):
            cards = [r for r in page.rects if r["width"] > 150 and r["height"] > 100]
            assert cards
            for c in page.chars:
                x, y = (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2
                card = next((r for r in cards if r["x0"] < x < r["x1"] and r["top"] < y < r["bottom"]), None)
                assert card is None or c["x1"] <= card["x1"] - 3, f"{lang} page {k}: '{c['text']}' over the edge"


@pytest.mark.parametrize("how", ["moved", "english"])
def test_a_changed_starting_place_on_a_french_captain_card_is_caught(kits, tmp_path, how):
    """A captain's starting place moved by a half inch, or written the English way: the check reads the
    card in French against the deployment (a pupil's places are to the half inch since issue 44)."""
    kit = copy_kit(kits["fr"], tmp_path)
    trace = load_trace(kit)["captains-color.pdf"]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p
                       if e["source"][0] == "deploy" and e["source"][2] == "x_measured" and "," in e["text"])
    was = entry["text"]
    assert re.fullmatch(r'\d+,5"', was), was
    shown = f'{int(was.split(",")[0]) + 1},5"' if how == "moved" else was.replace(",", ".")
    edit_page(kit, "captains-color.pdf", page, replace_shown_at(was.encode(), shown.encode(), entry["bbox"]))
    found = _fails_one(kit, "captains-color.pdf")
    assert any("deploy" in f and shown in f for f in found), found


def _fails_one(kit: Path, name: str) -> list[str]:
    """What the kit's check finds on one of its documents (the others unread: a whole kit's check costs
    seconds a test), from the document's bytes and the kit's trace, in the kit's language."""
    found = checked_as_built(kit, name, load_trace(kit)[name])
    assert found, f"the check passed a tampered {name}"
    return found


def test_a_changed_number_on_the_french_rulers_is_caught(kits, tmp_path):
    """The with-the-wind bonus on a French movement stick ("+0,5\"") changed in the page."""
    kit = copy_kit(kits["fr"], tmp_path)
    page, entry = _entry(kit, "rulers-color.pdf", ["rule", "movement.with_wind_bonus_in"])
    assert entry["text"] == '0,5"'
    bonus = re.compile(rb'(\(\+\) Tj /\S+ [\d.]+ Tf \()0,5"')                     # the first stick's "+0,5""
    edit_page(kit, "rulers-color.pdf", page, lambda data: bonus.sub(rb'\g<1>0,7"', data, count=1))
    found = _fails_one(kit, "rulers-color.pdf")
    assert any("movement.with_wind_bonus_in" in f and "0,7" in f for f in found), found


def _said(kit: Path, name: str) -> str:
    """A document's words, its lines and no-break spaces read as single spaces."""
    return " ".join(" ".join(_pages(kit, name)).split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawn_documents_say_their_words(kits, lang):
    """A few words of each drawn document, as the catalogue gives them: the obstacles' names on the maps,
    the nations' codes on the pieces, the marks' legend with the language's spaces, a wider column."""
    said = {"fr": {"sprites": ("Pièces des navires", "TRIBORD", "MÂT", "ANG", "Comment utiliser les pièces"),
                   "rulers": ("Indicateur du vent", "Gabarit de virage", "Réglette de portée de tir",
                              "Réglette de la voile"),
                   "map": ("Tableau de placement", "Banc de sable", "Banc nord du Zwin", "Cogue Thomas ANG",
                           "Légende des signes : « lecture d'une source", "abîmée » : passage", "interprétons"),
                   "map-tiled": ("rangée A sur 3", "Banc nord du Zwin"),
                   "secret-map": ("Carte secrète des obstacles", "Côte flamande", "Depuis l'ouest Depuis le sud"),
                   "plays": ("Comment se joue ce scénario", "Qui gagne", "modélisé"),
                   "first-turn": ("Le premier tour, pas à pas", "Phase 1 : Vent et météo")},
            "es": {"sprites": ("Piezas de los barcos", "ESTRIBOR", "MÁSTIL", "ING", "Cómo usar las piezas"),
                   "rulers": ("Indicador del viento", "Plantilla de giro", "Regla de distancias de tiro"),
                   "map": ("Tabla de colocación", "Banco de arena frente", "Banco norte del Zwin", "Coca Thomas ING",
                           "Leyenda: «lectura de una fuente dañada»: pasaje", "que interpretamos"),
                   "map-tiled": ("fila A de 3", "Banco norte del Zwin"),
                   "secret-map": ("Mapa secreto de obstáculos", "Costa flamenca", "Borde oeste Borde sur"),
                   "plays": ("Resultados simulados del escenario", "Quién gana", "simulación"),
                   "first-turn": ("El primer turno, paso a paso", "Fase 1: Viento y tiempo")}}[lang]
    for stem, words in said.items():
        every = _said(kits[lang], f"{stem}-color.pdf")
        missing = [w for w in words if w not in every]
        assert not missing, f"{lang} {stem}: {missing}"
    # the kit's index.html: each document's title (the date in the language) and how to print it
    index = " ".join(html.unescape((kits[lang] / "index.html").read_text(encoding="utf-8")).split())
    for w in {"fr": ("L'Écluse, 24 juin 1340 : pièces des navires", "Carte secrète des obstacles : papier ordinaire",
                     "Réglettes et gabarits : bristol ; un jeu pour chaque table (une réglette"),
              "es": ("La Esclusa, 24 de junio de 1340: piezas de los barcos", "Mapa secreto de obstáculos: papel normal",
                     "Reglas graduadas y plantillas: cartulina; un juego para cada grupo de mesa (una regla")}[lang]:
        assert w in index, w
    assert "June" not in index and "plain paper" not in index


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_and_the_print_note_read_as_the_pages_do(kits, lang):
    """index.html sets its text as the PDFs do (French: a no-break space before ; and :, after the
    markup is gone; escaping kept), a heading has one parenthesis ("(édition en couleurs, 2 pages)",
    never "(édition en couleurs) (2 pages, couleur)"); the print note speaks to the teacher as the
    teacher's pages do (French: vous) and to pupils as theirs do (tu)."""
    raw = (kits[lang] / "index.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]*>", "", raw, flags=re.S))
    assert not re.search(r"\)</a> <small>\(", raw)
    edition = {"fr": "édition en couleurs", "es": "edición en color"}[lang]
    assert re.search(rf"<small>\({edition}, \d+ páginas?\)</small>" if lang == "es" else
                     rf"<small>\({edition}, \d+ pages?\)</small>", raw)
    if lang == "fr":
        assert not re.search(r"\w[;:!?]", text), re.findall(r".{20}\w[;:!?].{10}", text)
        assert "L&#39;Écluse" in raw or "L’Écluse" in raw          # still escaped where it was
    teacher, pupil = _said(kits[lang], "lesson-color.pdf"), _said(kits[lang], "captains-color.pdf")
    said = {"fr": ("Imprimer à 100 % (taille réelle), sans « ajuster à la page »", "Imprimer à 100 %"),  # infinitive
            "es": ("Imprime al 100 % (tamaño real), sin «ajustar a la página»", "Imprime al 100 %")}[lang]
    assert said[0] in teacher and said[1] in pupil
    assert lang == "es" or ("Imprimez" not in pupil and "Imprime " not in pupil)


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawn_documents_fit_their_pages(kits, lang):
    """French and Spanish run longer: nothing below the check's floor at this scale nor off the page
    (the footer's hint wraps to leave the marks' legend its room), a ruler's long title in two lines
    at the title's size, and the keel line stops short of the longer word for the mast."""
    from printgen.i18n.catalogue import messages
    from printgen.sheets.gauges.rulers import LABEL
    from printgen.sheets.page.frame import MARGIN

    for kind in DRAWN:
        with open_pdf(kits[lang] / f"{STEM.get(kind, kind)}-color.pdf") as pdf:
            for k, page in enumerate(pdf.pages, 1):
                chars = [c for c in page.chars if c["text"].strip()]
                small = [c for c in chars if c["upright"] and c["size"] < 5.0 * 0.5 - 0.01]
                assert not small, f"{kind} page {k}: '{small[0]['text']}' at {small[0]['size']:.2f} pt"
                out = [c for c in chars if c["x0"] < MARGIN / 2 - 0.5 or c["x1"] > page.width - MARGIN / 2 + 0.5
                       or c["bottom"] > page.height - MARGIN + 0.5]
                assert not out, f"{kind} page {k}: '{''.join(c['text'] for c in out[:20])}' off the page"
    with open_pdf(kits[lang] / "rulers-color.pdf") as pdf:
        lines: dict[int, list] = {}
        for c in pdf.pages[0].chars:
            lines.setdefault(round(c["top"]), []).append(c)
        title = [cs for cs in lines.values() if "".join(c["text"] for c in cs).startswith(messages(lang)["Furl gauge"])]
        assert title and min(c["size"] for c in title[0]) >= LABEL * 0.8 - 0.01          # shrunk a fifth at most
    with open_pdf(kits[lang] / "sprites-color.pdf") as pdf:
        page = pdf.pages[0]
        mast = [w for w in page.extract_words() if w["text"] == messages(lang)["MAST"]]
        assert mast
        for w in mast:
            across = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.5 < ln["x1"] - ln["x0"]
                      and ln["x0"] < w["x1"] and ln["x1"] > w["x0"] and w["top"] - 1 <= ln["top"] <= w["bottom"] + 1]
            assert not across, f"a line runs through {w['text']}"


def _words(shapes) -> str:
    from printgen.draw.shapes import Group, Text

    out = []
    for shape in shapes:
        if isinstance(shape, Text):
            out.append("".join(span.text for span in shape.spans))
        elif isinstance(shape, Group):
            out.append(_words(shape.items))
    return " ".join(out)


def test_the_single_sheet_commands_draw_in_their_language():
    """`printgen sprites` and `printgen map --tiled` draw outside a document record's make (which sets
    the language): the drawings take it from their options."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.deploy_map import map_sheets
    from printgen.sheets.maps.tiled_map import tiled_sheets
    from printgen.sheets.pieces.sprites import sprite_sheets

    s, opts = prepare("sluys-1340", ships=6, scale=0.5, lang="fr")
    dep = deploy(s, opts)
    said = {name: " ".join(_words(page.items) for page in drawing.pages)
            for name, drawing in (("sprites", sprite_sheets(s, opts)), ("map", map_sheets(s, dep, opts)),
                                  ("tiled", tiled_sheets(s, dep, opts)))}
    assert "TRIBORD" in said["sprites"] and "Tableau de placement" in said["map"] and "rangée A" in said["tiled"]
    assert not any("Sluys, 24 June" in words for words in said.values())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", HANDOUTS)          # (a map has its own sizes)
def test_no_text_below_the_type_floors(kits, lang, kind):
    """French and Spanish run longer: never smaller type than a handout allows (TYPE.body inside the
    content box, tests/test_handout_type.py's rule), nor below the check's floor at this scale."""
    from printgen.draw.theme import TYPE
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN

    with open_pdf(kits[lang] / f"{kind}-color.pdf") as pdf:
        for page in pdf.pages:
            inside = [c for c in page.chars
                      if c["top"] >= MARGIN + HEADER - 1 and c["bottom"] <= page.height - MARGIN - FOOTER]
            assert len(inside) > 200
            body = [c for c in inside if c["size"] < TYPE.body - 0.01]
            assert not body, f"{lang}: '{body[0]['text']}' at {body[0]['size']:.2f} pt"
            assert min(c["size"] for c in page.chars) >= 5.0 * 0.5 - 0.01
