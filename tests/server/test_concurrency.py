"""Many commands at once: group commit within a process, and two replicas on one
Redis writing to the same table."""

from __future__ import annotations

import asyncio

import pytest

from clients.python import Admin, TableClient
from domain.commands import AddNote, RemoveCombatant
from domain.events import NoteAdded
from domain.wire import Accepted, Rejected
from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


async def test_commands_sent_together_are_each_written_once_in_order(admin: Admin, server: str) -> None:
    created = await admin.create_table("Foule", "vda", sandbox=True)
    table_id, gm_token = created["table_id"], created["gm_token"]
    clients = [TableClient(server, table_id, gm_token) for _ in range(5)]
    for client in clients:
        await client.connect()
    try:
        sends = [clients[i % 5].send(AddNote(text=f"note {i}"), command_id=f"c{i}") for i in range(60)] + [
            clients[0].send(AddNote(text="note 7 again"), command_id="c7"),  # a retry of c7
            clients[1].send(RemoveCombatant(combatant_id="nobody")),  # refused, alone
        ]
        answers = await asyncio.gather(*sends)
        accepted = [a for a in answers[:60] if isinstance(a, Accepted)]
        assert len(accepted) == 60
        assert sorted(a.first for a in accepted) == list(range(2, 62))
        # The retry of c7 travels on another socket: either may land first, and the
        # other is answered as its duplicate, with the same position.
        retry, original = answers[60], answers[7]
        assert isinstance(retry, Accepted) and isinstance(original, Accepted)
        assert {retry.duplicate, original.duplicate} == {True, False} and retry.first == original.first
        assert isinstance(answers[61], Rejected) and answers[61].rule == "table.combatant-unknown"
        async with Admin(server, gm_token) as gm:
            records = await gm.records(table_id)
        assert [r.position for r in records] == list(range(1, 62))
        texts = {r.event.text: r.position for r in records if isinstance(r.event, NoteAdded)}
        texts.setdefault("note 7", texts.get("note 7 again", 0))  # whichever of the two was written
        assert all(texts[f"note {i}"] == answers[i].first for i in range(60))  # type: ignore[union-attr]
    finally:
        for client in clients:
            await client.close()


async def test_two_replicas_on_one_redis_write_one_table_without_gap_and_both_see_all(
    start_server: StartServer,
) -> None:
    first, second = await start_server(), await start_server()
    async with Admin(first) as http:
        created = await http.create_table("Deux serveurs", "vda")
    table_id, gm_token = created["table_id"], created["gm_token"]
    async with TableClient(first, table_id, gm_token) as a, TableClient(second, table_id, gm_token) as b:
        await a.follow(0)
        await b.follow(0)
        answers = await asyncio.gather(
            *(
                client.send(AddNote(text=f"{name}{i}"))
                for i in range(25)
                for name, client in (("a", a), ("b", b))
            )
        )
        assert all(isinstance(x, Accepted) for x in answers), [
            x for x in answers if not isinstance(x, Accepted)
        ][:3]
        for client in (a, b):
            positions = [(await client.next_event(timeout=20)).position for _ in range(51)]
            assert positions == list(range(1, 52))


async def test_a_burst_of_connections_all_get_in(admin: Admin, server: str) -> None:
    created = await admin.create_table("Affluence", "vda")
    async with Admin(server, created["gm_token"]) as gm:
        spectator = (await gm.invite(created["table_id"], "spectator", "overlay"))["token"]
    clients = [TableClient(server, created["table_id"], spectator) for _ in range(150)]
    try:
        welcomes = await asyncio.gather(*(client.connect() for client in clients))
        assert all(w.role == "spectator" and w.head == 2 for w in welcomes)
    finally:
        await asyncio.gather(*(client.close() for client in clients))
