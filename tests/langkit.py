"""A kit in another language, built and checked as `printgen kit` builds one (the French and Spanish
tests share it): the plan holds the documents translated into the request's language."""

from __future__ import annotations

from pathlib import Path


def build_checked(where: Path, request):
    """(the kit's folder, its plan), built from `request` (a KitRequest) with the kit's own check."""
    from printgen.check.kit import check_bytes, check_kit
    from printgen.kit.build import build_kit, plan_kit

    plan = plan_kit(request)
    lines: list[str] = []

    def check(staging, checked) -> bool:
        return check_kit(staging, echo=lines.append, quiet=True, checked=checked, plan=plan)

    out, ok = build_kit(plan, where, check=check, verify=check_bytes)
    assert ok, "\n".join(lines)
    return out, plan


def built_checked_once(request):
    """(the kit's folder, its plan) for `request`, built and checked as build_checked does, once a test
    session: every test file and process asking for the same request shares the one folder (tests/tamper.py
    shared_build; a test that changes a kit changes its own copy: copy_kit). The plan is the request's
    own, planned again where another process built the kit (the lesson's answer is stored by then)."""
    import os
    import tempfile

    from tamper import SHARED, shared_build

    from printgen.kit.build import plan_kit

    key = ("build_checked", repr(request))
    if key in _ONCE:
        return _ONCE[key]
    plans = []

    def make(where: Path) -> Path:
        out, plan = build_checked(where, request)
        plans.append(plan)
        return out

    root = Path(os.environ[SHARED]) if os.environ.get(SHARED) else Path(tempfile.mkdtemp(prefix="printgen-tests-"))
    folder = shared_build(root, key, make)
    _ONCE[key] = (folder, plans[0] if plans else plan_kit(request))
    return _ONCE[key]


_ONCE: dict[tuple, tuple] = {}


# the default kits the fresh French and Spanish readers read (issue 46): shared by the files that test them
READERS = (("nile-es", "nile-1798", "es"), ("sluys-fr", "sluys-1340", "fr"))


def reader_kits() -> dict[str, Path]:
    """The readers' two kits, built once a run and shared (tamper.built_once; `printgen kit` exits 0 only
    when its check agreed with every page): read, never changed."""
    from tamper import built_once

    return {name: built_once(scenario, "--lang", lang) for name, scenario, lang in READERS}


def pdf_words(pdf: Path, layout: bool = True) -> str:
    """A document's words as a reader's PDF tool reads them, lines joined with spaces (`layout`: as the page
    sets them side by side; else in reading order, a column whole)."""
    import subprocess

    done = subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(pdf), "-"], capture_output=True,
                          text=True, check=True)
    return " ".join(done.stdout.split())


def reading(pdf: Path) -> str:
    """A document's words in reading order, a column whole (pdf_words without the layout)."""
    return pdf_words(pdf, layout=False)


def kit_words(kit: Path, layout: bool = True) -> str:
    """Every document's words (pdf_words), the joined kit.pdf left out."""
    return " ".join(pdf_words(p, layout) for p in sorted(kit.glob("*.pdf")) if p.name != "kit-color.pdf")

NO_CONFIG = Path(__file__).parent / "no-such-config.toml"      # no teacher's settings: the defaults


def run(*args: str, **env: str):
    """`printgen ARGS` in a process of its own, with the defaults (no teacher's settings)."""
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True,
                          env={**os.environ, "PRINTGEN_CONFIG": str(NO_CONFIG), **env})


def traced_decimals(pages: list) -> list[str]:
    """Every traced distance, size or angle of a document's trace that has a fraction, as printed."""
    texts = [e["text"] for page in pages for e in page if e["kind"] in ("distance", "size", "degrees")]
    return [t for t in texts if any(ch in t for ch in ".,")]
