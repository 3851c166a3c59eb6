"""The event store: the :class:`EventStore` protocol the server writes and reads
through, and its Redis implementation, one Redis stream per table appended by
one Lua script (the in-memory one is :mod:`server.memory_store`).

Keys of table ``t`` all carry the hash tag ``{t}`` so they share a cluster slot:

    fracas:{t}:events     the stream; the entry id of position p is "p-0"
    fracas:{t}:meta       hash: epoch, created_at
    fracas:{t}:secret     the table's seed (never leaves the server until close)
    fracas:{t}:commands   hash: sender:command id -> "first:last" positions
    fracas:{t}:tokens     hash: principal -> SHA-256 of its token secret
    fracas:{t}:snapshots:<layout>
                          sorted set: encoded states scored by position (a cache)
    fracas:{t}:bell       pub/sub channel: the new head after each append

Positions start at 1 and have no gaps; the stream is never trimmed and no
entry is ever deleted or rewritten. An append names the head it was decided
on; if another writer moved the head first, the script refuses and the caller
decides again. A command id already applied returns its first result.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import NoScriptError

from domain.events import ENCODER, POSITIONED_DECODER, RECORD_DECODER, Positioned, Recorded, event_tag
from server.script_calls import script_caller

PAGE = 1000

P = TypeVar("P", Recorded, Positioned)

CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[2]) == 1 then return {'exists'} end
redis.call('HSET', KEYS[2], 'epoch', ARGV[1], 'created_at', ARGV[2], 'signing_key', ARGV[7])
redis.call('SET', KEYS[3], ARGV[3])
redis.call('HSET', KEYS[4], 'gm', ARGV[4])
redis.call('XADD', KEYS[1], '1-0', 'type', ARGV[5], 'data', ARGV[6])
return {'ok'}
"""

# KEYS: events, commands. ARGV: the expected head, the bell channel, then two
# MessagePack arrays: (command key, event count) of each command, flat, and
# (type, data) of each event, flat. Several commands decided one after the other
# are written in one call (group commit); each command key records its own
# positions. A table exists when its stream does (the create script writes its
# first event; nothing deletes it). (Two packed arguments rather than two per
# event: each argument is one more bulk string framed in Python and one more
# Lua string. One HMGET and one HSET for all the command keys: every command a
# script calls is one more entry in the append-only file, and costs the script
# ~5 µs at a table's pace, when Redis runs cold.)
APPEND_SCRIPT = """
local head = redis.call('XLEN', KEYS[1])
if head == 0 then return {'unknown'} end
local commands = cmsgpack.unpack(ARGV[3])
local entries = cmsgpack.unpack(ARGV[4])
local named = {}
for g = 1, #commands, 2 do
  if commands[g] ~= '' then named[#named + 1] = commands[g] end
end
if #named > 0 then
  local done = redis.call('HMGET', KEYS[2], unpack(named))
  for i = 1, #named do
    if done[i] then return {'duplicate', done[i], named[i]} end
  end
end
if head ~= tonumber(ARGV[1]) then return {'conflict', tostring(head)} end
local n = #entries / 2
for i = 1, n do
  local id = string.format('%d-0', head + i)
  redis.call('XADD', KEYS[1], id, 'type', entries[2 * i - 1], 'data', entries[2 * i])
end
local positions = {}
local first = head + 1
for g = 1, #commands, 2 do
  local count = commands[g + 1]
  if commands[g] ~= '' then
    positions[#positions + 1] = commands[g]
    positions[#positions + 1] = string.format('%d:%d', first, first + count - 1)
  end
  first = first + count
end
if #positions > 0 then redis.call('HSET', KEYS[2], unpack(positions)) end
redis.call('PUBLISH', ARGV[2], head + n)
return {'ok', string.format('%d:%d', head + 1, head + n)}
"""

PACK = msgspec.msgpack.Encoder()


class StoreError(Exception):
    pass


class UnknownTable(StoreError):
    pass


class TableExists(StoreError):
    pass


class DuplicateCommand(StoreError):
    """A command of the batch was already applied (by another replica, or a retry)."""

    def __init__(self, command_key: str, first: int, last: int) -> None:
        super().__init__(f"command {command_key} was applied at {first}..{last}")
        self.command_key = command_key
        self.first = first
        self.last = last


class Conflict(StoreError):
    """The head moved since the command was decided."""

    def __init__(self, head: int) -> None:
        super().__init__(f"the table's head is now {head}")
        self.head = head


@dataclass(frozen=True)
class Appended:
    first: int
    last: int
    duplicate: bool = False


@dataclass(frozen=True)
class TableMeta:
    epoch: str
    created_at: str
    signing_key: bytes = b""


class EventStore(Protocol):
    """What the server asks of an event store. Every implementation passes the one
    contract suite (tests/store_contract.py): positions 1, 2, 3… with no gap;
    an append names the head it was decided on and raises :class:`Conflict` if
    the head moved; a command key already applied returns its first result and
    writes nothing (:class:`DuplicateCommand` within a batch); nothing is ever
    rewritten or deleted."""

    async def create(
        self,
        table_id: str,
        first: Recorded,
        *,
        epoch: str,
        seed: bytes,
        gm_token_hash: str,
        created_at: str,
        signing_key: bytes = b"",
    ) -> None:
        """Write the table's first record with its epoch, seed and GM token hash;
        :class:`TableExists` if it has them already."""
        ...

    async def append(
        self, table_id: str, records: Sequence[Recorded], *, expected_head: int, command_key: str = ""
    ) -> Appended: ...

    async def append_batch(
        self, table_id: str, commands: Sequence[tuple[str, Sequence[Recorded]]], *, expected_head: int
    ) -> Appended: ...

    async def applied(self, table_id: str, command_key: str) -> Appended | None: ...

    async def applied_many(self, table_id: str, command_keys: Sequence[str]) -> dict[str, Appended]: ...

    async def meta(self, table_id: str) -> TableMeta | None: ...

    async def head(self, table_id: str) -> int:
        """The last position written (0: no such table)."""
        ...

    async def seed(self, table_id: str) -> bytes: ...

    async def read(
        self, table_id: str, after: int = 0, limit: int = PAGE, upto: int | None = None
    ) -> list[Recorded]: ...

    def read_all(self, table_id: str, after: int = 0, upto: int | None = None) -> AsyncIterator[Recorded]: ...

    def follow(self, table_id: str, after: int = 0, block_ms: int = 5000) -> AsyncIterator[Recorded]:
        """Every record after ``after``, then each new one as it is appended."""
        ...

    def pages(
        self, table_id: str, after: int = 0, upto: int | None = None, size: int = PAGE
    ) -> AsyncIterator[list[Recorded]]: ...

    def event_pages(
        self, table_id: str, after: int = 0, upto: int | None = None
    ) -> AsyncIterator[list[Positioned]]: ...

    async def save_snapshots(self, table_id: str, layout: str, states: Sequence[msgspec.Struct]) -> None:
        """Keep these states (a cache of the projection; each knows its position)."""
        ...

    async def nearest_snapshot(self, table_id: str, layout: str, position: int) -> bytes | None: ...

    async def set_token(self, table_id: str, principal: str, token_hash: str) -> None: ...

    async def token_hash(self, table_id: str, principal: str) -> str | None: ...

    async def drop_token(self, table_id: str, principal: str) -> None: ...


def batch_records(commands: Sequence[tuple[str, Sequence[Recorded]]], expected_head: int) -> list[Recorded]:
    """The records of a batch, in order, checked to take the positions after
    ``expected_head`` (a caller's bug, refused before the store is asked)."""
    records = [record for _, group in commands for record in group]
    if not records or any(not group for _, group in commands):
        raise ValueError("nothing to append")
    for offset, record in enumerate(records, start=1):
        if record.position != expected_head + offset:
            raise ValueError(f"record at {record.position} does not follow head {expected_head}")
    return records


def key(table_id: str, name: str) -> str:
    return f"fracas:{{{table_id}}}:{name}"


def bell_channel(table_id: str) -> str:
    return key(table_id, "bell")


def _text(value: Any) -> str:
    """redis-py answers bytes (no decode_responses); be explicit about it."""
    return value.decode() if isinstance(value, bytes) else str(value)


def _positions(result: Any) -> tuple[int, int]:
    first, last = _text(result).split(":")
    return int(first), int(last)


def _unparsed(response: Any, **options: Any) -> Any:
    return response


class RedisEventStore(EventStore):
    """The event store on any Redis 6.2+ (embedded, standalone, Sentinel, Cluster)."""

    def __init__(self, client: aioredis.Redis, *, fast_paths: bool = True) -> None:
        self.redis = client
        self._shas: dict[str, str] = {}
        self._scripts = script_caller(client, fast_paths)
        # XRANGE answers as Redis sends it: every entry of a table's stream is
        # [id, ["type", tag, "data", record]] (one script writes them all), and
        # redis-py's dict per entry was a tenth of a rebuild's time.
        client.set_response_callback("XRANGE", _unparsed)

    async def _run(self, script: str, keys: Sequence[str], args: Sequence[Any]) -> Any:
        sha = self._shas.get(script)
        if sha is None:
            sha = self._shas[script] = await self.redis.script_load(script)
        try:
            return await self._scripts.evalsha(sha, keys, args)
        except NoScriptError:
            # A restarted or failed-over Redis forgot the script: load it again.
            self._shas[script] = await self.redis.script_load(script)
            return await self._scripts.evalsha(self._shas[script], keys, args)

    async def load_scripts(self) -> None:
        """Load the scripts into Redis (again: a restarted Redis forgot them). Raises
        what Redis raises when it cannot be reached: the readiness probe's check."""
        for script in (CREATE_SCRIPT, APPEND_SCRIPT):
            self._shas[script] = await self.redis.script_load(script)

    async def create(
        self,
        table_id: str,
        first: Recorded,
        *,
        epoch: str,
        seed: bytes,
        gm_token_hash: str,
        created_at: str,
        signing_key: bytes = b"",
    ) -> None:
        keys = [key(table_id, n) for n in ("events", "meta", "secret", "tokens")]
        encoded = ENCODER.encode(first)
        args = [
            epoch,
            created_at,
            seed.hex(),
            gm_token_hash,
            event_tag(first.event),
            encoded,
            signing_key.hex(),
        ]
        result = await self._run(CREATE_SCRIPT, keys, args)
        if result[0] == b"exists":
            raise TableExists(table_id)

    async def append(
        self, table_id: str, records: Sequence[Recorded], *, expected_head: int, command_key: str = ""
    ) -> Appended:
        """Write one command's ``records`` (positions expected_head + 1, …) atomically,
        or refuse; a command key already applied returns its first positions."""
        try:
            return await self.append_batch(table_id, [(command_key, records)], expected_head=expected_head)
        except DuplicateCommand as done:
            return Appended(done.first, done.last, duplicate=True)

    async def append_batch(
        self, table_id: str, commands: Sequence[tuple[str, Sequence[Recorded]]], *, expected_head: int
    ) -> Appended:
        """Write the records of several commands, in order, in one atomic call.
        Raises :class:`Conflict` if the head moved, :class:`DuplicateCommand` if one
        of the command keys was already applied; nothing is written then."""
        records = batch_records(commands, expected_head)
        keys = [key(table_id, "events"), key(table_id, "commands")]
        packed_commands = PACK.encode([x for command, group in commands for x in (command, len(group))])
        # As text: Redis's cmsgpack reads no MessagePack binaries (the JSON is UTF-8).
        entries = PACK.encode([x for r in records for x in (event_tag(r.event), ENCODER.encode(r).decode())])
        args = [expected_head, bell_channel(table_id), packed_commands, entries]
        result = await self._run(APPEND_SCRIPT, keys, args)
        status = result[0]
        if status == b"ok":
            return Appended(*_positions(result[1]))
        if status == b"duplicate":
            raise DuplicateCommand(_text(result[2]), *_positions(result[1]))
        if status == b"conflict":
            raise Conflict(int(result[1]))
        raise UnknownTable(table_id)

    async def applied(self, table_id: str, command_key: str) -> Appended | None:
        """The first result of a command already applied, if it was."""
        done = await self.redis.hget(key(table_id, "commands"), command_key)
        return None if done is None else Appended(*_positions(done), duplicate=True)

    async def applied_many(self, table_id: str, command_keys: Sequence[str]) -> dict[str, Appended]:
        if not command_keys:
            return {}
        answers = await self.redis.hmget(key(table_id, "commands"), list(command_keys))
        return {
            k: Appended(*_positions(done), duplicate=True)
            for k, done in zip(command_keys, answers, strict=True)
            if done is not None
        }

    async def meta(self, table_id: str) -> TableMeta | None:
        fields = await self.redis.hgetall(key(table_id, "meta"))
        if not fields:
            return None
        return TableMeta(
            epoch=_text(fields[b"epoch"]),
            created_at=_text(fields[b"created_at"]),
            signing_key=bytes.fromhex(_text(fields.get(b"signing_key", b""))),
        )

    async def head(self, table_id: str) -> int:
        return int(await self.redis.xlen(key(table_id, "events")))

    async def seed(self, table_id: str) -> bytes:
        value = await self.redis.get(key(table_id, "secret"))
        if value is None:
            raise UnknownTable(table_id)
        return bytes.fromhex(_text(value))

    async def read(
        self, table_id: str, after: int = 0, limit: int = PAGE, upto: int | None = None
    ) -> list[Recorded]:
        """Up to ``limit`` records from position ``after + 1`` (and at most ``upto``)."""
        return await self._read(table_id, after, limit, upto, RECORD_DECODER)

    async def _read(
        self, table_id: str, after: int, limit: int, upto: int | None, decoder: msgspec.json.Decoder[P]
    ) -> list[P]:
        end = "+" if upto is None else f"{upto}-0"
        if upto is not None and upto <= after:
            return []
        entries: Any = await self.redis.xrange(key(table_id, "events"), f"{after + 1}-0", end, count=limit)
        return [decoder.decode(fields[3]) for _, fields in entries]

    async def read_all(
        self, table_id: str, after: int = 0, upto: int | None = None
    ) -> AsyncIterator[Recorded]:
        while True:
            page = await self.read(table_id, after, PAGE, upto)
            for record in page:
                yield record
            if len(page) < PAGE:
                return
            after = page[-1].position

    async def follow(self, table_id: str, after: int = 0, block_ms: int = 5000) -> AsyncIterator[Recorded]:
        """Every record after ``after``, then each new one as it lands: XRANGE to
        catch up, then XREAD BLOCK from the last position seen, so the seam
        neither skips nor repeats a position."""
        last = after
        async for record in self.read_all(table_id, after):
            last = record.position
            yield record
        stream = key(table_id, "events")
        while True:
            answer: Any = await self.redis.xread({stream: f"{last}-0"}, count=PAGE, block=block_ms)
            for _, entries in answer or []:
                for _, fields in entries:
                    record = RECORD_DECODER.decode(fields[b"data"])
                    last = record.position
                    yield record

    # --- snapshots (a cache of the projection) ---

    async def save_snapshots(self, table_id: str, layout: str, states: Sequence[msgspec.Struct]) -> None:
        """Keep these states (each knows its position) for later reads; one call."""
        if not states:
            return
        snapshots = key(table_id, f"snapshots:{layout}")
        pipe = self.redis.pipeline(transaction=False)
        for state in states:
            pipe.zadd(snapshots, {ENCODER.encode(state): state.position}, nx=True)  # type: ignore[attr-defined]
        await pipe.execute()

    async def nearest_snapshot(self, table_id: str, layout: str, position: int) -> bytes | None:
        """The kept state at the highest position not above ``position``, if any."""
        found: Any = await self.redis.zrevrangebyscore(
            key(table_id, f"snapshots:{layout}"), position, 1, start=0, num=1
        )
        return bytes(found[0]) if found else None

    def pages(
        self, table_id: str, after: int = 0, upto: int | None = None, size: int = PAGE
    ) -> AsyncIterator[list[Recorded]]:
        """Pages of records after ``after``, the next one read while the caller
        works on the current one."""
        return self._pages(table_id, after, upto, size, RECORD_DECODER)

    def event_pages(
        self, table_id: str, after: int = 0, upto: int | None = None
    ) -> AsyncIterator[list[Positioned]]:
        """:meth:`pages` of each record's position and event only: what a fold reads."""
        return self._pages(table_id, after, upto, PAGE, POSITIONED_DECODER)

    async def _pages(
        self, table_id: str, after: int, upto: int | None, size: int, decoder: msgspec.json.Decoder[P]
    ) -> AsyncIterator[list[P]]:
        pending: asyncio.Task[list[P]] | None = asyncio.ensure_future(
            self._read(table_id, after, size, upto, decoder)
        )
        try:
            while pending is not None:
                page = await pending
                pending = None
                if len(page) == size:
                    next_after = page[-1].position
                    pending = asyncio.ensure_future(self._read(table_id, next_after, size, upto, decoder))
                if page:
                    yield page
        finally:
            if pending is not None:
                pending.cancel()

    # --- tokens ---

    async def set_token(self, table_id: str, principal: str, token_hash: str) -> None:
        await self.redis.hset(key(table_id, "tokens"), principal, token_hash)

    async def token_hash(self, table_id: str, principal: str) -> str | None:
        value = await self.redis.hget(key(table_id, "tokens"), principal)
        return None if value is None else _text(value)

    async def drop_token(self, table_id: str, principal: str) -> None:
        await self.redis.hdel(key(table_id, "tokens"), principal)

    async def redis_version(self) -> str:
        info: Any = await self.redis.info("server")
        if "redis_version" not in info and info:  # a cluster answers per node
            info = next(iter(info.values()))
        return str(info.get("redis_version", "?"))
