"""A replay of one simulated game as PDF pages of map frames: the table after every phase that
changed something, so a teacher can show the class how a turn goes.

Each frame draws the table with its wind edges, every base where the engine left it (struck ships
pale and crossed, fouled and grappled ships joined by a line), and says which turn and phase it is."""

from __future__ import annotations

import random

from printgen.draw.shapes import Drawing, Line, Poly, Rect, Span, Text
from printgen.game.geometry import base_corners, side_point
from printgen.options import Options
from printgen.play.engine import Setup, game_seed, new_game, play
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.registry import system_of

MAX_FRAMES = 200                    # a game of the lesson has about 60 phases; bound the document
LEGEND = ("A base per ship, a line from its centre to its bow; struck ships pale and crossed; a line joins the "
          "centres of fouled or grappled ships. North is up; the wind edges as on the map.")


def _lines(words: str, x: float, y: float, width: float, size: float) -> list[Text]:
    """Muted words wrapped to the width, first baseline at y."""
    from printgen.sheets.text.textfit import wrap

    return [Text(x, y + i * size * 1.25, (Span(line),), size, role="text.muted")
            for i, line in enumerate(wrap(words, width, size))]


def replay_frames(setup: Setup, seed: int, index: int):
    """(result, frames): the game's snapshots, keeping the start and each phase that changed the table."""
    g = new_game(setup, random.Random(game_seed(seed, index)), log=True)
    result = play(setup, seed, index, g)
    frames, last = [], None
    for turn, phase, poses, links in g.log:
        state = (poses, tuple(sorted(links.items())))
        if state != last:
            frames.append((turn, phase, poses, links))
            last = state
    return result, frames[:MAX_FRAMES]


def replay_drawing(scenario, options: Options, setup: Setup, seed: int, index: int) -> Drawing:
    result, frames = replay_frames(setup, seed, index)
    nations = [ship.nation for ship in scenario.fleet.ships]
    names = {k: s.name for k, s in scenario.ruleset.sides.items()}
    pages = []
    for k, (turn, phase, poses, links) in enumerate(frames, start=1):
        page = new_page(options)
        box = content_box(options)
        top_h, foot_h = 36, 24
        scale = min(box.w / setup.width, (box.h - top_h - foot_h) / setup.height)
        ox = box.x + (box.w - setup.width * scale) / 2
        oy = box.y + top_h

        def at(x: float, y: float) -> tuple[float, float]:
            return ox + x * scale, oy + (setup.height - y) * scale

        fighting = {side: sum(1 for (n, s, *_), p in zip(setup.start, poses) if s == side and not p[4])
                    for side in setup.sides}
        title = "Start" if turn == 0 else f"Turn {turn}: after {phase}"
        page.add(Text(box.x, box.y + 12, (Span(title),), 13, font="bold"),
                 *_lines("Still fighting: " + ", ".join(f"{names[s]} {fighting[s]}" for s in setup.sides)
                         + f".  Game {index} of the simulation seeded {seed}; it ended after turn {result.turns}, "
                         + (f"{names[result.winner]} winning." if result.winner else "a draw."),
                         box.x, box.y + 25, box.w, 8),
                 Rect(ox, oy, setup.width * scale, setup.height * scale, "table"),
                 *_lines(LEGEND, box.x, oy + setup.height * scale + 11, box.w, 7))
        for e in setup.edges:
            (x1, y1), (x2, y2) = (side_point(e.side, v, setup.width, setup.height) for v in (e.start, e.end))
            page.add(Line(*at(x1, y1), *at(x2, y2), f"edge.{e.colour}"))
        for (a, b), kind in sorted(links.items()):
            (xa, ya), (xb, yb) = at(*poses[a][:2]), at(*poses[b][:2])
            page.add(Line(xa, ya, xb, yb, "rule", tag=f"link.{kind}"))
        for (_name, _side, _flag, *_rest), (x, y, h, _hp, struck), nation in zip(setup.start, poses, nations):
            length, width = _rest[3], _rest[4]
            corners = tuple(at(*c) for c in base_corners(x, y, h, length, width))
            page.add(Poly(corners, "map.overlap" if struck else f"ship.{nation}", tag="struck" if struck else "ship"))
            bow = (((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2))
            page.add(Line(*at(x, y), *bow, "map.cross" if struck else "rule"))
            if struck:
                page.add(Line(*corners[0], *corners[2], "map.cross"), Line(*corners[1], *corners[3], "map.cross"))
        frame(page, options, scenario.title, "Replay", k, len(frames))
        pages.append(page)
    return Drawing(f"{scenario.title}: replay of game {index}", pages, look=system_of(scenario.ruleset), subject="printgen simulate --replay")
