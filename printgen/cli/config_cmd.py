"""`printgen config`: the teacher's usual choices (paper, units, edition, class size), shown and set."""

from __future__ import annotations

from typing import Optional

import typer

from printgen.cli.app import app


@app.command("config")
def config_cmd(key: Optional[str] = typer.Argument(None, help="a setting: paper, units, edition, students or lang"),
               value: Optional[str] = typer.Argument(None, help="its new value, e.g. a4"),
               unset: bool = typer.Option(False, "--unset", help="remove the setting KEY (back to printgen's default)")) -> None:
    """Show your usual choices, or keep one so you need not type it: `printgen config paper a4`.
    Kept in config.toml in your system's settings folder; PRINTGEN_PAPER, PRINTGEN_UNITS,
    PRINTGEN_EDITION, PRINTGEN_STUDENTS and PRINTGEN_LANG override it; an option you type overrides both."""
    from printgen import settings
    from printgen.errors import PrintgenError, Problem

    if key is not None and (value is not None or unset):
        if value is not None and unset:
            raise PrintgenError(Problem("--unset takes a setting, not a value", field="--unset",
                                        fix=f"printgen config {key} --unset"))
        path = settings.write(key, None if unset else value)
        typer.echo(f"{key} {'removed from' if unset else 'kept in'} {path}")
    elif key is not None and key not in settings.KEYS:
        settings.parse(key, "", "the command line")            # names the settings there are
    found = settings.current()
    typer.echo(f"Settings file: {settings.config_file()}" + ("" if settings.config_file().exists() else " (none yet)"))
    for name, (allowed, what) in settings.KEYS.items():
        if key is not None and name != key:
            continue
        s = found.get(name)
        choices = " | ".join(allowed) if allowed else "a number"
        where = f"from {s.source}" if s else "printgen's default"
        shown = s.value if s else defaults(found)[name]
        if not s and name in ("paper", "units"):          # the reader's usual: A4 and cm in French and Spanish
            where += " for the language in force (A4 and cm in French and Spanish)"
        typer.echo(f"  {name:<9} {str(shown):<7} {where}  ({what}: {choices})")


def defaults(found: dict | None = None) -> dict[str, object]:
    """printgen's own value of each setting: `printgen kit`'s option defaults (one place: its signature);
    paper and units, which it leaves to the reader's language (cli/common.py `usual`), as that language's."""
    import inspect

    from printgen import settings
    from printgen.cli.common import usual
    from printgen.cli.kit_cmd import kit_cmd

    params = inspect.signature(kit_cmd).parameters
    values = {name: params[name].default for name in settings.KEYS}
    lang = (found or {}).get("lang")
    values["paper"], values["units"] = usual(str(lang.value if lang else values["lang"]), None, None)
    return values
