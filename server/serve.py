"""``fracas serve``: the server on the embedded Redis, or on ``REDIS_URL``."""

from __future__ import annotations

import logging
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from domain.wire import MAX_MESSAGE_BYTES
from server.app import Settings, create_app
from server.embedded import EmbeddedRedis


def uvicorn_config(app: Starlette, host: str, port: int, log_level: str = "info") -> uvicorn.Config:
    """Safe WebSocket settings: messages capped, no per-message compression,
    keep-alive pings."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level=log_level,
        lifespan="on",
        # uvicorn's access log prints query strings, where browsers put tokens;
        # server.access_log logs requests without them.
        access_log=False,
    )


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    data: Path = Path(".fracas"),
    redis_url: str | None = None,
    origins: tuple[str, ...] = (),
    create_key: str = "",
    log_level: str = "info",
) -> None:
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    embedded: EmbeddedRedis | None = None
    if redis_url is None:
        embedded = EmbeddedRedis(data).start()
        redis_url = embedded.url
        logging.getLogger("fracas").info("embedded Redis with its files in %s", embedded.data_dir)
    settings = Settings(
        redis_url=redis_url,
        store_mode="embedded" if embedded else "external",
        origins=origins,
        create_key=create_key,
    )
    try:
        uvicorn.Server(uvicorn_config(create_app(settings), host, port, log_level)).run()
    finally:
        if embedded is not None:
            embedded.stop()
