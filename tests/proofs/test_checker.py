"""The history checker finds what it is there to find: an acknowledged command
not where its answer says, a gap in what a client received, a client whose
state is not the log's, an event no client sent."""

from __future__ import annotations

import pytest

from clients.python import Admin
from domain.commands import AddNote
from tests.proofs.history import Recorder, check_history
from tests.server.conftest import StartServer


async def test_the_checker_fails_on_each_kind_of_broken_history(start_server: StartServer) -> None:
    server = await start_server()
    async with Admin(server) as admin:
        created = await admin.create_table("Contrôle", "vda")
    table_id, gm = created["table_id"], created["gm_token"]
    writer = await Recorder(server, table_id, gm, "w").start()
    reader = await Recorder(server, table_id, gm, "r").start()
    try:
        for i in range(3):
            assert (await writer.send(AddNote(text=f"n{i}")))["type"] == "accepted"
        await reader.wait_for(4)
        await check_history(server, table_id, gm, [writer, reader])  # true: passes

        answer = writer.answers["w-1"]
        answer["first"] += 1
        with pytest.raises(AssertionError, match="written at"):
            await check_history(server, table_id, gm, [writer, reader])
        answer["first"] -= 1

        kept = list(reader.positions)
        reader.positions.remove(3)
        with pytest.raises(AssertionError, match="a gap"):
            await check_history(server, table_id, gm, [writer, reader])
        reader.positions = kept

        sent = writer.sent.pop("w-2")
        with pytest.raises(AssertionError, match="no client sent"):
            await check_history(server, table_id, gm, [writer, reader])
        writer.sent["w-2"] = sent

        async with Admin(server, gm) as http:  # written by someone the checker does not know
            await http.command(table_id, AddNote(text="ailleurs"), id="stranger")
        await reader.wait_for(5)
        with pytest.raises(AssertionError, match="no client sent"):
            await check_history(server, table_id, gm, [writer, reader])
        await check_history(server, table_id, gm, [writer, reader], frozenset({("gm", "stranger")}))
    finally:
        await writer.close()
        await reader.close()
