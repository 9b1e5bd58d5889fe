"""What a language costs (issue 31): importing Babel and reading a catalogue, once a process, and the
quick reference drawn in English, French and Spanish, each in a fresh process (paired runs,
alternating, medians). English imports no Babel and reads no catalogue (tests/test_i18n_quickref.py).

Run: python benchmarks/bench_i18n.py [--repeat 5]   (prints figures; nothing is asserted)

Issue 31, the shared 2-core machine at load 2.5 (at load 8-10 every figure is 5-10 times this):
    import babel           27.7 ms    read fr catalogue   26.5 ms (Babel's .po reader, its header through
    a lookup                0.0 ms                                 the email package)
    quickref en  132 ms (Babel imported: False)   fr  156 ms   es  202 ms (noisy)
so a language costs a process about 55 ms once (the kit reads it before its workers fork), English nothing."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile

PROBE = r"""
import json, sys, time
t0 = time.perf_counter()
import babel.numbers, babel.messages.pofile
t1 = time.perf_counter()
from printgen.i18n import catalogue
catalogue.messages("fr")
t2 = time.perf_counter()
catalogue.translate("fr", "Drift")
t3 = time.perf_counter()
print(json.dumps({"import babel": t1 - t0, "read fr catalogue": t2 - t1, "a lookup": t3 - t2}))
"""

SHEET = r"""
import json, sys, time
from printgen.game.prepare import prepare
from printgen.registry.documents import declared
from printgen.draw.render import render
s, o = prepare("trafalgar", lang=sys.argv[1])
t = time.perf_counter()
drawing = declared(s.ruleset)["quickref"].make(s, o)
render(drawing, o.edition, "pdf")
print(json.dumps({"quickref": time.perf_counter() - t, "babel": "babel" in sys.modules}))
"""


def run(code: str, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 5
    loads = [run(PROBE) for _ in range(repeat)]
    for key in loads[0]:
        print(f"{key:<20} {1000 * statistics.median(r[key] for r in loads):8.2f} ms (median of {repeat})")
    with tempfile.TemporaryDirectory():
        sheets: dict[str, list] = {"en": [], "fr": [], "es": []}
        for _ in range(repeat):
            for lang in sheets:
                sheets[lang].append(run(SHEET, lang))
    for lang, rs in sheets.items():
        print(f"quickref {lang}: {1000 * statistics.median(r['quickref'] for r in rs):8.1f} ms drawn and rendered "
              f"(first in its process; Babel imported: {rs[0]['babel']})")


if __name__ == "__main__":
    main(sys.argv)
