"""A translated message with values as a drawing's spans: `said(_("Drift: %(distance)s"), distance=span)`.
Each value is text (joined to the words around it), a Span or a list of Spans (kept apart: traced
numbers stay whole). A translation may put the values in another order."""

from __future__ import annotations

from typing import Any

from printgen.draw.shapes import Span
from printgen.i18n import LANG, slots


def said(message: str, font: str = "", /, **values: Any) -> tuple[Span, ...]:
    """The (already translated) message's pieces: the words between as plain spans (in `font`)."""
    given = {k: ([v] if isinstance(v, Span) else list(v) if isinstance(v, (list, tuple)) else str(v))
             for k, v in values.items()}
    spans = tuple(Span(p, font) if isinstance(p, str) else p for p in slots(message, given))
    if LANG.get() == "en":                   # English changes no word before a value (and imports nothing more)
        return spans
    from printgen.i18n.elision import contracted

    return contracted(spans)


def degrees(value: float) -> str:
    """An angle as the sheets print it, in the language of the document being drawn ("22,5°")."""
    if LANG.get() == "en":
        return f"{value:g}°"
    from printgen.rules.printed import fmt
    from printgen.units import Measure

    return fmt(value, "degrees", Measure(lang=LANG.get()))


def scale_text(scale: float) -> str:
    """A number as `:g` writes it (the kit's scale, a map's ratio) in the language of the document
    being drawn ("0,5" in French), as the check reads the kit's scale (meta scale)."""
    if LANG.get() == "en":
        return f"{scale:g}"
    from printgen.i18n.numbers import number

    return number(f"{scale:g}", LANG.get())


def titled(title: str, name: str, edition: str | None = None) -> str:
    """A document's title (its PDF's, the kit's index.html): "Trafalgar, 21 October 1805: ship pieces
    (colour edition)", in the language of the document being drawn (`name` a message)."""
    if LANG.get() == "en":
        return f"{title}: {name}" + (f" ({edition})" if edition else "")
    from printgen.i18n import _

    values = {"title": _(title), "document": _(name), "edition": edition}
    return (_("%(title)s: %(document)s (%(edition)s)") if edition else _("%(title)s: %(document)s")) % values
