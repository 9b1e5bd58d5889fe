"""The commands a teacher types, as they type them."""


def test_help_lists_every_command_by_use(run):
    code, out, _ = run("--help")
    assert code == 0
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert listed[:5] == ["kit", "serve", "check", "simulate", "scenario"]      # the main command first
    for command in ("sprites", "quickref", "cards", "map", "odds", "list", "config"):
        assert command in listed


def test_version_is_the_package_version(run):
    from importlib.metadata import version

    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"printgen {version('printgen')}"


def test_choices_are_listed_in_help_and_others_refused(run):
    code, out, _ = run("kit", "--help")
    flat = " ".join(out.split())
    assert code == 0
    for shown in ("color|bw|both", "letter|a4", "in|cm", "fair|historical"):   # <...> or [...] as typer writes it
        assert shown in flat
    code, out, _ = run("sprites", "--help")
    assert "color|bw|large]" in out or "color|bw|large>" in out
    assert "pdf|svg|png" in out
    code, _, err = run("quickref", "trafalgar", "--paper", "a5")
    assert code == 2 and "'a5' is not one of 'letter', 'a4'" in err and "Traceback" not in err


def test_debug_prints_a_bugs_traceback_on_the_terminal(run, monkeypatch):
    from printgen.cli import failure
    from printgen.game import prepare

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(prepare, "prepare", broken)
    monkeypatch.setattr(failure, "DEBUG", False)
    code, _, err = run("quickref", "trafalgar")
    assert code == 1 and "Traceback" not in err and "printgen-bug-" in err
    code, _, err = run("--debug", "quickref", "trafalgar")
    assert code == 1 and "Traceback" in err and "KeyError: 'boom'" in err


def test_list_shows_scenarios_and_rulesets(run):
    code, out, _ = run("list")
    assert code == 0 and "trafalgar" in out and "trafalgar-fastplay" in out and "second-battle" in out


def test_odds_prints_the_british_broadside(run):
    code, out, _ = run("odds", "trafalgar")
    assert code == 0
    british = out.split("British, 7 dice")[1].split("\n\n")[0]
    short = next(line for line in british.splitlines() if line.strip().startswith("Short"))
    assert "7/3 (2.33)" in short and "11/243 (4.5%)" in short


def test_a_usage_mistake_exits_2_without_traceback(run):
    code, out, err = run("sprites", "trafalgar", "--edition", "sepia")
    assert code == 2 and "'sepia' is not one of 'color', 'bw'" in err and "Traceback" not in err


def test_the_last_resort_never_shows_a_traceback(tmp_path, monkeypatch):
    """Text too long for every layout is the data's to fix (exit 2, with a fix); anything else is a
    bug (exit 1), its traceback kept in a file the message names, not on the terminal."""
    import tempfile

    from printgen.cli.failure import unexpected
    from printgen.sheets.text.flow import TooNarrow

    message, code = unexpected(TooNarrow("a table's longest words need 620 pt, the column is 541"))
    assert code == 2 and "620 pt" in message and "fix: shorten" in message and "Traceback" not in message
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    try:
        raise KeyError("boom")
    except KeyError as e:
        message, code = unexpected(e)
    assert code == 1 and "bug in printgen" in message and "Traceback" not in message
    [report] = tmp_path.glob("printgen-bug-*.txt")
    assert str(report) in message and "Traceback" in report.read_text() and "KeyError: 'boom'" in report.read_text()


def test_check_json_says_what_the_text_says(run, tmp_path):
    import json

    code, out, _ = run("check", "trafalgar", "--json")
    found = json.loads(out)
    assert code == 0 and found["ok"] is True and {c["name"] for c in found["checks"]} >= {"die tables", "ranges"}


def test_the_shell_completes_commands_and_choices():
    import os
    import shutil
    import subprocess
    import sys

    def complete(words: str) -> list[str]:
        env = {**os.environ, "_PRINTGEN_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split(" ")) - 1)}
        script = shutil.which("printgen", path=os.path.dirname(sys.executable))    # the installed command
        done = subprocess.run([script], env=env, capture_output=True, text=True)
        return done.stdout.split()

    assert "kit" in complete("printgen k") and "--paper" in complete("printgen kit --pa")
    assert complete("printgen kit --paper ") == ["letter", "a4"]
