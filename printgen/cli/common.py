"""Options shared by the sheet commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

from printgen.options import FORMATS, PAPERS, UNITS

# Choices typer lists in --help and refuses others of (exit 2), from the tuples the options check
Edition = Annotated[Literal["color", "bw", "large"], typer.Option(
    "--edition", help="color, bw for the photocopier, or large (large print, black and white)")]
Paper = Annotated[Literal[tuple(PAPERS)] | None, typer.Option(
    "--paper", help="the paper in your printer [default: a4 for --lang fr or es, else letter]")]
Scale = Annotated[Optional[float], typer.Option("--scale", help="factor for every distance: 0.5 for a half-size table")]
Table = Annotated[Optional[str], typer.Option("--table", help="your table, e.g. 4x3ft or 120x90cm: sets --scale")]
Units = Annotated[Literal[UNITS] | None, typer.Option(
    "--units", help="inches or centimetres for printed distances [default: cm for --lang fr or es, else in]")]
Format = Annotated[Literal[FORMATS], typer.Option("--format", help="pdf, svg (one file a page) or png previews")]
Lang = Annotated[Literal["en", "fr", "es"], typer.Option(    # printgen.i18n.LANGS (tests/test_i18n_quickref.py)
                                                 "--lang", help="the language of every printed word and number: "
                                                            "en, fr (français) or es (español)")]
Dpi = Annotated[float, typer.Option("--dpi", help="resolution of png previews")]
Out = Annotated[Optional[Path], typer.Option("--out", help="output folder [default: output/SCENARIO]")]
Fraction = Annotated[Optional[float], typer.Option("--fraction", help="keep this share of each squadron, e.g. 0.5")]
Ships = Annotated[Optional[int], typer.Option("--ships", help="keep about this many ships in all")]
Seed = Annotated[int, typer.Option("--seed", help="seed of the deployment (same seed, same files)")]
Preset = Annotated[Optional[str], typer.Option("--preset", help="a preset of the scenario, e.g. second-battle")]


def speaking(command):
    """A command whose own lines and errors are in its --lang (printgen.i18n's language while it runs;
    its documents set their own as they are drawn). English: nothing changes."""
    import functools

    @functools.wraps(command)
    def run(*args, **kwargs):
        from printgen.i18n import using

        lang = kwargs.get("lang") or "en"
        with using(lang):
            return command(*args, **kwargs)

    return run


def usual(lang: str, paper: str | None, units: str | None) -> tuple[str, str]:
    """The paper and units the teacher chose (an option, `printgen config`), else the reader's usual ones:
    A4 and centimetres in French and Spanish, Letter and inches in English."""
    from printgen.i18n import USUAL_PAPER, USUAL_UNITS

    return paper or USUAL_PAPER[lang], units or USUAL_UNITS[lang]


def out_dir(out: Path | None, scenario) -> Path:
    """The output folder: never the root, the scenario's own folder nor one that holds it."""
    from printgen.output import refuse_source

    folder = (out if out is not None else Path("output") / scenario.name).expanduser()
    refuse_source(folder, scenario.folder)
    return folder


def echo_written(paths: list[Path]) -> None:
    for p in paths:
        typer.echo(f"wrote {p}")
