"""The state at any position of a stored table, fast on long sessions.

Snapshots of the projection (every ``every`` positions) are a cache in Redis:
the state at ``p`` starts from the nearest snapshot at or below ``p`` and folds
the events after it. A ``Rewound(to=k)`` event needs the state at ``k``, found
the same way, so rewinds inside rewound branches cost no more than any other.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Sequence

import msgspec
from redis.exceptions import RedisError

from domain.events import Positioned, Recorded, Rewound
from domain.table import EMPTY, TableState, fold
from server.store import EventStore

log = logging.getLogger("fracas.projector")

STATE_DECODER = msgspec.json.Decoder(TableState)

STATE_LAYOUT = hashlib.sha256(
    json.dumps(msgspec.json.schema(TableState), sort_keys=True).encode()
).hexdigest()[:12]
"""A fingerprint of the state's types: a snapshot written by a server whose state
had another shape is never read (it is refolded from the log instead)."""


class Projector:
    def __init__(self, store: EventStore, every: int = 250, cache_size: int = 512) -> None:
        self.store = store
        self.every = every
        self._cache: OrderedDict[tuple[str, int], TableState] = OrderedDict()
        self._cache_size = cache_size
        self._saving: asyncio.Future[None] | None = None
        """The snapshots being written while the next page is folded. The next fold
        that keeps snapshots, of any table, waits for them first: a rebuild never
        has more than one write in flight."""

    def _remember(self, table_id: str, state: TableState) -> None:
        self._cache[(table_id, state.position)] = state
        self._cache.move_to_end((table_id, state.position))
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def forget(self, table_id: str) -> None:
        """Drop the states kept of ``table_id`` (its store holds another history now)."""
        for cached in [k for k in self._cache if k[0] == table_id]:
            del self._cache[cached]

    async def state_at(self, table_id: str, position: int) -> TableState:
        """The state after the event at ``position`` (0: before the table existed)."""
        cached = self._cache.get((table_id, position))
        if cached is not None:
            return cached
        state = await self._nearest(table_id, position)
        async for page in self.store.event_pages(table_id, after=state.position, upto=position):
            state = await self.fold(table_id, state, page)
        await self.saved()
        self._remember(table_id, state)
        return state

    async def fold(
        self, table_id: str, state: TableState, records: Sequence[Recorded] | Sequence[Positioned]
    ) -> TableState:
        """Fold a page of records, fetching rewind targets when needed, and keep a
        snapshot at every multiple of ``every``: written while the caller goes on
        (the next page), once the previous page's are written."""
        targets = {r.event.to for r in records if isinstance(r.event, Rewound)}
        # A rewind to before the page needs a state from the store; one inside the page
        # is one the fold itself passes.
        earlier = {k: await self.state_at(table_id, k) for k in sorted(targets) if k <= state.position}
        snapshots = []

        def keep(passed: TableState) -> None:
            if passed.position in targets:
                earlier[passed.position] = passed
            if passed.position % self.every == 0:
                snapshots.append(passed)

        state = fold(state, records, earlier.__getitem__, keep)
        if snapshots:
            await self.saved()
            self._saving = asyncio.ensure_future(self.store.save_snapshots(table_id, STATE_LAYOUT, snapshots))
        return state

    async def saved(self) -> None:
        """Wait for the snapshots being written. A snapshot is a cache: one that
        could not be written is logged, never raised."""
        saving, self._saving = self._saving, None
        if saving is None:
            return
        try:
            await saving
        except RedisError as exc:
            log.warning("a snapshot could not be written: %r", exc)

    async def _nearest(self, table_id: str, position: int) -> TableState:
        """The closest known state at or below ``position``: in memory or in Redis."""
        best = EMPTY
        for (table, at), state in self._cache.items():
            if table == table_id and best.position < at <= position:
                best = state
        raw = await self.store.nearest_snapshot(table_id, STATE_LAYOUT, position)
        if raw is not None:
            stored = STATE_DECODER.decode(raw)
            if stored.position > best.position:
                best = stored
        return best
