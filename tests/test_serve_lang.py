"""`printgen serve` in the teacher's language (issue 31), without a browser: the browser's Accept-Language,
the teacher's own choice winning over it, the server's default, a language printgen does not speak
falling back, everything escaped, and a kit not yet translated refused in the teacher's words."""

from __future__ import annotations

import html
import re
import sys
import time
import warnings

import pytest
from servehelp import FORM

from printgen.serve import lang as pagelang
from printgen.serve.app import create_app
from printgen.serve.jobs import Builds

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
BASE = "http://127.0.0.1"
FR = {"accept-language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"}
# Words of the English form that a French or Spanish page must not show (its labels, buttons, hints)
ENGLISH = ("Print a class kit", "Build the kit", "Deployment number", "Your class", "Students", "Leave empty",
           "Download this fleet", "Your own fleet", "Share of each squadron", "Skip to the content", " ships ")


@pytest.fixture
def builds(tmp_path):
    b = Builds(tmp_path / "serve")
    yield b
    for build in list(b.builds.values()):
        b.delete(build)


def client_of(builds, **options):
    return TestClient(create_app(builds, hosts=["127.0.0.1"], **options), base_url=BASE)


def text_of(page: str) -> str:
    """The page's words as a reader sees them: no tags, no attributes, entities read."""
    body = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def english_left(page: str) -> list[str]:
    """ENGLISH words on the page, besides the data's own words the catalogue does not translate yet (a
    ruleset's title, "... Rules for Students", is its document's name; Trafalgar's preset's title)."""
    from printgen.serve.form import catalogue

    text = text_of(page)
    for c in catalogue():
        for data in (c.rules, *(t for _k, t in c.presets)):
            text = text.replace(data, "")
    return [w for w in ENGLISH if w in text]


def post(client, headers=None, **fields):
    return client.post("/build", data=FORM | fields, files=[("fleet", ("", b"", "application/octet-stream"))],
                       headers=headers or {}, follow_redirects=False)


def test_accept_language_is_read_by_its_q_values():
    assert pagelang.from_header("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7") == "fr"
    assert pagelang.from_header("de-DE, en;q=0.5, es;q=0.9") == "es"          # by q, not by order
    assert pagelang.from_header("en-GB,en;q=0.9") == "en"
    assert pagelang.from_header("de-DE, de;q=0.9, *;q=0.1") is None          # none of ours: the default's
    assert pagelang.from_header("fr;q=0, es;q=0.2") == "es"                   # q=0: "not this one"
    assert pagelang.from_header("fr;q=abc") is None and pagelang.from_header(None) is None


def test_the_form_speaks_the_browser_s_language(builds):
    with client_of(builds) as client:
        fr = client.get("/", headers=FR)
        es = client.get("/", headers={"accept-language": "es-ES,es;q=0.9"})
        en = client.get("/")
    assert fr.status_code == es.status_code == en.status_code == 200
    assert '<html lang="fr">' in fr.text and '<html lang="es">' in es.text and '<html lang="en">' in en.text
    assert "Imprimer un kit de classe" in fr.text and "Fabriquer le kit" in fr.text
    assert "Trafalgar, 21 octobre 1805" in fr.text and "60 navires (Britanniques 27 navires" in fr.text
    assert "Imprimir un kit de clase" in es.text and "Hacer el kit" in es.text
    assert "Trafalgar, 21 de octubre de 1805" in es.text
    assert english_left(fr.text) == [] and english_left(es.text) == []
    assert len(english_left(en.text)) == len(ENGLISH)              # (the list does find English)
    # the kit's language follows the page's unless the teacher changes it
    assert re.search(r'name="lang" id="lang-fr" value="fr" checked', fr.text)
    assert re.search(r'name="lang" id="lang-en" value="en" checked', en.text)
    assert "0,5" in fr.text and "0.5" not in text_of(fr.text)      # "e.g. 0,5 for half size"


def test_the_teacher_s_choice_wins_and_is_kept(builds):
    with client_of(builds) as client:
        r = client.get("/?lang=es", headers=FR)
        assert '<html lang="es">' in r.text and "Hacer el kit" in r.text
        assert pagelang.COOKIE in r.headers["set-cookie"] and "samesite=lax" in r.headers["set-cookie"].lower()
        again = client.get("/", headers=FR)                      # the cookie, over the browser's French
        assert '<html lang="es">' in again.text
        english = client.get("/?lang=en", headers=FR)
        assert '<html lang="en">' in english.text and "Build the kit" in english.text
        # every page offers the three languages, each named in itself, the current one marked
        assert re.search(r'<a href="/\?lang=en" lang="en" hreflang="en" aria-current="true">English</a>', english.text)
        assert 'hreflang="fr">Français</a>' in english.text and 'hreflang="es">Español</a>' in english.text


def test_an_unknown_language_falls_back(builds):
    with client_of(builds) as client:
        r = client.get("/?lang=de", headers={"accept-language": "de-DE,de;q=0.9"})
        assert '<html lang="en">' in r.text and "Build the kit" in r.text and "set-cookie" not in r.headers
        hostile = client.get('/?lang="><script>x</script>', headers=FR)
        assert '<html lang="fr">' in hostile.text and "<script>x" not in hostile.text
        client.cookies.set(pagelang.COOKIE, "xx")
        assert '<html lang="fr">' in client.get("/", headers=FR).text
        missing = client.get("/nowhere", headers=FR)
        assert missing.status_code == 404 and "Introuvable" in missing.text
    with client_of(builds, lang="fr") as client:                  # `printgen serve --lang fr`
        assert '<html lang="fr">' in client.get("/").text
        assert '<html lang="fr">' in client.get("/", headers={"accept-language": "de"}).text
        assert '<html lang="en">' in client.get("/", headers={"accept-language": "en-GB"}).text


def test_values_and_data_words_are_escaped_in_every_language(builds, monkeypatch):
    from printgen.serve import form

    hostile = form.Choice("trafalgar", "<b>100% bold</b>", "<i>rules</i>", 3, (("<u>side</u>", 3),),
                          (("p", "<s>preset</s>"),))
    monkeypatch.setattr(form, "catalogue", lambda: (hostile,))
    with client_of(builds) as client:
        for headers in (FR, {"accept-language": "es"}, {}):
            page = client.get("/", headers=headers).text
            assert "<b>" not in page and "&lt;b&gt;100% bold&lt;/b&gt;" in page
            assert "<i>" not in page and "<u>" not in page and "<s>" not in page and "&lt;u&gt;side&lt;/u&gt;" in page
            r = post(client, headers, preset="<script>alert(1)</script>", table="<img src=x>")
            assert r.status_code == 422 and "<script>alert" not in r.text and "<img src=x>" not in r.text
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
        assert "il n’y a pas de version prédéfinie «\u00a0&lt;script&gt;" in post(client, FR, preset="<script>").text


def low(title: str) -> str:
    return title[:1].lower() + title[1:]


def _one_untranslated(monkeypatch, lang: str):
    """The first document of Trafalgar's kit reported untranslated into `lang` (whatever is translated by
    the time this runs), every other one as the records say. Returns (missing, ready) records."""
    from printgen.data.checked import load_checked
    from printgen.registry import documents

    real = documents.languages_of
    ruleset = load_checked("trafalgar").ruleset
    first = documents.kinds_for(ruleset)[0]
    monkeypatch.setattr(documents, "languages_of",
                        lambda r, rs: tuple(x for x in real(r, rs) if not (r is first and x == lang)))
    records = documents.kinds_for(ruleset)
    return ([r for r in records if lang not in documents.languages_of(r, ruleset)],
            [r for r in records if lang in documents.languages_of(r, ruleset)])


def test_a_kit_not_yet_translated_is_refused_in_the_teacher_s_words(builds, monkeypatch):
    from printgen.i18n import translated

    missing, ready = _one_untranslated(monkeypatch, "fr")
    assert missing and ready
    with client_of(builds) as client:
        r = post(client, FR, lang="fr")
        assert r.status_code == 422 and '<html lang="fr">' in r.text and not builds.builds
        [said] = re.findall(r'<ul class="error" id="lang-error">\s*<li>(.*?)</li>', r.text, re.S)
        said = html.unescape(said)
        assert said.startswith("Trafalgar, 21 octobre 1805 n’est pas encore traduit en français\u00a0: ")
        assert ", ".join(low(translated("fr", m.title)) for m in missing) + " seraient encore en anglais" in said
        assert "Déjà prêts en français\u00a0: " + ", ".join(low(translated("fr", m.title)) for m in ready) in said
        assert "Choisissez une autre langue pour le kit" in said
        crew = post(client, FR, lang="fr", students="0")      # the other problems with it, in French too
        assert "0 élèves ne peuvent pas commander" in html.unescape(crew.text) and 'id="lang-error"' in crew.text
        assert 'href="#lang-fr">Langue du kit</a>\u00a0: 1 problème' in r.text    # the summary links to the choice
        es = post(client, {"accept-language": "es"}, lang="fr")             # a Spanish page, a French kit
        assert "todavía no está traducido al francés" in html.unescape(es.text)


def test_the_kit_is_built_in_the_chosen_language(builds, monkeypatch):
    """A French page builds a French kit (`printgen kit --lang fr`) and says so; its progress in French."""
    from printgen.registry import documents

    monkeypatch.setattr(documents, "languages_of", lambda r, rs: ("en", "fr", "es"))     # all translated
    builds.command = [sys.executable, "-c", "import sys, time; open('argv.txt', 'w').write(repr(sys.argv)); "
                      "sys.stderr.write('progress 3/9 cards (bw)\\n'); sys.stderr.flush(); time.sleep(60)"]
    with client_of(builds) as client:
        r = post(client, FR, students="8", ships="12")
        assert r.status_code == 303, r.text
        build = next(iter(builds.builds.values()))
        end = time.monotonic() + 20
        while not (build.folder / "argv.txt").is_file() and time.monotonic() < end:
            time.sleep(0.1)
        argv = eval((build.folder / "argv.txt").read_text())
        assert argv[argv.index("--lang") + 1] == "fr"
        while "progress" not in (build.folder / "stderr.txt").read_text() and time.monotonic() < end:
            time.sleep(0.1)
        page = client.get(r.headers["location"], headers=FR).text
        assert "8 élèves" in page and "kit en français" in page and "Dessin du kit" in page
        assert "Cartes de règles (noir et blanc)…" in text_of(page)
        status = client.get(r.headers["location"] + "/status", headers=FR).json()
        assert status["what"] == "Cartes de règles (noir et blanc)"
        assert 'data-of="{done} sur {total}"' in page
        english = client.get(r.headers["location"] + "?lang=en").text           # the same build, in English
        assert "8 students" in english and "kit in French" in english and "Drawing the kit" in english
        en = post(client, FR, students="8", ships="12", lang="en")             # an English kit from a French page
        assert en.status_code == 303
        later = [b for b in builds.builds.values() if b is not build][0]
        end = time.monotonic() + 20
        while not (later.folder / "argv.txt").is_file() and time.monotonic() < end:
            time.sleep(0.1)
        assert "--lang" not in eval((later.folder / "argv.txt").read_text())
