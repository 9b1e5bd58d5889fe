"""The README's first screen is a teacher's (issue 49): what you get, how to print, the two commands
first, and none of the developer's words a teacher stumbles on; every game word explained where it
first appears."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
FIRST_SCREEN = 40
# the words of issue 49's first point: a teacher meets them before learning what to print
DEVELOPER_WORDS = ("venv", "pip", "numba", "PATH", "pipx", "wheel", "fork", "spawn", "POSIX", "manifest",
                   "staging folder", "SIGTERM", "umask", "traceback", "axe-core", "npm", "WCAG")
# a game word and the words that explain it, in the same sentence
GAME_WORDS = {"preset": r"^presets? \(a preset is", "seed": r"^seed\W{0,3}\(", "engagement": r"^engagement\W{0,3}\(",
              "break-off": r"^break-off\W{0,3}\(", "fraction": r"^fraction\W{0,3}\(", "umpire": r"^umpire\W{0,3}\("}


def first_screen() -> list[str]:
    return README.read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN]


def blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The code blocks, each as (the line it opens on, its lines)."""
    fences = [i for i, line in enumerate(lines) if line.startswith("```")]
    return [(start, lines[start + 1:end]) for start, end in zip(fences[::2], fences[1::2])]


def commands(lines: list[str]) -> list[str]:
    """The lines of the first two code blocks: the teacher's command, then the developer's."""
    return [line for _start, block in blocks(lines)[:2] for line in block]


def test_the_two_commands_come_first_each_said_for_whom_and_stay_as_ci_runs_them():
    lines = first_screen()
    (teacher_at, teacher), (developer_at, developer) = blocks(lines)[:2]
    assert len(teacher) == len(developer) == 1
    assert teacher[0].split("#")[0].strip().endswith("&& printgen kit trafalgar")
    assert developer[0].split("#")[0].strip().endswith("pip install -e '.[test]' && pytest")     # .ci/run's
    assert not any("`" in line for line in lines[:teacher_at]), "a command before the two"
    # each said for whom, in the sentence before it; where to run it, and how to open a terminal there
    before = " ".join(" ".join(lines[:teacher_at]).split())
    assert "To print the kit, run this** in printgen's folder (the folder you downloaded and unzipped" in before
    assert "open a terminal there" in before
    between = " ".join(" ".join(lines[teacher_at + 3:developer_at]).split())
    assert between.startswith("**Developers: to run the tests, this**")


def test_no_developer_word_on_the_first_screen_outside_the_commands():
    lines = first_screen()
    cmds = set(commands(lines))
    prose = "\n".join(line for line in lines if line not in cmds)
    found = [w for w in DEVELOPER_WORDS
             if re.search(rf"\b{re.escape(w)}", prose, flags=0 if w.isupper() else re.IGNORECASE)]
    assert not found, f"the README's first {FIRST_SCREEN} lines use {found}"


def test_the_first_screen_says_what_you_get_how_to_print_and_what_the_default_gives():
    prose = " ".join(" ".join(first_screen()).split())
    for needed in ("What you get", "100%", "photocopy", "card", "--edition bw", "US Letter", "index.html",
                   "**In a British school**, or wherever A4 is the paper, add `--paper a4 --units cm`",
                   "which ones go on both sides"):
        assert needed in prose, needed


def test_the_first_screen_names_every_document_printed_on_card():
    from printgen.registry.documents import everywhere

    prose = " ".join(" ".join(first_screen()).split())
    on_card = re.search(r"The ([^.;]+) go on card", prose).group(1).lower()
    for _family, record in everywhere():
        if record.paper == "card":                      # "Rulers and gauges": the rulers
            assert record.title.lower().split(" and ")[0] in on_card, record.title


def test_every_game_word_is_explained_where_it_first_appears():
    text = " ".join(README.read_text(encoding="utf-8").split())
    for word, explained in GAME_WORDS.items():
        first = re.search(rf"(?<![\w-]){re.escape(word)}s?\b", text, flags=re.IGNORECASE)
        if first is None:
            continue
        sentence = text[first.start():first.start() + 300]
        assert re.search(explained, sentence, flags=re.IGNORECASE), (
            f"{word!r} first appears without its meaning: ...{text[max(0, first.start() - 80):first.start() + 120]}...")
