"""The typer application every sub-command registers on, and the options of `printgen` itself."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Print classroom naval wargame kits: paper ships, rule cards, maps, from a fleet database.")


def _version(value: bool) -> None:
    if value:
        from printgen import __version__

        typer.echo(f"printgen {__version__}")
        raise typer.Exit()


@app.callback()
def printgen(version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                                   help="print printgen's version and exit")] = False,
             debug: Annotated[bool, typer.Option("--debug", help="an internal error prints its traceback here, not "
                                                                 "to a file (also PRINTGEN_DEBUG=1)")] = False) -> None:
    """Print classroom naval wargame kits: paper ships, rule cards, maps, from a fleet database.
    Your usual paper, units, edition and class size: `printgen config`."""
    if debug:
        from printgen.cli import failure

        failure.DEBUG = True
