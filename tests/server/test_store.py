"""The event store contract (tests/store_contract.py) run against every store:
the one in memory, and the Redis one on every Redis backend (the embedded 6.2,
the external Redis at REDIS_URL when there is one, a Cluster and a Sentinel),
each with its fast script calls and with plain redis-py; then what is
particular to the Redis layout."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.connect import close, connect
from server.memory_store import MemoryEventStore
from server.store import EventStore, RedisEventStore, key
from tests.store_contract import EventStoreContract, OpenStore, make


class TestMemoryEventStore(EventStoreContract):
    @pytest.fixture
    def new_store(self) -> OpenStore:
        shared = MemoryEventStore()  # one process's memory: every writer sees the same tables
        return lambda: shared


@pytest.mark.redis
@pytest.mark.both_paths
class TestRedisEventStore(EventStoreContract):
    @pytest.fixture
    async def new_store(self, redis_url: str, fast_paths: bool) -> AsyncIterator[OpenStore]:
        clients = []

        def open_store() -> EventStore:
            client = connect(redis_url)
            clients.append(client)
            return RedisEventStore(client, fast_paths=fast_paths)

        yield open_store
        for client in clients:
            await close(client)


@pytest.mark.redis
async def test_the_stream_entry_of_position_p_is_p_0_and_holds_type_then_data(
    store: RedisEventStore, table_id: str
) -> None:
    await make(store, table_id)
    entries = await store.redis.xrange(key(table_id, "events"))
    assert [entry_id for entry_id, _ in entries] == [b"1-0"]
    # The store reads entries unparsed, relying on this layout: type, then data.
    fields = entries[0][1]
    assert fields[:3] == [b"type", b"TableCreated", b"data"] and len(fields) == 4
