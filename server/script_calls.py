"""How the store calls its scripts (:class:`ScriptCaller`): plain redis-py
(:class:`RedisPyScriptCalls`), or on a connection of its own, read without
redis-py's layers (:class:`RespScriptCalls`, the fast path).

A call through redis-py passes its pool, its connection's send and read
coroutines and its reply parser's: ~12 µs of Python per call, with the
process's caches cold at a table's pace of a few commands a second, several
times that. Here the commands are framed by :func:`resp`, written straight to
the connection's transport, and each reply is read by hiredis in the
transport's callback and handed to the future of the call that sent it.

The connection is one redis-py opened (so authentication, TLS, the database
and a Sentinel's master are its business) and then took over: its transport
is given a :class:`Replies` protocol. Calls are pipelined on it, their replies
come back in order; a call given up (cancelled) leaves its future behind, and
its reply, when it comes, is dropped. If the connection is lost every call
waiting on it fails with ``ConnectionError`` and the next call opens another.

The fast path takes over a connection of redis-py's private making (its
stream writer's transport): ``Settings(fast_paths=False)`` (``FRACAS_FAST_PATHS=0``)
calls through redis-py instead, and the store's contract suite runs on both.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from typing import Any, Protocol

import hiredis
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError, InvalidResponse, NoScriptError, ReadOnlyError, ResponseError


class ScriptCaller(Protocol):
    async def evalsha(self, sha: str, keys: Sequence[str], args: Sequence[str | bytes | int]) -> Any:
        """Run the loaded script ``sha``; its reply as redis-py gives it (bytes,
        no decoding), or the error redis-py raises (``NoScriptError``…)."""
        ...


class RedisPyScriptCalls:
    """EVALSHA through redis-py's public API: the plain path, and the one for a
    Cluster (a pool per node)."""

    def __init__(self, client: Any) -> None:
        self._client = client

    async def evalsha(self, sha: str, keys: Sequence[str], args: Sequence[str | bytes | int]) -> Any:
        return await self._client.evalsha(sha, len(keys), *keys, *args)


def script_caller(client: Any, fast_paths: bool) -> ScriptCaller:
    """The fast path where it may be taken (a client with one pool), else redis-py."""
    pool = getattr(client, "connection_pool", None)
    if fast_paths and isinstance(pool, aioredis.ConnectionPool):
        return RespScriptCalls(pool)
    return RedisPyScriptCalls(client)


def resp(args: Sequence[str | bytes | int | float]) -> bytes:
    """One command as the Redis protocol frames it: an array of bulk strings.
    (redis-py's packing, generic over every argument type, took ~8 µs of an
    append script's call; this takes ~2.)"""
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, str):
            data = arg.encode()
        elif isinstance(arg, bytes):
            data = arg
        elif isinstance(arg, int | float) and not isinstance(arg, bool):  # redis-py refuses bools too
            data = repr(arg).encode()
        else:
            raise TypeError(f"a Redis argument is str, bytes, int or float, not {type(arg).__name__}")
        out += (b"$%d\r\n" % len(data), data, b"\r\n")
    return b"".join(out)


def _error(message: str) -> ResponseError:
    """An error reply as the exception redis-py would raise for it (those the
    store tells apart)."""
    code, _, rest = message.partition(" ")
    if code == "NOSCRIPT":
        return NoScriptError(rest)
    if code == "READONLY":  # a replica now: after a failover, the master is elsewhere
        return ReadOnlyError(rest)
    return ResponseError(message)


class Replies(asyncio.Protocol):
    """The protocol of a taken-over connection: each reply, in order, to the
    future of the call that sent its command."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.transport = transport
        self._loop = loop
        self._original = transport.get_protocol()
        """redis-py's stream protocol, still told when the connection ends, so that
        redis-py's own close of it completes."""
        self._reader = hiredis.Reader(protocolError=InvalidResponse, replyError=_error)
        self._waiting: deque[asyncio.Future[Any]] = deque()
        self.open = True
        transport.set_protocol(self)

    def call(self, command: bytes) -> asyncio.Future[Any]:
        future = self._loop.create_future()
        if not self.open:
            future.set_exception(ConnectionError("the connection to Redis is closed"))
            return future
        self._waiting.append(future)
        self.transport.write(command)
        return future

    def data_received(self, data: bytes) -> None:
        self._reader.feed(data)
        while True:
            try:
                reply = self._reader.gets()
            except InvalidResponse as exc:  # not the Redis protocol: nothing more can be read
                self._fail(ConnectionError(f"Redis sent what is not a reply: {exc}"))
                self.transport.close()
                return
            if reply is False:
                return
            future = self._waiting.popleft()
            if isinstance(reply, ReadOnlyError):
                self.transport.close()  # the next call connects again, to the master a Sentinel names
            if future.done():  # its call was given up
                continue
            if isinstance(reply, ResponseError):
                future.set_exception(reply)
            else:
                future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(ConnectionError(f"the connection to Redis was lost: {exc or 'closed'}"))
        self._original.connection_lost(exc)

    def _fail(self, error: Exception) -> None:
        self.open = False
        waiting, self._waiting = self._waiting, deque()
        for future in waiting:
            if not future.done():
                future.set_exception(error)


class RespScriptCalls:
    """The store's script calls, on one connection taken from ``pool``, opened on
    first use and again after it is lost. The client's ``aclose`` closes it
    with the pool."""

    def __init__(self, pool: aioredis.ConnectionPool) -> None:
        self._pool = pool
        self._connection: Any = None
        self._replies: Replies | None = None
        self._opening = asyncio.Lock()

    async def evalsha(self, sha: str, keys: Sequence[str], args: Sequence[str | bytes | int]) -> Any:
        return await self.execute("EVALSHA", sha, len(keys), *keys, *args)

    async def execute(self, *args: str | bytes | int | float) -> Any:
        replies = self._replies
        if replies is None or not replies.open:
            replies = await self._open()
        return await replies.call(resp(args))

    async def _open(self) -> Replies:
        async with self._opening:  # calls that find no connection wait for the same one
            if self._replies is not None and self._replies.open:
                return self._replies
            if self._connection is not None:  # the lost one goes back, to be connected again
                await self._connection.disconnect(nowait=True)
                await self._pool.release(self._connection)
                self._connection = self._replies = None
            connection = await self._pool.get_connection()  # type: ignore[no-untyped-call]
            # redis-py's stream writer over the connected transport: from here on,
            # this protocol reads it.
            transport = connection._writer.transport
            self._connection = connection
            self._replies = Replies(transport, asyncio.get_running_loop())
            return self._replies
