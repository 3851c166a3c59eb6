"""The event store contract, run against every Redis backend (embedded 6.2, and
the external Redis at REDIS_URL when there is one)."""

from __future__ import annotations

import asyncio

import pytest

from domain.events import NoteAdded, Recorded, TableCreated
from domain.systems.vda.options import VdaOptions
from server.connect import close, connect
from server.store import Appended, Conflict, DuplicateCommand, RedisEventStore, TableExists, UnknownTable, key

pytestmark = pytest.mark.redis


def created(table_id: str) -> Recorded:
    event = TableCreated(
        table_id=table_id, title="T", system="vda", sandbox=True, options=VdaOptions(), seed_commitment="c"
    )
    return Recorded(position=1, event=event)


def note(position: int, text: str = "n") -> Recorded:
    return Recorded(position=position, event=NoteAdded(text=text, author="gm"))


async def make(store: RedisEventStore, table_id: str) -> None:
    await store.create(
        table_id, created(table_id), epoch="e1", seed=b"s" * 32, gm_token_hash="h", created_at="now"
    )


async def test_create_writes_position_one_with_entry_id_1_0(store: RedisEventStore, table_id: str) -> None:
    await make(store, table_id)
    entries = await store.redis.xrange(key(table_id, "events"))
    assert [entry_id for entry_id, _ in entries] == [b"1-0"]
    # The store reads entries unparsed, relying on this layout: type, then data.
    fields = entries[0][1]
    assert fields[:3] == [b"type", b"TableCreated", b"data"] and len(fields) == 4
    assert (await store.meta(table_id)).epoch == "e1"  # type: ignore[union-attr]
    assert await store.seed(table_id) == b"s" * 32
    with pytest.raises(TableExists):
        await make(store, table_id)


async def test_append_takes_the_next_positions(store: RedisEventStore, table_id: str) -> None:
    await make(store, table_id)
    result = await store.append(table_id, [note(2), note(3)], expected_head=1, command_key="gm:a")
    assert (result.first, result.last, result.duplicate) == (2, 3, False)
    assert [r.position for r in await store.read(table_id)] == [1, 2, 3]
    assert await store.head(table_id) == 3


async def test_stale_expected_head_is_refused_and_writes_nothing(
    store: RedisEventStore, table_id: str
) -> None:
    await make(store, table_id)
    await store.append(table_id, [note(2)], expected_head=1)
    with pytest.raises(Conflict) as refused:
        await store.append(table_id, [note(2, "late")], expected_head=1)
    assert refused.value.head == 2
    assert [r.event.text for r in await store.read(table_id, after=1)] == ["n"]


async def test_append_to_an_unknown_table_is_refused(store: RedisEventStore, table_id: str) -> None:
    with pytest.raises(UnknownTable):
        await store.append(table_id, [note(1)], expected_head=0)
    assert await store.head(table_id) == 0


async def test_a_retried_command_id_is_applied_once(store: RedisEventStore, table_id: str) -> None:
    await make(store, table_id)
    first = await store.append(table_id, [note(2)], expected_head=1, command_key="alice:42")
    again = await store.append(table_id, [note(3)], expected_head=2, command_key="alice:42")
    assert (again.first, again.last, again.duplicate) == (first.first, first.last, True)
    assert await store.head(table_id) == 2
    assert await store.applied(table_id, "alice:42") == again


async def test_two_writers_racing_on_one_position_exactly_one_wins(redis_url: str, table_id: str) -> None:
    clients = [connect(redis_url) for _ in range(8)]
    stores = [RedisEventStore(c) for c in clients]
    try:
        await make(stores[0], table_id)
        results = await asyncio.gather(
            *(s.append(table_id, [note(2, f"w{i}")], expected_head=1) for i, s in enumerate(stores)),
            return_exceptions=True,
        )
        winners = [r for r in results if not isinstance(r, BaseException)]
        assert len(winners) == 1
        assert all(isinstance(r, Conflict) and r.head == 2 for r in results if r not in winners)
        assert [r.position for r in await stores[0].read(table_id)] == [1, 2]
    finally:
        for c in clients:
            await close(c)


async def test_concurrent_writers_that_retry_leave_no_gap(redis_url: str, table_id: str) -> None:
    clients = [connect(redis_url) for _ in range(4)]
    stores = [RedisEventStore(c) for c in clients]

    async def writer(s: RedisEventStore, name: str) -> None:
        for i in range(10):
            while True:
                head = await s.head(table_id)
                try:
                    await s.append(table_id, [note(head + 1, f"{name}{i}")], expected_head=head)
                    break
                except Conflict:
                    continue

    try:
        await make(stores[0], table_id)
        await asyncio.gather(*(writer(s, f"w{n}") for n, s in enumerate(stores)))
        positions = [r.position for r in await stores[0].read(table_id)]
        assert positions == list(range(1, 42))
    finally:
        for c in clients:
            await close(c)


async def test_follow_crosses_the_catch_up_to_live_seam_without_gap_or_repeat(
    redis_url: str, table_id: str
) -> None:
    writer_client, reader_client = connect(redis_url), connect(redis_url)
    writer, reader = RedisEventStore(writer_client), RedisEventStore(reader_client)
    try:
        await make(writer, table_id)
        for p in range(2, 1502):  # more than one catch-up page
            await writer.append(table_id, [note(p)], expected_head=p - 1)
        seen: list[int] = []

        async def follow() -> None:
            async for record in reader.follow(table_id, after=0, block_ms=200):
                seen.append(record.position)
                if record.position == 1600:
                    return

        async def write_more() -> None:
            for p in range(1502, 1601):
                await writer.append(table_id, [note(p)], expected_head=p - 1)
                if p % 10 == 0:
                    await asyncio.sleep(0)

        await asyncio.wait_for(asyncio.gather(follow(), write_more()), timeout=30)
        assert seen == list(range(1, 1601))
    finally:
        await close(writer_client)
        await close(reader_client)


async def test_read_pages_and_bounds(store: RedisEventStore, table_id: str) -> None:
    await make(store, table_id)
    await store.append(table_id, [note(p) for p in range(2, 12)], expected_head=1)
    assert [r.position for r in await store.read(table_id, after=3, limit=4)] == [4, 5, 6, 7]
    assert [r.position for r in await store.read(table_id, after=3, upto=5)] == [4, 5]
    assert [r.position async for r in store.read_all(table_id, after=9)] == [10, 11]


async def test_pages_for_a_fold_hold_each_records_position_and_event(
    store: RedisEventStore, table_id: str
) -> None:
    await make(store, table_id)
    await store.append(table_id, [note(p) for p in range(2, 2_503)], expected_head=1)
    full = [r async for page in store.pages(table_id, after=1, upto=2_400) for r in page]
    light = [r async for page in store.event_pages(table_id, after=1, upto=2_400) for r in page]
    assert [(r.position, r.event) for r in light] == [(r.position, r.event) for r in full]
    assert [r.position for r in light] == list(range(2, 2_401))  # across pages of 1,000


async def test_records_that_do_not_follow_the_head_are_refused_before_redis(
    store: RedisEventStore, table_id: str
) -> None:
    await make(store, table_id)
    with pytest.raises(ValueError):
        await store.append(table_id, [note(5)], expected_head=1)
    assert await store.head(table_id) == 1


async def test_a_batch_of_commands_is_written_at_once_each_with_its_positions(
    store: RedisEventStore, table_id: str
) -> None:
    await make(store, table_id)
    batch = [("gm:a", [note(2), note(3)]), ("", [note(4)]), ("alice:b", [note(5)])]
    result = await store.append_batch(table_id, batch, expected_head=1)
    assert (result.first, result.last) == (2, 5)
    assert await store.applied_many(table_id, ["gm:a", "alice:b", "gm:zzz"]) == {
        "gm:a": Appended(2, 3, duplicate=True),
        "alice:b": Appended(5, 5, duplicate=True),
    }
    with pytest.raises(DuplicateCommand) as again:
        await store.append_batch(table_id, [("gm:new", [note(6)]), ("alice:b", [note(7)])], expected_head=5)
    assert (again.value.command_key, again.value.first, again.value.last) == ("alice:b", 5, 5)
    assert await store.head(table_id) == 5
    assert await store.applied(table_id, "gm:new") is None
