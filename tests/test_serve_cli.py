"""`printgen serve` as a teacher starts it: a free loopback port, the browser opened on it, a warning for
a public address, a clear error for a busy port, and every file gone once it stops."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest



def serve(tmp_path, *args, browser: bool = False):
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir(exist_ok=True)
    if browser:       # webbrowser runs $BROWSER with the address: a script stands in for the teacher's browser
        script = tmp_path / "browser.sh"
        script.write_text(f'#!/bin/sh\necho "$1" > {tmp_path}/opened\n')
        script.chmod(0o755)
        env["BROWSER"] = str(script)
    return subprocess.Popen([sys.executable, "-m", "printgen", "serve", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def address(proc) -> str:
    line = proc.stdout.readline()
    m = re.search(r"serving (http://\S+/)", line)
    assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
    return m[1]


def stop(proc) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return out, err


def test_serve_opens_the_browser_on_a_free_loopback_port_and_cleans_up(tmp_path):
    proc = serve(tmp_path, browser=True)
    try:
        url = address(proc)
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")
        with urllib.request.urlopen(url, timeout=10) as r:
            assert r.status == 200 and b"Print a class kit" in r.read()
        end = time.monotonic() + 10
        while not (tmp_path / "opened").exists() and time.monotonic() < end:
            time.sleep(0.1)
        assert (tmp_path / "opened").read_text().strip() == url
        assert any((tmp_path / "tmp").iterdir())            # its private folder, while it runs
    finally:
        stop(proc)
    assert proc.returncode == 0
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_public_address_warns_and_a_busy_port_is_a_clear_error(tmp_path):
    proc = serve(tmp_path, "--host", "0.0.0.0", "--no-browser")
    try:
        url = address(proc)
        port = int(url.rsplit(":", 1)[1].strip("/"))
    finally:
        _, err = stop(proc)
    assert "warning: listening on 0.0.0.0" in err and "no login" in err
    assert not (tmp_path / "opened").exists()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "printgen", "serve", "--no-browser", "--port", str(taken)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{taken}" in done.stderr
    assert "Traceback" not in done.stderr and port != taken


def get(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_every_address_keeps_the_host_check_and_shows_this_computers_name(tmp_path):
    """Issue 30: `--host 0.0.0.0` turned the Host check off (any web page could drive the server by
    DNS rebinding) and printed http://0.0.0.0:PORT/ as the address."""
    proc = serve(tmp_path, "--host", "0.0.0.0", "--no-browser")
    try:
        url = address(proc)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert "0.0.0.0" not in url and socket.gethostname() in url
        local = f"http://127.0.0.1:{port}/"
        assert get(local) == 200
        assert get(local, host=f"{socket.gethostname()}:{port}") == 200
        assert get(local, host=f"rebound.evil.example:{port}") == 400
    finally:
        _, err = stop(proc)
    assert "answers only to the names" in err and socket.gethostname() in err


def test_a_named_host_is_the_name_the_page_answers_to():
    from printgen.cli.serve_cmd import allowed_hosts

    hosts, shown = allowed_hosts("192.0.2.7")
    assert shown == "192.0.2.7" and "192.0.2.7" in hosts and "*" not in hosts and "localhost" in hosts
    assert "*" not in allowed_hosts("0.0.0.0")[0] and "*" not in allowed_hosts("::")[0]


def build_processes(root: str) -> list[int]:
    """The `printgen kit` processes working in `root` (Linux: read from /proc)."""
    out = []
    for p in Path("/proc").iterdir():
        try:
            line = (p / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if p.name.isdigit() and b" kit " in line and root.encode() in line:
            out.append(int(p.name))
    return out


def start_a_build(url: str) -> None:
    data = urllib.parse.urlencode({"scenario": "trafalgar", "students": "24", "edition": "both", "paper": "letter",
                                   "units": "in", "seed": "1805"}).encode()
    request = urllib.request.Request(url + "build", data=data, headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=120) as r:
        assert "/build/" in r.url


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("how", ["SIGHUP", "SIGKILL"])
def test_builds_end_with_the_server_and_a_killed_servers_files_go_at_the_next_start(tmp_path, how):
    """Issue 30: closing the terminal (SIGHUP) or SIGKILL left the temporary root and orphaned
    `printgen kit` processes, and no later server cleaned up."""
    proc = serve(tmp_path, "--no-browser")
    url = address(proc)
    start_a_build(url)
    root = next((tmp_path / "tmp").iterdir())
    assert build_processes(str(root))
    proc.send_signal(getattr(signal, how))
    proc.communicate(timeout=60)
    end = time.monotonic() + 60
    while build_processes(str(root)) and time.monotonic() < end:      # the build ends with the server
        time.sleep(0.2)
    assert build_processes(str(root)) == []
    if how == "SIGHUP":
        assert not root.exists()                                        # stopped as by Ctrl-C: files deleted
        return
    assert root.exists()                                                # nothing could run at a SIGKILL...
    again = serve(tmp_path, "--no-browser")
    try:
        address(again)
        assert not root.exists() and len(list((tmp_path / "tmp").iterdir())) == 1    # ...the next server cleans it
    finally:
        stop(again)
