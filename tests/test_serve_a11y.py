"""Issue 40: `printgen serve` passes axe-core (no serious or critical finding) on the form (in English
and French), the form refused with its errors, a message page, and the results of a build made from
the keyboard alone, Tab by Tab in the order the page reads, each control named and its focus seen."""

from __future__ import annotations

import pytest
from axehelp import grave
from test_serve_browser import browser, server  # noqa: F401 (the app on a loopback port, Debian's chromium)

pytestmark = pytest.mark.browser

# Each control the Tab key reaches, in document order: one of a radio group (the checked one), none
# hidden or disabled. Its name as a screen reader says it (its labels, its aria-label, its text).
TABBABLE = """() => {
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')];
  const seen = new Set();
  return all.filter(e => {
    if (e.disabled || e.type === 'hidden' || e.tabIndex < 0) return false;
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.display === 'none') return false;
    if (!r.width && !r.height && !e.classList.contains('skip')) return false;
    if (e.type === 'radio') {
      const checked = document.querySelector(`input[name="${e.name}"]:checked`);
      if (seen.has(e.name) || (checked && !e.checked)) return false;
      seen.add(e.name);
    }
    return true;
  }).map(key);
}"""
KEY = """function key(e) { return e.id || e.name + ':' + (e.getAttribute('href') || e.textContent.trim()); }"""
NAME = """() => { const e = document.activeElement;
  const labels = e.labels ? [...e.labels].map(l => l.textContent.trim()).join(' ') : '';
  return (e.getAttribute('aria-label') || labels || e.textContent || e.value || '').trim(); }"""
FOCUS_SEEN = """() => { const s = getComputedStyle(document.activeElement);
  return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none'; }"""


@pytest.fixture
def page(browser):  # noqa: F811
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})   # axe is injected
    page = context.new_page()
    page.set_default_timeout(120_000)
    yield page
    context.close()


def test_axe_finds_nothing_serious_on_the_form_its_errors_and_a_message(page, server):  # noqa: F811
    page.goto(server + "/")
    assert grave(page) == []
    page.goto(server + "/?lang=fr")
    assert page.evaluate("document.documentElement.lang") == "fr" and grave(page) == []
    page.goto(server + "/?lang=en")
    page.get_by_label("Students", exact=True).fill("0")
    page.get_by_label("Your table").fill("huge")
    page.get_by_role("button", name="Build the kit").click()
    page.wait_for_selector("#error-summary")
    assert grave(page) == []
    page.goto(server + "/no-such-page")
    assert page.locator("main h1").count() == 1 and grave(page) == []


def test_the_form_from_the_keyboard_alone_then_its_results(page, server):  # noqa: F811
    """Tab reaches every control once, in the order the page reads, each with a name and a visible
    focus; the class size is typed and the edition chosen with the arrow keys; Enter builds; the
    results page passes axe too."""
    page.goto(server + "/")
    order = page.evaluate(f"(() => {{ {KEY} return ({TABBABLE})(); }})()")
    reached, names = [], []
    for _ in range(len(order) + 5):
        page.keyboard.press("Tab")
        here = page.evaluate(f"(() => {{ {KEY} return key(document.activeElement); }})()")
        if here in reached:
            break
        reached.append(here)
        names.append(page.evaluate(NAME))
        assert page.evaluate(FOCUS_SEEN), f"no visible focus on {here}"
        if here == "students":
            page.keyboard.press("Control+A")
            page.keyboard.type("8")
        if here.startswith("edition"):
            page.keyboard.press("ArrowRight")           # colour -> black and white
        if page.evaluate("document.activeElement.textContent.trim()") == "Build the kit":
            break
    assert reached == order[:len(reached)], (reached, order)           # the order the page reads
    assert reached[0] == ":#main" and names[-1] == "Build the kit"     # the skip link first, the button last
    assert {"students", "seed", "periods", "minutes", "table", "scale", "preset", "fraction", "ships"} <= set(reached)
    assert all(names), dict(zip(reached, names))
    assert page.get_by_label("Black and white (for the photocopier)").is_checked()
    page.keyboard.press("Enter")
    page.wait_for_selector(".thumbs img")
    assert "8 students" in page.inner_text("main")
    assert grave(page) == []
