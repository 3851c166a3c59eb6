"""The appender's group commit, seen from the commands that wait on it."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref
from collections.abc import AsyncIterator
from typing import Any

import pytest

from domain.base import GM
from domain.commands import AddCombatant, AddNote, RemoveCombatant, Rewind
from domain.errors import Refused
from domain.events import Combatant, NoteAdded
from domain.systems.vda.state import VdaSheet
from server import appender, deciding
from server.connect import close, connect
from server.envelope import envelope
from server.hub import Hub
from server.limits import Limits
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


async def test_a_caller_that_stops_waiting_never_strands_the_commands_behind_it(
    tables: Tables,
) -> None:
    """A command once queued stands even if its caller gives up waiting (as when a
    client disconnects after sending it): it is written once, and the commands
    queued behind it are written after it."""
    table_id = (await tables.create("Annulation", "vda", False, None)).table_id
    first = asyncio.create_task(tables.run(table_id, envelope(GM, "a", AddNote(text="a"))))
    await asyncio.sleep(0)  # the first command is queued, its write about to start
    second = asyncio.create_task(tables.run(table_id, envelope(GM, "b", AddNote(text="b"))))
    await asyncio.sleep(0)
    first.cancel()
    result = await asyncio.wait_for(second, 10)
    assert (await asyncio.gather(first, return_exceptions=True))[0].__class__ is asyncio.CancelledError
    written = [r.event for r in await tables.store.read(table_id, after=1)]
    assert written == [NoteAdded(text="a", author="gm"), NoteAdded(text="b", author="gm")]
    assert result.first == 3


async def test_a_batch_that_waits_past_the_deadline_fails_with_everything_queued_behind_it(
    tables: Tables,
) -> None:
    """A Redis that hangs: the batch in flight and every command queued behind it
    hear ``TimeoutError`` after the deadline, instead of each batch waiting in turn."""
    table_id = (await tables.create("Gel", "vda", False, None)).table_id
    tables.deadlines.seconds = 0.2
    appends: list[object] = []

    async def hanging_append(*args: object, **kwargs: object) -> None:
        appends.append(args)
        await asyncio.Event().wait()  # never answers

    tables.store.append_batch = hanging_append  # type: ignore[method-assign,assignment]
    first = asyncio.create_task(tables.run(table_id, envelope(GM, "c0", AddNote(text="0"))))
    while not appends:
        await asyncio.sleep(0.01)  # the first batch is now waiting on Redis
    behind = [tables.run(table_id, envelope(GM, f"c{i}", AddNote(text=str(i)))) for i in range(1, 5)]
    outcomes = await asyncio.wait_for(asyncio.gather(first, *behind, return_exceptions=True), 5)
    assert all(isinstance(o, TimeoutError) for o in outcomes)
    assert len(appends) == 1  # the commands behind never started a write of their own


async def test_the_deadlines_stop_ticking_once_no_table_writes(tables: Tables) -> None:
    table_id = (await tables.create("Repos", "vda", False, None)).table_id
    tables.deadlines.seconds = 0.2
    await tables.run(table_id, envelope(GM, "a", AddNote(text="a")))
    assert tables.deadlines.ticking
    await asyncio.sleep(0.35)  # one tick finds nothing writing, and arms no other
    assert not tables.deadlines.ticking
    # and the next write watches again
    result = await tables.run(table_id, envelope(GM, "b", AddNote(text="b")))
    assert result.first == 3 and tables.deadlines.ticking


async def test_a_table_that_stops_writing_lets_go_of_its_appender_at_once(tables: Tables) -> None:
    """At a table's usual pace every command finds the table idle and gets an
    appender of its own: each must be freed when its write ends, not left for the
    deadlines' next tick or the garbage collector."""
    table_id = (await tables.create("Calme", "vda", False, None)).table_id
    gc.disable()  # freed by its last reference going, or not at all
    try:
        for i in range(3):
            answer = asyncio.ensure_future(tables.run(table_id, envelope(GM, f"c{i}", AddNote(text="calme"))))
            await asyncio.sleep(0)
            appender = weakref.ref(tables._appenders[table_id])
            await answer
            for _ in range(100):
                if appender() is None:
                    break
                await asyncio.sleep(0.001)
            assert appender() is None
        assert tables.deadlines.ticking  # the tick goes on until it finds nothing writing
    finally:
        gc.enable()


async def test_commands_queued_behind_a_write_are_decided_in_arrival_order(tables: Tables) -> None:
    table_id = (await tables.create("Ordre", "vda", False, None)).table_id
    results = await asyncio.gather(
        *(tables.run(table_id, envelope(GM, f"c{i}", AddNote(text=str(i)))) for i in range(20))
    )
    assert [r.first for r in results] == list(range(2, 22))
    texts = [r.event.text for r in await tables.store.read(table_id, after=1)]
    assert texts == [str(i) for i in range(20)]


async def test_a_listener_that_fails_does_not_keep_the_others_of_its_batch_from_their_answer(
    tables: Tables,
) -> None:
    table_id = (await tables.create("Écoute", "vda", False, None)).table_id
    heard: list[object] = []

    def broken(outcome: object) -> None:
        raise RuntimeError("this socket's answer could not be written")

    tables.submit(table_id, envelope(GM, "a", AddNote(text="a")), broken)
    tables.submit(table_id, envelope(GM, "b", AddNote(text="b")), heard.append)
    second = await asyncio.wait_for(tables.run(table_id, envelope(GM, "c", AddNote(text="c"))), 10)
    assert second.first == 4
    assert [getattr(o, "first", o) for o in heard] == [3]
    texts = [r.event.text for r in await tables.store.read(table_id, after=1)]  # type: ignore[union-attr]
    assert texts == ["a", "b", "c"]


async def test_under_load_the_writer_lets_the_next_batch_fill_up_for_a_moment(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(appender, "GATHER_SECONDS", 0.3)
    table_id = (await tables.create("Charge", "vda", False, None)).table_id
    batches: list[list[str]] = []
    append = tables.store.append_batch

    async def counting_append(table: str, commands: Any, *, expected_head: int) -> Any:
        batches.append([key.partition(":")[2] for key, _ in commands])
        return await append(table, commands, expected_head=expected_head)

    monkeypatch.setattr(tables.store, "append_batch", counting_append)
    load = [
        asyncio.ensure_future(tables.run(table_id, envelope(GM, f"a{i}", AddNote(text=str(i)))))
        for i in range(20)
    ]
    await asyncio.sleep(0)  # the first 20 are being written
    late = [asyncio.ensure_future(tables.run(table_id, envelope(GM, "b0", AddNote(text="b0"))))]
    await asyncio.gather(*load)
    for i in (1, 2):  # while the writer waits for the next batch to fill up
        await asyncio.sleep(0.05)
        late.append(asyncio.ensure_future(tables.run(table_id, envelope(GM, f"b{i}", AddNote(text=f"b{i}")))))
    await asyncio.wait_for(asyncio.gather(*late), 10)
    assert batches == [[f"a{i}" for i in range(20)], ["b0", "b1", "b2"]]


async def test_at_light_load_the_writer_never_waits(tables: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(appender, "GATHER_SECONDS", 5.0)
    table_id = (await tables.create("Calme", "vda", False, None)).table_id
    first = asyncio.ensure_future(tables.run(table_id, envelope(GM, "a", AddNote(text="a"))))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(tables.run(table_id, envelope(GM, "b", AddNote(text="b"))))
    results = await asyncio.wait_for(asyncio.gather(first, second), 2)  # no 5 s wait
    assert [r.first for r in results] == [2, 3]


class GatedWrites:
    """The store's appends held at a gate until the test opens it, and each
    command's decision, in one log of what happened in which order."""

    def __init__(self, tables: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
        self.log: list[str] = []
        self.gate = asyncio.Event()
        append, execute = tables.store.append_batch, deciding.execute

        async def gated_append(table: str, commands: Any, *, expected_head: int) -> Any:
            self.log.append("write " + ",".join(key.partition(":")[2] for key, _ in commands))
            await self.gate.wait()
            try:
                return await append(table, commands, expected_head=expected_head)
            finally:
                self.log.append("written")

        def logged_execute(state: Any, command: Any, *args: Any, **kwargs: Any) -> Any:
            self.log.append(f"decide {getattr(command, 'text', type(command).__name__)}")
            return execute(state, command, *args, **kwargs)

        monkeypatch.setattr(tables.store, "append_batch", gated_append)
        monkeypatch.setattr(deciding, "execute", logged_execute)

    async def until_writing(self) -> None:
        while not self.log or not self.log[-1].startswith("write"):
            await asyncio.sleep(0.001)


async def test_commands_queued_behind_a_write_are_decided_while_it_is_written(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load the next batch is decided on the state the write in flight will
    leave while Redis writes it, so that it is ready when the write comes back,
    and it is not decided again."""
    table_id = (await tables.create("Avance", "vda", False, None)).table_id
    writes = GatedWrites(tables, monkeypatch)
    first = asyncio.ensure_future(tables.run(table_id, envelope(GM, "a", AddNote(text="a"))))
    await writes.until_writing()
    behind = [asyncio.ensure_future(tables.run(table_id, envelope(GM, c, AddNote(text=c)))) for c in "bc"]
    await asyncio.sleep(0.01)
    assert writes.log == ["decide a", "write a", "decide b", "decide c"]
    writes.gate.set()
    results = await asyncio.wait_for(asyncio.gather(first, *behind), 10)
    assert writes.log == ["decide a", "write a", "decide b", "decide c", "written", "write b,c", "written"]
    assert [r.first for r in results] == [2, 3, 4]


async def test_what_was_decided_ahead_is_decided_again_when_another_replica_wrote_first(
    tables: Tables, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = (await tables.create("Course", "vda", False, None)).table_id
    writes = GatedWrites(tables, monkeypatch)
    first = asyncio.ensure_future(tables.run(table_id, envelope(GM, "a", AddNote(text="a"))))
    await writes.until_writing()
    behind = [asyncio.ensure_future(tables.run(table_id, envelope(GM, c, AddNote(text=c)))) for c in "bc"]
    await asyncio.sleep(0.01)  # b and c decided on the state a would leave
    client = connect(redis_url)
    store = RedisEventStore(client)
    projector = Projector(store)
    hub = Hub(client, store, projector, queue_size=16)
    await hub.start()
    try:
        other = await Tables(store, hub, projector).run(table_id, envelope(GM, "x", AddNote(text="x")))
    finally:
        await hub.stop()
        await close(client)
    assert other.first == 2
    writes.gate.set()  # a's write finds the head moved: a, b and c are decided on the real one
    results = await asyncio.wait_for(asyncio.gather(first, *behind), 10)
    assert [r.first for r in results] == [3, 4, 5]
    assert writes.log.count("decide b") == 2
    texts = [r.event.text for r in await tables.store.read(table_id, after=1)]  # type: ignore[attr-defined]
    assert texts == ["x", "a", "b", "c"]


async def test_a_rewind_queued_behind_a_write_is_decided_in_its_turn_on_the_state_it_returns_to(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rewind to before the write in flight needs an earlier state from the
    store: it is not decided ahead, but when its batch's turn comes."""
    table_id = (await tables.create("Retour", "vda", False, None)).table_id
    await tables.run(table_id, envelope(GM, "n1", AddNote(text="n1")))
    writes = GatedWrites(tables, monkeypatch)
    first = asyncio.ensure_future(tables.run(table_id, envelope(GM, "a", AddNote(text="a"))))
    await writes.until_writing()
    rewind = asyncio.ensure_future(tables.run(table_id, envelope(GM, "r", Rewind(to=2))))
    await asyncio.sleep(0.01)
    assert writes.log == ["decide a", "write a", "decide Rewind"]  # it needs the state at 2: not kept
    writes.gate.set()
    results = await asyncio.wait_for(asyncio.gather(first, rewind), 10)
    assert [r.first for r in results] == [3, 4]
    assert writes.log[-3:] == ["decide Rewind", "write r", "written"]
    at_two = await tables.projector.state_at(table_id, 2)
    now = await tables.projector.state_at(table_id, 4)
    assert now.fight == at_two.fight and now.position == 4


@contextlib.asynccontextmanager
async def deaf_process(redis_url: str) -> AsyncIterator[Tables]:
    """Another server process on the same Redis that never hears a doorbell (its
    hub is not started): whatever it loaded once, it stays behind."""
    client = connect(redis_url)
    store = RedisEventStore(client)
    projector = Projector(store)
    hub = Hub(client, store, projector, queue_size=16)
    try:
        yield Tables(store, hub, projector)
    finally:
        await hub.stop()
        await close(client)


async def test_a_process_behind_catches_up_before_it_refuses(tables: Tables, redis_url: str) -> None:
    """The combatant was added through another process, after this one loaded the
    table: removing it is legal on the latest log, so it is accepted here too,
    and written after the addition."""
    table_id = (await tables.create("Retard", "vda", True, None)).table_id
    async with deaf_process(redis_url) as behind:
        assert await behind.store.meta(table_id) is not None  # as a request does first
        await behind.feed(table_id)  # loaded at position 1, and never told of more
        rorsh = Combatant(id="rorsh", name="Rorsh", sheet=VdaSheet())
        await tables.run(table_id, envelope(GM, "add", AddCombatant(combatant=rorsh)))
        assert (await behind.feed(table_id)).state.position == 1
        result = await behind.run(table_id, envelope(GM, "remove", RemoveCombatant(combatant_id="rorsh")))
        assert (result.first, result.duplicate) == (3, False)
        # At the head, a command the rules refuse is refused, after the same check.
        with pytest.raises(Refused) as refused:
            await behind.run(table_id, envelope(GM, "again", RemoveCombatant(combatant_id="rorsh")))
        assert refused.value.rule == "table.combatant-unknown"
    written = [type(r.event).__name__ for r in await tables.store.read(table_id, after=1)]
    assert written == ["CombatantAdded", "CombatantRemoved"]


async def test_a_refusal_at_the_head_reads_the_head_once_and_an_acceptance_never(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the check costs: nothing on an accepted command (G1's path), one read
    of the head on a refused one."""
    table_id = (await tables.create("Compte", "vda", False, None)).table_id
    await tables.run(table_id, envelope(GM, "warm", AddNote(text="warm")))  # the feed is loaded
    reads: list[str] = []
    head = tables.store.head

    async def counted_head(table: str) -> int:
        reads.append(table)
        return await head(table)

    monkeypatch.setattr(tables.store, "head", counted_head)
    await tables.run(table_id, envelope(GM, "note", AddNote(text="n")))
    assert reads == []
    with pytest.raises(Refused):
        await tables.run(table_id, envelope(GM, "nobody", RemoveCombatant(combatant_id="nobody")))
    assert reads == [table_id]


async def test_a_player_invited_through_another_process_gets_in(tables: Tables, redis_url: str) -> None:
    """The invitation was written by another process after this one loaded the
    table: the token is looked up again on the latest log, not refused."""
    table_id = (await tables.create("Invitée", "vda", False, None)).table_id
    async with deaf_process(redis_url) as behind:
        assert await behind.store.meta(table_id) is not None
        feed = await behind.feed(table_id)
        principal, token = await tables.invite(table_id, "player", "Alice", [])
        limits = Limits()
        assert await limits.authenticate("a", behind.store, table_id, feed.state, token) is None  # stale
        viewer = await limits.authenticate("a", behind.store, table_id, feed.state, token, feed.refresh)
        assert viewer is not None and (viewer.role, viewer.id) == ("player", principal)
