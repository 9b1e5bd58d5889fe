"""The sheets' templates are compiled once for every run, in printgen's cache folder (jinja2 checks
each against its source): a kit's workers and `printgen check` each skip the compile. The cache can
only save time: a folder that cannot be made or written, or a damaged file, still renders."""

from __future__ import annotations

import pytest

from printgen.sheets.text import compiled, wording


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A template of its own and an empty cache folder; the environment made anew for each test."""
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "sum.md.j2").write_text("two and two: {{ 2 + 2 }}\n", encoding="utf-8")
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    wording.environment.cache_clear()
    yield tmp_path
    wording.environment.cache_clear()


def _render(root) -> str:
    wording.environment.cache_clear()
    return wording.environment(str(root / "t")).get_template("sum.md.j2").render()


def test_a_template_is_compiled_once_and_kept(fresh):
    assert _render(fresh) == "two and two: 4\n"
    kept = list((fresh / "cache" / "templates").glob("*.jinja2"))
    assert len(kept) == 1
    kept[0].write_bytes(kept[0].read_bytes()[:20] + b"damaged")          # a torn or foreign file
    assert _render(fresh) == "two and two: 4\n"
    (fresh / "t" / "sum.md.j2").write_text("three and three: {{ 3 + 3 }}\n", encoding="utf-8")
    assert _render(fresh) == "three and three: 6\n"                       # a changed template compiled again


def test_no_cache_folder_still_renders(fresh, monkeypatch):
    (fresh / "cache").mkdir()
    (fresh / "cache" / "templates").write_text("a file where the folder would be", encoding="utf-8")
    assert _render(fresh) == "two and two: 4\n"
    monkeypatch.setenv("PRINTGEN_CACHE", "off")
    assert _render(fresh) == "two and two: 4\n"
    assert wording.environment(str(fresh / "t")).bytecode_cache is None


def test_a_cache_that_cannot_be_written_still_renders(fresh, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(compiled.tempfile, "mkstemp", full_disk)
    assert _render(fresh) == "two and two: 4\n"
    assert not list((fresh / "cache" / "templates").glob("*"))



def test_a_file_compiled_under_other_settings_is_compiled_again(fresh, tmp_path):
    """jinja2's checksum covers a template's source, not the environment's settings (its extensions,
    its whitespace): a file kept by an environment made another way is not used."""
    from pathlib import Path

    from jinja2.bccache import Bucket

    assert _render(fresh) == "two and two: 4\n"
    [kept] = (fresh / "cache" / "templates").glob("*.jinja2")
    other = tmp_path / "other_wording.py"
    other.write_text("# an environment made another way\n", encoding="utf-8")
    env = wording.environment(str(fresh / "t"))
    source = (fresh / "t" / "sum.md.j2").read_text(encoding="utf-8")
    for made_by, used in ((Path(wording.__file__), True), (other, False)):
        cache = compiled.kept(made_by)
        bucket = Bucket(env, kept.stem, cache.get_source_checksum(source))
        cache.load_bytecode(bucket)
        assert (bucket.code is not None) is used
