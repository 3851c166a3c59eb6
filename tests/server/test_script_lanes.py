"""The store's script calls skip the client's pool on connections they keep:
every call gets its own reply, whatever happens to the others."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.exceptions import ConnectionError, NoScriptError

from server.connect import close, connect
from server.embedded import EmbeddedRedis
from server.store import ScriptLanes

pytestmark = pytest.mark.redis

ECHO = "return ARGV[1]"


@pytest.fixture
async def client(embedded_redis: EmbeddedRedis) -> AsyncIterator[Any]:
    client = connect(embedded_redis.url)
    yield client
    await close(client)


async def test_calls_in_flight_together_each_get_their_own_reply(client: Any) -> None:
    lanes = ScriptLanes(client.connection_pool)
    sha = await client.script_load(ECHO)
    replies = await asyncio.gather(*(lanes.execute("EVALSHA", sha, 0, str(i)) for i in range(50)))
    assert replies == [str(i).encode() for i in range(50)]
    assert len(lanes._idle) == 16  # kept up to their number; the others went back to the pool


async def test_a_call_given_up_never_hands_its_late_reply_to_the_next(client: Any) -> None:
    lanes = ScriptLanes(client.connection_pool, keep=1)
    assert await lanes.execute("PING") == b"PONG"
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await lanes.execute("BLPOP", "lanes:never", 0.3)  # its answer comes later, on that connection
    await asyncio.sleep(0.4)
    assert await lanes.execute("ECHO", "next") == b"next"


async def test_an_error_reply_leaves_the_connection_in_use(client: Any) -> None:
    lanes = ScriptLanes(client.connection_pool, keep=1)
    await lanes.execute("PING")
    kept = lanes._idle[0]
    with pytest.raises(NoScriptError):
        await lanes.execute("EVALSHA", "0" * 40, 0)
    assert lanes._idle == [kept]
    assert await lanes.execute("ECHO", "again") == b"again"


async def test_connections_redis_closed_while_kept_are_replaced_before_use(client: Any) -> None:
    lanes = ScriptLanes(client.connection_pool)
    await asyncio.gather(*(lanes.execute("PING") for _ in range(3)))
    assert len(lanes._idle) == 3
    await client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    await asyncio.sleep(0.05)  # the server's loop sees the streams end
    assert await lanes.execute("ECHO", "back") == b"back"
    assert len(lanes._idle) == 1  # the three dead ones were dropped, the new one kept


async def test_a_call_on_a_connection_lost_unnoticed_fails_once_and_the_next_reconnects(client: Any) -> None:
    lanes = ScriptLanes(client.connection_pool)
    await asyncio.gather(*(lanes.execute("PING") for _ in range(3)))
    for connection in lanes._idle:  # as if the loop had not yet seen their streams end
        connection._reader.at_eof = lambda: False
    await client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    await asyncio.sleep(0.05)
    with pytest.raises(ConnectionError):
        await lanes.execute("PING")
    assert lanes._idle == []  # the other kept ones were dropped with it
    assert await lanes.execute("ECHO", "back") == b"back"
