"""Group commit: the commands of one table, decided one after the other on the
head state and written in one call of the append script.

Commands that arrive while a write is in flight wait in the table's queue; the
next batch decides each of them on the state the previous ones left (so a
command's expected head, dice position and rules see exactly what a lone
command would), and writes them all at once. If another replica moved the
head, the whole batch is decided again on the new state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from domain.base import Viewer
from domain.errors import CheckFailed, Refused
from domain.events import Recorded, Rewound
from domain.play import execute
from domain.table import TableState, evolve
from server.hub import Hub
from server.projector import Projector
from server.store import Conflict, DuplicateCommand, RedisEventStore

log = logging.getLogger("fracas.appender")

MAX_BATCH = 64
CONFLICT_RETRIES = 8


@dataclass(frozen=True)
class Result:
    first: int
    last: int
    duplicate: bool = False


class Stale(Refused):
    code = "stale"

    def __init__(self, head: int, expected: int) -> None:
        super().__init__("table.expected-head", f"the table is at position {head}, not {expected}")
        self.head = head


class Busy(Refused):
    code = "conflict"

    def __init__(self) -> None:
        super().__init__("table.busy", "other commands kept landing first; send it again")


@dataclass
class Pending:
    sender: Viewer
    command_id: str
    command: Any
    nonce: str
    expected_head: int | None
    dice: list[int] | None
    at: str
    future: asyncio.Future[Result] = field(repr=False)

    @property
    def key(self) -> str:
        """Command ids are the sender's own: two clients may pick the same one."""
        return f"{self.sender.id}:{self.command_id}" if self.command_id else ""

    def settle(self, outcome: Result | BaseException) -> None:
        if self.future.done():
            return
        if isinstance(outcome, BaseException):
            self.future.set_exception(outcome)
        else:
            self.future.set_result(outcome)


class Appender:
    """The write queue of one table in this process."""

    def __init__(
        self,
        table_id: str,
        store: RedisEventStore,
        hub: Hub,
        projector: Projector,
        seed: Callable[[], Awaitable[bytes]],
        on_idle: Callable[[Appender], None],
    ) -> None:
        self.table_id = table_id
        self.store = store
        self.hub = hub
        self.projector = projector
        self._seed = seed
        self._on_idle = on_idle
        self.queue: list[Pending] = []
        self._task: asyncio.Task[None] | None = None

    def submit(self, pending: Pending) -> None:
        self.queue.append(pending)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=f"appender:{self.table_id}")

    async def _drain(self) -> None:
        try:
            while self.queue:
                batch, self.queue = self.queue[:MAX_BATCH], self.queue[MAX_BATCH:]
                try:
                    await self._commit(batch)
                except BaseException as exc:  # the store failed: every waiting command hears it
                    for pending in batch:
                        pending.settle(exc)
                    if isinstance(exc, asyncio.CancelledError):
                        raise
        finally:
            if not self.queue:
                self._on_idle(self)

    async def _commit(self, batch: list[Pending]) -> None:
        seed = await self._seed()
        feed = await self.hub.feed(self.table_id)
        for _ in range(CONFLICT_RETRIES):
            batch = [p for p in batch if not p.future.done()]  # refused or answered: never retried
            if not batch:
                return
            head = await feed.refresh()
            done = await self.store.applied_many(self.table_id, [p.key for p in batch if p.key])
            groups, decided = await self._decide(batch, head, seed, done)
            if not groups:
                return
            try:
                await self.store.append_batch(self.table_id, groups, expected_head=head.position)
            except (Conflict, DuplicateCommand):
                continue  # decide the batch again on what is there now
            for pending, result in decided:
                pending.settle(result)
            await feed.refresh()
            return
        for pending in batch:
            pending.settle(Busy())

    async def _decide(
        self, batch: list[Pending], head: TableState, seed: bytes, done: dict[str, Any]
    ) -> tuple[list[tuple[str, list[Recorded]]], list[tuple[Pending, Result]]]:
        """Decide each command on the state the previous ones leave. Refusals and
        duplicates are settled at once; the rest wait for the write."""
        state = head
        decided_here: dict[str, Result] = {}
        states: dict[int, TableState] = {head.position: head}
        groups: list[tuple[str, list[Recorded]]] = []
        decided: list[tuple[Pending, Result]] = []
        for pending in batch:
            key = pending.key
            if key in done:
                first = done[key]
                pending.settle(Result(first.first, first.last, duplicate=True))
                continue
            if key in decided_here:
                first_result = decided_here[key]
                decided.append((pending, Result(first_result.first, first_result.last, duplicate=True)))
                continue
            try:
                if pending.expected_head is not None and pending.expected_head != state.position:
                    raise Stale(state.position, pending.expected_head)
                emitted = execute(
                    state, pending.command, pending.sender, seed=seed, nonce=pending.nonce, dice=pending.dice
                )
                if not emitted:
                    raise CheckFailed("table.no-change", "the command changes nothing")
            except Refused as refused:
                pending.settle(refused)
                continue
            except Exception as exc:  # a bug in a rule: this command fails, the batch goes on
                log.exception("deciding %s on table %s failed", type(pending.command).__name__, self.table_id)
                pending.settle(exc)
                continue
            batch_start = state.position + 1
            records = [
                Recorded(
                    position=batch_start + offset,
                    event=item.event,
                    audience=item.audience,
                    command_id=pending.command_id,
                    sender=pending.sender.id,
                    nonce=pending.nonce,
                    batch=batch_start,
                    at=pending.at,
                )
                for offset, item in enumerate(emitted)
            ]
            for record in records:
                state = await self._fold(state, record, states)
                states[record.position] = state
            result = Result(records[0].position, records[-1].position)
            if key:
                decided_here[key] = result
            groups.append((key, records))
            decided.append((pending, result))
        return groups, decided

    async def _fold(self, state: TableState, record: Recorded, states: dict[int, TableState]) -> TableState:
        event = record.event
        earlier = None
        if isinstance(event, Rewound):
            earlier = states.get(event.to) or await self.projector.state_at(self.table_id, event.to)
        return evolve(state, record.position, event, earlier)
