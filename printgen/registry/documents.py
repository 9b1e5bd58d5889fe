"""The catalogue of document kinds: one record a kind of printed document, declared beside the code
that draws it (a `kinds.py` in its package: printgen/sheets/*/kinds.py, a family's
printgen/systems/<family>/kinds.py). The kit's jobs, the materials list, the teacher's sheet,
index.html, the manifest, `printgen check`, the single-sheet commands and the web page read these
records; none of them names a kind.

Records are plain data, light to import (`printgen --help` lists the single-sheet commands from
them): what draws a document is named "module:function" and imported when it is drawn."""

from __future__ import annotations

from contextvars import ContextVar, copy_context
from dataclasses import dataclass
from importlib import import_module, util
from typing import TYPE_CHECKING, Any, Callable, Literal

from printgen.i18n import N_
from printgen.registry.families import BUILT_IN, _SYSTEMS, system_of

if TYPE_CHECKING:
    from printgen.draw.shapes import Drawing
    from printgen.options import Options
    from printgen.rules.model import RulesetBase

Audience = Literal["pupil", "teacher"]
# Who reads the document being drawn (its record's audience, set by DocumentKind.make): a pupil's
# page prints provenance as a symbol explained in its footer, a teacher's in words.
AUDIENCE: ContextVar[str] = ContextVar("audience", default="teacher")
Copies = Literal["class", "group", "student", "pair", "side"]     # one for the class, a table group, ...


@dataclass(frozen=True)
class DocumentKind:
    """What printgen knows of one kind of document, besides how it looks."""

    kind: str                         # its name in the manifest ("sprites")
    title: str                        # its name in the materials list, the teacher's sheet, index.html
    order: int                        # its place in the kit (kit.pdf, every list): lower first
    draw: str | Callable              # "module:function" (or the function): (scenario or plan, options) -> Drawing
    takes: Literal["scenario", "plan"] = "scenario"   # what `draw` is given: the scenario alone, or the kit's plan
    audience: Audience = "pupil"
    paper: Literal["plain", "card"] = "plain"
    copies: Copies = "class"
    two_sided: bool = False
    in_kit: Literal["always", "optional", "print shop"] = "always"   # in kit.pdf: always; optional: with
    #                                 --with-tiled; print shop: never (large paper, on request)
    advice: str = ""                  # how to print it, for the teacher
    help: str = ""                    # its own command's help (`printgen quickref`)
    command: bool = False             # a single-sheet command of its own, `printgen KIND SCENARIO`
    stem: str = ""                    # its files' names: STEM-EDITION.pdf (default: the kind)
    present: str | Callable | None = None   # "module:function" (ruleset, kind) -> bool: in this ruleset's
    #                                 kits (None: in every kit)
    option: str = ""                  # only in a kit whose options set this one (the poster: --poster)
    checks: tuple[str, ...] = ()      # what `printgen check` measures on it besides every document's
    #                                 numbers, words, lines and ink: "fleet" (exactly the fleet's ships),
    #                                 "bases" (each base's size and marks), "tiles" (each sheet of the
    #                                 table-size map: its bases where deployment.json puts them)
    last: bool = False                # prints the other documents' page counts: drawn after them
    heavy: bool = False               # long to make (its games, its many sheets): started first
    one_page: bool = False            # one page by construction: counted without drawing it
    data: tuple[str, ...] = ()        # data files it brings into the kit (the plays page: plays.json)
    thumbs: Literal["all", "first"] = "all"     # index.html: a thumbnail a page, or the first page only
    cut_out: bool = False             # pieces to cut out and play with (ships, markers, rulers): they keep their
    #                                 size on the table in every edition; a pupil's other documents are read,
    #                                 and the large-print edition sets them in large type (large_print)
    languages: tuple[str, ...] | str = ("en",)  # the languages every word of it is printed in (printgen.i18n), or
    #                                 "module:function" (ruleset, kind) -> them (a template's own translations):
    #                                 a kit or a command in another is refused until each of its documents has it
    handout: str | Callable | None = None   # "module:function" (plan, options) -> its words as one accessible
    #                                 web page (printgen.sheets.handouts.model.Handout), html/STEM.html in the
    #                                 kit; None: a document of pictures and pieces, no handout
    template: str = ""                # the sheet template its words come from ("quickref.md.j2": its ruleset's,
    #                                 its family's or the shared one, printgen.sheets.text.wording.template_name)
    heading: str = ""                 # the name it prints at its top and its handout's (default: its title)
    slides: str | Callable | None = None    # "module:function" (plan, options) -> its steps as screens for the
    #                                 classroom's projector (printgen.sheets.plays.slides), html/STEM-slides.html

    @property
    def file_stem(self) -> str:
        return self.stem or self.kind

    @property
    def name(self) -> str:
        """The name the document prints at its top and its handout's (a message of the catalogue)."""
        return self.heading or self.title

    def large_print(self, edition: str) -> bool:
        """Whether the document is set in large type in this edition: a pupil's reading document of
        the large-print edition (a teacher's document prints as in black and white, a piece at its size)."""
        return edition == "large" and self.audience == "pupil" and not self.cut_out

    def make(self, source: Any, options: Options) -> Drawing:
        """The document drawn for one edition; `source` is the kit's plan (the scenario is taken from it
        for a document that needs no more)."""
        from printgen.draw.typescale import LARGE, LARGE_DYSLEXIA, LARGE_PIECES, SCALE, STANDARD
        from printgen.i18n import LANG

        given = source if self.takes == "plan" or not hasattr(source, "scenario") else source.scenario
        token, lang = AUDIENCE.set(self.audience), LANG.set(options.lang)
        scale = SCALE.set((LARGE_DYSLEXIA if options.dyslexia else LARGE) if self.large_print(options.edition) else
                          LARGE_PIECES if options.edition == "large" and self.cut_out else STANDARD)
        try:
            drawing = resolve(self.draw)(given, options)
            return _lazy_in_context(drawing)
        finally:
            AUDIENCE.reset(token)
            LANG.reset(lang)
            SCALE.reset(scale)

    def make_handout(self, plan: Any, options: Options, maker: str | Callable | None = None) -> Any:
        """The document's words as a handout (printgen.sheets.handouts), or as `maker` gives them (its
        slides), read by its audience in the kit's language, as `make` draws it."""
        from printgen.i18n import LANG

        token, lang = AUDIENCE.set(self.audience), LANG.set(options.lang)
        try:
            # a handout of the record's own template (printgen.sheets.handouts.make) is given the record
            made = resolve(maker or self.handout)  # type: ignore[arg-type]
            return made(plan, options, self) if getattr(made, "of_record", False) else made(plan, options)
        finally:
            AUDIENCE.reset(token)
            LANG.reset(lang)

    def in_kit_of(self, ruleset: RulesetBase, options: Options | None = None) -> bool:
        if self.option and not (options is not None and getattr(options, self.option, None)):
            return False
        return self.present is None or bool(resolve(self.present)(ruleset, self.kind))


def _lazy_in_context(drawing: Drawing) -> Drawing:
    """A drawing whose pages are laid out as they are written (LazyPages) lays them out in the
    context it was made in (its audience), not in the writer's."""
    from dataclasses import replace

    from printgen.draw.shapes import LazyPages

    pages = drawing.pages
    if not isinstance(pages, LazyPages):
        return drawing
    context = copy_context()
    return replace(drawing, pages=LazyPages(len(pages), lambda i: context.run(pages.make, i)))


def resolve(ref: str | Callable) -> Callable:
    """A function named "package.module:function", imported now."""
    if callable(ref):
        return ref
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


# The packages whose kinds.py declares shared documents; each family declares its own.
SHARED = ("printgen.sheets.text.kinds", "printgen.sheets.plays.kinds", "printgen.sheets.pieces.kinds",
          "printgen.sheets.gauges.kinds", "printgen.sheets.maps.kinds")
_ADDED: dict[str, DocumentKind] = {}          # kinds a test or a plug-in registers


def register(record: DocumentKind) -> DocumentKind:
    """Add (or replace) a shared document kind."""
    _ADDED[record.kind] = record
    return record


def unregister(kind: str) -> None:
    _ADDED.pop(kind, None)


def shared() -> dict[str, DocumentKind]:
    """Every kind any kit may hold, by kind (the families' own aside)."""
    out = {r.kind: r for module in SHARED for r in import_module(module).KINDS}
    return out | _ADDED


def family_kinds(package: str) -> tuple[DocumentKind, ...]:
    """A built-in family's own records (its `kinds.py`), read without loading the family."""
    return import_module(f"{package}.kinds").KINDS if util.find_spec(f"{package}.kinds") else ()


def declared(ruleset: RulesetBase) -> dict[str, DocumentKind]:
    """Every kind a kit of this ruleset may hold, in print order: the shared ones, each as the ruleset's
    family restates it, and the family's own."""
    merged = shared() | {r.kind: r for r in system_of(ruleset).kinds}
    return {r.kind: r for r in sorted(merged.values(), key=lambda r: (r.order, r.kind))}


def kinds_for(ruleset: RulesetBase, options: Options | None = None) -> tuple[DocumentKind, ...]:
    """The documents of a kit of this ruleset and these options (the poster), in print order."""
    return tuple(r for r in declared(ruleset).values() if r.in_kit_of(ruleset, options))


def languages_of(record: DocumentKind, ruleset: RulesetBase) -> tuple[str, ...]:
    """The languages `record`'s document is printed in for this ruleset."""
    found = record.languages
    return tuple(resolve(found)(ruleset, record.kind)) if isinstance(found, str) else found


def untranslated(records, lang: str, ruleset: RulesetBase) -> list[DocumentKind]:
    """The records among `records` not printed in `lang` (a kit or a command in it is refused): none
    in English, the language every document is written in (nothing read to say so)."""
    return [] if lang == "en" else [r for r in records if lang not in languages_of(r, ruleset)]


def refuse_untranslated(records, lang: str, ruleset: RulesetBase, what: str) -> None:
    """A clear refusal (exit 2) of `what` in `lang` while any of its documents would print English:
    no pupil ever gets a page half in one language and half in another."""
    missing = untranslated(records, lang, ruleset)
    if missing:
        from printgen.errors import PrintgenError, Problem
        from printgen.i18n import _

        # in the command's language (printgen.cli.common.speaking): the teacher asked for it
        more = _(" and %(count)s more") % {"count": len(missing) - 4} if len(missing) > 4 else ""
        names = f" ({', '.join(_(r.title).lower() for r in missing[:4])}{more})" if len(records) > 1 else ""
        done = [_(r.title).lower() for r in kinds_for(ruleset) if lang in languages_of(r, ruleset)]
        ready = _(SO_FAR[lang]) % {"documents": ", ".join(done)} if done else ""
        raise PrintgenError(Problem(_(NOT_YET[lang]) % {"what": _(what), "names": names}, field="--lang",
                                    fix=_("use --lang en for now") + ready))


# The refusal's words, the language's name in each sentence as the sentence needs it
NOT_YET = {"fr": N_("no French yet for %(what)s%(names)s"), "es": N_("no Spanish yet for %(what)s%(names)s")}
SO_FAR = {"fr": N_("; in French so far: %(documents)s"), "es": N_("; in Spanish so far: %(documents)s")}


def everywhere() -> list[tuple[str | None, DocumentKind]]:
    """(family name or None for shared, record) for every kind declared anywhere: the shared kinds,
    then each family's own (built-in families read from their kinds.py, not loaded)."""
    out: list[tuple[str | None, DocumentKind]] = [(None, r) for r in shared().values()]
    for package in BUILT_IN:
        out += [(package.rpartition(".")[2], r) for r in family_kinds(package)]
    for name, system in _SYSTEMS.items():
        if not any(f == name for f, _ in out):
            out += [(name, r) for r in system.kinds]
    return out


def find(kind: str) -> DocumentKind | None:
    """The record of a kind wherever it is declared (a kit's manifest names kinds, not families):
    the shared one first."""
    return next((r for _, r in everywhere() if r.kind == kind), None)


def commands() -> dict[str, tuple[DocumentKind, tuple[str, ...]]]:
    """kind -> (its record, the families that print it: none for a shared kind), for each kind that
    has a single-sheet command of its own."""
    out: dict[str, tuple[DocumentKind, tuple[str, ...]]] = {}
    common = set(shared())
    for family, r in everywhere():
        if r.command and (family is None or r.kind not in common):
            record, families = out.get(r.kind, (r, ()))
            out[r.kind] = (record, families + ((family,) if family else ()))
    return out
