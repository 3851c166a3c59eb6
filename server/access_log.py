"""Access log without secrets: method, path and status, never the query string
(browsers put tokens there) nor any header; and uvicorn's own log lines, which
print the query string of every WebSocket handshake, with it cut off."""

from __future__ import annotations

import logging
import re
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("fracas.access")


class AccessLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            # A socket sends thousands of frames: log the session, not each frame.
            started = time.perf_counter()
            try:
                await self.app(scope, receive, send)
            finally:
                self._log(scope, "WS", (time.perf_counter() - started) * 1000)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self._log(scope, status, (time.perf_counter() - started) * 1000)

    @staticmethod
    def _log(scope: Scope, status: int | str, elapsed_ms: float) -> None:
        client = scope.get("client")
        peer = f"{client[0]}" if client else "-"
        log.info("%s %s %s %s %.1fms", peer, scope.get("method", "GET"), scope["path"], status, elapsed_ms)


QUERY = re.compile(r"\?[^\s\"']*")
"""A query string in a log line: from ``?`` to the next space or quote."""

SCOPE_QUERY = re.compile(r"""(['"]query_string['"]: b?)(['"])(.*?)\2""")
"""An ASGI scope's query string, as uvicorn's most verbose level (``trace``) prints
the scope of every request."""

UVICORN_LOGGERS = ("uvicorn.error", "uvicorn.access", "uvicorn.asgi")
"""The loggers uvicorn's protocols write to (and the websockets library through them)."""


class DropQueryStrings(logging.Filter):
    """Cuts every query string out of a record's message: uvicorn logs each
    WebSocket handshake as ``"WebSocket /ws/tables/…?token=…" [accepted]``."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "?" in message or "query_string" in message:
            message = SCOPE_QUERY.sub(lambda m: f"{m[1]}{m[2]}<{len(m[3])} bytes>{m[2]}", message)
            record.msg, record.args = QUERY.sub("", message), None
        return True


def drop_query_strings_from_uvicorn_logs() -> None:
    """Install :class:`DropQueryStrings` on uvicorn's loggers (once per process, after
    uvicorn configured its logging: called from the app's lifespan)."""
    for name in UVICORN_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, DropQueryStrings) for f in logger.filters):
            logger.addFilter(DropQueryStrings())
