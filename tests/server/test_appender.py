"""The appender's group commit, seen from the commands that wait on it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from domain.base import GM
from domain.commands import AddNote
from domain.events import NoteAdded
from server.connect import close, connect
from server.hub import Hub
from server.projector import Projector
from server.store import RedisEventStore
from server.tables import Tables

pytestmark = pytest.mark.redis


@pytest.fixture
async def tables(redis_url: str) -> AsyncIterator[Tables]:
    client = connect(redis_url)
    store = RedisEventStore(client)
    projector = Projector(store)
    hub = Hub(client, store, projector, queue_size=16)
    await hub.start()
    yield Tables(store, hub, projector)
    await hub.stop()
    await close(client)


async def test_cancelling_the_caller_that_is_writing_never_strands_the_commands_behind_it(
    tables: Tables,
) -> None:
    table_id = (await tables.create("Annulation", "vda", False, None)).table_id
    first = asyncio.create_task(tables.run(table_id, GM, "a", AddNote(text="a")))
    await asyncio.sleep(0)  # the first command is now writing, in its caller's task
    second = asyncio.create_task(tables.run(table_id, GM, "b", AddNote(text="b")))
    await asyncio.sleep(0)
    first.cancel()
    result = await asyncio.wait_for(second, 10)
    first_outcome = (await asyncio.gather(first, return_exceptions=True))[0]
    written = [r.event for r in await tables.store.read(table_id)]
    assert written[result.first - 1] == NoteAdded(text="b", author="gm")
    # The first command was either written before the cancel landed, or not at all.
    assert (NoteAdded(text="a", author="gm") in written) == (not isinstance(first_outcome, BaseException))


async def test_commands_queued_behind_a_write_are_decided_in_arrival_order(tables: Tables) -> None:
    table_id = (await tables.create("Ordre", "vda", False, None)).table_id
    results = await asyncio.gather(
        *(tables.run(table_id, GM, f"c{i}", AddNote(text=str(i))) for i in range(20))
    )
    assert [r.first for r in results] == list(range(2, 22))
    texts = [r.event.text for r in await tables.store.read(table_id, after=1)]  # type: ignore[union-attr]
    assert texts == [str(i) for i in range(20)]
