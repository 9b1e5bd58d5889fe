"""Quick-reference sheet and rule cards, read back from the PDF: every number traced to the ruleset."""

import pytest

from printgen.game.prepare import prepare
from printgen.rules.trace import walk_numbers
from printgen.registry.documents import shared
from tracecheck import discrepancies, printed, render_and_read
from pdfread import colours, is_grey, rects_of_size, says

SHEETS = {"quickref": shared()["quickref"].make, "cards": shared()["cards"].make}    # as the kit draws them: for pupils


@pytest.fixture(scope="module")
def printed_sheets(tmp_path_factory):
    """Both sheets in colour (Letter) and black-and-white (A4), with their traces."""
    out = tmp_path_factory.mktemp("rulesheets")
    docs = {}
    for name, make in SHEETS.items():
        for key, kw in {"color": {}, "bw": {"edition": "bw", "paper": "a4"}}.items():
            s, o = prepare("trafalgar", **kw)
            docs[name, key] = (*render_and_read(make(s, o), o, out / f"{name}-{key}.pdf"), s, o)
    yield docs
    for pdf, *_ in docs.values():
        pdf.close()


@pytest.mark.parametrize("name", SHEETS)
@pytest.mark.parametrize("edition", ["color", "bw"])
def test_every_printed_number_matches_the_ruleset(printed_sheets, name, edition):
    pdf, traces, s, o = printed_sheets[name, edition]
    assert sum(len(t) for t in traces) > 20
    assert discrepancies(pdf, traces, s, o) == []


def test_quickref_holds_every_rule_number_on_one_page(printed_sheets):
    pdf, traces, s, o = printed_sheets["quickref", "color"]
    assert len(pdf.pages) <= 2
    traced = {e["source"][1] for t in traces for e in t if e["source"][0] == "rule"}
    # every number of the ruleset but the table's own geometry (drawn, not printed as numbers)
    # (a roll table's success faces stand for the rest of the die)
    from printgen.rules.checks import walk
    from printgen.rules.model import RollTable

    failures = {f"{k}.{name}" for k, node in walk(s.ruleset) if isinstance(node, RollTable)
                for name in node.outcomes() if name != node.success}
    wanted = {key for key, _ in walk_numbers(s.ruleset) if not key.startswith(("table.", "ruleset.", "status_markers."))} - failures
    assert wanted - traced == set()
    text = pdf.pages[0].extract_text()
    for phase in s.ruleset.sequence.phases:
        assert phase in text


def test_quickref_shows_the_flagship_die_the_seed_left_out(printed_sheets):
    pdf, traces, s, o = printed_sheets["quickref", "color"]
    assert printed(pdf, traces, ("rule", "shooting.flagship_extra_dice")) == ["1"]
    text = "\n".join(p.extract_text() for p in pdf.pages)
    assert says(text, "Flagship +1 die")                 # the rule is the seed's; which ships are flagships is not:
    assert says(text, "the Franco-Spanish flagships\u00a7")          # the mark goes there


def test_cards_show_odds_as_fraction_and_percentage(printed_sheets):
    pdf, traces, s, o = printed_sheets["cards", "color"]
    text = "\n".join(p.extract_text() for p in pdf.pages)
    for title in ("Drift", "Movement and in irons", "Shooting", "Rake", "Fouling and grappling", "Boarding",
                  "Striking colours"):
        assert title in text
    # British broadside of 7 dice at short range: 7/3 expected hits; 11/243 that a fresh ship strikes, which
    # a pupil's card gives as a percentage alone (the exact fraction is for the teacher's copy)
    assert printed(pdf, traces, ("expected_hits", 7, "short"))[:1] == ["7/3"]
    assert "4.5%" in printed(pdf, traces, ("strike_chance", 7, "short", False))
    assert "11/243" not in printed(pdf, traces, ("strike_chance", 7, "short", False))
    assert "1/2" in printed(pdf, traces, ("in_irons", "british"))
    assert "55.6%" in printed(pdf, traces, ("chance_any", "drift.cut_loose", 2))          # two dice: a percentage
    for dice in (5, 6, 7, 8):                       # every broadside's distribution is on a card
        for band in ("long", "short", "rake"):
            assert printed(pdf, traces, ("p_hits", dice, band, 0)), (dice, band)


def test_black_and_white_has_no_colour_and_a4_is_a4(printed_sheets):
    for name in SHEETS:
        pdf, *_ = printed_sheets[name, "bw"]
        assert all(is_grey(c) for c in colours(pdf))
        assert round(pdf.pages[0].width) == 595 and round(pdf.pages[0].height) == 842
        assert rects_of_size(pdf.pages[0], 2 / 2.54, 2 / 2.54) or rects_of_size(pdf.pages[0], 1, 1)
        pdf, *_ = printed_sheets[name, "color"]
        assert round(pdf.pages[0].width) == 612 and rects_of_size(pdf.pages[0], 1, 1)


def test_a_changed_rule_reaches_every_sheet(scenario_dir, tmp_path):
    """British dice 7 -> 8 and long range to 14": both sheets follow, and still check clean."""
    folder = scenario_dir(ruleset={"shooting": {"dice": {"british": 8}, "range_in": {"short": [0, 6], "long": [6, 14]}}})
    s, o = prepare(str(folder))
    for name, make in SHEETS.items():
        pdf, traces = render_and_read(make(s, o), o, tmp_path / f"{name}.pdf")
        with pdf:
            assert discrepancies(pdf, traces, s, o) == []
            assert set(printed(pdf, traces, ("rule", "shooting.dice.british"))) == {"8"}
            assert set(printed(pdf, traces, ("rule", "shooting.range_in.long.1"))) == {'14"'}
            if name == "cards":
                assert printed(pdf, traces, ("expected_hits", 8, "short"))[:1] == ["8/3"]
                assert not printed(pdf, traces, ("expected_hits", 7, "short"))


def test_scale_and_units_change_distances_not_odds(tmp_path):
    results = {}
    for key, kw in {"half": {"scale": 0.5}, "cm": {"units": "cm"}}.items():
        s, o = prepare("trafalgar", **kw)
        pdf, traces = render_and_read(SHEETS["cards"](s, o), o, tmp_path / f"{key}.pdf")
        with pdf:
            assert discrepancies(pdf, traces, s, o) == []
            results[key] = (printed(pdf, traces, ("rule", "movement.speed_in.green")),
                            printed(pdf, traces, ("rule", "drift.distance_in")),
                            printed(pdf, traces, ("in_irons", "british")))
    assert results["half"][0] == ['3"'] and results["half"][1] == ['1.5"']
    assert results["cm"][0] == ["15 cm"] and results["cm"][1] == ["7.5 cm"]
    assert results["half"][2] == results["cm"][2] == ["1/2", "50%"]


def test_a_wrong_number_on_the_page_is_caught(printed_sheets, monkeypatch):
    """The checker is not a rubber stamp: change what the rules say and the printed sheet fails."""
    pdf, traces, s, o = printed_sheets["quickref", "color"]
    patched = s.ruleset.model_copy(update={"hit_points": s.ruleset.hit_points.model_copy(update={"ship": 4})})
    s2 = s.__class__(**{**s.__dict__, "ruleset": patched})
    found = discrepancies(pdf, traces, s2, o)
    assert found and "rule:hit_points.ship prints '5', the rules say '4'" in str(found[0])


def test_a_long_rulers_last_piece_is_never_an_empty_sliver():
    """A ruler is cut at its marks into pieces no wider than the page, each but the last with a
    grey tab; the last needs none, so what is left after a cut goes whole onto it when it fits the
    page. At scale 2 in cm the 30 cm movement stick was cut at its last mark, leaving a third
    'piece' of a few points and nothing else, and the kit failed its check of that mark."""
    from printgen.sheets.gauges.rulers import TAB, Strip, strips

    width = 500.0
    pieces = strips(Strip([], 805.0, "Movement stick", [400.0, 800.0]), width)
    assert [round(p.length, 1) for p in pieces] == [400.0 + TAB, 405.0]          # cut at a mark, then the rest
    assert all(p.length <= width for p in pieces)
    pieces = strips(Strip([], 1400.0, "Range ruler", [460.0, 920.0, 1380.0]), width)
    assert [round(p.length - (TAB if i < len(pieces) - 1 else 0), 1) for i, p in enumerate(pieces)] == [460.0, 460.0, 480.0]
