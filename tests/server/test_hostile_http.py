"""Hostile HTTP requests, from outside, through a real uvicorn server: each gets a
clear answer (never a 500) and none costs the server more than its limits."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import httpx
import pytest

from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]


@pytest.fixture
async def server(start_embedded_server: StartServer) -> str:
    return await start_embedded_server()


async def raw_request(server: str, head: str, body: bytes = b"") -> tuple[int, dict[str, object]]:
    """Send ``head`` and ``body`` as they are, and read the answer's status and JSON."""
    address = urlsplit(server)
    reader, writer = await asyncio.open_connection(address.hostname, address.port)
    try:
        writer.write(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        await writer.drain()
        status_line = await reader.readline()
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        payload = await reader.readexactly(int(headers.get("content-length", "0")))
        return int(status_line.split()[1]), json.loads(payload or b"{}")
    finally:
        writer.close()


async def test_a_body_declared_over_64_kib_is_refused_before_it_is_sent(server: str) -> None:
    head = "POST /api/tables HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 300000000\n"
    status, problem = await raw_request(server, head, b'{"title": "')
    assert status == 413 and problem["error"] == "too-big" and "65536" in str(problem["message"])


async def test_a_chunked_body_over_64_kib_is_refused_as_it_arrives(server: str) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"title": "'
        for _ in range(100):
            yield b"x" * 1024

    async with httpx.AsyncClient(base_url=server) as http:
        answer = await http.post("/api/tables", content=chunks())
    assert answer.status_code == 413 and answer.json()["rule"] == "request.too-big"
    async with httpx.AsyncClient(base_url=server) as http:
        ok = await http.post("/api/tables", json={"title": "Après", "system": "vda"})
    assert ok.status_code == 201
