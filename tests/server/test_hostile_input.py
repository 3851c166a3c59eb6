"""Hostile requests and messages, from outside, through a real uvicorn server: each
gets a clear answer (never a 500 nor an ``internal`` error) and none costs the
server more than its limits."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import httpx
import pytest
from websockets.asyncio.client import connect

from clients.python.client import ws_url
from server import uvicorn_server
from server.serve import HANDSHAKE_SECONDS
from tests.server.conftest import StartServer, new_table

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]


UPGRADE = """GET /ws/tables/any HTTP/1.1
Host: x
Upgrade: websocket
Connection: Upgrade
Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==
Sec-WebSocket-Version: 13
"""


@pytest.fixture
async def server(start_embedded_server: StartServer) -> str:
    return await start_embedded_server()


async def raw_request(server: str, head: str, body: bytes = b"") -> tuple[int, bytes]:
    """Send ``head`` and ``body`` as they are, and read the answer's status and body
    until the server closes the connection."""
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
        assert await reader.read() == b"", "the server closes the connection"
        return int(status_line.split()[1]), payload
    finally:
        writer.close()


async def test_a_body_declared_over_64_kib_is_refused_before_it_is_sent(server: str) -> None:
    head = "POST /api/tables HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 300000000\n"
    status, body = await raw_request(server, head, b'{"title": "')
    problem = json.loads(body)
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


DEEP = "[" * 5000 + "]" * 5000
"""Nested deeper than the decoder follows, well within 64 KiB."""


async def test_deeply_nested_json_is_refused_as_invalid_over_http_and_websocket(server: str) -> None:
    body = '{"title": "x", "system": "vda", "options": {"a": ' + DEEP + "}}"
    async with httpx.AsyncClient(base_url=server) as http:
        answer = await http.post("/api/tables", content=body)
    assert answer.status_code == 422 and answer.json()["rule"] == "request.invalid"
    assert "nested too deeply" in answer.json()["message"]
    t = await new_table(server)
    table_id, gm = t["table"], t["gm"]
    headers = {"Authorization": f"Bearer {gm}"}
    async with connect(ws_url(server, table_id), additional_headers=headers) as raw:
        json.loads(await raw.recv())  # welcome
        # before the tag is read, the decoder does not know the field is unknown
        await raw.send('{"x": ' + DEEP + ', "type": "follow"}')
        answer = json.loads(await raw.recv())
        assert answer["type"] == "error" and answer["code"] == "invalid"
        await raw.send(json.dumps({"type": "get_state", "id": "s"}))
        assert json.loads(await raw.recv())["type"] == "state"


@pytest.mark.parametrize(
    "query", ["events?after=-5", f"events?after={2**63}", "state?at=-1", f"state?at={2**63}"]
)
async def test_out_of_range_positions_over_http_are_refused_before_the_store(server: str, query: str) -> None:
    t = await new_table(server)
    table_id, gm = t["table"], t["gm"]
    async with httpx.AsyncClient(base_url=server, headers={"Authorization": f"Bearer {gm}"}) as http:
        answer = await http.get(f"/api/tables/{table_id}/{query}")
    assert answer.status_code == 422 and answer.json()["rule"] == "request.param"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "get_events", "id": "e", "after": 2**63},
        {"type": "get_events", "id": "e", "after": -5},
        {"type": "get_events", "id": "e", "limit": 0},
        {"type": "get_state", "id": "s", "at": 2**63},
        {"type": "follow", "after": -1},
        {"type": "command", "id": "c", "expected_head": 2**64, "command": {"type": "AddNote", "text": "x"}},
        {"type": "command", "id": "c", "command": {"type": "Rewind", "to": -1}},
        {"type": "command", "id": "c", "command": {"type": "RevealRoll", "position": 2**60}},
        {"type": "command", "id": "c", "dice": [0], "command": {"type": "AddNote", "text": "x"}},
        {"type": "command", "id": "c", "dice": [1] * 5000, "command": {"type": "AddNote", "text": "x"}},
    ],
)
async def test_out_of_range_numbers_over_websocket_are_invalid(
    server: str, message: dict[str, object]
) -> None:
    t = await new_table(server)
    table_id, gm = t["table"], t["gm"]
    headers = {"Authorization": f"Bearer {gm}"}
    async with connect(ws_url(server, table_id), additional_headers=headers) as raw:
        json.loads(await raw.recv())  # welcome
        await raw.send(json.dumps(message))
        answer = json.loads(await raw.recv())
        assert answer["type"] == "error" and answer["code"] == "invalid", answer


async def test_a_handshake_with_a_header_line_over_8_kib_is_answered_and_closed(
    server: str, caplog: pytest.LogCaptureFixture
) -> None:
    """On both paths (uvicorn's own protocol leaves such a handshake unanswered:
    the server's watchdog sends websockets' answer within a second)."""
    status, body = await asyncio.wait_for(raw_request(server, UPGRADE + "X-Long: " + "a" * 9000 + "\n"), 10)
    assert status == 431 and b"8192" in body
    many = "".join(f"X-{i}: a\n" for i in range(130))
    status, body = await asyncio.wait_for(raw_request(server, UPGRADE + many), 10)
    assert status == 431 and b"128" in body
    status, _ = await raw_request(server, UPGRADE + "Origin: https://elsewhere.example\n")
    assert status == 403
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a refusal logs no error"
    assert not [r for r in caplog.records if r.exc_info], "a refusal logs no traceback"


async def test_a_connection_that_sends_no_request_is_answered_408_and_closed(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that opens a connection and sends nothing is answered 408 and
    closed within HANDSHAKE_SECONDS rather than held (shortened here: the
    watchdog reads it at every pass)."""
    monkeypatch.setattr(uvicorn_server, "HANDSHAKE_SECONDS", 0.5)
    address = urlsplit(server)
    reader, writer = await asyncio.open_connection(address.hostname, address.port)
    try:
        answer = await asyncio.wait_for(reader.read(), HANDSHAKE_SECONDS + 10)
        assert answer.startswith(b"HTTP/1.1 408 "), answer
    finally:
        writer.close()
