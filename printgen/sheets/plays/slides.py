"""The first turn on the classroom screen (html/first-turn-slides.html): the printed page's game and
numbers, one step a screen, for the projector. For each phase, a screen of what a captain does and a
screen of what happened in the kit's first game, each with the phase's map as SVG (drawn by the same
code as the page's, in colour: a screen has no photocopier). Every number is a traced span, as in a
handout, so `printgen check` reads the slides back against the turn played again."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.draw.shapes import Drawing, Page, Span
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.sheets.plays.first_turn import TITLE, Phase, _Recorder, first_turn, framed
from printgen.sheets.text.markup import Block

SLIDES_TITLE = N_("The first turn, step by step")
MAP_W, MAP_H = 620.0, 400.0                   # the map's box, points (the SVG scales to the screen)
LABEL = 15.0                                  # the ships' names on it, points of that box


@dataclass
class Slide:
    title: list[Span]
    blocks: list[Block] = field(default_factory=list)
    svg: str = ""                             # the phase's map (none: a screen of words)
    alt: str = ""                             # the map in words, for a screen reader


@dataclass
class Slides:
    kind: str
    name: str
    scenario: str
    slides: list[Slide]


class _SlideRecorder(_Recorder):
    """The handout's recorder, a screen for each part of a phase instead of a section a phase."""

    def __init__(self, plan, options: Options):
        super().__init__(plan, options)
        self.slides: list[Slide] = []

    def steps(self, steps: list) -> None:
        self.sections[-1].blocks += [Block("number", list(spans), level=n) for n, spans in enumerate(steps, 1)]

    def screen(self, k: int, p: Phase) -> None:
        """A phase's screens: what a captain does (with the map), then what happened (with the map)."""
        from printgen.registry import system_of
        from printgen.sheets.plays.steps import anchored_sides

        svg, alt = (self.svg(k, p), self.alt(p)) if framed(p) else ("", "")
        head = self.heading(k, p)
        steps = system_of(self.rs).captain_steps(self.rs, p.label, self.measure, anchored_sides(self.rs, self.plan))
        if steps:
            self.phase_head(head, True)
            self.sections[-1].blocks = []
            self.steps(steps)
            self.slides.append(Slide([*head, Span(_(": ")), Span(_("what a captain does"))],
                                     self.sections[-1].blocks, svg, alt))
        self.phase_head(head, p.changed())
        if p.changed():
            self.sections[-1].blocks = []
            self.happened(k, p)
        self.slides.append(Slide([*head, Span(_(": ")), Span(_("in this game"))] if p.changed() else head,
                                 self.sections[-1].blocks, svg, alt))

    def svg(self, k: int, p: Phase) -> str:
        """The phase's map as the page draws it, alone on a page of its own size, as inline SVG."""
        from printgen.draw.render import flat_pages
        from printgen.draw.svg import render_svg
        from printgen.registry import system_of

        keep = self.page
        self.page = Page(MAP_W, MAP_H)
        self.map(k, p, 0.0, 0.0, MAP_W, MAP_H, size=LABEL)
        drawing = Drawing("", [self.page], look=system_of(self.rs))
        self.page = keep
        data = render_svg(flat_pages(drawing, "color")[0], "").decode("utf-8")
        return inline_svg(data)

    def key_svg(self) -> str:
        """How the maps show each nation (its colour and pattern), and the compass rose."""
        from printgen.draw.render import flat_pages
        from printgen.draw.svg import render_svg
        from printgen.registry import system_of
        from printgen.sheets.maps.mini_map import key_line

        keep = self.page
        self.page = Page(MAP_W, 80.0)
        self.page.add(*key_line(self.plan.scenario, 4.0, 46.0, MAP_W - 70, 14.0))
        self.rose(MAP_W - 34, 40.0)
        drawing = Drawing("", [self.page], look=system_of(self.rs))
        self.page = keep
        return inline_svg(render_svg(flat_pages(drawing, "color")[0], "").decode("utf-8"))

    def key_alt(self) -> str:
        nations = dict.fromkeys(s.nation for s in self.plan.scenario.fleet.ships)
        return _("Key of the maps: each nation's ships in their own colour and pattern (%(nations)s), and the "
                 "compass: north is up.") % {"nations": ", ".join(_(n) for n in nations)}

    def alt(self, p: Phase) -> str:
        """What the map shows, in words (its tables are the handout's)."""
        names = [self.names[i] for i in self.named(p)]
        return _("Map of the part of the table where it happens, north up: %(ships)s.") % {"ships": ", ".join(names)} \
            if names else _("Map of the table, north up.")


def inline_svg(data: str) -> str:
    """svgwrite's file as an element of the page: no title or description of its own (the slide says
    them), sized by its viewBox to the screen's width."""
    import re

    data = re.sub(r"<title>.*?</title>|<desc>.*?</desc>", "", data, flags=re.S)
    data = re.sub(r'^<svg[^>]*?(viewBox="[^"]*")[^>]*>',
                  lambda m: f'<svg xmlns="http://www.w3.org/2000/svg" {m.group(1)} class="map" aria-hidden="true" '
                            f'focusable="false">', data, count=1)
    return data


def first_turn_slides(plan, options: Options) -> Slides:
    """The screens: the title and how to read the maps, then each phase's screens."""
    st, run, phases = first_turn(plan)
    rec = _SlideRecorder(plan, options)
    rec.intro()
    rec.key_words()
    first = Slide([Span(_(TITLE))], rec.intro_blocks, rec.key_svg(), rec.key_alt())
    rec.slides.append(first)
    for k, p in enumerate(phases):
        rec.screen(k, p)
    rec.slides.append(Slide([Span(_("Your turn"))], [Block("para", [Span(_(
        "Now play the first turn on your own table: each captain does the steps of each phase, in order."))])]))
    return Slides("first-turn", _(SLIDES_TITLE), plan.scenario.title, rec.slides)


def page(slides: Slides, lang: str) -> tuple[bytes, list[dict]]:
    """The slides' page (UTF-8) and its trace, as a handout's (printgen.sheets.handouts.html)."""
    from printgen.i18n import translated, using
    from printgen.sheets.handouts.html import Traced, _environment, _legend, _plain, blocks_view, inline
    from printgen.sheets.page.words import titled

    with using(lang):
        traced = Traced()
        scenario = inline([Span(translated(lang, slides.scenario), "", ("scenario", "title"), "text")], traced)
        views = [{"id": f"slide{n}", "title": inline(_plain(s.title), traced),
                  "blocks": blocks_view(s.blocks, traced, s.title), "svg": s.svg, "alt": s.alt}
                 for n, s in enumerate(slides.slides, start=1)]
        html = _environment().get_template("handouts/slides.html.j2").render(
            lang=lang, title=titled(translated(lang, slides.scenario), slides.name), name=slides.name,
            scenario=scenario, slides=views, legend=_legend(traced.marks, "pupil"))
    return html.encode("utf-8"), traced.entries
