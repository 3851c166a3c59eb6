"""The WebSocket endpoint ``/ws/tables/{table_id}``: the handshake, then one
:class:`Connection` per socket reading messages and answering through the hub."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

import msgspec
from redis.exceptions import RedisError
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from domain.base import Viewer
from domain.errors import Refused
from domain.events import ENCODER
from domain.table import may_of, offers_for, view_record
from domain.wire import (
    CLOSE_FORBIDDEN_ORIGIN,
    CLOSE_TOO_BIG,
    CLOSE_TOO_MANY,
    CLOSE_TRY_AGAIN,
    CLOSE_UNAUTHORIZED,
    CLOSE_UNKNOWN_TABLE,
    INBOUND_DECODER,
    MAX_MESSAGE_BYTES,
    UNREADABLE,
    Accepted,
    Diverged,
    Error,
    EventPage,
    Follow,
    GetEvents,
    GetState,
    Rejected,
    SendCommand,
    StateAt,
    Unfollow,
    Welcome,
    unreadable,
)
from server import logs, metrics
from server.auth import origin_allowed, token_from, viewer_in
from server.connect import why_unavailable
from server.deciding import Result
from server.envelope import envelope
from server.frames import Frame, Sink, channels
from server.http_api import INTERNAL_ERROR
from server.hub import Subscriber
from server.limits import Throttled, peer
from server.services import Services, services

log = logging.getLogger("fracas.socket")

COMMANDS_IN_FLIGHT = 16
"""Commands one connection may have waiting for their answer at once."""

REQUESTS_WAITING = 16
"""Messages one connection may have waiting their turn; past it (or past
:data:`COMMANDS_IN_FLIGHT`), the server stops reading that socket until it
has caught up."""


class Connection:
    """One WebSocket client of one table.

    Its messages are taken in the order they came. Commands do not wait for each
    other's answers (several sent at once are grouped in one write); the other
    requests are answered one at a time, after what came before them."""

    def __init__(self, websocket: WebSocket, s: Services, table_id: str, epoch: str) -> None:
        self.websocket = websocket
        self.s = s
        self.table_id = table_id
        self.epoch = epoch
        self.subscriber: Subscriber | None = None
        self.hold: Callable[[bool], None] | None = None
        """Stops or restarts reading the socket, where the server can."""
        self.room = asyncio.Event()
        """Set while this connection takes more messages."""
        self.room.set()
        self._in_flight = 0
        self._answered = asyncio.Event()
        self._waiting: deque[Any] = deque()
        self._worker: asyncio.Task[None] | None = None
        self.counted: tuple[str, tuple[str, str]] | None = None
        """The address and the token this socket counts against (:mod:`server.limits`)."""
        self.released = asyncio.Event()
        """Set when the server gives up on this socket: its close could not be sent
        in time. The app then ends, whatever the client does."""

    async def close(self, code: int, reason: str) -> None:
        """Send the close frame; a client that does not read it within
        ``close_seconds`` has its TCP connection aborted (or, on the plain
        path, the app ends and the server aborts the connection that stays
        closing: :class:`server.uvicorn_server.Server`)."""
        try:
            if self.websocket.application_state != WebSocketState.DISCONNECTED:
                async with asyncio.timeout(self.s.settings.close_seconds):
                    await self.websocket.close(code, reason)
        except TimeoutError:
            log.info("a socket of table %s did not take its close (%d) in time: dropped", self.table_id, code)
            if self.subscriber is not None:
                self.subscriber.sink.abort()
            self.released.set()
        except Exception as exc:  # the socket is gone already
            log.debug("closing a socket of table %s failed: %r", self.table_id, exc)

    def ids(self, command_id: str | None = None) -> dict[str, str]:
        """The ``extra`` of a log line about this connection (:mod:`server.logs`)."""
        viewer = self.subscriber.viewer if self.subscriber is not None else None
        principal, role = (viewer.id, viewer.role) if viewer is not None else (None, None)
        return logs.fields(self.table_id, command_id, principal, role)

    def reply(self, message: msgspec.Struct) -> None:
        assert self.subscriber is not None
        self.subscriber.reply(Frame(ENCODER.encode(message)))

    def on_message(self, raw: str | bytes) -> None:
        """One message from the client, as it is read."""
        try:
            self._take(raw)
        except Exception:
            # One bad message must not end the connection, nor tell what went wrong
            # inside (it could carry what this role may not see).
            log.exception("unexpected error handling a message on table %s", self.table_id, extra=self.ids())
            self.reply(Error(code="internal", message=INTERNAL_ERROR))
        self._throttle()

    def stop(self) -> None:
        # Let go of the worker as it is cancelled: cancelled before its first step,
        # it never reaches its own ``finally``, and its error's traceback would hold
        # this connection in a cycle with it.
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()

    def _take(self, raw: str | bytes) -> None:
        assert self.subscriber is not None
        if self.subscriber.closed.is_set():  # closing (revoked, too slow, too big): take nothing more
            return
        if len(raw) > MAX_MESSAGE_BYTES:
            self.subscriber.shut(CLOSE_TOO_BIG, f"messages are at most {MAX_MESSAGE_BYTES} bytes")
            return
        try:
            message = INBOUND_DECODER.decode(raw)
        except UNREADABLE as exc:
            self.reply(Error(code="invalid", message=unreadable(exc)))
            return
        if isinstance(message, SendCommand) and self._worker is None and self._in_flight < COMMANDS_IN_FLIGHT:
            self.submit(message)  # nothing sent before it is still being answered
            return
        self._waiting.append(message)
        if self._worker is None:
            self._worker = asyncio.create_task(self._work(), name=f"requests:{self.table_id}")

    async def _work(self) -> None:
        try:
            while self._waiting:
                message = self._waiting.popleft()
                if isinstance(message, SendCommand):
                    while self._in_flight >= COMMANDS_IN_FLIGHT:
                        self._answered.clear()
                        await self._answered.wait()
                    self.submit(message)
                else:
                    await self.run(message)
                self._throttle()
        finally:
            self._worker = None

    def _throttle(self) -> None:
        full = self._in_flight >= COMMANDS_IN_FLIGHT or len(self._waiting) >= REQUESTS_WAITING
        if full != self.room.is_set():
            return
        if full:
            self.room.clear()
        else:
            self.room.set()
        if self.hold is not None:
            self.hold(full)

    def viewer(self) -> Viewer | None:
        """Who this socket speaks for now; None (and the socket closed) once revoked."""
        assert self.subscriber is not None and self.subscriber.feed is not None
        viewer = viewer_in(self.subscriber.feed.state, self.subscriber.viewer.id)
        if viewer is None:
            self.subscriber.shut(CLOSE_UNAUTHORIZED, "this invitation was revoked")
        return viewer

    def submit(self, message: SendCommand) -> None:
        viewer = self.viewer()
        if viewer is None:
            return
        self._in_flight += 1

        def answer(outcome: Result | BaseException) -> None:
            self._in_flight -= 1
            self._answered.set()
            self.reply(self.answer_to(message, outcome))
            self._throttle()

        command = envelope(
            viewer,
            message.id,
            message.command,
            nonce=message.nonce,
            expected_head=message.expected_head,
            dice=message.dice,
        )
        self.s.tables.submit(self.table_id, command, answer)

    def answer_to(self, message: SendCommand, outcome: Result | BaseException) -> Accepted | Rejected | Error:
        match outcome:
            case Result(first=first, last=last, duplicate=duplicate, signed_head=signed):
                return Accepted(
                    id=message.id, first=first, last=last, duplicate=duplicate, signed_head=signed
                )
            case Refused(code=code, rule=rule, message=text):
                head = getattr(outcome, "head", None)
                return Rejected(id=message.id, code=code, rule=rule, message=text, head=head)
            case RedisError() | TimeoutError() | asyncio.CancelledError():
                ids = self.ids(message.id)
                reason = why_unavailable(outcome)
                log.warning(
                    "Redis unavailable while running a command on %s: %s", self.table_id, reason, extra=ids
                )
                # The write may or may not have landed: the same id, sent again, is
                # applied at most once and answers with the first result.
                text = "the event store did not answer; send the same command id again"
                return Rejected(id=message.id, code="unavailable", rule="store.unavailable", message=text)
        # Never echo an unexpected error: it could carry what this role may not see.
        kind = type(message.command).__name__
        ids = self.ids(message.id)
        log.error("command %s on table %s failed", kind, self.table_id, exc_info=outcome, extra=ids)
        return Error(code="internal", message=INTERNAL_ERROR, id=message.id)

    async def run(self, message: Any) -> None:
        try:
            async with asyncio.timeout(self.s.settings.request_seconds):
                await self.dispatch(message)
        except (RedisError, TimeoutError) as exc:
            kind = type(message).__name__
            reason = why_unavailable(exc)
            log.warning(
                "Redis unavailable while handling %s on %s: %s", kind, self.table_id, reason, extra=self.ids()
            )
            text = "the event store is unavailable; retry"
            self.reply(Error(code="unavailable", message=text, id=getattr(message, "id", "")))
        except Exception:
            # Never echo an unexpected error: it could carry what this role may not see.
            kind = type(message).__name__
            log.exception("unexpected error handling %s on table %s", kind, self.table_id, extra=self.ids())
            self.reply(Error(code="internal", message=INTERNAL_ERROR, id=getattr(message, "id", "")))

    async def dispatch(self, message: Any) -> None:
        viewer = self.viewer()
        if viewer is None:
            return
        assert self.subscriber is not None and self.subscriber.feed is not None
        feed = self.subscriber.feed  # a feed is never dropped while a socket follows it
        match message:
            case Follow(after=after, epoch=epoch, chain=chain):
                state = await feed.refresh()
                if (
                    (epoch and epoch != self.epoch)
                    or not 0 <= after <= state.position
                    or (chain and not await self.holds(after, chain))
                ):
                    metrics.DIVERGED.inc()
                    self.reply(
                        Diverged(
                            epoch=self.epoch,
                            head=state.position,
                            message=f"this table is epoch {self.epoch} up to {state.position}; reload",
                        )
                    )
                    return
                feed.follow(self.subscriber, after)
            case Unfollow():
                self.subscriber.unfollow()
            case GetState(id=mid, at=at):
                try:
                    found = await self.s.tables.state_at(self.table_id, at, viewer)
                except Refused as refused:
                    self.reply(
                        Rejected(id=mid, code=refused.code, rule=refused.rule, message=refused.message)
                    )
                    return
                now = await feed.refresh()
                # The guards run once: `may` is the offers' labels (and RollDice).
                offers = offers_for(now, viewer) if found.position == now.position else {}
                may = may_of(offers)
                self.reply(StateAt(id=mid, at=found.position, state=found, may=may, offers=offers))
            case GetEvents(id=mid, after=after, limit=limit):
                page = await self.s.store.read(self.table_id, after, limit)
                head = feed.state.position
                self.reply(EventPage(id=mid, events=[view_record(r, viewer) for r in page], head=head))

    async def holds(self, position: int, chain: str) -> bool:
        """Whether the record this server holds at ``position`` is the one the client saw."""
        found = await self.s.store.read(self.table_id, position - 1, 1, upto=position)
        return bool(found) and found[0].chain == chain


async def admit(websocket: WebSocket, sink: Sink, s: Services, table_id: str) -> Connection | None:
    """Check the table and the token, join the table's feed and say welcome; or
    close the socket with the documented code and return None."""
    meta = await s.store.meta(table_id)
    if meta is None:
        await websocket.close(CLOSE_UNKNOWN_TABLE, "no such table")
        return None
    feed = await s.tables.feed(table_id)
    token = token_from(websocket.headers, websocket.query_params)
    address = peer(websocket)
    try:
        viewer = await s.limits.authenticate(address, s.store, table_id, feed.state, token, feed.refresh)
    except Throttled:
        await websocket.close(CLOSE_TOO_MANY, Throttled.message)
        return None
    if viewer is None:
        await websocket.close(CLOSE_UNAUTHORIZED, "a valid token for this table is required")
        return None
    if not s.limits.open_socket(address, (table_id, viewer.id)):
        await websocket.close(CLOSE_TOO_MANY, "too many open sockets for this token or from this address")
        return None
    connection = Connection(websocket, s, table_id, meta.epoch)
    connection.counted = (address, (table_id, viewer.id))
    try:
        connection.subscriber = await s.hub.subscribe(table_id, viewer, sink, connection.close)
    except BaseException:
        s.limits.close_socket(*connection.counted)
        raise
    assert connection.subscriber.feed is not None
    admin = connection.subscriber.feed.state.admin
    assert admin is not None
    owned = admin.players[viewer.id].combatants if viewer.id in admin.players else []
    connection.reply(
        Welcome(
            table_id=table_id,
            epoch=meta.epoch,
            head=connection.subscriber.feed.state.position,
            system=admin.system,
            role=viewer.role,
            viewer=viewer.id,
            combatants=owned,
        )
    )
    log.debug("joined", extra=connection.ids())
    return connection


class TableSocket:
    """The WebSocket endpoint ``/ws/tables/{table_id}``, as a plain ASGI app so that
    frames can bypass Starlette's wrapper (see :mod:`server.frames`)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await table_socket(WebSocket(scope, receive=receive, send=send), send)


async def table_socket(websocket: WebSocket, send: Send) -> None:
    s = services(websocket)
    sink, inbox = channels(websocket.scope, send, s.settings.fast_paths)
    origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
    if not origin_allowed(origin, host, s.settings.origins, s.settings.public_origins):
        await websocket.close(CLOSE_FORBIDDEN_ORIGIN)  # before accept: the handshake gets HTTP 403
        return
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        async with asyncio.timeout(s.settings.request_seconds):
            connection = await admit(websocket, sink, s, table_id)
    except (RedisError, TimeoutError) as exc:
        reason = why_unavailable(exc)
        log.warning(
            "Redis unavailable while admitting a client to %s: %s",
            table_id,
            reason,
            extra=logs.fields(table_id),
        )
        await websocket.close(CLOSE_TRY_AGAIN, "the event store is unavailable; connect again shortly")
        return
    if connection is None:
        return
    if inbox is not None:
        connection.hold = inbox.hold
        inbox.listen(connection.on_message)  # from now on only a disconnect comes below
    reading = asyncio.create_task(read(websocket, connection, inbox is None))
    released = asyncio.create_task(connection.released.wait())
    try:
        await asyncio.wait((reading, released), return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (reading, released):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                await task
        connection.stop()
        if connection.counted is not None:
            s.limits.close_socket(*connection.counted)
        if connection.subscriber is not None:
            await s.hub.unsubscribe(connection.subscriber)


async def read(websocket: WebSocket, connection: Connection, paced: bool) -> None:
    """Hand the connection every message until the client disconnects; ``paced``
    (the plain path): read only while the connection has room for more."""
    while True:
        if paced:
            await connection.room.wait()
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        connection.on_message(message["text"] if "text" in message else message["bytes"])
