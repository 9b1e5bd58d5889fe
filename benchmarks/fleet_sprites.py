"""Print the sprites of the Trafalgar fleet repeated to N ships, as `printgen sprites` does, in one
process (bench_all.py times it and reads its peak memory). The fleet is built in memory: ships.csv
files are limited to fewer rows than the largest case.

Run: python benchmarks/fleet_sprites.py N OUT_DIR"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path


def main(n: int, out: Path) -> None:
    import gc

    gc.freeze()                     # as printgen's main does (printgen/cli/__init__.py), if it does
    gc.disable()
    from printgen.game.prepare import prepare
    from printgen.sheets.page.write import write_sheet
    from printgen.sheets.pieces.sprites import sprite_sheets

    s, o = prepare("trafalgar")
    base = s.fleet.ships
    ships = [dataclasses.replace(base[i % len(base)], name=f"{base[i % len(base)].name} {i // len(base)}")
             for i in range(n)]
    big = s.with_ships(ships)
    write_sheet(sprite_sheets(big, o), o, out, "sprites")
    gc.freeze()                     # as printgen's main ends


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]))
