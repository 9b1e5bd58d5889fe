"""The HTTP server under the page: uvicorn, with the deadlines it lacks. A connection that sends its
request's headers too slowly, or its body, is closed: a few hundred connections that dribble a
byte now and then would otherwise hold the page (uvicorn closes only idle kept-alive connections)."""

from __future__ import annotations

import asyncio
import socket

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_SECONDS = 10.0          # from the connection (or the end of the last response) to a request's last header
BODY_SECONDS = 120.0            # from the last header to the end of the body: 3 MB on a slow school line


class Deadlines(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline on each part of a request the client sends."""

    _timer: asyncio.TimerHandle | None = None
    _phase: object = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._set(None)
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Arm the deadline of what the client is sending now: headers (h11 IDLE: nothing, or part of a
        request), a body (SEND_BODY); none while the page is answering."""
        state = self.conn.their_state
        self._set(state if state in (h11.IDLE, h11.SEND_BODY) else None)

    def _set(self, phase) -> None:
        if phase is self._phase:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._phase = phase
        if phase is not None:
            seconds = HEADERS_SECONDS if phase is h11.IDLE else BODY_SECONDS
            self._timer = self.loop.call_later(seconds, self._too_slow)

    def _too_slow(self) -> None:
        self._timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True          # the app's receive() ends as on a client that left
            self.cycle.message_event.set()
        if not self.transport.is_closing():
            self.transport.close()


def make_server(app, **options) -> uvicorn.Server:
    """A uvicorn server for `app` with the deadlines above (options: uvicorn.Config's)."""
    return uvicorn.Server(uvicorn.Config(app, http=Deadlines, log_level="warning", access_log=False, **options))


def run(server: uvicorn.Server, sock: socket.socket) -> None:
    server.run(sockets=[sock])
