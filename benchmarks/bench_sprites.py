"""How long the ship sprites take: the 60-ship sheets in both editions, and a 6,000-ship fleet
(the Trafalgar fleet a hundred times over) to see that the cost grows linearly.

Run: python benchmarks/bench_sprites.py   (prints figures; nothing is asserted)"""

from __future__ import annotations

import dataclasses

from timing import timed


def main() -> None:
    from printgen.draw.render import render
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets

    for edition in ("color", "bw"):
        s, o = prepare("trafalgar", edition=edition)
        t_lay, drawing = timed(lambda: sprite_sheets(s, o))
        t_pdf, rendered = timed(lambda: render(drawing, edition, "pdf"))
        kib = len(rendered.files[0][1]) / 1024
        print(f"60 ships, {edition:<5}  layout {1000 * t_lay:6.1f} ms  render {1000 * t_pdf:6.1f} ms  "
              f"= {1000 * (t_lay + t_pdf):6.1f} ms  ({len(drawing.pages)} pages, {kib:.0f} KiB)")
    s, o = prepare("trafalgar")
    for copies in (10, 100):
        ships = [dataclasses.replace(ship, name=f"{ship.name} {i}") for i in range(copies) for ship in s.fleet.ships]
        big = s.with_ships(ships)
        t_lay, drawing = timed(lambda: sprite_sheets(big, o), repeat=1)
        t_pdf, rendered = timed(lambda: render(drawing, "color", "pdf"), repeat=1)
        per = 1000 * (t_lay + t_pdf) / len(ships)
        print(f"{len(ships):>5} ships, color  layout {t_lay:6.2f} s   render {t_pdf:6.2f} s   = {t_lay + t_pdf:6.2f} s  "
              f"({len(drawing.pages)} pages, {per:.2f} ms a ship)")


if __name__ == "__main__":
    main()
