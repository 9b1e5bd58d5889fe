"""The `printgen` command: one small module per sub-command, heavy libraries imported late."""

from __future__ import annotations

import sys

import typer

from printgen.errors import PrintgenError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Print classroom naval wargame kits: paper ships, rule cards, maps, from a fleet database.")

from printgen.cli import check_cmd, list_cmd, odds_cmd, sprites_cmd  # noqa: E402,F401  (commands register on `app`)
from printgen.cli import kit_cmd, sheet_cmds  # noqa: E402,F401
from printgen.cli import map_cmd  # noqa: E402,F401
from printgen.cli import simulate_cmd  # noqa: E402,F401


def main() -> None:
    """Entry point: user mistakes print a clear message and exit 2, never a traceback."""
    try:
        code = app(standalone_mode=False)       # returns the code of a typer.Exit
        sys.exit(code if isinstance(code, int) else 0)
    except PrintgenError as e:
        print("printgen: error:", file=sys.stderr)
        for p in e.problems:
            print("  " + str(p).replace("\n", "\n  "), file=sys.stderr)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        print("printgen: aborted", file=sys.stderr)
        sys.exit(1)
    except Exception as e:  # usage errors (click's, vendored by typer) arrive here in non-standalone mode
        if hasattr(e, "show") and hasattr(e, "exit_code"):
            e.show()
            sys.exit(e.exit_code)
        raise
