"""What one address or one token may try or hold: failed token attempts are
throttled, open sockets are capped, and a configured public origin is what a
browser's ``Origin`` is compared with."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from clients.python.client import ws_url
from server.limits import LimitSettings
from tests.server.conftest import StartServer, new_table

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]


def socket_to(server: str, table_id: str, token: str) -> Any:
    return connect(ws_url(server, table_id), additional_headers={"Authorization": f"Bearer {token}"})


async def close_code(server: str, table_id: str, token: str) -> int | None:
    """The code the server closes a new socket with (None: it said welcome)."""
    async with socket_to(server, table_id, token) as ws:
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else -1
        assert first["type"] == "welcome"
        return None


async def test_an_address_that_keeps_failing_is_throttled_even_with_a_right_token(
    start_embedded_server: StartServer,
) -> None:
    server = await start_embedded_server(limits=LimitSettings(failed_attempts=4))
    t = await new_table(server)
    async with httpx.AsyncClient(base_url=server) as http:
        for i in range(2):
            wrong = {"Authorization": f"Bearer gm.wrong{i}"}
            assert (await http.get(f"/api/tables/{t['table']}/state", headers=wrong)).status_code == 401
        for i in range(2):
            assert await close_code(server, t["table"], f"gm.wrong{i}") == 4401
        right = {"Authorization": f"Bearer {t['gm']}"}
        throttled = await http.get(f"/api/tables/{t['table']}/state", headers=right)
        assert throttled.status_code == 429 and throttled.json()["rule"] == "auth.throttled"
    assert await close_code(server, t["table"], t["gm"]) == 4429


async def test_open_sockets_are_capped_per_token_and_per_address(start_embedded_server: StartServer) -> None:
    server = await start_embedded_server(limits=LimitSettings(per_token=2, per_address=3))
    t = await new_table(server)
    async with socket_to(server, t["table"], t["spectator"]) as first:
        await first.recv()
        async with socket_to(server, t["table"], t["spectator"]) as second:
            await second.recv()
            assert await close_code(server, t["table"], t["spectator"]) == 4429  # a third for one token
            async with socket_to(server, t["table"], t["gm"]) as gm:
                await gm.recv()
                assert await close_code(server, t["table"], t["gm"]) == 4429  # a fourth from one address
        assert await close_code(server, t["table"], t["spectator"]) is None  # a closed one frees its place


async def test_a_configured_public_origin_is_checked_rather_than_the_host_header(
    start_embedded_server: StartServer,
) -> None:
    server = await start_embedded_server(public_origins=("https://fracas.example",))
    t = await new_table(server)
    url, headers = ws_url(server, t["table"]), {"Authorization": f"Bearer {t['gm']}"}
    rebound = "http://" + server.removeprefix("http://")  # what a rebinding page's origin looks like
    with pytest.raises(InvalidStatus) as refused:
        async with connect(url, additional_headers=headers, origin=rebound):  # type: ignore[arg-type]
            pass
    assert refused.value.response.status_code == 403
    async with connect(url, additional_headers=headers, origin="https://fracas.example") as ok:  # type: ignore[arg-type]
        assert json.loads(await ok.recv())["type"] == "welcome"
