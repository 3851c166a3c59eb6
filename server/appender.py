"""Group commit: the commands of one table, decided one after the other on the
head state and written in one call of the append script.

Commands that arrive while a write is in flight wait in the table's queue,
and are decided as they arrive, each on the state the previous ones leave,
starting from the state the write in flight will leave (so a command's
expected head, dice position and rules see exactly what a lone command
would); the next batch writes them all at once when that write comes back.
If it failed, or another replica moved the head, the batch is decided again
on the new state. A command is refused only on the table's latest log: before
a refusal is answered, the head it was decided on is checked against the
head in Redis, and if another process wrote since, this one catches up and
decides again (so which process a client reaches never changes the answer).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from domain.errors import Refused
from domain.table import TableState
from server.deciding import Ahead, Decider, Decision, Pending, Result
from server.hub import Feed, Hub
from server.projector import Projector
from server.signing import Signer
from server.store import Appended, Conflict, DuplicateCommand, EventStore

log = logging.getLogger("fracas.appender")

MAX_BATCH = 64

BUSY_BATCH = 16
GATHER_SECONDS = 0.0005
"""After a batch of at least ``BUSY_BATCH`` commands, the writer waits this long
for the next one to fill up before writing it (group commit delay): each
batch costs one write per player, so under load larger batches cost less per
command. A table at light load never waits."""

CONFLICT_RETRIES = 16
BACKOFF_CAP_SECONDS = 0.05


async def _nothing() -> dict[str, Appended]:
    return {}


class Busy(Refused):
    code = "conflict"

    def __init__(self) -> None:
        super().__init__("table.busy", "other commands kept landing first; send it again")


class Deadlines:
    """Fails a batch that waits on Redis past its deadline, with everything queued
    behind it, for every table of this process: one timer ticks while any
    table writes, rather than one per batch (``asyncio.timeout`` around each
    batch was ~7 µs of the ~0.1 ms a lone command spends in the server's
    Python). A batch fails between ``seconds`` and a quarter more after it
    started."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._watched: set[Appender] = set()
        self._tick: asyncio.TimerHandle | None = None

    @property
    def ticking(self) -> bool:
        return self._tick is not None

    def watch(self, appender: Appender) -> None:
        self._watched.add(appender)
        if self._tick is None:
            self._tick = asyncio.get_running_loop().call_later(self.seconds / 4, self._check)

    def unwatch(self, appender: Appender) -> None:
        """``appender`` has nothing left to write. Let go of it at once: held until
        the next tick, a table's appenders (one per burst of commands) would pile
        up for seconds and keep the garbage collector busy."""
        self._watched.discard(appender)

    def _check(self) -> None:
        self._tick = None
        now = time.monotonic()
        for appender in list(self._watched):
            if appender.batch_started is not None and now - appender.batch_started >= self.seconds:
                appender.expire()
        if self._watched:
            self._tick = asyncio.get_running_loop().call_later(self.seconds / 4, self._check)


class Appender:
    """The write queue of one table in this process, drained by one writer task."""

    def __init__(
        self,
        table_id: str,
        store: EventStore,
        hub: Hub,
        projector: Projector,
        seed: Callable[[], Awaitable[bytes]],
        signer: Callable[[], Awaitable[Signer]],
        on_idle: Callable[[Appender], None],
        deadlines: Deadlines,
    ) -> None:
        self.table_id = table_id
        self.store = store
        self.hub = hub
        self.projector = projector
        self._seed = seed
        self._signer = signer
        self._on_idle = on_idle
        self._deadlines = deadlines
        self.queue: list[Pending] = []
        self._task: asyncio.Task[None] | None = None
        self.batch_started: float | None = None
        """When the batch being written started (``time.monotonic``); None between batches."""
        self._expired = False
        self._ahead: Ahead | None = None

    def expire(self) -> None:
        """The batch being written is past its deadline: it and everything queued
        behind it hear ``TimeoutError``."""
        if self._task is not None and self.batch_started is not None and not self._expired:
            self._expired = True
            self._task.cancel()

    def submit(self, pending: Pending) -> None:
        """Queue a command; its outcome comes to ``pending.on_answer``. No task per
        command: the writer takes everything queued while a write is in flight
        as its next batch."""
        self.queue.append(pending)
        if self._task is None:
            self._task = asyncio.create_task(self._drain(), name=f"appender:{self.table_id}")
            self._deadlines.watch(self)
        elif self._ahead is not None:
            self._decide_ahead()

    def _decide_ahead(self) -> None:
        """Decide the queued commands not decided yet on the state the write in
        flight leaves: under load the next batch is then ready to go when it
        comes back, and deciding it overlaps Redis's work rather than following
        it."""
        ahead = self._ahead
        if ahead is None:
            return
        for pending in self.queue[len(ahead.decided) : MAX_BATCH]:
            if ahead.decider.add(pending) is not None:  # a rewind needs the store: decided in its turn
                self._ahead = None
                return
            ahead.decided.append(pending)

    async def _drain(self) -> None:
        try:
            last = 0
            while self.queue:
                if last >= BUSY_BATCH and len(self.queue) < last:
                    await asyncio.sleep(GATHER_SECONDS)  # under load: let the next batch fill up
                batch, self.queue = self.queue[:MAX_BATCH], self.queue[MAX_BATCH:]
                ahead, self._ahead = self._ahead, None
                last = len(batch)
                await self._commit_settling(batch, ahead)
        except BaseException as exc:  # cancelled (the server stops): nothing waits forever
            self._fail_queue(exc)
            raise
        finally:
            self._task = None
            self._deadlines.unwatch(self)
            self._on_idle(self)

    def _fail_queue(self, exc: BaseException) -> None:
        self._ahead = None
        queued, self.queue = self.queue, []
        for pending in queued:
            pending.settle(exc)

    async def _commit_settling(self, batch: list[Pending], ahead: Ahead | None = None) -> None:
        self.batch_started = time.monotonic()
        try:
            await self._commit(batch, ahead)
        except BaseException as exc:  # the store failed: every command of the batch hears it
            outcome = exc
            # Cancelled by its deadline alone (not also by the server stopping): as asyncio.timeout does.
            cancelled = isinstance(exc, asyncio.CancelledError)
            if self._expired and cancelled and self._task is not None and self._task.uncancel() == 0:
                seconds = self._deadlines.seconds
                outcome = TimeoutError(f"the event store did not answer within {seconds:g} s")
            for pending in batch:
                pending.settle(outcome)
            if isinstance(outcome, TimeoutError):
                self._fail_queue(outcome)  # Redis hangs: what waits behind would wait as long
            if isinstance(outcome, asyncio.CancelledError):
                raise
        finally:
            self.batch_started = None
            self._expired = False

    async def _commit(self, batch: list[Pending], ahead: Ahead | None = None) -> None:
        """Decide the batch on the head this process knows and write it: one call to
        Redis when nobody else wrote meanwhile; otherwise catch up and decide again.
        What was decided ahead of the batch is kept if the head is what it was
        decided on."""
        seed = await self._seed()
        feed = await self.hub.feed(self.table_id)
        head, chain = feed.state, feed.chain
        if any(p.envelope.expected_head not in (None, head.position) for p in batch):
            head = await feed.refresh()  # a stale check must be against the real head
            chain = feed.chain
        done: dict[str, Any] = {}
        for attempt in range(CONFLICT_RETRIES):
            batch = [p for p in batch if not p.settled]  # refused or answered: never retried
            if not batch:
                return
            if attempt == 0 and ahead is not None and ahead.fits(batch, head.position, chain):
                decision = await self._decide(ahead.decider, batch[len(ahead.decided) :])
            else:
                decision = await self._decide(Decider(self.table_id, head, chain, seed, done), batch)
            for pending, exc in decision.failed:
                pending.settle(exc)
            if decision.refused and not await self._settle_refusals(decision.refused, head.position):
                # Another process wrote what this one has not seen yet: what it refused
                # may be legal on the latest log. Catch up and decide the batch again.
                head = await feed.refresh()
                chain = feed.chain
                continue
            if not decision.groups:
                for pending, result in decision.accepted:
                    pending.settle(result)
                return
            try:
                await self._append(feed, decision, head, seed)
            except Conflict:
                # Another replica wrote first. A replica whose own writes keep its head
                # current needs no read before writing, so under a burst it would win
                # every race: back off with jitter until its burst is over.
                await asyncio.sleep(random.uniform(0, min(BACKOFF_CAP_SECONDS, 0.001 * 2**attempt)))
                head = await feed.refresh()
                chain = feed.chain
                continue
            except DuplicateCommand:
                # A command of the batch was applied already (a retry that reached
                # another replica): answer it with its first result, decide the rest again.
                done = await self.store.applied_many(self.table_id, [p.key for p in batch if p.key])
                head = await feed.refresh()
                chain = feed.chain
                continue
            last = decision.records[-1]
            signed = (await self._signer()).head(last.position, last.chain)
            accepted = [(p, Result(r.first, r.last, r.duplicate, signed)) for p, r in decision.accepted]
            with self.hub.cork.corked():  # the events and each socket's answers leave in one write
                handed_out = feed.accept(decision.records, decision.states)
                if handed_out:
                    for pending, result in accepted:
                        pending.settle(result)
            if not handed_out:
                await feed.refresh()
                for pending, result in accepted:
                    pending.settle(result)
            return
        for pending in batch:
            pending.settle(Busy())

    async def _append(self, feed: Feed, decision: Decision, head: TableState, seed: bytes) -> None:
        """Append the batch. While the append is in flight the feed knows its own
        bell is coming, and does not read the stream for it, and the commands
        queued behind it are decided on the state it leaves."""
        last = decision.records[-1]
        feed.writing_until = last.position
        leaves = decision.states[last.position]
        self._ahead = Ahead(last.position, last.chain, Decider(self.table_id, leaves, last.chain, seed, {}))
        asyncio.get_running_loop().call_soon(self._decide_ahead)  # once the append is sent
        try:
            await self.store.append_batch(self.table_id, decision.groups, expected_head=head.position)
        except BaseException:
            self._ahead = None
            raise
        finally:
            feed.writing_until = 0

    async def _settle_refusals(self, refused: list[tuple[Pending, Refused]], decided_on: int) -> bool:
        """Refuse these commands, if the head they were decided on is still the
        table's head in Redis: a process that is behind never refuses what the
        latest log allows (False, nothing settled: decide them again). At the
        head this costs one round trip, and only when a command is refused; the
        accepted path reads nothing (the expected head guards it).

        A refused command may be the retry of one already applied (its state has
        moved on since): it gets its first result, not the refusal."""
        keys = [pending.key for pending, _ in refused if pending.key]
        applied = self.store.applied_many(self.table_id, keys) if keys else _nothing()
        head, done = await asyncio.gather(self.store.head(self.table_id), applied)
        if head != decided_on:
            return False
        for pending, refusal in refused:
            first = done.get(pending.key)
            pending.settle(Result(first.first, first.last, duplicate=True) if first else refusal)
        return True

    async def _decide(self, decider: Decider, batch: list[Pending]) -> Decision:
        for pending in batch:
            needed = decider.add(pending)
            if needed is not None:  # a rewind to before the head: its state comes from the store
                decider.earlier[needed] = await self.projector.state_at(self.table_id, needed)
                decider.add(pending)
        return decider.decision
