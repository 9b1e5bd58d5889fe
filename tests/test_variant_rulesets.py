"""A teacher's own variant of a built-in ruleset (issue 43, docs/your-own-battle.md): a copy of the ruleset
kept in the battle's folder, given an id of its own and a number changed, prints a whole kit that passes its
own check, with the changed number on the page. A ruleset with no page folder of its own prints with its
rule family's pages; one that cannot print, or that takes a built-in ruleset's id (issue 48, item 5), gets a
clear error naming the ruleset and what is wrong."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from langkit import build_checked
from pdfread import page_texts

from printgen import paths
from printgen.request import KitRequest


def variant(tmp_path: Path, battle: str, ruleset: str, changes: list[tuple[str, str]], own_id: str | None) -> Path:
    """fleets/BATTLE copied to tmp_path, with rulesets/RULESET.toml beside it as my-rules.toml (its id
    `own_id`, each (old, new) of `changes` made once), and scenario.toml pointed at it."""
    folder = tmp_path / f"my-{battle}"
    shutil.copytree(paths.fleets_dir() / battle, folder)
    text = (paths.rulesets_dir() / f"{ruleset}.toml").read_text(encoding="utf-8")
    if own_id is not None:
        changes = [(f'id = "{ruleset}"', f'id = "{own_id}"'), *changes]
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    (folder / "my-rules.toml").write_text(text, encoding="utf-8")
    scenario = (folder / "scenario.toml").read_text(encoding="utf-8")
    line = f'ruleset = "{ruleset}"'
    assert line in scenario
    (folder / "scenario.toml").write_text(scenario.replace(line, 'ruleset = "my-rules.toml"', 1), encoding="utf-8")
    return folder


def words(pdf_path: Path) -> str:
    return "\n".join(page_texts(pdf_path))


# carronades roll one more die: the brig's 6 dice at short range become 7 (the guide's example)
CARRONADES = ("[types.brig]\nname = \"Brig with carronades\"\nhit_points = 6\ndice = 6",
              "[types.brig]\nname = \"Brig with carronades\"\nhit_points = 6\ndice = 7")
# the Nile's anchors as a classroom addition: without it the Nile's pages cannot mark them
ANCHORS_MARK = ('"anchors" = { kind = "classroom", why = "the source\'s ships never anchor; at the Nile the French '
                'fought at anchor and had not cleared their landward guns" }\n')
# a galley's bow guns: 2 dice become 3
GUNS = ("guns = 2\n", "guns = 3\n")      # the lantern galleys' (flagships: every game has one)


@pytest.fixture(scope="module")
def lake_erie(tmp_path_factory):
    folder = variant(tmp_path_factory.mktemp("erie"), "lake-erie-1813", "lake-erie-fastplay", [CARRONADES],
                     "my-lake-erie-fastplay")
    return build_checked(folder / "kit", KitRequest(str(folder), students=12, periods=1))


@pytest.fixture(scope="module")
def lepanto(tmp_path_factory):
    folder = variant(tmp_path_factory.mktemp("lepanto"), "lepanto-1571", "lepanto-galleys", [GUNS],
                     "my-lepanto-galleys")
    return build_checked(folder / "kit", KitRequest(str(folder), students=12, periods=1))


def test_a_lake_erie_variant_prints_a_kit_that_passes_its_check(lake_erie):
    folder, plan = lake_erie
    assert plan.scenario.ruleset.ruleset.id == "my-lake-erie-fastplay"
    assert plan.scenario.ruleset.dice_of("american", False, "brig") == 7
    quickref = words(folder / "quickref-color.pdf")
    row = next(line for line in quickref.splitlines() if line.startswith("Brig with carronades"))
    assert row.split()[3:5] == ["7", "1"], row                  # short range (the changed number), long range
    for name in ("lesson", "teacher", "background", "captains", "cards", "worksheet", "debrief", "score"):
        assert (folder / f"{name}-color.pdf").is_file(), name
    assert "Perry" in words(folder / "lesson-color.pdf")          # Lake Erie's own pages, not Trafalgar's


def test_a_lepanto_variant_prints_a_kit_that_passes_its_check(lepanto):
    folder, plan = lepanto
    assert plan.scenario.ruleset.ruleset.id == "my-lepanto-galleys"
    assert plan.scenario.ruleset.types["lantern"].guns == 3
    records = " ".join(words(folder / "records-color.pdf").split())
    assert "Guns: 3 dice, in the bow" in records
    assert (folder / "quickref-color.pdf").is_file() and (folder / "lesson-color.pdf").is_file()


def test_a_ruleset_without_pages_of_its_own_prints_with_its_familys(tmp_path, run):
    """A copy of Trafalgar's rules with its own id and no `templates`: no folder of its own, so the
    broadside family's pages (templates/broadside/), which Trafalgar itself prints with."""
    from printgen.data.scenario import load_scenario
    from printgen.sheets.text.wording import template_files, template_name

    folder = variant(tmp_path, "trafalgar", "trafalgar-fastplay", [], "my-trafalgar")
    rs = load_scenario(str(folder)).ruleset
    assert not (paths.templates_dir() / "my-trafalgar").exists()
    assert template_name(rs, "quickref.md.j2") == "broadside/quickref.md.j2"
    assert template_name(rs, "lesson.md.j2") == "broadside/lesson.md.j2"
    assert [p.parent.name for p in template_files(rs, "lesson.md.j2")] == ["broadside", "shared"]
    assert template_name(rs, "records.md.j2") is None            # the sectors family's own document
    code, out, err = run("quickref", str(folder), "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert "Flagships carry a star" in words(tmp_path / "out" / "quickref-color.pdf")


def test_a_local_ruleset_with_a_built_in_id_prints_its_own_rules(tmp_path, run):
    """Issue 48, item 5: a copy of trafalgar-fastplay given the Nile's id printed the Nile's pages with
    Trafalgar's rules and ended in an internal error (mark('anchors') ...). A teacher's ruleset finds its pages
    by `templates` alone, so this one prints Trafalgar's rules on the broadside family's pages: a whole kit
    that passes its own check."""
    from printgen.data.scenario import load_scenario
    from printgen.sheets.text.wording import template_name

    folder = variant(tmp_path, "trafalgar", "trafalgar-fastplay", [], "nile-fastplay")
    rs = load_scenario(str(folder)).ruleset
    assert rs.ruleset.id == "nile-fastplay" and rs.anchors is None
    assert template_name(rs, "quickref.md.j2") == "broadside/quickref.md.j2"
    code, out, err = run("check", str(folder))
    assert code == 0, out + err
    code, out, err = run("kit", str(folder), "--students", "8", "--periods", "1", "--out", str(tmp_path / "k"))
    assert code == 0, out + err
    assert "internal error" not in err
    import re

    page = (tmp_path / "k" / "html" / "quickref.html").read_text(encoding="utf-8")      # its words in reading order
    quickref = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Flagships carry a star: the British leaders and the Franco-Spanish flagships" in quickref
    assert "anchor" not in quickref.lower()


def test_pages_that_do_not_exist_are_a_clear_error(tmp_path, run):
    """A ruleset whose `templates` names no page design printgen has: the ruleset's file, line and field."""
    folder = variant(tmp_path, "lake-erie-1813", "lake-erie-fastplay",
                     [('templates = "lake-erie-fastplay"', 'templates = "lake-eerie"')], "my-lake-erie")
    code, out, err = run("check", str(folder))
    assert code == 2, err
    assert "my-rules.toml, line 12, field 'ruleset.templates'" in err, err
    assert "templates 'lake-eerie' names no page design printgen has" in err
    assert "lake-erie-fastplay" in err                          # the fix lists the ones there are


def test_pages_asking_for_rules_the_variant_dropped_are_a_clear_error(tmp_path, run):
    """A copy of the Nile's rules without its anchors, still printing the Nile's pages, which speak of them:
    the error names the ruleset, the page and what it asks for, never an internal error."""
    folder = variant(tmp_path, "nile-1798", "nile-fastplay", [(ANCHORS_MARK, "")], "my-nile")
    code, out, err = run("quickref", str(folder), "--out", str(tmp_path / "out"))
    assert code == 2, (out, err)
    assert "the ruleset 'my-nile'" in err and "quickref.md.j2" in err, err
    assert "internal error" not in err
