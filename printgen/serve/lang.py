"""The page's language: the teacher's own choice (a link on every page, kept in a cookie), else the
browser's Accept-Language, else the server's default (`printgen serve --lang`, or `printgen config
lang`). A language printgen has no words for is passed over: the page falls back to the default."""

from __future__ import annotations

from printgen.i18n import LANG, LANGS

COOKIE = "printgen-lang"
YEAR = 365 * 24 * 3600
# Each language named in itself, as the page's language choice shows it (never translated)
OWN_NAMES = {"en": "English", "fr": "Français", "es": "Español"}


def from_header(header: str | None) -> str | None:
    """The language printgen speaks that the browser prefers most ("fr-CH, fr;q=0.9, en;q=0.8" -> "fr"):
    by each range's q, the browser's order between equal ones; none of ours (or "*" only) -> None."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:500].split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            name, _, value = p.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGS and q > 0:
            ranked.append((-q, i, primary))
    return min(ranked)[2] if ranked else None


def chosen(query: str | None, cookie: str | None, header: str | None, default: str) -> str:
    """The page's language: ?lang= (a choice just made), the cookie (one made before), the browser's."""
    for explicit in (query, cookie):
        if explicit in LANGS:
            return explicit
    return from_header(header) or (default if default in LANGS else "en")


def number(english: str, plain: bool = False) -> str:
    """A number as English writes it ("0.5", "1234") in the page's language; `plain`: English without
    a thousands separator (as the page always wrote it)."""
    lang = LANG.get()
    if lang == "en":
        return english if plain or "." in english else f"{int(english):,}"
    from printgen.i18n.numbers import number as written

    return written(english, lang)


def count(n: int) -> str:
    return number(str(n))


def percent(english: str) -> str:
    """"45%" in the page's language ("45 %" in French)."""
    lang = LANG.get()
    if lang == "en":
        return english
    from printgen.i18n.numbers import percent as written

    return written(english, lang)
