"""A real uvicorn server on a free loopback port, stopped by the test that started it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import pytest
import uvicorn

from clients.python import Admin
from server.app import Settings, create_app
from server.embedded import EmbeddedRedis
from server.serve import Server, uvicorn_config

StartServer = Callable[..., Awaitable[str]]


@contextlib.asynccontextmanager
async def servers(redis_url: str, fast_paths: bool = True) -> AsyncIterator[StartServer]:
    """Start servers on one Redis, on the fast or the plain paths unless told
    otherwise; every one is stopped at the end of the block."""
    running: list[tuple[uvicorn.Server, asyncio.Task[None]]] = []

    async def start(**settings: Any) -> str:
        settings.setdefault("redis_url", redis_url)
        settings.setdefault("fast_paths", fast_paths)
        app = create_app(Settings(**settings))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        config = uvicorn_config(
            app, "127.0.0.1", port, log_level="warning", fast_paths=settings["fast_paths"]
        )
        server = Server(config, close_seconds=Settings(**settings).close_seconds)
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        running.append((server, task))
        return f"http://127.0.0.1:{port}"

    try:
        yield start
    finally:
        for server, task in running:
            server.should_exit = True
            await asyncio.wait_for(task, 15)


@pytest.fixture
async def start_server(redis_url: str, fast_paths: bool) -> AsyncIterator[StartServer]:
    """Servers on each Redis the tests run against."""
    async with servers(redis_url, fast_paths) as start:
        yield start


@pytest.fixture
async def start_embedded_server(
    embedded_redis: EmbeddedRedis, fast_paths: bool
) -> AsyncIterator[StartServer]:
    """Servers on the embedded Redis only, for what does not depend on the store."""
    async with servers(embedded_redis.url, fast_paths) as start:
        yield start


@pytest.fixture
async def server(start_server: StartServer) -> str:
    return await start_server()


@pytest.fixture
async def admin(server: str) -> AsyncIterator[Admin]:
    async with Admin(server) as client:
        yield client


async def new_table(server: str) -> dict[str, str]:
    """A table made over plain HTTP, with its GM token and a spectator token."""
    async with httpx.AsyncClient(base_url=server) as http:
        created = (await http.post("/api/tables", json={"title": "Essai", "system": "vda"})).json()
        gm = {"Authorization": f"Bearer {created['gm_token']}"}
        invite = {"role": "spectator", "name": "OBS"}
        url = f"/api/tables/{created['table_id']}/invites"
        spectator = (await http.post(url, json=invite, headers=gm)).json()
    return {"table": created["table_id"], "gm": created["gm_token"], "spectator": spectator["token"]}
