"""The store's script calls, on a connection taken over from redis-py: every
call gets its own reply, whatever happens to the others or to the connection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.exceptions import ConnectionError, NoScriptError, ReadOnlyError, ResponseError

from server.connect import close, connect
from server.embedded import EmbeddedRedis
from server.script_calls import RedisPyScriptCalls, Replies, RespScriptCalls, script_caller

ECHO = "return ARGV[1]"


@pytest.fixture
async def client(embedded_redis: EmbeddedRedis) -> AsyncIterator[Any]:
    client = connect(embedded_redis.url)
    yield client
    await close(client)


@pytest.mark.redis
async def test_calls_in_flight_together_each_get_their_own_reply_on_one_connection(client: Any) -> None:
    calls = RespScriptCalls(client.connection_pool)
    sha = await client.script_load(ECHO)
    replies = await asyncio.gather(*(calls.execute("EVALSHA", sha, 0, str(i)) for i in range(50)))
    assert replies == [str(i).encode() for i in range(50)]
    assert client.connection_pool._in_use_connections == {calls._connection}


@pytest.mark.redis
async def test_a_call_given_up_never_hands_its_late_reply_to_the_next(client: Any) -> None:
    calls = RespScriptCalls(client.connection_pool)
    assert await calls.execute("PING") == b"PONG"
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await calls.execute("BLPOP", "calls:never", 0.3)  # its answer comes later, on that connection
    assert await calls.execute("ECHO", "next") == b"next"


@pytest.mark.redis
async def test_an_error_reply_fails_its_call_only(client: Any) -> None:
    calls = RespScriptCalls(client.connection_pool)
    await calls.execute("PING")
    kept = calls._replies
    with pytest.raises(NoScriptError):
        await calls.execute("EVALSHA", "0" * 40, 0)
    with pytest.raises(ResponseError, match="unknown command"):
        await calls.execute("NOSUCHCOMMAND")
    assert await calls.execute("ECHO", "again") == b"again"
    assert calls._replies is kept


@pytest.mark.redis
async def test_calls_waiting_on_a_lost_connection_fail_and_the_next_call_connects_again(client: Any) -> None:
    calls = RespScriptCalls(client.connection_pool)
    await calls.execute("PING")
    lost = calls._replies
    waiting = asyncio.ensure_future(calls.execute("BLPOP", "calls:never", 5))
    await asyncio.sleep(0.05)
    await client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    with pytest.raises(ConnectionError):
        await asyncio.wait_for(waiting, 2)
    assert await calls.execute("ECHO", "back") == b"back"
    assert calls._replies is not lost and lost is not None and not lost.open


@pytest.mark.redis
async def test_the_clients_close_closes_the_taken_over_connection(embedded_redis: EmbeddedRedis) -> None:
    client = connect(embedded_redis.url)
    calls = RespScriptCalls(client.connection_pool)
    await calls.execute("PING")
    replies = calls._replies
    await asyncio.wait_for(close(client), 5)
    assert replies is not None and not replies.open


class FakeTransport:
    def __init__(self) -> None:
        self.protocol: Any = type("Streams", (), {"connection_lost": lambda self, exc: None})()
        self.written: list[bytes] = []
        self.closed = False

    def get_protocol(self) -> Any:
        return self.protocol

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def close(self) -> None:
        self.closed = True


async def test_replies_split_or_joined_anyhow_go_to_their_calls_in_order() -> None:
    transport = FakeTransport()
    replies = Replies(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    futures = [replies.call(b"*1\r\n$4\r\nPING\r\n") for _ in range(3)]
    for byte in b"+PONG\r\n$3\r\nabc\r\n*2\r\n$2\r\nok\r\n:7\r\n":
        replies.data_received(bytes([byte]))
    assert [f.result() for f in futures] == [b"PONG", b"abc", [b"ok", 7]]


async def test_a_replica_s_refusal_fails_its_call_and_closes_the_connection() -> None:
    transport = FakeTransport()
    replies = Replies(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    refused, after = replies.call(b"..."), replies.call(b"...")
    replies.data_received(b"-READONLY You can't write against a read only replica.\r\n")
    with pytest.raises(ReadOnlyError):
        refused.result()
    assert transport.closed  # the next call connects again, to the master a Sentinel names
    replies.connection_lost(None)
    with pytest.raises(ConnectionError):
        after.result()


async def test_bytes_that_are_not_the_redis_protocol_fail_every_call_waiting() -> None:
    transport = FakeTransport()
    replies = Replies(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
    waiting = [replies.call(b"...") for _ in range(2)]
    replies.data_received(b"?what\r\n")
    assert transport.closed and not replies.open
    for future in waiting:
        with pytest.raises(ConnectionError, match="not a reply"):
            future.result()
    with pytest.raises(ConnectionError):
        replies.call(b"...").result()


@pytest.mark.redis
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_both_script_callers_answer_a_script_and_a_forgotten_one_alike(
    client: Any, fast_paths: bool
) -> None:
    caller = script_caller(client, fast_paths)
    assert isinstance(caller, RespScriptCalls if fast_paths else RedisPyScriptCalls)
    sha = await client.script_load("return {KEYS[1], ARGV[1], tonumber(ARGV[2]) + 1}")
    assert await caller.evalsha(sha, ["calls:k"], ["v", 41]) == [b"calls:k", b"v", 42]
    with pytest.raises(NoScriptError):
        await caller.evalsha("0" * 40, [], [])
