"""The event store contract: one suite that every :class:`server.store.EventStore`
passes. A backend's test class (tests/server/test_store.py) subclasses
:class:`EventStoreContract` and provides one fixture, ``new_store``: a
function that opens another store on the same backend (several writers race
through their own stores)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import msgspec
import pytest

from domain.events import NoteAdded, Recorded, TableCreated
from domain.systems.vda.options import VdaOptions
from domain.table import TableState
from server.store import Appended, Conflict, DuplicateCommand, EventStore, TableExists, UnknownTable

OpenStore = Callable[[], EventStore]


def created(table_id: str) -> Recorded:
    event = TableCreated(
        table_id=table_id, title="T", system="vda", sandbox=True, options=VdaOptions(), seed_commitment="c"
    )
    return Recorded(position=1, event=event, at="now")


def note(position: int, text: str = "n") -> Recorded:
    return Recorded(position=position, event=NoteAdded(text=text, author="gm"))


async def make(store: EventStore, table_id: str, epoch: str = "e1") -> None:
    await store.create(
        table_id, created(table_id), epoch=epoch, seed=b"s" * 32, gm_token_hash="h", created_at="now"
    )


class EventStoreContract:
    @pytest.fixture
    def new_store(self) -> OpenStore:
        raise NotImplementedError("each backend's test class opens its own stores")

    @pytest.fixture
    def store(self, new_store: OpenStore) -> EventStore:
        return new_store()

    async def test_create_writes_position_one_with_the_tables_epoch_seed_and_gm_token(
        self, store: EventStore, table_id: str
    ) -> None:
        assert (await store.meta(table_id), await store.head(table_id)) == (None, 0)
        await store.create(
            table_id,
            created(table_id),
            epoch="e1",
            seed=b"s" * 32,
            gm_token_hash="h",
            created_at="now",
            signing_key=b"k" * 32,
        )
        assert await store.read(table_id) == [created(table_id)]
        assert await store.head(table_id) == 1
        meta = await store.meta(table_id)
        assert meta is not None
        assert (meta.epoch, meta.created_at, meta.signing_key) == ("e1", "now", b"k" * 32)
        assert await store.seed(table_id) == b"s" * 32
        assert await store.token_hash(table_id, "gm") == "h"
        with pytest.raises(TableExists):
            await make(store, table_id, epoch="e2")
        assert (await store.meta(table_id)).epoch == "e1"  # type: ignore[union-attr]

    async def test_an_unknown_table_has_no_meta_no_head_and_no_seed(
        self, store: EventStore, table_id: str
    ) -> None:
        assert await store.meta(table_id) is None
        assert await store.head(table_id) == 0
        assert await store.read(table_id) == []
        with pytest.raises(UnknownTable):
            await store.seed(table_id)

    async def test_append_takes_the_next_positions(self, store: EventStore, table_id: str) -> None:
        await make(store, table_id)
        result = await store.append(table_id, [note(2), note(3)], expected_head=1, command_key="gm:a")
        assert (result.first, result.last, result.duplicate) == (2, 3, False)
        assert [r.position for r in await store.read(table_id)] == [1, 2, 3]
        assert await store.head(table_id) == 3

    async def test_stale_expected_head_is_refused_and_writes_nothing(
        self, store: EventStore, table_id: str
    ) -> None:
        await make(store, table_id)
        await store.append(table_id, [note(2)], expected_head=1)
        with pytest.raises(Conflict) as refused:
            await store.append(table_id, [note(2, "late")], expected_head=1)
        assert refused.value.head == 2
        assert [r.event.text for r in await store.read(table_id, after=1)] == ["n"]  # type: ignore[union-attr]

    async def test_append_to_an_unknown_table_is_refused(self, store: EventStore, table_id: str) -> None:
        with pytest.raises(UnknownTable):
            await store.append(table_id, [note(1)], expected_head=0)
        assert await store.head(table_id) == 0

    async def test_a_retried_command_id_is_applied_once(self, store: EventStore, table_id: str) -> None:
        await make(store, table_id)
        first = await store.append(table_id, [note(2)], expected_head=1, command_key="alice:42")
        again = await store.append(table_id, [note(3)], expected_head=2, command_key="alice:42")
        assert (again.first, again.last, again.duplicate) == (first.first, first.last, True)
        assert await store.head(table_id) == 2
        assert await store.applied(table_id, "alice:42") == again
        # A retry is answered as such even when its expected head is long gone.
        assert await store.append(table_id, [note(2)], expected_head=1, command_key="alice:42") == again

    async def test_records_that_do_not_follow_the_head_are_refused_before_the_backend(
        self, store: EventStore, table_id: str
    ) -> None:
        await make(store, table_id)
        with pytest.raises(ValueError):
            await store.append(table_id, [note(5)], expected_head=1)
        with pytest.raises(ValueError):
            await store.append_batch(table_id, [("gm:a", [])], expected_head=1)
        assert await store.head(table_id) == 1

    async def test_a_batch_of_commands_is_written_at_once_each_with_its_positions(
        self, store: EventStore, table_id: str
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
            await store.append_batch(
                table_id, [("gm:new", [note(6)]), ("alice:b", [note(7)])], expected_head=5
            )
        assert (again.value.command_key, again.value.first, again.value.last) == ("alice:b", 5, 5)
        assert await store.head(table_id) == 5
        assert await store.applied(table_id, "gm:new") is None

    async def test_two_writers_racing_on_one_position_exactly_one_wins(
        self, new_store: OpenStore, table_id: str
    ) -> None:
        stores = [new_store() for _ in range(8)]
        await make(stores[0], table_id)
        results = await asyncio.gather(
            *(s.append(table_id, [note(2, f"w{i}")], expected_head=1) for i, s in enumerate(stores)),
            return_exceptions=True,
        )
        winners = [r for r in results if not isinstance(r, BaseException)]
        assert len(winners) == 1
        assert all(isinstance(r, Conflict) and r.head == 2 for r in results if r not in winners)
        assert [r.position for r in await stores[0].read(table_id)] == [1, 2]

    async def test_concurrent_writers_that_retry_leave_no_gap(
        self, new_store: OpenStore, table_id: str
    ) -> None:
        stores = [new_store() for _ in range(4)]

        async def writer(s: EventStore, name: str) -> None:
            for i in range(10):
                while True:
                    head = await s.head(table_id)
                    try:
                        await s.append(table_id, [note(head + 1, f"{name}{i}")], expected_head=head)
                        break
                    except Conflict:
                        await asyncio.sleep(0)  # let the others write (a store in memory never waits)

        await make(stores[0], table_id)
        await asyncio.gather(*(writer(s, f"w{n}") for n, s in enumerate(stores)))
        assert [r.position for r in await stores[0].read(table_id)] == list(range(1, 42))

    async def test_follow_crosses_the_catch_up_to_live_seam_without_gap_or_repeat(
        self, new_store: OpenStore, table_id: str
    ) -> None:
        writer, reader = new_store(), new_store()
        await make(writer, table_id)
        # More than one catch-up page, in one write (the live part below is one at a time).
        await writer.append(table_id, [note(p) for p in range(2, 1502)], expected_head=1)
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

    async def test_a_follower_waiting_at_the_head_wakes_on_the_next_append(
        self, new_store: OpenStore, table_id: str
    ) -> None:
        writer, reader = new_store(), new_store()
        await make(writer, table_id)
        # Blocking far longer than the test may wait: only the append can wake it.
        follower = reader.follow(table_id, after=1, block_ms=600_000)
        waiting = asyncio.ensure_future(anext(follower))
        await asyncio.sleep(0.05)  # most likely waiting by now; either way the append must reach it
        await writer.append(table_id, [note(2, "réveil")], expected_head=1)
        woken = await asyncio.wait_for(waiting, timeout=10)
        assert (woken.position, woken.event.text) == (2, "réveil")  # type: ignore[union-attr]
        await follower.aclose()  # type: ignore[attr-defined]

    async def test_read_pages_and_bounds(self, store: EventStore, table_id: str) -> None:
        await make(store, table_id)
        await store.append(table_id, [note(p) for p in range(2, 12)], expected_head=1)
        assert [r.position for r in await store.read(table_id, after=3, limit=4)] == [4, 5, 6, 7]
        assert [r.position for r in await store.read(table_id, after=3, upto=5)] == [4, 5]
        assert await store.read(table_id, after=5, upto=5) == []
        assert await store.read(table_id, after=11) == []
        assert [r.position async for r in store.read_all(table_id, after=9)] == [10, 11]
        assert [r.position async for r in store.read_all(table_id, after=2, upto=4)] == [3, 4]

    async def test_pages_for_a_fold_hold_each_records_position_and_event(
        self, store: EventStore, table_id: str
    ) -> None:
        await make(store, table_id)
        await store.append(table_id, [note(p) for p in range(2, 2_503)], expected_head=1)
        full = [r async for page in store.pages(table_id, after=1, upto=2_400) for r in page]
        light = [r async for page in store.event_pages(table_id, after=1, upto=2_400) for r in page]
        assert [(r.position, r.event) for r in light] == [(r.position, r.event) for r in full]
        assert [r.position for r in light] == list(range(2, 2_401))  # across pages of 1,000
        sizes = [len(page) async for page in store.pages(table_id, after=0, size=1_000)]
        assert sizes == [1_000, 1_000, 502]

    async def test_the_nearest_snapshot_is_the_last_kept_at_or_before_a_position(
        self, store: EventStore, table_id: str
    ) -> None:
        await make(store, table_id)
        states = [TableState(position=p) for p in (5, 10)]
        await store.save_snapshots(table_id, "layout-1", states)
        assert await store.nearest_snapshot(table_id, "layout-1", 4) is None
        for position, kept in ((5, 5), (9, 5), (10, 10), (99, 10)):
            found = await store.nearest_snapshot(table_id, "layout-1", position)
            assert found is not None and msgspec.json.decode(found)["position"] == kept
        assert await store.nearest_snapshot(table_id, "another-layout", 99) is None

    async def test_tokens_are_set_read_and_dropped(self, store: EventStore, table_id: str) -> None:
        await make(store, table_id)
        await store.set_token(table_id, "p-1", "hash-1")
        assert await store.token_hash(table_id, "p-1") == "hash-1"
        await store.drop_token(table_id, "p-1")
        assert await store.token_hash(table_id, "p-1") is None
        assert await store.token_hash(table_id, "gm") == "h"
