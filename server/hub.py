"""Followers per table, one bounded queue and one writer task per connection.

Each process follows the tables its clients watch: a pub/sub doorbell per
table (published by the append script) wakes the table's :class:`Feed`, which
reads the new events with XRANGE from its last position, folds them into the
head state and hands each batch to every subscriber. One slow phone never
slows the table: a subscriber's queue is bounded; a player or GM whose queue
overflows, or whose oldest waiting frame has waited :data:`BEHIND_SECONDS`,
is closed with 1013 and resumes from its last position; such a spectator is
skipped ahead to the latest state (and closed with 1013 when even that cannot
be written in time). What waits in the transport's buffer counts: a socket
whose buffer goes over its high-water mark is behind from that moment, and
the kernel's own buffer is bounded (:data:`server.frames.SEND_BUFFER_BYTES`).

A batch is redacted, encoded and framed once per visibility (every player
shares the frame of a public batch), and the same bytes are written straight
to the sockets that have nothing waiting; the writer tasks only carry the
backlog of the others. The sockets that are *in step* (following, nothing
waiting, ready, and holding everything up to the feed's position) are kept
per visibility with their transports, so that a fan-out to a thousand
spectators is one loop of writes rather than a thousand subscribers' checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from domain.base import EVERYONE, Viewer, admits, sees_as
from domain.events import InviteRevoked, Recorded
from domain.table import TableState, view_record, view_state
from domain.wire import CLOSE_TRY_AGAIN, CLOSE_UNAUTHORIZED, ENCODER, Diverged, Events, SkippedAhead
from server import metrics
from server.frames import Cork, Frame, Sink, TransportSink
from server.projector import STATE_LAYOUT, Projector
from server.store import EventStore, bell_channel

log = logging.getLogger("fracas.hub")

IDLE_FEED_SECONDS = 120.0
"""A feed nobody follows (loaded for an HTTP request) is dropped after this."""

BEHIND_SECONDS = 5.0
"""How long the oldest frame waiting for a socket (queued, or in a transport
buffer over its high-water mark) may wait before the socket counts as too slow."""

WATCH_SECONDS = 1.0
"""How often the hub looks for sockets that are too slow."""

SAFETY_POLL_SECONDS = 5.0
"""Feeds re-read their stream this often even without a doorbell (one lost
pub/sub message must never stall a table)."""

CATCH_UP_READS = 64
"""Feeds of one process reading their stream at once, at most (an eighth of
its Redis pool when that is smaller: see :class:`server.services.Services`) (after a doorbell, or in
the safety poll); the others wait their turn. Each read holds a connection of
the process's Redis pool: when the safety poll re-read every followed table
at once, it took one connection per table, and past the pool's size
(:data:`server.connect.POOL_SIZE`, 1,024 tables) every other request of the
process (handshakes, commands) was refused ``store.unavailable`` while the
poll lasted. A burst of doorbells (after Redis paused) would do the same."""

SAFETY_POLL_READS = 8
"""Feeds the safety poll re-reads at once, leaving most of
:data:`CATCH_UP_READS` to the doorbells; a thousand up-to-date tables are
re-read in well under a second."""


class Batch:
    """New records of one table, with their encoded frame cached per visibility."""

    def __init__(self, records: list[Recorded]) -> None:
        self.records = records
        self.first = records[0].position
        self.last = records[-1].position
        self._frames: dict[str, Frame] = {}
        self._public = all(r.audience == EVERYONE for r in records)

    def frame_for(self, viewer: Viewer) -> Frame:
        # Viewers who may see the same records get the same frame: every player
        # shares one for public events, whatever their id.
        if viewer.is_gm:
            key = "gm"
        elif self._public:
            key = "all"
        else:
            key = "".join("1" if admits(r.audience, viewer) else "0" for r in self.records)
        frame = self._frames.get(key)
        if frame is None:
            frame = self._frames[key] = encode_events(self.records, viewer)
        return frame


def encode_events(records: list[Recorded], viewer: Viewer) -> Frame:
    return Frame(ENCODER.encode(Events(events=[view_record(r, viewer) for r in records])))


class SkipAhead:
    """Ask a spectator's writer to jump to the latest state."""


SKIP_AHEAD = SkipAhead()


class CatchUp:
    """Ask a writer to send, from the store, everything up to ``upto``."""

    def __init__(self, upto: int) -> None:
        self.upto = upto


class Subscriber:
    """One connection's outbound side: frames are written at once while the socket
    takes them and nothing waits before them; otherwise they wait in a bounded
    queue drained by the connection's writer task."""

    def __init__(
        self,
        viewer: Viewer,
        sink: Sink,
        close: Callable[[int, str], Coroutine[Any, Any, None]],
        queue_size: int,
        cork: Cork,
    ) -> None:
        self.viewer = viewer
        self._loop = asyncio.get_running_loop()
        self.sink = sink
        self._cork = cork
        """The hub's: a frame written in place while it is corked leaves with the rest."""
        self._close: Callable[[int, str], Coroutine[Any, Any, None]] | None = close
        self.queue: asyncio.Queue[Batch | CatchUp | SkipAhead | Frame | None] = asyncio.Queue(queue_size)
        self.following = False
        self.last_sent = 0
        """The last position written to the socket; while :attr:`in_step`, the
        feed's position is (brought up to date on stepping out)."""
        self.feed: Feed | None = None
        self.closed = asyncio.Event()
        self._idle = False
        """The writer task waits on an empty queue and this connection is open:
        kept up to date where it changes, as a fan-out reads it once per socket."""
        self.in_step = False
        """Among the feed's in-step sockets, written by its fan-out loop."""
        self._sees_as = sees_as(viewer)
        self._direct = sink if isinstance(sink, TransportSink) else None
        """The sink when a fan-out loop may write to its transport (not through ASGI)."""
        if self._direct is not None:
            self._direct.on_pause = self._paused
        self.behind_since: float | None = None
        """Since when the oldest frame not yet taken by the socket has waited
        (queued, or in a transport buffer over its high-water mark); None when
        nothing waits. Catching up from the store counts from its last page."""
        self._skip_pending = False
        """A spectator's skip ahead is queued and not yet written."""
        self.task = asyncio.create_task(self._write(), name=f"writer:{viewer.id}")

    def _step_in(self) -> None:
        """Join the feed's in-step sockets, if this one may: it follows, nothing
        waits for it, its socket takes writes and it holds everything up to the
        feed's position."""
        feed, sink = self.feed, self._direct
        if (
            self.in_step
            or not self._idle
            or not self.following
            or feed is None
            or sink is None
            or not sink.ready()
            or self.last_sent != feed.state.position
        ):
            return
        self.in_step = True
        feed.in_step.setdefault(self._sees_as, {})[sink] = sink.transport
        feed.stepped.add(self)

    def _paused(self) -> None:
        """The transport's buffer went over its high-water mark: what is in it waits."""
        self._step_out()
        if self.behind_since is None:
            self.behind_since = self._loop.time()

    def caught_up(self) -> bool:
        """Nothing waits for this socket: its writer is idle and its transport takes writes."""
        return self._idle and (self._direct is None or self._direct.ready())

    def watch(self, now: float, behind_seconds: float) -> None:
        """Act on a socket whose oldest waiting frame has waited too long: skip a
        spectator ahead (close it when its skip cannot be written either), close
        anyone else with 1013. Called by the hub every :data:`WATCH_SECONDS`."""
        if self.closed.is_set():
            return
        if self.caught_up():
            self.behind_since = None
            return
        if self.behind_since is None:
            self.behind_since = now
        if now - self.behind_since < behind_seconds:
            return
        if self.viewer.role == "spectator" and self.feed is not None and not self._skip_pending:
            self._skip()
        else:
            self.shut(CLOSE_TRY_AGAIN, "too far behind: resume from your last position")

    def _step_out(self) -> None:
        """Leave the in-step sockets: something waits for this one, its socket
        must drain, it closes or stops following."""
        feed, sink = self.feed, self._direct
        if not self.in_step or feed is None or sink is None:
            return
        self.in_step = False
        self.last_sent = feed.state.position
        group = feed.in_step[self._sees_as]
        del group[sink]
        if not group:
            del feed.in_step[self._sees_as]
        feed.stepped.discard(self)

    def unfollow(self) -> None:
        self._step_out()
        self.following = False

    def deliver(self, batch: Batch) -> None:
        """Hand a batch of new events to this socket."""
        # In place, not through the writer task: a hop to that task per recipient
        # is most of the cost of a fan-out to many sockets.
        if self._idle and batch.first == self.last_sent + 1 and self.sink.ready():
            self.last_sent = batch.last
            self._write_now(batch.frame_for(self.viewer))
            self._step_in()
        else:
            self.offer(batch)

    def reply(self, frame: Frame) -> None:
        """Send an answer to this connection's own request."""
        if self._idle and self.sink.ready():
            self._write_now(frame)
        else:
            self.offer(frame)

    def _write_now(self, frame: Frame) -> None:
        try:
            if self._direct is not None:
                self._cork.write(self._direct, frame)
            else:
                self.sink.write(frame)
        except Exception as exc:  # a dead socket: this subscriber ends, never the table
            log.debug("write to %s failed: %r", self.viewer.id, exc)
            self.shut(1011, "")

    def offer(self, item: Batch | CatchUp | SkipAhead | Frame) -> None:
        """Queue a batch or a frame without ever waiting."""
        if self.closed.is_set():
            return
        self._step_out()
        if self.behind_since is None:
            self.behind_since = self._loop.time()
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self._overflow()
        self._idle = False  # what comes next waits behind it

    def _overflow(self) -> None:
        if self.viewer.role == "spectator" and self.feed is not None:
            metrics.SLOW_SKIPS.inc()
            if self._skip_pending:
                # Its skip is not written yet: drop what piled up behind it, and
                # leave its clock running (the watch closes it if the skip
                # cannot be written in time).
                while not self.queue.empty():
                    self.queue.get_nowait()
                self.queue.put_nowait(SKIP_AHEAD)
            else:
                self._skip()
        else:
            metrics.SLOW_CLOSES.inc()
            self.shut(CLOSE_TRY_AGAIN, "too far behind: resume from your last position")

    def _skip(self) -> None:
        """A spectator only needs the present: drop the backlog, jump to the head."""
        self._step_out()
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(SKIP_AHEAD)
        self._idle = False
        self._skip_pending = True
        self.behind_since = self._loop.time()

    def shut(self, code: int, reason: str) -> None:
        if self.closed.is_set():
            return
        self._step_out()
        self.closed.set()
        self._idle = False
        if self._direct is not None:
            self._direct.on_pause = None
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        # Let go of the connection's close once it is called: the connection holds
        # this subscriber, and a cycle between them would outlive the socket until
        # the collector's next full pass.
        close, self._close = self._close, None
        if close is not None:
            asyncio.create_task(close(code, reason))

    async def _write(self) -> None:
        try:
            while True:
                self._idle = self.queue.empty() and not self.closed.is_set()
                if self._idle and (self._direct is None or self._direct.ready()):
                    self.behind_since = None
                self._step_in()
                item = await self.queue.get()  # whatever queued it stepped this one out
                self._idle = False
                if item is None:
                    return
                if isinstance(item, Frame):
                    await self.sink.send(item)
                elif isinstance(item, SkipAhead):
                    await self._skip_ahead()
                elif isinstance(item, CatchUp):
                    await self._send_upto(item.upto)
                else:
                    await self._send_batch(item)
        except Exception as exc:  # a dead socket ends this writer, never the table
            log.debug("writer for %s ended: %r", self.viewer.id, exc)
            self._step_out()
            self.closed.set()
            self._idle = False

    async def _skip_ahead(self) -> None:
        assert self.feed is not None
        state = self.feed.state
        self.last_sent = state.position
        skipped = SkippedAhead(head=state.position, state=view_state(state, self.viewer))
        await self.sink.send(Frame(ENCODER.encode(skipped)))
        self._skip_pending = False

    async def _send_batch(self, batch: Batch) -> None:
        if not self.following:
            return
        records = batch.records
        if records[0].position == self.last_sent + 1:
            await self.sink.send(batch.frame_for(self.viewer))
            self.last_sent = records[-1].position
        else:
            # Still catching up, or a batch overlapping what was sent: read the
            # missing part from the store and skip what this socket already has.
            await self._send_upto(records[-1].position)

    async def _send_upto(self, upto: int) -> None:
        if not self.following or self.feed is None or upto <= self.last_sent:
            return
        async for page in self.feed.hub.store.pages(self.feed.table_id, self.last_sent, upto, size=500):
            await self.sink.send(encode_events(page, self.viewer))
            self.last_sent = page[-1].position
            self.behind_since = self._loop.time()  # reading history: each page is progress


class Feed:
    """One table as this process follows it: the head state and its subscribers."""

    def __init__(self, hub: Hub, table_id: str, state: TableState, chain: str) -> None:
        self.hub = hub
        self.table_id = table_id
        self.state = state
        self.chain = chain
        """The chain value of the record at ``state.position``."""
        self.subscribers: set[Subscriber] = set()
        self.in_step: dict[Viewer, dict[TransportSink, Any]] = {}
        """The in-step sockets with their transports, by whom they see as."""
        self.stepped: set[Subscriber] = set()
        """The subscribers of those sockets."""
        self._refresh_lock = asyncio.Lock()
        self._dirty = False
        self._poker: asyncio.Task[None] | None = None
        self.writing_until = 0
        """The last position of this process's append in flight (0: none); its
        bell may ring before the append's answer comes back."""
        self.last_used = asyncio.get_running_loop().time()

    @property
    def known_head(self) -> int:
        return max(self.state.position, self.writing_until)

    async def refresh(self) -> TableState:
        """Fold every event written since the last one seen and hand them out."""
        async with self.hub.catch_up_reads, self._refresh_lock:
            return await self._catch_up()

    async def _catch_up(self) -> TableState:
        while True:
            # From the record this feed holds last, to check the store still holds
            # it: a Redis restored from an older copy holds another history.
            position = self.state.position
            page = await self.hub.store.read(self.table_id, max(position - 1, 0), 501)
            if position:
                if not page or page[0].position != position or page[0].chain != self.chain:
                    await self._diverged()
                    continue
                page = page[1:]
            if not page:
                return self.state
            state = await self.hub.projector.fold(self.table_id, self.state, page)
            metrics.caught_up(len(page))
            self._publish(page, state)

    async def _diverged(self) -> None:
        """The store no longer holds what this feed handed out (Redis restored
        from an older copy): take up the store's history from its head, and tell
        every socket of the table, whose client must reload (it follows no more)."""
        store = self.hub.store
        head = await store.head(self.table_id)
        meta = await store.meta(self.table_id)
        last = await store.read(self.table_id, head - 1, 1, upto=head) if head else []
        self.hub.projector.forget(self.table_id)
        log.warning("table %s: the store holds another history; taken up at %d", self.table_id, head)
        self.state = await self.hub.projector.state_at(self.table_id, head)
        self.chain = last[0].chain if last else ""
        epoch = meta.epoch if meta is not None else ""
        frame = Frame(
            ENCODER.encode(
                Diverged(epoch=epoch, head=head, message=f"this table is epoch {epoch} up to {head}; reload")
            )
        )
        for subscriber in list(self.subscribers):
            subscriber.unfollow()
            subscriber.reply(frame)
            metrics.DIVERGED.inc()

    def accept(self, records: list[Recorded], states: dict[int, TableState]) -> bool:
        """Records this process just wrote, with the states it folded while deciding
        them: handed out at once without reading them back. False when the feed is
        elsewhere (a refresh under way, or other writes first): then
        :meth:`refresh` hands them out."""
        if self._refresh_lock.locked() or self.state.position != records[0].position - 1:
            return False
        self._publish(records, states[records[-1].position])
        every = self.hub.projector.every
        snapshots = [states[r.position] for r in records if r.position % every == 0]
        if snapshots:
            # A snapshot is a cache: written after the events are out, never in
            # the way of the command that crossed the interval.
            self.hub.background(self.hub.store.save_snapshots(self.table_id, STATE_LAYOUT, snapshots))
        return True

    def _publish(self, records: list[Recorded], state: TableState) -> None:
        self.state = state
        self.chain = records[-1].chain
        for record in records:
            if isinstance(record.event, InviteRevoked):
                self._close_principal(record.event.principal_id)
        batch = Batch(records)
        shared: dict[Frame, list[dict[TransportSink, Any]]] = {}  # players of a public batch share its frame
        for viewer, sockets in self.in_step.items():
            shared.setdefault(batch.frame_for(viewer), []).append(sockets)
        for frame, groups in shared.items():
            self.hub.cork.write_each(frame, groups)
        for subscriber in self.subscribers.difference(self.stepped):
            if subscriber.following:
                subscriber.deliver(batch)

    def _close_principal(self, principal_id: str) -> None:
        for subscriber in list(self.subscribers):
            if subscriber.viewer.id == principal_id:
                subscriber.shut(CLOSE_UNAUTHORIZED, "this invitation was revoked")

    def follow(self, subscriber: Subscriber, after: int) -> None:
        """Send ``subscriber`` every event after ``after``, then the live ones."""
        subscriber._step_out()
        subscriber.feed = self
        subscriber.last_sent = after
        subscriber.following = True
        if self.state.position > after:
            subscriber.offer(CatchUp(self.state.position))
        else:
            subscriber._step_in()

    def poke(self) -> None:
        """A doorbell rang: refresh soon, coalescing rings that come while refreshing."""
        self._dirty = True
        if self._poker is None or self._poker.done():
            self._poker = asyncio.create_task(self._drain(), name=f"feed:{self.table_id}")

    async def _drain(self) -> None:
        while self._dirty:
            self._dirty = False
            try:
                await self.refresh()
            except RedisError:
                log.warning("refreshing %s failed; the safety poll retries", self.table_id, exc_info=True)


class Hub:
    def __init__(
        self,
        client: aioredis.Redis,
        store: EventStore,
        projector: Projector,
        queue_size: int,
        behind_seconds: float = BEHIND_SECONDS,
        catch_up_reads: int = CATCH_UP_READS,
    ) -> None:
        self.redis = client
        self.store = store
        self.projector = projector
        self.queue_size = queue_size
        self.behind_seconds = behind_seconds
        self.cork = Cork()
        """Holds the frames of a batch and of its answers until they are all
        written (see :meth:`server.appender.Appender._commit`)."""
        self.feeds: dict[str, Feed] = {}
        self._loading: dict[str, asyncio.Future[Feed]] = {}
        self._pubsub = client.pubsub()
        self._background: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._poll: asyncio.Task[None] | None = None
        self.catch_up_reads = asyncio.Semaphore(catch_up_reads)
        """Bounds the feeds reading their stream at once (:data:`CATCH_UP_READS`)."""

    def background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` without waiting for it; a failure is logged, never raised."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("background work failed: %r", task.exception())

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="doorbells")
        self._watcher = asyncio.create_task(self._watch(), name="slow sockets")

    async def stop(self) -> None:
        for task in (self._task, self._watcher, self._poll):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for feed in self.feeds.values():
            for subscriber in list(feed.subscribers):
                subscriber.shut(1001, "server shutting down")
        if self._background:  # snapshots being written: let them land
            await asyncio.wait(self._background, timeout=5)
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]

    async def feed(self, table_id: str) -> Feed:
        """The table's feed, loaded (and subscribed to its doorbell) on first use."""
        feed = self.feeds.get(table_id)
        if feed is not None:
            feed.last_used = asyncio.get_running_loop().time()
            return feed
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Feed] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            await self._pubsub.subscribe(bell_channel(table_id))
            head = await self.store.head(table_id)
            last = await self.store.read(table_id, head - 1, 1, upto=head) if head else []
            chain = last[0].chain if last else ""
            state = await self.projector.state_at(table_id, head)
            feed = Feed(self, table_id, state, chain)
            self.feeds[table_id] = feed
            future.set_result(feed)
            await feed.refresh()  # anything written while loading
            return feed
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: the caller re-raises it
            raise
        finally:
            del self._loading[table_id]

    async def subscribe(
        self,
        table_id: str,
        viewer: Viewer,
        sink: Sink,
        close: Callable[[int, str], Coroutine[Any, Any, None]],
    ) -> Subscriber:
        # Take the registered feed and join it in one step, so a feed being dropped
        # by its last leaving subscriber is never joined.
        feed = await self.feed(table_id)
        subscriber = Subscriber(viewer, sink, close, self.queue_size, self.cork)
        subscriber.feed = feed
        feed.subscribers.add(subscriber)
        return subscriber

    async def unsubscribe(self, subscriber: Subscriber) -> None:
        subscriber.shut(1000, "")
        feed = subscriber.feed
        if feed is None:
            return
        feed.subscribers.discard(subscriber)
        # Kept warm, not dropped: a page reloaded (OBS reloading an overlay, a phone
        # waking) joins it again without loading the table; the safety poll drops it
        # once nobody has used it for IDLE_FEED_SECONDS.
        feed.last_used = asyncio.get_running_loop().time()

    async def _drop(self, feed: Feed) -> None:
        if self.feeds.get(feed.table_id) is feed:
            del self.feeds[feed.table_id]
            with contextlib.suppress(RedisError):
                await self._pubsub.unsubscribe(bell_channel(feed.table_id))

    async def _watch(self) -> None:
        """Every :data:`WATCH_SECONDS`, the sockets out of step: those behind for
        :attr:`behind_seconds` are skipped ahead or closed (:meth:`Subscriber.watch`)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            now = loop.time()
            for feed in list(self.feeds.values()):
                for subscriber in feed.subscribers.difference(feed.stepped):
                    try:
                        subscriber.watch(now, self.behind_seconds)
                    except Exception:  # one socket's trouble never stops the watch
                        log.warning("watching a socket failed", exc_info=True)

    async def _listen(self) -> None:
        loop = asyncio.get_running_loop()
        last_poll = loop.time()
        while True:
            try:
                if self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                else:
                    message = None
                    await asyncio.sleep(0.2)
                if message is not None:
                    channel = message["channel"].decode()
                    table_id = channel[len("fracas:{") : channel.rindex("}")]
                    feed = self.feeds.get(table_id)
                    # The bell carries the new head: a bell for this process's own
                    # append (in flight or done) needs no read.
                    if feed is not None and int(message["data"]) > feed.known_head:
                        feed.poke()
                polling = self._poll is not None and not self._poll.done()
                if loop.time() - last_poll > SAFETY_POLL_SECONDS and not polling:
                    last_poll = loop.time()
                    self._poll = asyncio.create_task(self.poll_feeds(), name="safety poll")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("doorbell listener error; retrying", exc_info=True)
                await asyncio.sleep(1.0)

    async def poll_feeds(self) -> None:
        """The safety poll: every followed table re-read (catching what a lost
        doorbell left behind), :data:`SAFETY_POLL_READS` at a time; feeds nobody
        has used for :data:`IDLE_FEED_SECONDS` dropped. A failed read is retried
        at the next poll; the failures of one poll are logged once."""
        now = asyncio.get_running_loop().time()
        due: list[Feed] = []
        for feed in list(self.feeds.values()):
            if not feed.subscribers and now - feed.last_used > IDLE_FEED_SECONDS:
                await self._drop(feed)
            else:
                due.append(feed)
        failed: list[BaseException] = []

        async def reader() -> None:
            while due:
                feed = due.pop()
                if self.feeds.get(feed.table_id) is not feed:
                    continue
                try:
                    await feed.refresh()
                except RedisError as exc:
                    failed.append(exc)

        await asyncio.gather(*(reader() for _ in range(min(SAFETY_POLL_READS, len(due)))))
        if failed:
            log.warning("the safety poll could not re-read %d tables: %r", len(failed), failed[-1])
