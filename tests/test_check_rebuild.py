"""Issue 28: `printgen check --rebuild` makes the kit again from its request and compares it file by
file, naming the first page that differs. It covers what the check does not trace: a plain word
changed in a document and in kit.pdf alike passes the check (nothing traced changed) and fails the
rebuild, which names the file and the page."""

from __future__ import annotations

from typer.testing import CliRunner

from tamper import copy_kit, edit_page, replace


def run(*args: str):
    from printgen.cli.app import app

    return CliRunner().invoke(app, ["check", *args])


def test_an_untouched_kit_is_made_again_byte_for_byte(built):
    result = run("--rebuild", str(built))
    assert result.exit_code == 0, result.output
    assert "rebuild: all " in result.output and "files are byte for byte the kit its request makes today" in result.output


def test_a_plain_word_changed_everywhere_fails_the_check_and_the_rebuild(built, tmp_path):
    from printgen.check.kit import check_kit
    from printgen.check.rebuild import rebuild_differences

    kit = copy_kit(built, tmp_path)
    page = edit_page(kit, "quickref-bw.pdf", None, replace(b"(Sequence of play) Tj", b"(Sequence of pley) Tj"))
    at = edit_page(kit, "kit-bw.pdf", None, replace(b"(Sequence of play) Tj", b"(Sequence of pley) Tj"))
    said: list[str] = []                       # the heading is not traced, but the words' rule (check/laidwords.py)
    assert not check_kit(kit, echo=said.append, quiet=True)          # reads it against the page laid out again
    assert any("where the layout prints 'Sequence of play'" in line for line in said), said
    found, _ = rebuild_differences(kit)
    lines = [str(d) for d in found]
    assert f"quickref-bw.pdf, page {page}: its words differ from the page made today" in lines, lines
    assert f"kit-bw.pdf, page {at}: its words differ from the page made today" in lines, lines
    assert "manifest.json: differs from the file the request makes today" in lines, lines   # its sums changed
