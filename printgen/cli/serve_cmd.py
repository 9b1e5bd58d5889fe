"""`printgen serve`: the kit builder as a web page on this computer."""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from printgen.cli.app import app

LOOPBACK = ("127.0.0.1", "localhost", "::1")
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1", "[::1]"]
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def allowed_hosts(host: str) -> tuple[list[str], str]:
    """The names the page answers to (its Host check, against DNS rebinding: a page of another site
    that renames its own address to this computer's cannot drive it), and the name to show in the
    address: this computer's loopback names, and those `--host` gives: the name or address given,
    or for every address (0.0.0.0, ::) this computer's name and addresses."""
    import socket

    if host in LOOPBACK:
        return list(LOOPBACK_NAMES), host
    names = {host}
    shown = host
    if host in EVERY_ADDRESS:
        hostname = socket.gethostname()
        names = {hostname, socket.getfqdn(), hostname.split(".")[0] + ".local"}
        try:
            names |= {info[4][0] for info in socket.getaddrinfo(hostname, None)}
        except OSError:
            pass
        shown = hostname
    names |= {f"[{n}]" for n in names if ":" in n}
    return LOOPBACK_NAMES + sorted(n for n in names if n and n not in LOOPBACK_NAMES), shown


def stop_on_hangup(server) -> None:
    """Closing the terminal (SIGHUP) stops the server as Ctrl-C does: builds ended, files deleted.
    (POSIX; Windows closes a console's programs in its own way.)"""
    import signal

    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, lambda signum, frame: server.handle_exit(signal.SIGINT, frame))


@app.command("serve")
def serve_cmd(host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
              port: Annotated[int | None, typer.Option("--port", help="port [default: a free one]")] = None,
              no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open the web browser")] = False,
              lang: Annotated[Literal["en", "fr", "es"], typer.Option(
                  "--lang", help="the page's language when the browser asks for none printgen speaks (each "
                                 "teacher can choose on the page): en, fr (français) or es (español)")] = "en"
              ) -> None:
    """A web page for teachers: choose a battle and a class, preview every page, download the kit."""
    import socket
    import threading
    import webbrowser

    from printgen.errors import PrintgenError, Problem
    from printgen.serve.app import create_app
    from printgen.serve.server import make_server

    hosts, shown = allowed_hosts(host)
    if host not in LOOPBACK:
        typer.echo(f"warning: listening on {host}: anyone who can reach this computer on the network can use "
                   "the page and build kits (there is no login). Use the default 127.0.0.1 to keep it private. "
                   f"The page answers only to the names {', '.join(h for h in hosts if h not in LOOPBACK_NAMES)}.",
                   err=True)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port or 0))            # port 0: the system picks a free port
    except OSError as e:
        sock.close()
        raise PrintgenError(Problem(f"cannot listen on {host}:{port or 0} ({e.strerror})", field="--port",
                                    fix="choose another --port, or leave it out for a free one")) from None
    bound = sock.getsockname()[1]
    url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{bound}/"
    from printgen.serve.jobs import Builds

    builds = Builds()
    builds.log = typer.echo                     # a line for each kit built, and at the stop
    server = make_server(create_app(builds, hosts=hosts, lang=lang))
    stop_on_hangup(server)

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            _first_view(url)
            typer.echo(f"printgen is serving {url}  (Ctrl-C to stop; your files are deleted when it stops)")
            if not no_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])      # Ctrl-C: uvicorn stops, the app deletes its files, then re-raises it
    except KeyboardInterrupt:
        pass
    typer.echo("printgen serve stopped; its files are deleted")


def _first_view(url: str) -> None:
    """Ask for the page once before the browser does: the battles' list (every scenario loaded and
    checked) and the page's templates are made then, a second or more of imports and validation the
    teacher would otherwise wait through on the first view."""
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            answer.read()
    except OSError:
        pass                                    # the teacher's own view will say what is wrong

