"""The state at any position read back from Redis equals the state folded live,
through snapshots and rewinds into rewound branches."""

from __future__ import annotations

import random

import pytest
from redis.exceptions import RedisError

from domain.errors import Refused
from server.projector import STATE_DECODER, STATE_LAYOUT, Projector
from server.store import RedisEventStore
from tests.domain.builders import Table
from tests.domain.test_properties import command_for

pytestmark = pytest.mark.redis


def random_table(seed: int, steps: int) -> Table:
    rng = random.Random(seed)
    table = Table()
    for _ in range(steps):
        kind = rng.choice(["add", "update", "remove", "note", "roll", "rewind", "reveal", "invite"])
        op = {
            "add": ("add", rng.choice(["rorsh", "garde"])),
            "update": ("update", rng.choice(["rorsh", "garde"])),
            "remove": ("remove", rng.choice(["rorsh", "garde"])),
            "note": ("note", f"n{rng.random():.3f}", rng.random() < 0.3),
            "roll": ("roll", [rng.randint(1, 10) for _ in range(rng.randint(0, 4))], rng.random() < 0.3),
            "rewind": ("rewind", rng.random()),
            "reveal": ("reveal", rng.random()),
            "invite": ("invite", rng.choice(["alice", "bob"])),
        }[kind]
        command, dice = command_for(op, table)
        try:
            table.run(command, dice=dice)
        except Refused:
            pass
    return table


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_state_at_every_position_from_redis_equals_the_live_fold(
    store: RedisEventStore, table_id: str, seed: int
) -> None:
    table = random_table(seed, 120)
    first, *rest = table.log
    await store.create(table_id, first, epoch="e", seed=b"s" * 32, gm_token_hash="h", created_at="now")
    for record in rest:
        await store.append(table_id, [record], expected_head=record.position - 1)
    warm = Projector(store, every=7)
    head = table.state.position
    assert await warm.state_at(table_id, head) == table.state
    cold = Projector(store, every=7, cache_size=1)  # snapshots from Redis, almost no cache
    for p in range(0, head + 1):
        assert await cold.state_at(table_id, p) == table.timeline.state_at(p)
    kept = await store.nearest_snapshot(table_id, STATE_LAYOUT, 13)
    assert kept is not None and STATE_DECODER.decode(kept).position == 7
    assert await store.nearest_snapshot(table_id, "another-layout", 13) is None


async def test_snapshots_that_cannot_be_written_leave_the_state_right_and_are_logged(
    store: RedisEventStore, table_id: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A snapshot is a cache, written while the next page is folded: Redis
    refusing it must not fail the read that made it."""
    table = random_table(4, 60)
    first, *rest = table.log
    await store.create(table_id, first, epoch="e", seed=b"s" * 32, gm_token_hash="h", created_at="now")
    for record in rest:
        await store.append(table_id, [record], expected_head=record.position - 1)

    async def refused(*args: object) -> None:
        raise RedisError("OOM command not allowed when used memory > 'maxmemory'")

    monkeypatch.setattr(store, "save_snapshots", refused)
    head = table.state.position
    assert await Projector(store, every=5).state_at(table_id, head) == table.state
    assert "a snapshot could not be written" in caplog.text
    assert await store.nearest_snapshot(table_id, STATE_LAYOUT, head) is None
