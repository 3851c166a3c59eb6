"""Access log without secrets: method, path and status, never the query string
(browsers put tokens there) nor any header."""

from __future__ import annotations

import logging
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
