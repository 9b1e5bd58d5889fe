"""The teacher's page "How this scenario plays", read back from the PDF: its figures are the
simulation's, its histogram bars measure to the game counts, and every simulated figure names a
simulation that, played again, gives the same number."""

from __future__ import annotations

import pdfplumber
import pytest

from printgen.draw.render import render
from printgen.sheets.plays.page import historical, plays_page
from printgen.play.rerun import SimRun, figure, play_run, prepare_run
from printgen.play.stats import wilson

RUN = SimRun("trafalgar", 1805, 24, ships=10, policies=(("allied", "close-and-fire"),))


@pytest.fixture(scope="module")
def made():
    s, opts, st = prepare_run(RUN)
    summary = play_run(RUN, st)
    rendered = render(plays_page(s, opts, st, summary, RUN), "color", "pdf")
    return s, st, summary, rendered


def test_the_page_prints_the_simulated_rates_and_the_lesson(made, tmp_path):
    s, st, summary, rendered = made
    path = tmp_path / "plays.pdf"
    path.write_bytes(rendered.files[0][1])
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    assert "How this scenario plays" in text
    assert f"British {100 * summary.win('british')[0]:.1f}%" in text
    per = s.lesson.minutes_per_turn                # the phases' minutes for these 10 ships (printgen.data.turn_time)
    assert per * st.turn_limit <= s.lesson.play_minutes < per * (st.turn_limit + 1)
    assert f"At {per} minutes a turn: {st.turn_limit} turns (classroom addition), which take" in " ".join(text.split())
    assert "technician's box on the teacher's sheet gives the command" in text   # a pupil-free page: no command


def test_histogram_bars_measure_to_the_game_counts(made, tmp_path):
    _, _, summary, rendered = made
    path = tmp_path / "plays.pdf"
    path.write_bytes(rendered.files[0][1])
    with pdfplumber.open(path) as pdf:
        blue = [r for r in pdf.pages[0].rects if _near(r.get("non_stroking_color"), "#3e6fa8")]
    from collections import Counter

    base = Counter(round(r["bottom"], 1) for r in blue).most_common(1)[0][0]     # bars stand on one axis
    bars = sorted((r for r in blue if abs(r["bottom"] - base) < 0.3), key=lambda r: r["x0"])
    counts = [n for _, n in summary.lengths]
    assert len(bars) == len(counts) >= 2
    top = max(counts)
    tallest = max(r["height"] for r in bars)
    for r, n in zip(bars, counts):
        assert r["height"] == pytest.approx(tallest * n / top, abs=0.05)


def test_every_simulated_figure_replays_to_the_same_number(made):
    _, _, _, rendered = made
    entries = [e for page in rendered.trace for e in page if e.source and e.source[0] == "simulation"]
    n = len(SimRun("trafalgar", 1, 1).key())                 # the simulation's key, then the figure's name
    stats = {e.source[n] for e in entries}
    assert {"win", "draw", "loss", "length", "struck", "points", "by-limit"} <= stats
    again = play_run(SimRun.from_key(entries[0].source))                 # a checker starts from the source alone
    for e in entries:
        stat, arg = e.source[n], e.source[n + 1]
        if stat in ("games", "seed"):
            assert int(e.text) == getattr(SimRun.from_key(e.source), stat)
            continue
        if stat == "command":
            assert e.text == SimRun.from_key(e.source).command() == RUN.command()
            continue
        if stat == "confidence":
            assert e.text == "95"
            continue
        if "." in stat:                                                  # an interval's end: Wilson of the count
            base, end = stat.split(".")
            rate = figure(again, base, arg)
            lo, hi = wilson(round(rate * again.games), again.games)
            assert float(e.text) == pytest.approx(100 * (lo if end == "lo" else hi), abs=0.051), e
            continue
        value = figure(again, stat, arg)
        printed = float(e.text.rstrip("%"))
        assert printed == pytest.approx(100 * value if e.text.endswith("%") else value, abs=0.051), e


def test_historical_result_is_counted_from_the_fate_column(made):
    s = made[0]
    full = prepare_run(SimRun("trafalgar", 1805, 1))[0]
    assert historical(full) == {"british": (0, 0), "allied": (17, 1)}                 # Achille blew up
    assert historical(s)["allied"][0] == sum(sh.fate.startswith("Captured") for sh in s.fleet.ships)


def _near(colour, hex_colour: str) -> bool:
    """The theme's fill (the PDF stores it to two decimals)."""
    want = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return isinstance(colour, (list, tuple)) and len(colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(colour, want))


def test_the_replay_draws_every_ship_on_every_frame_and_the_struck_at_the_end(tmp_path):
    from printgen.sheets.plays.replay import replay_drawing, replay_frames

    s, opts, st = prepare_run(RUN)
    result, frames = replay_frames(st, RUN.seed, 2)
    drawing = replay_drawing(s, opts, st, RUN.seed, 2)
    assert len(drawing.pages) == len(frames) > 2
    tags = [[getattr(item, "tag", "") for item in page.items] for page in drawing.pages]
    assert all(t.count("ship") + t.count("struck") == len(st.start) for t in tags)
    assert tags[0].count("struck") == 0 and tags[-1].count("struck") == sum(result.struck)
    path = tmp_path / "replay.pdf"
    path.write_bytes(render(drawing, "bw", "pdf").files[0][1])
    with pdfplumber.open(path) as pdf:
        titles = [p.extract_text().splitlines()[1] for p in pdf.pages]
    assert len(titles) == len(frames) and titles[0] == "Start"
    assert titles[-1].startswith(f"Turn {result.turns}: after ")


@pytest.mark.parametrize("turns", [56, 296])
def test_a_long_lessons_histogram_groups_turns_into_bars_a_child_can_read(turns, tmp_path):
    """A long lesson's turn limit runs to hundreds of turns: the bars then hold ranges of turns, each
    labelled under its bar without touching the next label, each as tall as its games and topped by
    their count (which a check recomputes from the games' lengths)."""
    run = SimRun("trafalgar", 1805, 12, ships=10, policies=(("allied", "close-and-fire"),), turns=turns)
    s, opts, st = prepare_run(run)
    summary = play_run(run, st)
    rendered = render(plays_page(s, opts, st, summary, run), "color", "pdf")
    path = tmp_path / "plays.pdf"
    path.write_bytes(rendered.files[0][1])
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        blue = [r for r in page.rects if _near(r.get("non_stroking_color"), "#3e6fa8") and r["top"] > 200]
        words = page.extract_words()
    assert blue and all(r["width"] > 2 for r in blue)
    axis = max(r["bottom"] for r in blue)
    labels = sorted((w for w in words if 0 < w["top"] - axis < 14), key=lambda w: w["x0"])
    ranges = [tuple(int(v) for v in w["text"].split("–")) for w in labels]
    assert len(ranges) <= 30 and ranges[0][0] == 1 and ranges[-1][-1] == turns
    assert all(a[-1] + 1 == b[0] for a, b in zip(ranges, ranges[1:]))                   # every turn once, in order
    assert all(a["x1"] + 2 <= b["x0"] for a, b in zip(labels, labels[1:]))               # no label touches the next
    lengths = dict(summary.lengths)
    games = [sum(lengths.get(t, 0) for t in range(r[0], r[-1] + 1)) for r in ranges]
    tops = {round(r["x0"] + r["width"] / 2): r["height"] for r in blue}
    tallest = max(tops.values())
    for label, n in zip(labels, games):
        centre = round((label["x0"] + label["x1"]) / 2)
        bar = next((h for x, h in tops.items() if abs(x - centre) <= 2), 0.0)
        assert bar == pytest.approx(tallest * n / max(games), abs=0.05), label["text"]
        count = [w for w in words if abs((w["x0"] + w["x1"]) / 2 - centre) <= 3 and axis - bar - 14 < w["top"] < axis - bar]
        assert [w["text"] for w in count] == [str(n)], label["text"]
    assert sum(games) == summary.games
