"""How long `printgen map` takes: deployment, the map sheet, the tiled table-size map.

Run: python benchmarks/bench_map.py   (prints figures; nothing is asserted)"""

from __future__ import annotations

import time

from timing import timed


def main() -> None:
    from printgen.draw.render import render
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.deploy_map import map_sheets
    from printgen.sheets.maps.tiled_map import tiled_sheets

    t0 = time.perf_counter()
    s, o = prepare("trafalgar")
    print(f"load + check scenario        {1000 * (time.perf_counter() - t0):7.1f} ms (first call, imports included)")
    cases = {"full fleet": {}, "half fleet": {"fraction": 0.5}, "4x3ft table": {"table": "4x3ft"},
             "cm, A4, bw": {"units": "cm", "paper": "a4", "edition": "bw"}}
    for name, kw in cases.items():
        s, o = prepare("trafalgar", **kw)
        t_dep, dep = timed(lambda: deploy(s, o))
        t_lay, drawing = timed(lambda: map_sheets(s, dep, o))
        t_pdf, rendered = timed(lambda: render(drawing, o.edition, "pdf"))
        size = len(rendered.files[0][1]) / 1024
        total = t_dep + t_lay + t_pdf
        print(f"{name:<14} deploy {1000 * t_dep:6.1f} ms  layout {1000 * t_lay:6.1f} ms  pdf {1000 * t_pdf:6.1f} ms"
              f"  = {1000 * total:6.1f} ms  ({len(drawing.pages)} pages, {size:.0f} KiB)")
    for name, kw in {"tiled, full size": {}, "tiled, 4x3ft": {"table": "4x3ft"}}.items():
        s, o = prepare("trafalgar", **kw)
        dep = deploy(s, o)
        t_lay, drawing = timed(lambda: tiled_sheets(s, dep, o), repeat=3)
        t_pdf, rendered = timed(lambda: render(drawing, o.edition, "pdf"), repeat=3)
        size = len(rendered.files[0][1]) / 1024
        print(f"{name:<16} layout {1000 * t_lay:6.1f} ms  pdf {1000 * t_pdf:6.1f} ms  ({len(drawing.pages)} pages,"
              f" {size:.0f} KiB)")


if __name__ == "__main__":
    main()
