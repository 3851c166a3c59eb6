"""Revocation racing a player's commands, through two server processes: the
player sends as fast as it is answered on a socket to each while the GM
revokes it over HTTP. No command of the player lands after the revocation's
position, and both its sockets are closed (4401) within a second of the
revocation's answer (bounded here at 5 s: the machine is shared). Short form
5 races, long form 40."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.python import Admin
from clients.python.client import ws_url
from server.embedded import EmbeddedRedis
from tests.proofs.conftest import report, scale
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(600)]


async def hammer(
    url: str, table_id: str, token: str, closed: dict[str, float], welcomed: asyncio.Event
) -> int:
    """Once welcomed (``welcomed`` set), send notes as fast as they are answered
    until the socket is closed: the close code; the time it came in ``closed``."""
    headers = {"Authorization": f"Bearer {token}"}
    async with connect(ws_url(url, table_id), additional_headers=headers) as ws:
        await ws.recv()
        welcomed.set()
        n = 0
        try:
            while True:
                note = {"type": "AddNote", "text": f"encore {n}"}
                await ws.send(json.dumps({"type": "command", "id": f"{url[-5:]}-{n}", "command": note}))
                await ws.recv()
                n += 1
        except ConnectionClosed:
            closed[url] = asyncio.get_running_loop().time()
            rcvd = ws.protocol.close_rcvd
            return rcvd.code if rcvd is not None else 1006


def test_a_revoked_player_writes_nothing_after_its_revocation(tmp_path: Path) -> None:
    races = scale(5, 40)
    redis = EmbeddedRedis(tmp_path / "redis").start()
    one = Served(tmp_path / "a", "--redis-url", redis.url, "--log-level", "warning").start()
    two = Served(tmp_path / "b", "--redis-url", redis.url, "--log-level", "warning").start()

    async def scenario() -> None:
        async with Admin(one.url) as admin:
            created = await admin.create_table("Révocation", "vda")
        table_id, gm = created["table_id"], created["gm_token"]
        latest = 0.0
        landed_before = 0
        rng = random.Random(0)
        async with Admin(two.url, gm) as gm_admin:
            for _ in range(races):
                player = await gm_admin.invite(table_id, "player", "P")
                closed: dict[str, float] = {}
                welcomed = [asyncio.Event(), asyncio.Event()]
                sockets = [
                    asyncio.create_task(hammer(url, table_id, player["token"], closed, welcome))
                    for url, welcome in zip((one.url, two.url), welcomed, strict=True)
                ]
                # Both sockets in before the race (on a loaded machine a handshake
                # can take longer than the pause, and the revocation then refuses it).
                await asyncio.wait_for(asyncio.gather(*(w.wait() for w in welcomed)), 30)
                await asyncio.sleep(rng.uniform(0.05, 0.3))
                revoked = await gm_admin.revoke(table_id, player["id"])
                answered = asyncio.get_running_loop().time()
                codes = await asyncio.wait_for(asyncio.gather(*sockets), 30)
                assert codes == [4401, 4401], codes
                latest = max(latest, *(at - answered for at in closed.values()))
                records = await gm_admin.records(table_id)
                late = [
                    r.position
                    for r in records
                    if r.sender == player["id"] and r.position > revoked["position"]
                ]
                assert not late, f"written after the revocation at {revoked['position']}: {late}"
                landed_before += sum(1 for r in records if r.sender == player["id"])
        # How long a revoked socket stayed open is a figure (docs/reliability.md),
        # reported below, never a timed assertion.
        report(
            "revocation",
            races=races,
            processes=2,
            commands_landed_before=landed_before,
            slowest_close_s=round(latest, 2),
        )

    try:
        asyncio.run(scenario())
    finally:
        one.stop()
        two.stop()
        redis.stop()
