"""`printgen serve`: the kit builder as a web page on this computer."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from printgen.cli.app import app

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@app.command("serve")
def serve_cmd(host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
              port: Annotated[Optional[int], typer.Option("--port", help="port [default: a free one]")] = None,
              no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open the web browser")] = False
              ) -> None:
    """A web page for teachers: choose a battle and a class, preview every page, download the kit."""
    import socket
    import threading
    import webbrowser

    import uvicorn

    from printgen.errors import PrintgenError, Problem
    from printgen.serve.app import create_app

    if host not in LOOPBACK:
        typer.echo(f"warning: listening on {host}: anyone who can reach this computer on the network can use "
                   "the page and build kits (there is no login). Use the default 127.0.0.1 to keep it private.",
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
    url = f"http://{'[' + host + ']' if ':' in host else host}:{bound}/"
    hosts = ["127.0.0.1", "localhost", "::1", "[::1]"] if host in LOOPBACK else ["*"]
    server = uvicorn.Server(uvicorn.Config(create_app(hosts=hosts), log_level="warning", access_log=False))

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            typer.echo(f"printgen is serving {url}  (Ctrl-C to stop; your files are deleted when it stops)")
            if not no_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])      # Ctrl-C: uvicorn stops, the app deletes its files, then re-raises it
    except KeyboardInterrupt:
        pass
    typer.echo("printgen serve stopped; its files are deleted")
