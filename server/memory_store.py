"""The event store in this process's memory: the same contract as the Redis
store (tests/store_contract.py runs both), for tests and tools that need a
store without a Redis. Records are kept encoded, as Redis keeps them, so what
is read back is decoded afresh and anything that would not survive the wire
fails here too. Nothing is persisted; one process only.
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import msgspec

from domain.events import ENCODER, POSITIONED_DECODER, RECORD_DECODER, Positioned, Recorded
from server.store import (
    PAGE,
    Appended,
    Conflict,
    DuplicateCommand,
    EventStore,
    TableExists,
    TableMeta,
    UnknownTable,
    batch_records,
)

P = TypeVar("P", Recorded, Positioned)


@dataclass
class _Table:
    meta: TableMeta
    seed: bytes
    records: list[bytes] = field(default_factory=list)
    """Encoded records; the one at index i has position i + 1."""
    commands: dict[str, tuple[int, int]] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    snapshots: dict[str, dict[int, bytes]] = field(default_factory=dict)
    """By layout: the first state kept at each position."""
    appended: asyncio.Event = field(default_factory=asyncio.Event)
    """Set (and replaced) by each append: it wakes the followers."""


class MemoryEventStore(EventStore):
    """An :class:`~server.store.EventStore` in a dict of tables."""

    def __init__(self) -> None:
        self._tables: dict[str, _Table] = {}

    def _table(self, table_id: str) -> _Table:
        table = self._tables.get(table_id)
        if table is None:
            raise UnknownTable(table_id)
        return table

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
        if table_id in self._tables:
            raise TableExists(table_id)
        table = _Table(TableMeta(epoch, created_at, signing_key), seed, tokens={"gm": gm_token_hash})
        table.records.append(ENCODER.encode(first))
        self._tables[table_id] = table

    async def append(
        self, table_id: str, records: Sequence[Recorded], *, expected_head: int, command_key: str = ""
    ) -> Appended:
        try:
            return await self.append_batch(table_id, [(command_key, records)], expected_head=expected_head)
        except DuplicateCommand as done:
            return Appended(done.first, done.last, duplicate=True)

    async def append_batch(
        self, table_id: str, commands: Sequence[tuple[str, Sequence[Recorded]]], *, expected_head: int
    ) -> Appended:
        records = batch_records(commands, expected_head)
        table = self._table(table_id)
        # The checks in the order of the Redis script: a retry is answered as such
        # even when the head has moved since.
        for command_key, _ in commands:
            done = table.commands.get(command_key) if command_key else None
            if done is not None:
                raise DuplicateCommand(command_key, *done)
        head = len(table.records)
        if head != expected_head:
            raise Conflict(head)
        encoded = [ENCODER.encode(record) for record in records]  # all or nothing: encode first
        first = head + 1
        for command_key, group in commands:
            if command_key:
                table.commands[command_key] = (first, first + len(group) - 1)
            first += len(group)
        table.records.extend(encoded)
        woken, table.appended = table.appended, asyncio.Event()
        woken.set()
        return Appended(head + 1, len(table.records))

    async def applied(self, table_id: str, command_key: str) -> Appended | None:
        table = self._tables.get(table_id)
        done = table.commands.get(command_key) if table else None
        return None if done is None else Appended(*done, duplicate=True)

    async def applied_many(self, table_id: str, command_keys: Sequence[str]) -> dict[str, Appended]:
        table = self._tables.get(table_id)
        if table is None:
            return {}
        return {k: Appended(*table.commands[k], duplicate=True) for k in command_keys if k in table.commands}

    async def meta(self, table_id: str) -> TableMeta | None:
        table = self._tables.get(table_id)
        return None if table is None else table.meta

    async def head(self, table_id: str) -> int:
        table = self._tables.get(table_id)
        return 0 if table is None else len(table.records)

    async def seed(self, table_id: str) -> bytes:
        return self._table(table_id).seed

    def _encoded(self, table_id: str, after: int, limit: int, upto: int | None) -> list[bytes]:
        table = self._tables.get(table_id)
        if table is None:
            return []
        end = len(table.records) if upto is None else min(upto, len(table.records))
        return table.records[after : max(after, min(end, after + limit))]

    async def read(
        self, table_id: str, after: int = 0, limit: int = PAGE, upto: int | None = None
    ) -> list[Recorded]:
        return [RECORD_DECODER.decode(data) for data in self._encoded(table_id, after, limit, upto)]

    async def read_all(
        self, table_id: str, after: int = 0, upto: int | None = None
    ) -> AsyncIterator[Recorded]:
        for page in self._pages(table_id, after, upto, PAGE, RECORD_DECODER):
            for record in page:
                yield record

    async def follow(self, table_id: str, after: int = 0, block_ms: int = 5000) -> AsyncIterator[Recorded]:
        last = after
        while True:
            table = self._tables.get(table_id)
            appended = table.appended if table else None
            page = await self.read(table_id, last)
            for record in page:
                last = record.position
                yield record
            if not page and appended is not None:
                await appended.wait()  # taken before the read: an append in between is not missed
            elif not page:
                await asyncio.sleep(block_ms / 1000)  # no such table (yet): look again

    async def pages(
        self, table_id: str, after: int = 0, upto: int | None = None, size: int = PAGE
    ) -> AsyncIterator[list[Recorded]]:
        for page in self._pages(table_id, after, upto, size, RECORD_DECODER):
            yield page

    async def event_pages(
        self, table_id: str, after: int = 0, upto: int | None = None
    ) -> AsyncIterator[list[Positioned]]:
        for page in self._pages(table_id, after, upto, PAGE, POSITIONED_DECODER):
            yield page

    def _pages(
        self, table_id: str, after: int, upto: int | None, size: int, decoder: msgspec.json.Decoder[P]
    ) -> Iterator[list[P]]:
        while page := self._encoded(table_id, after, size, upto):
            yield [decoder.decode(data) for data in page]
            after += len(page)

    async def save_snapshots(self, table_id: str, layout: str, states: Sequence[msgspec.Struct]) -> None:
        table = self._tables.get(table_id)
        if table is None:
            return
        kept = table.snapshots.setdefault(layout, {})
        for state in states:
            kept.setdefault(state.position, ENCODER.encode(state))  # type: ignore[attr-defined]

    async def nearest_snapshot(self, table_id: str, layout: str, position: int) -> bytes | None:
        table = self._tables.get(table_id)
        kept = table.snapshots.get(layout, {}) if table else {}
        positions = sorted(p for p in kept if p >= 1)
        index = bisect.bisect_right(positions, position)
        return kept[positions[index - 1]] if index else None

    async def set_token(self, table_id: str, principal: str, token_hash: str) -> None:
        self._table(table_id).tokens[principal] = token_hash

    async def token_hash(self, table_id: str, principal: str) -> str | None:
        table = self._tables.get(table_id)
        return None if table is None else table.tokens.get(principal)

    async def drop_token(self, table_id: str, principal: str) -> None:
        table = self._tables.get(table_id)
        if table is not None:
            table.tokens.pop(principal, None)
