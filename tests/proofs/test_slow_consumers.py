"""Slow and dead consumers, with real sockets that read slowly or not at all
(a receive buffer as small as the kernel allows): a player too far behind is
closed with 1013, a spectator skipped ahead, a socket whose close cannot be
delivered is aborted, and its token's socket is free again; none of it
touches the others. On the fast and the plain paths.

The server runs with ``behind_seconds`` of 1 s or 3 s here (5 by default):
what is checked is the behaviour, the bounds are generous (the machine is
shared)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator

import pytest

from clients.python import Admin, TableClient
from domain.commands import AddNote
from domain.wire import Accepted
from server.limits import LimitSettings
from tests.proofs.conftest import report
from tests.proofs.raw import RawSocket
from tests.server.conftest import StartServer
from tests.server.test_websocket import table_with_roles

pytestmark = [pytest.mark.both_paths, pytest.mark.timeout(180)]

NOTE = "x" * 1_900
BOUND = 30.0
"""Generous: what the server does within behind_seconds + close_seconds (+1 s
for its watch) must be seen within this on a loaded machine."""


@contextlib.asynccontextmanager
async def flood(server: str, table_id: str, gm_token: str) -> AsyncIterator[list[int]]:
    """A GM writing ~2 KB notes as fast as they are accepted, for the block's
    length; yields the count of notes accepted so far."""
    accepted = [0]

    async def write() -> None:
        async with TableClient(server, table_id, gm_token) as gm:
            for i in itertools.count():
                assert isinstance(await gm.send(AddNote(text=f"{i} {NOTE}")), Accepted)
                accepted[0] += 1

    task = asyncio.create_task(write())
    try:
        yield accepted
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def until(check: object, what: str) -> float:
    """Wait until ``check()`` holds; how long it took."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not check():  # type: ignore[operator]
        assert loop.time() - start < BOUND, f"not within {BOUND} s: {what}"
        await asyncio.sleep(0.05)
    return loop.time() - start


async def admitted(server: str, table_id: str, token: str) -> bool:
    """Whether a new socket of ``token`` gets in (the limit is one socket per token)."""
    probe = await RawSocket.open(server, table_id, token)
    try:
        return bool((await probe.recv_json())["type"] == "welcome")
    except ConnectionError:  # closed 4429: the token's socket is still held
        return False
    finally:
        probe.abort()


async def wait_admitted(server: str, table_id: str, token: str) -> float:
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not await admitted(server, table_id, token):
        assert loop.time() - start < BOUND, "the stuck socket was never released"
        await asyncio.sleep(0.1)
    return loop.time() - start


async def following(server: str, table_id: str, token: str, limit: int = 2**24) -> RawSocket:
    sock = await RawSocket.open(server, table_id, token, receive_buffer=4096, limit=limit)
    head = (await sock.recv_json())["head"]
    sock.send_json({"type": "follow", "after": head})
    return sock


async def test_sockets_that_never_read_are_closed_aborted_and_released(start_server: StartServer) -> None:
    """A player and a spectator stop reading while the GM writes: both are let go
    (a spectator's skip ahead cannot be written either), their TCP connections
    are aborted, their tokens may connect again, and the GM is never held up."""
    server = await start_server(behind_seconds=1.0, close_seconds=1.0, limits=LimitSettings(per_token=1))
    async with Admin(server) as admin:
        t = await table_with_roles(admin, server)
    player = await following(server, t["table"], t["player"])
    spectator = await following(server, t["table"], t["spectator"])
    await asyncio.sleep(0.2)  # the follows are read
    player.stop_reading()
    spectator.stop_reading()
    try:
        async with flood(server, t["table"], t["gm"]) as accepted:
            reset = await until(
                lambda: player.dropped_by_server() and spectator.dropped_by_server(), "both sockets reset"
            )
            player_back = await wait_admitted(server, t["table"], t["player"])
            spectator_back = await wait_admitted(server, t["table"], t["spectator"])
            written = accepted[0]
            await until(lambda: accepted[0] > written + 20, "the GM goes on writing")
    finally:
        player.abort()
        spectator.abort()
    report(
        "never-reading sockets",
        aborted_within_s=round(reset, 1),
        notes=accepted[0],
        player_readmitted_s=round(player_back, 1),
        spectator_readmitted_s=round(spectator_back, 1),
    )


async def test_a_slow_player_gets_1013_and_a_slow_spectator_is_skipped_ahead(
    start_server: StartServer,
) -> None:
    """Clients reading at ~40 kB/s while the table writes faster: the player is
    closed with 1013 (the close frame reaches it, no 1011), the spectator gets
    ``skipped`` and then the live events again."""
    server = await start_server(behind_seconds=3.0, close_seconds=5.0)
    async with Admin(server) as admin:
        t = await table_with_roles(admin, server)
    player = await following(server, t["table"], t["player"], limit=4096)
    spectator = await following(server, t["table"], t["spectator"], limit=4096)
    kinds: dict[str, list[object]] = {"player": [], "spectator": []}

    async def read_slowly(name: str, sock: RawSocket) -> None:
        while True:
            message = await sock.recv()
            if message.opcode == 8:
                kinds[name].append(message.close_code)
                return
            if message.opcode == 1:
                kinds[name].append(message.json()["type"])
            await asyncio.sleep(len(message.data) / 40_000)

    readers = [
        asyncio.create_task(read_slowly(n, s)) for n, s in (("player", player), ("spectator", spectator))
    ]
    try:
        async with flood(server, t["table"], t["gm"]):
            skipped = await until(lambda: "skipped" in kinds["spectator"], "the spectator skipped ahead")
            closed = await until(
                lambda: any(isinstance(k, int) for k in kinds["player"]), "the player closed"
            )
        assert kinds["player"][-1] == 1013, kinds["player"][-5:]
        assert 1011 not in kinds["spectator"] and 1011 not in kinds["player"]
        await asyncio.sleep(0.5)
        async with TableClient(server, t["table"], t["gm"]) as gm:
            assert isinstance(await gm.send(AddNote(text="après")), Accepted)
        count = len(kinds["spectator"])
        await until(lambda: "events" in kinds["spectator"][count:], "the spectator is live again")
    finally:
        for task in readers:
            task.cancel()
        player.abort()
        spectator.abort()
    report(
        "slow readers (~40 kB/s)",
        spectator_skipped_s=round(skipped, 1),
        player_closed_1013_s=round(closed, 1),
    )
