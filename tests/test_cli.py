"""The commands a teacher types, as they type them."""


def test_help_lists_every_command(run):
    code, out, _ = run("--help")
    assert code == 0
    for command in ("kit", "sprites", "quickref", "cards", "map", "odds", "check", "list"):
        assert command in out


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
    assert code == 2 and "edition 'sepia' is not known" in err and "Traceback" not in err


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
