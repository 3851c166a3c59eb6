"""The Starlette application: the HTTP API (``server.http_api``) and the table
WebSocket (``server.table_socket``).

``create_app(settings)`` builds it; nothing happens at import time. The Redis
client, the store, the hub and the table service are made in the lifespan.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route, WebSocketRoute

from server import http_api, metrics, pages, tracing
from server.access_log import AccessLog, drop_query_strings_from_uvicorn_logs
from server.connect import close, connect
from server.services import Services, Settings
from server.table_socket import TableSocket

__all__ = ["Settings", "create_app"]


def create_app(settings: Settings) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        drop_query_strings_from_uvicorn_logs()
        tracing.setup()
        client = connect(settings.redis_url, settings.redis_pool_size)
        app.state.services = Services(settings, client)
        await app.state.services.hub.start()
        # Everything made so far (modules, tables of rules, the registry) lives as
        # long as the process: keep it out of the collector's full passes, which
        # otherwise pause a busy server for milliseconds.
        gc.collect()
        gc.freeze()
        try:
            with metrics.sampling(app.state.services.hub):
                yield
        finally:
            await app.state.services.hub.stop()
            await close(client)

    routes = [
        Route("/healthz", http_api.healthz),
        Route("/metrics", metrics.endpoint),
        Route("/livez", http_api.livez),
        Route("/readyz", http_api.readyz),
        Route("/api/tables", http_api.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}/invites", http_api.invite, methods=["POST"]),
        Route("/api/tables/{table_id}/invites/{principal}", http_api.revoke, methods=["DELETE"]),
        Route("/api/tables/{table_id}/events", http_api.events),
        Route("/api/tables/{table_id}/state", http_api.state),
        Route("/api/tables/{table_id}/head", http_api.head),
        Route("/api/tables/{table_id}/commands", http_api.command, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", TableSocket()),
        *pages.routes(),
    ]
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(AccessLog)])
