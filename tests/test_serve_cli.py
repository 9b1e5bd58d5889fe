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
import urllib.request



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
