"""One Fracas WebSocket client as the load generator plays it: the real
protocol (``domain.wire`` messages, bearer token, follow, commands with ids),
on the lean client of :mod:`bench.wsclient`.

Inbound frames are decoded with a reduced msgspec type that reads only what
the harness checks (positions, command ids, reply ids); msgspec skips the
rest. Every ``events`` frame is checked: positions must follow each other
with no gap and no repeat, otherwise :attr:`Session.errors` counts it.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import msgspec

from bench.wsclient import OnMessage, WSClient, connect
from domain.wire import ENCODER, Follow, GetState, SendCommand


class Ev(msgspec.Struct):
    position: int
    command_id: str = ""


class Msg(msgspec.Struct):
    type: str
    events: list[Ev] = []
    id: str = ""
    first: int = 0
    last: int = 0
    head: int | None = 0
    code: str = ""
    rule: str = ""
    message: str = ""


DECODER = msgspec.json.Decoder(Msg)


class Inbound(NamedTuple):
    message: Msg
    breaks: int
    """Events of an ``events`` frame whose position does not follow the one before
    them in the frame."""


class SharedDecode:
    """Decodes inbound frames, reusing the result for an ``events`` frame whose
    bytes came lately. Every player of a public batch is sent the very same
    frame; decoding it (and checking that its positions follow each other) once
    instead of once per player keeps the load generator, which shares the
    machine's cores with the server, from spending most of its CPU on copies of
    one frame. Each session still checks that every frame it gets follows what
    it held."""

    def __init__(self, keep: int = 4) -> None:
        self._recent: deque[tuple[bytes, Inbound]] = deque(maxlen=keep)

    def __call__(self, payload: bytes) -> Inbound:
        for seen, inbound in reversed(self._recent):
            if payload == seen:
                return inbound
        message = DECODER.decode(payload)
        if message.type != "events":
            return Inbound(message, 0)
        events = message.events
        breaks = sum(1 for a, b in itertools.pairwise(events) if b.position != a.position + 1)
        inbound = Inbound(message, breaks)
        self._recent.append((payload, inbound))
        return inbound


decode = SharedDecode()

REPLIES = frozenset({"accepted", "rejected", "state", "event_page"})

OnEvent = Callable[["Session", Ev, float], None]

_ids = itertools.count(1)


class Session:
    def __init__(self, name: str = "") -> None:
        self.name = name
        self.ws: WSClient | None = None
        self.welcome: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()
        self.last_position = 0
        self.frames = 0
        self.events = 0
        self.errors = 0
        self.skipped = 0
        self.failures: list[str] = []
        self.pending: dict[str, asyncio.Future[tuple[Msg, float]]] = {}
        self.on_event: OnEvent | None = None
        self.on_reply: Callable[[Msg], None] | None = None
        """Hears, in the callback that read it, every reply no :meth:`request` waits for."""
        self._prefix = secrets.token_hex(3)
        self.closing = False
        self.anonymous_errors = 0
        self._held: list[tuple[bytes, float]] = []

    # --- inbound ---

    def on_message(self, payload: bytes, arrived: float) -> None:
        message, breaks = decode(payload)
        kind = message.type
        if kind == "events":
            events = message.events
            self.frames += 1
            self.events += len(events)
            if not events:
                return
            self.errors += breaks + (events[0].position != self.last_position + 1)
            self.last_position = events[-1].position
            if self.on_event is not None:
                for event in events:
                    self.on_event(self, event, arrived)
        elif kind in REPLIES or (kind == "error" and message.id):
            future = self.pending.pop(message.id, None)
            if future is not None:
                if not future.done():
                    future.set_result((message, arrived))
            elif self.on_reply is not None:
                self.on_reply(message)
        elif kind == "error":
            # An error the server could not tie to a request (it names no id): the
            # harness keeps at most one request in flight per session where it
            # waits, so it answers those.
            self.failures.append(f"error: {message.code} {message.message}")
            self.anonymous_errors += 1
            for future in self.pending.values():
                if not future.done():
                    future.set_result((message, arrived))
            self.pending.clear()
            if self.on_reply is not None:
                self.on_reply(message)
        elif kind == "welcome":
            if not self.welcome.done():
                self.welcome.set_result(message)
        elif kind == "skipped":
            self.skipped += 1
            self.last_position = message.head or 0
        else:
            self.failures.append(f"{kind}: {message.code} {message.message}")

    def hold_frames(self, on_message: OnMessage) -> None:
        """Keep inbound frames undecoded until :meth:`check_held`, showing each to
        ``on_message`` only: while a fan-out is timed, the harness then does per
        message what C5's clients do, and the decoding of one client's frame does
        not delay the next client's read."""
        assert self.ws is not None
        held = self._held

        def keep(payload: bytes, arrived: float) -> None:
            held.append((payload, arrived))
            on_message(payload, arrived)

        self.ws.on_message = keep

    def check_held(self) -> None:
        """Decode and check every held frame as if it had just come, then go back
        to decoding frames as they come."""
        assert self.ws is not None
        self.ws.on_message = self.on_message
        held, self._held = self._held, []
        for payload, arrived in held:
            self.on_message(payload, arrived)

    def _on_closed(self, closed: asyncio.Future[int]) -> None:
        assert self.ws is not None
        reason = f"connection closed ({self.ws.close_code}): {self.ws.close_reason}"
        if not self.closing:
            self.failures.append(reason)
        for future in [*self.pending.values(), self.welcome]:
            if not future.done():
                future.set_exception(ConnectionError(reason))
        self.pending.clear()

    # --- outbound ---

    def next_id(self) -> str:
        return f"{self._prefix}{next(_ids):x}"

    def send(self, message: msgspec.Struct) -> float:
        assert self.ws is not None
        return self.ws.send_text(ENCODER.encode(message))

    def command(self, command: Any, command_id: str | None = None) -> tuple[str, float]:
        """Send a command without waiting; returns its id and send time."""
        command_id = command_id or self.next_id()
        sent = self.send(SendCommand(id=command_id, command=command, nonce=command_id))
        return command_id, sent

    async def request(self, message: Any, timeout: float = 60.0) -> tuple[Msg, float, float]:
        """Send a message with an ``id`` and wait for its reply: (reply, sent, arrived)."""
        future: asyncio.Future[tuple[Msg, float]] = asyncio.get_running_loop().create_future()
        self.pending[message.id] = future
        sent = self.send(message)
        reply, arrived = await asyncio.wait_for(future, timeout)
        return reply, sent, arrived

    async def run(self, command: Any, timeout: float = 60.0) -> Msg:
        command_id = self.next_id()
        reply, _, _ = await self.request(
            SendCommand(id=command_id, command=command, nonce=command_id), timeout
        )
        return reply

    async def state_at(self, at: int | None, timeout: float = 120.0) -> tuple[Msg, float, float]:
        return await self.request(GetState(id=self.next_id(), at=at), timeout)

    def follow(self, after: int) -> None:
        self.last_position = after
        self.send(Follow(after=after))

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            await self.ws.close()

    @property
    def open(self) -> bool:
        return self.ws is not None and self.ws.open


async def open_session(
    base: str, table_id: str, token: str, name: str = "", local_host: str | None = None
) -> Session:
    parts = urlsplit(base)
    session = Session(name)
    session.ws = await connect(
        parts.hostname or "127.0.0.1",
        parts.port or 80,
        f"/ws/tables/{table_id}",
        session.on_message,
        token=token,
        local_host=local_host,
    )
    session.ws.closed.add_done_callback(session._on_closed)
    await asyncio.wait_for(session.welcome, 30)
    return session


async def open_many(base: str, table_id: str, tokens: list[str], concurrency: int = 64) -> list[Session]:
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int, token: str) -> Session:
        async with gate:
            return await open_session(base, table_id, token, name=str(i))

    return list(await asyncio.gather(*(one(i, t) for i, t in enumerate(tokens))))
