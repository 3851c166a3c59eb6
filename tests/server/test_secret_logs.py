"""No log line of a server run holds a token, even where clients pass it as
``?token=`` (browsers cannot set headers on a WebSocket)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.python.client import ws_url
from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]


CLIENT_LOGGERS = ("websockets.client", "httpx", "httpcore")
"""The test's own clients, which log the URLs they open."""


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(CLIENT_LOGGERS):
            self.lines.append(self.format(record))


@contextlib.contextmanager
def every_log_line() -> Iterator[list[str]]:
    """Every record of every logger at every level, formatted as a log file would."""
    handler = Lines()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn"), logging.getLogger("uvicorn.error")]
    loggers += [logging.getLogger("uvicorn.access"), logging.getLogger("fracas")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    loggers[0].addHandler(handler)
    loggers[1].addHandler(handler)  # uvicorn's records do not reach the root
    try:
        yield handler.lines
    finally:
        loggers[0].removeHandler(handler)
        loggers[1].removeHandler(handler)
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


async def test_tokens_passed_in_the_query_string_never_reach_the_log(
    start_embedded_server: StartServer,
) -> None:
    server = await start_embedded_server()
    with every_log_line() as lines:
        async with httpx.AsyncClient(base_url=server) as http:
            created = (await http.post("/api/tables", json={"title": "Journal", "system": "vda"})).json()
            table_id, gm = created["table_id"], created["gm_token"]
            state = f"/api/tables/{table_id}/state"
            assert (await http.get(state, params={"token": gm})).status_code == 200
            wrong = "gm.not-the-secret-at-all"
            assert (await http.get(state, params={"token": wrong})).status_code == 401
        async with connect(ws_url(server, table_id) + f"?token={gm}") as ws:
            assert '"welcome"' in await ws.recv()
        async with connect(ws_url(server, table_id) + f"?token={wrong}") as ws:
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
    joined = "\n".join(lines)
    assert f"/ws/tables/{table_id}" in joined, "the handshakes were logged"
    for secret in (gm.split(".", 1)[1], wrong.split(".", 1)[1]):
        assert secret not in joined
    assert "token=" not in joined
