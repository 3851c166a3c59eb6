"""Divergence: Redis is restored from an older copy after acknowledged writes.
Every client of the table, connected all along, is told its history diverged
and none goes on silently: each reloads from scratch, the table goes on from
the restored head, and the history checker passes on what the store holds."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from clients.python import Admin
from domain.commands import AddNote
from server.embedded import EmbeddedRedis
from tests.proofs.conftest import report
from tests.proofs.history import Recorder, check_history
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(300)]


def test_a_restored_older_store_tells_every_client_it_diverged(tmp_path: Path) -> None:
    redis = EmbeddedRedis(tmp_path / "redis").start()
    served = Served(tmp_path / "data", "--redis-url", redis.url, "--log-level", "error").start()

    async def scenario() -> None:
        async with Admin(served.url) as admin:
            created = await admin.create_table("Retour", "vda")
        table_id, gm = created["table_id"], created["gm_token"]
        async with Admin(served.url, gm) as gm_admin:
            spectator = await gm_admin.invite(table_id, "spectator", "OBS")
        over_http = frozenset({("gm", f"invite-{spectator['id']}")})
        writer = await Recorder(served.url, table_id, gm, "w").start()
        clients = [writer, await Recorder(served.url, table_id, gm, "g").start()]
        clients += [
            await Recorder(served.url, table_id, spectator["token"], f"s{i}").start() for i in range(3)
        ]
        for i in range(3):
            assert (await writer.send(AddNote(text=f"avant {i}")))["type"] == "accepted"
        redis.stop()  # its files now hold everything acknowledged so far
        shutil.copytree(tmp_path / "redis", tmp_path / "copy")
        redis.start()
        lost = [f"lost-{i}" for i in range(3)]
        for command_id in lost:
            assert (await writer.send(AddNote(text=command_id), command_id=command_id))["type"] == "accepted"
        head = (await writer.state())["at"]
        for client in clients:
            await client.wait_for(head)
        redis.stop()
        shutil.rmtree(tmp_path / "redis")
        shutil.copytree(tmp_path / "copy", tmp_path / "redis")
        redis.start()
        for i in range(3):
            assert (await writer.send(AddNote(text=f"après {i}")))["type"] == "accepted"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not all(c.diverged for c in clients):
            assert loop.time() < deadline, [(c.name, c.diverged) for c in clients]
            await asyncio.sleep(0.1)
        for command_id in lost:  # acknowledged, then lost with the store: not the checker's
            writer.sent.pop(command_id)
            writer.answers.pop(command_id)
        head = (await writer.state())["at"]
        for client in clients:
            await client.wait_for(head)
        checked = await check_history(served.url, table_id, gm, clients, over_http)
        report(
            "divergence",
            clients=len(clients),
            told=sum(1 for c in clients if c.diverged),
            events=checked.events,
        )
        for client in clients:
            await client.close()

    try:
        asyncio.run(scenario())
    finally:
        served.stop()
        redis.stop()
