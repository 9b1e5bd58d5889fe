"""The typer application every sub-command registers on."""

from __future__ import annotations

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Print classroom naval wargame kits: paper ships, rule cards, maps, from a fleet database.")
