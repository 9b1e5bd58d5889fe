"""axe-core, the accessibility engine, run in pages Playwright opens in Debian's chromium. It comes
from the npm registry through ci/axe/package.json and its lock (`npm ci --prefix ci/axe`, which
.ci/run does): never downloaded by a test. A test that needs it is skipped where it is absent,
except under CI (CI=true), where its absence is a failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[1] / "ci" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")

_RUN = """async () => {
  const found = await axe.run(document, {resultTypes: ['violations']});
  return found.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + (n.failureSummary || ''))}));
}"""


def axe_source() -> str:
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing: .ci/run installs it (npm ci --prefix ci/axe)")
        pytest.skip("axe-core is not installed here: npm ci --prefix ci/axe")
    return AXE.read_text(encoding="utf-8")


def findings(page) -> list[dict]:
    """Every violation axe finds on the page as it stands (its context must bypass the page's CSP:
    the engine is injected as a script)."""
    page.add_script_tag(content=axe_source())
    return page.evaluate(_RUN)


def grave(page) -> list[dict]:
    """The serious and critical ones."""
    return [v for v in findings(page) if v["impact"] in GRAVE]
