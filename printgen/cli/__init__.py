"""The `printgen` command: one small module per sub-command, heavy libraries imported late."""

from __future__ import annotations

import gc
import os
import sys

import typer

from printgen.cli import (  # noqa: F401  (commands register on `app` as they are imported)
    check_cmd,
    config_cmd,
    kit_cmd,
    list_cmd,
    map_cmd,
    odds_cmd,
    scenario_cmd,
    serve_cmd,
    sheet_cmds,
    simulate_cmd,
    sprites_cmd,
)
from printgen.cli.app import app
from printgen.errors import PrintgenError

# --help lists the commands by use: these first and these last, the single sheets between them
FIRST, LAST = ("kit", "serve", "check", "simulate", "scenario", "map", "sprites"), ("odds", "list", "config")


def main() -> None:
    """Entry point: user mistakes print a clear message and exit 2, never a traceback; so do errors
    of the disk (last resort: the message names the path and a fix). Ctrl-C exits 130, SIGTERM 143."""
    from printgen.cli.failure import Terminated, catch_sigterm, interrupted, interrupted_once, os_error

    _standard_streams()
    catch_sigterm()
    if os.environ.get("PRINTGEN_END_WITH_STDIN") == "1":
        _end_with_stdin()
    # Layout and rendering make millions of small objects without cycles, which reference counting
    # frees; the cyclic collector would only scan them over and over (a quarter of the time at 6,000
    # ships). Everything imported so far is frozen out of its sight, and it waits until the command ends.
    gc.freeze()
    gc.disable()
    try:
        code = app(standalone_mode=False, default_map=usual_choices())   # returns the code of a typer.Exit
        code = code if isinstance(code, int) else 0
        if code == 130:                         # typer turns Ctrl-C into Exit(130), silently
            print(interrupted(), file=sys.stderr)
        sys.exit(code)
    except PrintgenError as e:
        from printgen.i18n import using

        print("printgen: error:", file=sys.stderr)      # (a tag programs look for, in every language)
        with using(e.lang):
            for p in e.problems:
                print("  " + str(p).replace("\n", "\n  "), file=sys.stderr)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        print(interrupted(), file=sys.stderr)
        sys.exit(130)
    except Terminated:
        sys.exit(143)
    except BrokenPipeError:                     # `printgen check KIT | head`: the reader has gone
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except OSError as e:
        print(os_error(e), file=sys.stderr)
        sys.exit(2)
    except Exception as e:  # usage errors (click's, vendored by typer) arrive here in non-standalone mode
        if interrupted_once():                  # Ctrl-C turned into another error on its way (numba's compiler)
            print(interrupted(), file=sys.stderr)
            sys.exit(130)
        if hasattr(e, "show") and hasattr(e, "exit_code"):
            e.show()
            sys.exit(e.exit_code)
        from printgen.cli.failure import unexpected

        message, code = unexpected(e)
        print(message, file=sys.stderr)
        sys.exit(code)
    finally:
        # What the command imported and made is freed as the interpreter ends; frozen, the collector's
        # last pass (it runs at the end, disabled or not) does not walk it first: 600 ships, 5% of the time
        gc.freeze()


def usual_choices() -> dict[str, dict]:
    """The teacher's settings (printgen/settings.py) as each command's defaults, for the options it has
    (click: the command line, then these, then the built-in default). An edition of "both" is the
    kit's alone (and so is every pair of editions): a single sheet keeps its own default."""
    from printgen import settings
    from printgen.request import EDITIONS

    found = {s.key: s.value for s in settings.current().values()}
    single = {k: v for k, v in found.items() if not (k == "edition" and len(EDITIONS.get(str(v), ())) != 1)
              and k != "students"}
    return {name: dict(found) if name in ("kit", "scenario") else single for name in _commands()}


def _name(command) -> str:
    return command.name or command.callback.__name__.replace("_", "-")


def _commands() -> list[str]:
    return [_name(c) for c in app.registered_commands]


app.registered_commands.sort(key=lambda c: FIRST.index(_name(c)) if _name(c) in FIRST else
                             len(FIRST) + 1 + LAST.index(_name(c)) if _name(c) in LAST else len(FIRST))


def _standard_streams() -> None:
    """Started with stdout or stderr closed (`printgen kit >&- 2>&-`, a service without a console):
    each missing stream is the null device, so nothing printgen prints fails, and no file printgen
    opens later takes descriptor 1 or 2 (where a print, or a worker, would write into it)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            os.open(os.devnull, os.O_RDWR)          # the lowest free descriptor: this one
    for name, _fd in (("stdout", 1), ("stderr", 2)):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


def _end_with_stdin() -> None:
    """A run started by `printgen serve` ends when the server does, however it ends (killed outright
    too): its stdin is a pipe from the server, which the system closes then. Ending is a SIGTERM to
    itself (every `finally` runs: staging folders and locks cleaned); where there are no signals to
    send oneself (Windows), the main thread is interrupted as by one."""
    import signal
    import threading

    fd = os.dup(0)          # read raw, not through sys.stdin: a worker forked while this thread held
                            # sys.stdin's lock would wait for it for ever (multiprocessing closes stdin)

    def watch() -> None:
        try:
            while os.read(fd, 1 << 16):                 # the server writes nothing: this waits for the end
                pass
        except OSError:
            pass
        if os.name == "posix":
            os.kill(os.getpid(), signal.SIGTERM)
        else:
            import _thread

            _thread.interrupt_main(signal.SIGTERM)

    threading.Thread(target=watch, daemon=True, name="end-with-stdin").start()
