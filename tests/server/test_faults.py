"""Fault injection: Redis goes away under a live table and comes back."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from clients.python import Admin, TableClient
from clients.python.client import FracasError
from domain.commands import AddNote
from domain.wire import Accepted, Rejected
from server.embedded import EmbeddedRedis
from tests.server.conftest import StartServer, servers

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(90)]


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    """A Redis of this test's own, to stop, freeze and restart."""
    redis = EmbeddedRedis(tmp_path / "redis").start()
    yield redis
    redis.stop()


@pytest.fixture
async def start_own_server(own_redis: EmbeddedRedis, fast_paths: bool) -> AsyncIterator[StartServer]:
    """Servers on that Redis, stopped before it."""
    async with servers(own_redis.url, fast_paths) as start:
        yield start


async def send_until_accepted(
    client: TableClient, command: AddNote, command_id: str, tries: int = 50
) -> Accepted:
    for _ in range(tries):
        try:
            answer = await asyncio.wait_for(client.send(command, command_id=command_id), 5)
        except Exception:
            answer = None
        if isinstance(answer, Accepted):
            return answer
        await asyncio.sleep(0.2)
    raise AssertionError("the command never went through after Redis came back")


async def recovers_exactly_once(gm: TableClient, watcher: TableClient, text: str, position: int) -> None:
    """Redis is back: the command the outage refused, sent again with the same id,
    lands once at ``position`` and the watcher sees it, then the table goes on."""
    answer = await send_until_accepted(gm, AddNote(text=text), text)
    assert answer.first == position
    record = await watcher.next_event(timeout=20)
    assert record.position == position and record.event.text == text  # type: ignore[union-attr]
    assert isinstance(await gm.send(AddNote(text="après")), Accepted)
    assert (await watcher.next_event(timeout=20)).position == position + 1


@contextlib.asynccontextmanager
async def gm_and_watcher(server: str, title: str) -> AsyncIterator[tuple[TableClient, TableClient]]:
    """A new table's GM, and a second GM socket following it (it has seen position 1)."""
    async with Admin(server) as http:
        created = await http.create_table(title, "vda")
    table_id, gm_token = created["table_id"], created["gm_token"]
    async with (
        TableClient(server, table_id, gm_token) as gm,
        TableClient(server, table_id, gm_token) as watcher,
    ):
        await watcher.follow(0)
        assert (await watcher.next_event()).position == 1
        yield gm, watcher


async def test_a_redis_outage_answers_unavailable_then_the_table_carries_on(
    own_redis: EmbeddedRedis, start_own_server: StartServer
) -> None:
    server = await start_own_server()
    async with gm_and_watcher(server, "Panne") as (gm, watcher):
        assert isinstance(await gm.send(AddNote(text="avant")), Accepted)
        assert (await watcher.next_event()).position == 2

        own_redis.stop()
        during = await asyncio.wait_for(gm.send(AddNote(text="pendant"), command_id="pendant"), 20)
        assert isinstance(during, Rejected) and (during.code, during.rule) == (
            "unavailable",
            "store.unavailable",
        )
        with pytest.raises(FracasError, match="unavailable"):
            await asyncio.wait_for(gm.state(), 20)

        own_redis.start()
        await recovers_exactly_once(gm, watcher, "pendant", 3)  # right after the last event before


async def test_a_redis_that_hangs_answers_unavailable_within_the_request_deadline(
    own_redis: EmbeddedRedis, start_own_server: StartServer
) -> None:
    """Redis alive but not answering (frozen): commands and reads are answered
    ``unavailable`` after ``request_seconds``, and once Redis answers again the
    same command id is applied exactly once."""
    assert own_redis.pid is not None
    server = await start_own_server(request_seconds=1.0)
    async with gm_and_watcher(server, "Gel") as (gm, watcher):
        os.kill(own_redis.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            during = await asyncio.wait_for(gm.send(AddNote(text="gel"), command_id="gel"), 10)
            assert isinstance(during, Rejected) and during.rule == "store.unavailable"
            assert time.monotonic() - started < 5
            with pytest.raises(FracasError, match="unavailable"):
                await asyncio.wait_for(gm.state(), 10)
        finally:
            os.kill(own_redis.pid, signal.SIGCONT)

        await recovers_exactly_once(gm, watcher, "gel", 2)


async def test_after_a_redis_restart_the_next_command_goes_through_at_once(
    own_redis: EmbeddedRedis, start_own_server: StartServer
) -> None:
    """The connections the store kept for its scripts died with Redis: they are
    replaced before use, not discovered dead by a command."""
    server = await start_own_server()
    async with gm_and_watcher(server, "Redémarrage") as (gm, watcher):
        for text in ("un", "deux", "trois"):
            assert isinstance(await gm.send(AddNote(text=text)), Accepted)
        own_redis.stop()
        own_redis.start()
        await asyncio.sleep(0.1)
        assert isinstance(await gm.send(AddNote(text="après")), Accepted)
        positions = [(await watcher.next_event(timeout=20)).position for _ in range(4)]
        assert positions == [2, 3, 4, 5]
