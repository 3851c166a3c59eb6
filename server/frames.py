"""WebSocket messages between the table socket and uvicorn, without a detour.

Out: a fan-out sends the same events to hundreds of sockets. Through the ASGI
``send``, every recipient pays for framing the message and for the server's
per-message checks; here a :class:`Frame` is framed once and the same bytes
are written to each socket's transport, several frames to one socket in one
write while the hub's :class:`Cork` is corked.

In: through the ASGI ``receive``, every message passes a queue, a pause and
resume of reading and the wake-up of the task that reads it; an :class:`Inbox`
hands each message to the app as it is read (and a read that is one whole
text message, what clients send nearly always, skips the websockets parser:
:func:`~server.frames_protocol.whole_text_message`).

:class:`~server.frames_protocol.FramesProtocol`, a subclass of uvicorn's
private sans-I/O WebSocket protocol, offers both in ``scope["extensions"]``.
The plain path, ``Settings(fast_paths=False)`` (``FRACAS_FAST_PATHS=0``), runs
uvicorn's own ``websockets-sansio`` protocol and goes through the ASGI
``send`` (an :class:`AsgiSink`) and ``receive``, as under any other ASGI
server (:func:`channels`); nothing of uvicorn's or websockets' private parts
is imported then. The WebSocket suite runs on both.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from starlette.types import Scope, Send
from websockets.protocol import State

if TYPE_CHECKING:
    from server.frames_protocol import FramesProtocol

log = logging.getLogger("fracas.frames")

CLOSE_SECONDS = 5.0
"""How long a connection may take to close (its close frame or its last bytes
still unread by the client) before its TCP connection is aborted."""

SEND_BUFFER_BYTES = 64 * 1024
"""The kernel's send buffer asked for each accepted socket (Linux doubles it
for its own bookkeeping): without it the kernel grows it to megabytes for a
client that stops reading, before the server sees any backlog."""

EXTENSION = "fracas.frames"
"""The scope extension under which ``FramesProtocol`` offers its sink and inbox."""


class Frame:
    """One outgoing text message: its JSON payload, and the same framed for the
    wire on first use."""

    __slots__ = ("_wire", "payload")

    def __init__(self, payload: bytes) -> None:
        self.payload = payload
        self._wire: bytes | None = None

    @property
    def text(self) -> str:
        return self.payload.decode()

    @property
    def wire(self) -> bytes:
        if self._wire is None:
            # One final text frame (RFC 6455 §5.2): a server's frames are never
            # masked (§5.1), and never compressed here (per-message deflate is off).
            payload, size = self.payload, len(self.payload)
            if size < 126:
                self._wire = b"\x81%c%b" % (size, payload)
            elif size < 65_536:
                self._wire = b"\x81\x7e%b%b" % (size.to_bytes(2, "big"), payload)
            else:
                self._wire = b"\x81\x7f%b%b" % (size.to_bytes(8, "big"), payload)
        return self._wire


class Sink(Protocol):
    """Where one connection's frames go."""

    def ready(self) -> bool:
        """Whether a frame written now goes out without waiting for the socket."""
        ...

    def write(self, frame: Frame) -> None:
        """Write at once; only when :meth:`ready`."""
        ...

    async def send(self, frame: Frame) -> None:
        """Write, first waiting for the socket to drain if it must."""
        ...

    def abort(self) -> bool:
        """Drop the TCP connection at once, if this sink can (False: it cannot)."""
        ...


class Cork:
    """Frames held for transports while :meth:`corked`, then written one call per
    transport: a batch of events and the answers to that socket's commands in
    it leave together. The hub owns one; every write to a transport that may
    happen inside a corked block goes through it (:meth:`write`,
    :meth:`write_each`)."""

    __slots__ = ("_answered", "_held", "_shared")

    def __init__(self) -> None:
        self._held: dict[TransportSink, list[bytes]] | None = None
        """While corked, the frames written, in order per sink. They leave in one
        vectored write: joining them would copy a batch's frame (tens of KB under
        load) once for every socket with an answer in it."""
        self._answered: list[TransportSink] = []
        """Sinks given more than one frame while corked: the events and an answer."""
        self._shared: list[tuple[bytes, dict[TransportSink, Any]]] = []
        """Frames for many sinks at once (:meth:`write_each`) while corked, each
        with the sinks it is for, as they were then."""

    @contextlib.contextmanager
    def corked(self) -> Iterator[None]:
        """Hold the frames written in this block, and write each transport's in one
        call at its end. The sockets with answers are written first: whoever
        acted sees it first. The block must not await (the frames wait for its
        end); a block inside another is part of it."""
        if self._held is not None:
            yield
            return
        self._held = {}
        try:
            yield
        finally:
            held, answered, shared = self._held, self._answered, self._shared
            self._held, self._answered, self._shared = None, [], []
            written: set[TransportSink] = set()
            for sink in answered:
                if sink not in written:
                    written.add(sink)
                    _write_held(sink, held[sink])
            for sink, wires in held.items():
                if sink not in written:
                    _write_held(sink, wires)
            for wire, targets in shared:
                _write_each(targets, wire, held)  # those in held have it joined to their other frames

    def write(self, sink: TransportSink, frame: Frame) -> None:
        """Write ``frame`` to ``sink`` (which is ready), or hold it while corked."""
        held = self._held
        if held is None:
            sink.write(frame)
            return
        wires = held.get(sink)
        if wires is None:
            wires = held[sink] = [wire for wire, targets in self._shared if sink in targets]
            if wires:
                self._answered.append(sink)
        else:
            self._answered.append(sink)
        wires.append(frame.wire)

    def write_each(self, frame: Frame, groups: Iterable[Mapping[TransportSink, Any]]) -> None:
        """Write ``frame`` to every sink of ``groups``, each sink given with its
        transport and ready to take it (see :meth:`TransportSink.ready`). For a
        fan-out to many sockets: the loop touches nothing but each transport.
        While corked, a sink also given frames of its own gets this one joined
        before them."""
        wire = frame.wire
        # A copy: a write may pause a socket, which then leaves its group.
        targets: dict[TransportSink, Any] = {}
        for group in groups:
            targets.update(group)
        held = self._held
        if held is None:
            _write_each(targets, wire, {})
            return
        for sink, wires in held.items():  # the few with frames of their own already: this one follows
            if sink in targets:
                wires.append(wire)
        self._shared.append((wire, targets))


def _write_each(targets: dict[TransportSink, Any], wire: bytes, skip: Mapping[TransportSink, Any]) -> None:
    for sink, transport in targets.items():
        if sink in skip or transport.is_closing():
            continue
        try:
            transport.write(wire)
        except Exception as exc:  # a dead socket: its reader sees it go and unsubscribes it
            log.debug("write failed: %r", exc)


def _write_held(sink: TransportSink, wires: list[bytes]) -> None:
    try:
        sink.write_wires(wires)
    except Exception as exc:  # a dead socket: its reader sees it go and unsubscribes it
        log.debug("write failed: %r", exc)


def reset(transport: Any) -> None:
    """Abort a connection with a TCP reset: a plain abort closes the socket, and
    the kernel would go on holding (and offering) what a client never reads."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


class TransportSink:
    """Writes framed bytes straight to the connection's transport."""

    __slots__ = ("_protocol", "on_pause")

    def __init__(self, protocol: FramesProtocol) -> None:
        self._protocol = protocol
        self.on_pause: Callable[[], None] | None = None
        """Called when the transport's buffer goes over its high-water mark."""

    @property
    def transport(self) -> Any:
        return self._protocol.transport

    def ready(self) -> bool:
        return not self._protocol.write_paused

    def write(self, frame: Frame) -> None:
        """Write at once (:meth:`Cork.write` holds it while corked)."""
        self.write_wires([frame.wire])

    def write_wires(self, wires: list[bytes]) -> None:
        """Write these frames in one call (several: one vectored write)."""
        protocol = self._protocol
        # Nothing after a close frame, either side's: the socket is going away and
        # its reader unsubscribes it.
        if protocol.conn.state is State.OPEN and not protocol.transport.is_closing():
            if len(wires) == 1:
                protocol.transport.write(wires[0])
            else:
                protocol.transport.writelines(wires)

    async def send(self, frame: Frame) -> None:
        await self._protocol.writable.wait()
        self.write(frame)

    def abort(self) -> bool:
        reset(self._protocol.transport)
        return True


class AsgiSink:
    """Sends through the ASGI server's ``send``: for servers other than uvicorn
    with :class:`FramesProtocol`."""

    __slots__ = ("_send",)

    def __init__(self, send: Send) -> None:
        self._send = send

    def ready(self) -> bool:
        return False  # every frame goes through the writer task, which may wait

    def write(self, frame: Frame) -> None:
        raise RuntimeError("an ASGI send cannot be written without waiting")

    async def send(self, frame: Frame) -> None:
        await self._send({"type": "websocket.send", "text": frame.text})

    def abort(self) -> bool:
        return False  # ASGI has no abort: the app ends, and the server aborts what stays closing


def channels(scope: Scope, send: Send, fast_paths: bool) -> tuple[Sink, Inbox | None]:
    """Where a connection's frames go and where its messages come from: the
    :class:`TransportSink` and :class:`Inbox` that :class:`FramesProtocol`
    offers, when it runs and the fast paths are on; otherwise (the plain path)
    an :class:`AsgiSink` and no inbox: the app reads the ASGI ``receive``."""
    extension: dict[str, Any] | None = scope.get("extensions", {}).get(EXTENSION)
    if extension is None or not fast_paths:
        return AsgiSink(send), None
    return extension["sink"], extension["inbox"]


class Inbox:
    """A connection's incoming messages handed to the app as they are read, from
    the protocol's own callback: no ASGI queue and no wake-up of a reading task
    per message. Disconnects still come through the ASGI ``receive``."""

    __slots__ = ("_protocol",)

    def __init__(self, protocol: FramesProtocol) -> None:
        self._protocol = protocol

    def listen(self, handler: Callable[[str | bytes], None]) -> None:
        """From now on every message goes to ``handler`` (first, in order, those
        already waiting in the ASGI queue)."""
        self._protocol.listen(handler)

    def hold(self, held: bool) -> None:
        """Stop reading from the socket (the app has enough to do), or read again."""
        self._protocol.hold_reading(held)
