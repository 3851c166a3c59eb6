"""Races and retries through two ``fracas serve`` processes on one Redis:
commands racing for the same table from both land each exactly once with no
gap (the history checker); the same command id sent at once several times, on
one socket, on two sockets of two processes and over HTTP, is written once and
every answer names the same positions."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from clients.python import Admin
from clients.python.client import ws_url
from domain.commands import AddNote
from server.embedded import EmbeddedRedis
from tests.proofs.conftest import report, scale
from tests.proofs.history import Recorder, check_history
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(600)]


def test_races_and_retries_across_two_processes(tmp_path: Path) -> None:
    races = scale(200, 500)
    redis = EmbeddedRedis(tmp_path / "redis").start()
    one = Served(tmp_path / "a", "--redis-url", redis.url, "--log-level", "warning").start()
    two = Served(tmp_path / "b", "--redis-url", redis.url, "--log-level", "warning").start()

    async def scenario() -> None:
        async with Admin(one.url) as admin:
            created = await admin.create_table("Course", "vda")
        table_id, gm = created["table_id"], created["gm_token"]
        writers = [await Recorder(s.url, table_id, gm, f"w{i}").start() for i, s in enumerate([one, two] * 4)]
        per = races // len(writers)
        await asyncio.gather(
            *(asyncio.gather(*(w.send(AddNote(text=f"{w.name} {n}")) for n in range(per))) for w in writers)
        )
        head = (await writers[0].state())["at"]
        for w in writers:
            await w.wait_for(head)
        checked = await check_history(one.url, table_id, gm, writers)
        assert checked.accepted == per * len(writers) and checked.events == 1 + per * len(writers)
        for w in writers:
            await w.close()

        headers = {"Authorization": f"Bearer {gm}"}
        note = {"type": "AddNote", "text": "une fois"}

        async def on_one_socket(command_id: str) -> list[dict[str, Any]]:
            async with connect(ws_url(one.url, table_id), additional_headers=headers) as ws:
                await ws.recv()
                for _ in range(5):
                    await ws.send(json.dumps({"type": "command", "id": command_id, "command": note}))
                return [json.loads(await ws.recv()) for _ in range(5)]

        async def on_a_socket(url: str, command_id: str) -> dict[str, Any]:
            async with connect(ws_url(url, table_id), additional_headers=headers) as ws:
                await ws.recv()
                await ws.send(json.dumps({"type": "command", "id": command_id, "command": note}))
                return dict(json.loads(await ws.recv()))

        async def over_http(command_id: str) -> dict[str, Any]:
            async with Admin(two.url, gm) as http:
                return await http.command(table_id, AddNote(text="une fois"), id=command_id)

        retried = 0
        for n in range(scale(5, 50)):
            answers = await on_one_socket(f"one-{n}")
            answers += await asyncio.gather(
                on_a_socket(one.url, f"one-{n}"), on_a_socket(two.url, f"one-{n}")
            )
            answers += await asyncio.gather(*(over_http(f"one-{n}") for _ in range(3)))
            twin = await asyncio.gather(on_a_socket(one.url, f"two-{n}"), on_a_socket(two.url, f"two-{n}"))
            twin += await asyncio.gather(over_http(f"http-{n}"), over_http(f"http-{n}"))
            for group in (answers, twin[:2], twin[2:]):
                spots = {(a["first"], a["last"]) for a in group}
                assert len(spots) == 1, group
                assert sum(1 for a in group if not a["duplicate"]) == 1, group
                retried += len(group)
        async with Admin(one.url, gm) as admin:
            records = await admin.records(table_id)
        ids = [r.command_id for r in records if r.command_id]
        assert len(ids) == len(set(ids)), "a command id was written twice"
        report("races and retries", races=races, processes=2, same_id_sends=retried, events=len(records))

    try:
        asyncio.run(scenario())
    finally:
        one.stop()
        two.stop()
        redis.stop()
