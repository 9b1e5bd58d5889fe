"""What shared code may ask of a rule family: the protocol, with the defaults a small family keeps.

A family is one object (a RuleSystem) registered under the name ruleset files give in
`ruleset.system` (printgen.registry.register). The shared code (data, rules, game, sheets, kit,
check, cli) asks the family only what is below and never names one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar

if TYPE_CHECKING:
    from printgen.registry.documents import DocumentKind

Gauge = Callable[[Any, Any], list]        # (scenario, options) -> rulers (Strip) and gauges (Piece)


class RuleSystem:
    """One rule family. Subclass, set `name` and `model`, override what the family prints."""

    name: ClassVar[str]                                  # the ruleset file's `ruleset.system`
    model: ClassVar[type]                                # its ruleset model (a rules.model.RulesetBase)
    fleet_columns: ClassVar[tuple[str, ...]] = ()        # ships.csv columns it needs besides the common ones
    kinds: ClassVar[tuple[DocumentKind, ...]] = ()      # its own documents, and shared ones as it restates
    #                                                      them (printgen.registry.documents; a built-in
    #                                                      family's are its kinds.py)
    kit_model: ClassVar[type | None] = None              # the scenario's [kit] settings it reads (a model)
    line_form: ClassVar[str] = "battle"                  # how the line side deploys unless the scenario says
    marks: ClassVar[tuple[str, str]] = ("hit circles", "hit points")   # a track's marks, and what they count
    nations: ClassVar[dict] = {}                         # nation -> its one look on every sheet (draw.theme.Nation)

    # -- data: the fleet, the damage track, the checks, the odds ------------------------------------
    def ship_types(self, rs) -> dict[str, str] | None:
        """The ship types a fleet's `type` column must name (key -> description), or None."""
        return None

    def tracks(self, rs, ship) -> list:
        """What a ship records its damage on (printgen.rules.tracks.Track, each traced)."""
        raise NotImplementedError

    def piece_tracks(self, scenario, ship) -> list:
        """The tracks a ship's piece carries (the checker counts them on the sprite sheet): all of
        them, unless the family keeps the damage elsewhere (the scenario's kit.damage_on)."""
        return self.tracks(scenario.ruleset, ship)

    def checks(self, scenario) -> list:
        """The family's own consistency checks (printgen.rules.checks.CheckResult)."""
        return []

    def dice_pool(self, rs, ship) -> int:
        """The most dice the ship rolls at once (the lesson's materials list counts the dice to buy)."""
        raise NotImplementedError

    def recompute(self, rs, fn: str, args: tuple) -> Any:
        """The value of the family's derivation `fn(*args)` by a second method that shares no code
        with the one that printed it (printgen.oracle), for printgen check; None: not known."""
        return None

    def odds_tables(self, rs) -> list:
        """Every odds table of the rules (printgen.rules.tables.OddsTable), for `printgen odds`."""
        return []

    # -- sheets --------------------------------------------------------------------------------------
    def templates_dir(self, rs) -> Path:
        """The folder holding the sheet templates: `<family name>/quickref.md.j2` (and `<ruleset id>/`, `shared/`)."""
        from printgen import paths

        return paths.templates_dir()

    def sprite_sheets(self, scenario, options):
        """The ship pieces to cut out, a Drawing; each base tagged with its ship's key, its marks 'hit'."""
        raise NotImplementedError

    def is_mark(self, path, base_sizes: set[tuple[float, float]]) -> bool:
        """Whether a path read back from the sprite PDF is one of a track's marks (the checker counts them);
        the tiny dots of a base's pattern are not."""
        return path.kind == "circle" and path.w > min(h for _, h in base_sizes) / 12

    def paints(self, edition: str) -> dict:
        """The family's own paints in one edition (role -> draw.theme.Paint): its nations' looks
        (draw.theme.nation_paints) and what only its sheets draw. A drawing of one of its scenarios
        carries the family (Drawing.look) and the theme adds these; none: the shared paints alone (a
        nation falls back to the plain base)."""
        return {}

    def block(self, rs, name: str, args: list[str], width: float, size: float, options, wording):
        """A block a template asks for (`[odds ...]`, `[record 3]`): a Laid, or None if not the family's."""
        return None

    def block_text(self, rs, name: str, args: list[str], options, wording) -> list | None:
        """The same block as a handout gives it (printgen.sheets.handouts): its words, a table for a
        chart or a diagram, as markup blocks (printgen.sheets.text.markup.Block) of traced spans; None
        if not the family's."""
        return None

    def gauges(self) -> tuple[Gauge, ...]:
        """The rulers and gauges of the rulers sheet, in order."""
        return ()

    def wind_edges(self, rs) -> list:
        """The table's coloured wind edges (side, from_ft, to_ft, colour), where ships steer by the edge
        they face; none: they steer by their angle to the wind."""
        return []

    def legend_blocks(self, scenario, dep, options, width: float) -> list:
        """The map legend's wind part (printgen.sheets.maps.map_legend.Block): the wind, and what it
        means under these rules; none: the legend shows the wind alone."""
        return []

    def edge_words(self, rs, colour: str, options, short: bool = False) -> tuple:
        """What a wind edge of this colour means, as Spans with its numbers traced (the maps print it
        beside each edge); none: the colour's name alone."""
        return ()

    # -- languages -----------------------------------------------------------------------------------
    def languages(self, rs) -> tuple[str, ...]:
        """The languages the family's own words print in for this ruleset: its drawing code's (pieces,
        gauges, map legend), its ruleset's (labels, sides, phases) and its fleets' (fates, flag
        officers). A drawn document prints in these; a document from a template also needs its template
        translated. English alone unless the family says (`catalogued` for a family whose words are
        all messages of the catalogue): a new family prints English until its words are translated."""
        return ("en",)

    # -- the first turn, taught ---------------------------------------------------------------------
    def captain_steps(self, rs, label: str, measure, anchored: frozenset = frozenset()) -> list:
        """What a captain does in the phase named `label`, in order and in the imperative, each step a
        tuple of Spans (its rule numbers traced to the ruleset: ("rule", key)), pointing at the card,
        stick or table that does it. A pupil's first-turn page and slides print them beside the phase's
        map. `anchored`: the sides all of whose ships lie at anchor in this kit (they never move). None
        known: an empty list (the page then shows what happened alone)."""
        return []

    # -- later ---------------------------------------------------------------------------------------
    def phases(self, rs) -> Any:
        """The turn's phases for the game engine (the simulator). Not used yet: None."""
        return None


def catalogued(rs) -> tuple[str, ...]:
    """English, and each language whose catalogue translates every word of the ruleset's file (its
    labels, sides, phases, states): what `RuleSystem.languages` answers for a family whose drawing
    code and fleets' words are messages of the catalogue (a teacher's own ruleset file is in none)."""
    if not rs.path:
        return ("en",)
    from printgen.i18n.catalogue import template_languages

    return ("en", *template_languages(rs.path))
