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
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "websocket.accept":
                status = 101
            elif message["type"] == "websocket.close" and not status:
                status = 403
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            peer = f"{client[0]}" if client else "-"
            method = scope.get("method", "WS")
            elapsed = (time.perf_counter() - started) * 1000
            log.info("%s %s %s %s %.1fms", peer, method, scope["path"], status, elapsed)
