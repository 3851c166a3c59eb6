"""The uvicorn server Fracas runs, in a single process and in every worker
of ``fracas serve --workers N``: its stuck-connection watchdog, bounded send
buffers and bounded shutdown.

Kept light (uvicorn and :mod:`server.frames` only): uvicorn's supervisor
unpickles :class:`WorkerProcess` in each new worker before that worker answers
its health checks, so whatever this module imports delays the first answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

import uvicorn
from uvicorn.supervisors import multiprocess

from server.frames import CLOSE_SECONDS, SEND_BUFFER_BYTES, reset

log = logging.getLogger("fracas.serve")

HANDSHAKE_SECONDS = 10.0
"""How long a connection may stay open without beginning a request: past it,
it is answered 408 and closed."""

TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


def drain(app: object) -> None:
    """Mark ``app``'s process as draining: ``/readyz`` answers 503 from now on."""
    services = getattr(getattr(app, "state", None), "services", None)
    if services is not None:
        services.draining = True


class Server(uvicorn.Server):
    """uvicorn's server, whose shutdown always ends: once the grace period
    (``timeout_graceful_shutdown``) is over and the app has shut down, the
    connections still open are aborted rather than left waiting to flush.

    uvicorn's own shutdown drains: it stops accepting, closes every WebSocket
    with 1012 (clients reconnect, to another replica where there is one) and
    waits for the connections to go.

    While it serves, a connection closing for ``close_seconds`` without
    sending anything more (its last bytes or its close frame unread: a client
    that stopped reading, a keep-alive ping unanswered) is reset, on either
    path; and every accepted socket's kernel send buffer is bounded
    (:data:`SEND_BUFFER_BYTES`)."""

    def __init__(self, config: uvicorn.Config, close_seconds: float = CLOSE_SECONDS) -> None:
        super().__init__(config)
        self.close_seconds = close_seconds
        self._watchdog: asyncio.Task[None] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        for server in getattr(self, "servers", []):
            for listening in server.sockets:
                # Accepted sockets inherit it from the listening one.
                with contextlib.suppress(OSError):
                    listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
        self._watchdog = asyncio.create_task(self._abort_stuck(), name="stuck connections")

    async def _abort_stuck(self) -> None:
        """Reset the connections closing without progress for ``close_seconds``, and
        those that sent no whole request within :data:`HANDSHAKE_SECONDS`
        (uvicorn's protocols have a ``scope`` once a request is read)."""
        loop = asyncio.get_running_loop()
        closing_since: dict[Any, tuple[float, int]] = {}
        opened: dict[Any, float] = {}
        while True:
            await asyncio.sleep(min(1.0, self.close_seconds / 2))
            now = loop.time()
            closing, waiting = {}, {}
            for connection in list(self.server_state.connections):
                transport = getattr(connection, "transport", None)
                if transport is None:
                    continue
                if transport.is_closing():
                    # Since when it has been closing without its buffer shrinking: a
                    # slow client still reading the end of a response is not stuck.
                    left = transport.get_write_buffer_size()
                    since, before = closing_since.get(transport, (now, left))
                    if left < before:
                        since = now
                    closing[transport] = (since, left)
                    if now - since >= self.close_seconds:
                        log.info("a connection did not close in time: reset")
                        reset(transport)
                elif getattr(connection, "scope", None) is None:
                    waiting[connection] = since = opened.get(connection, now)
                    refusal = unreadable_handshake(connection)
                    if refusal is None and now - since >= HANDSHAKE_SECONDS:
                        refusal = TIMED_OUT
                    if refusal is not None:
                        log.info("a connection sent no request it could read: answered and closed")
                        transport.write(refusal)
                        transport.close()
            closing_since, opened = closing, waiting

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        drain(self.config.app)
        if self._watchdog is not None:
            self._watchdog.cancel()
        # uvicorn's own WebSocket protocol fails to shut down a connection whose
        # handshake websockets refused (it answers it a second time): those go first.
        refused = [c for c in self.server_state.connections if unreadable(c)]
        for connection in refused:
            connection.transport.write(unreadable_handshake(connection) or b"")
            reset(connection.transport)
        for _ in range(100):
            if not any(c in self.server_state.connections for c in refused):
                break
            await asyncio.sleep(0.01)
        await super().shutdown(sockets)
        for connection in list(self.server_state.connections):
            transport = getattr(connection, "transport", None)
            if transport is not None:
                reset(transport)


def unreadable_handshake(connection: Any) -> bytes | None:
    """The answer websockets wrote to a handshake it could not read (a line over
    8 KiB, more than 128 headers: 414 or 431), which uvicorn's own WebSocket
    protocol never sends (the fast path's sends it at once); None when there is
    none. Read through the websockets protocol's public ``handshake_exc`` and
    ``data_to_send``, on uvicorn's connection attribute ``conn`` when it has one."""
    if not unreadable(connection):
        return None
    return b"".join(connection.conn.data_to_send())


def unreadable(connection: Any) -> bool:
    """Whether websockets refused this connection's handshake (:func:`unreadable_handshake`)."""
    conn = getattr(connection, "conn", None)
    return getattr(conn, "handshake_exc", None) is not None and hasattr(conn, "data_to_send")


class WorkerProcess(multiprocess.Process):
    """One of uvicorn's worker processes, serving with :class:`Server` rather than
    uvicorn's own: every worker resets stuck connections, answers silent ones 408,
    bounds its sockets' send buffers and its shutdown, as a single process does."""

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = Server(config=self.config)
        return self._server


def run_workers(config: uvicorn.Config) -> None:
    """uvicorn's supervisor of ``config.workers`` processes on one socket, each a
    :class:`WorkerProcess`. The supervisor makes its workers with its module's
    ``Process`` (when it starts them, and to replace one that died): that name
    is ours while it runs."""
    socket_ = config.bind_socket()
    uvicorn_process = multiprocess.Process
    multiprocess.Process = WorkerProcess  # type: ignore[misc]
    try:
        multiprocess.Multiprocess(config, sockets=[socket_]).run()
    finally:
        multiprocess.Process = uvicorn_process  # type: ignore[misc]
        socket_.close()
