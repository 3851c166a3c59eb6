"""The fast path's WebSocket protocol: uvicorn's sans-I/O protocol, extended to
offer the app a :class:`~server.frames.TransportSink` for pre-serialised
frames and an :class:`~server.frames.Inbox` for messages as they are read
(why: :mod:`server.frames`).

It reaches into private parts of uvicorn (the class it subclasses, its queue
and flags) and of websockets (the parser's generators): hence uvicorn's
pinned minor version, and a plain twin, uvicorn's own ``websockets-sansio``
protocol, taken with ``FRACAS_FAST_PATHS=0``. Only :func:`server.serve.uvicorn_options`
imports this module, and only on the fast path.
"""

from __future__ import annotations

import contextlib
import logging
import socket
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.streams import StreamReader

from server.frames import EXTENSION, SEND_BUFFER_BYTES, Inbox, TransportSink

try:
    from websockets.speedups import apply_mask
except ImportError:  # a build of websockets without its C extension
    from websockets.utils import apply_mask

log = logging.getLogger("fracas.frames")

_BETWEEN_FRAMES = StreamReader.at_eof.__code__
"""Where the websockets parser waits when it has read a whole frame and nothing
of the next one."""


def whole_text_message(conn: ServerProtocol, data: bytes) -> str | None:
    """The text of ``data`` when it is exactly one whole message: one final,
    masked, uncompressed text frame of at most 65,535 bytes and valid UTF-8, read
    while ``conn`` is open and its parser waits for a new frame with no
    fragmented message under way. Otherwise None: the parser takes ``data``
    (and answers whatever is wrong with it as it always does)."""
    if len(data) < 6 or data[0] != 0x81 or conn.state is not State.OPEN:  # 0x81: FIN, no RSV, text
        return None
    length = data[1] ^ 0x80  # the mask bit must be set: anything unmasked comes out >= 128
    start = 6
    if length == 126:
        length = int.from_bytes(data[2:4], "big")
        start = 8
    elif length > 126:
        return None
    if len(data) != start + length or conn.current_size is not None:
        return None
    if conn.max_message_size is not None and length > conn.max_message_size:
        return None
    waiting: Any = conn.parser  # the generator the parser delegates to, innermost last
    while waiting.gi_yieldfrom is not None:
        waiting = waiting.gi_yieldfrom
    if waiting.gi_code is not _BETWEEN_FRAMES:
        return None
    try:
        return apply_mask(data[start:], data[start - 4 : start]).decode()
    except UnicodeDecodeError:
        return None


class FramesProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, offering the app a
    :class:`TransportSink` for writing pre-serialised frames and an
    :class:`Inbox` for taking messages as they are read."""

    listener: Callable[[str | bytes], None] | None = None
    sink: TransportSink | None = None
    reading_held = False
    write_paused = False
    """The transport's buffer is over its high-water mark (a plain flag: a
    fan-out reads it once per socket)."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        # Also bounded on the listening socket by server.uvicorn_server.Server (in
        # every worker too); here as well for a server run by uvicorn's own class.
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)

    def pause_writing(self) -> None:
        self.write_paused = True
        super().pause_writing()
        sink = self.sink
        if sink is not None and sink.on_pause is not None:
            sink.on_pause()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # The sink, the inbox and the listener all lead back here: without them a
        # closed connection is freed at once, not at the collector's next full pass.
        scope = getattr(self, "scope", None)  # none when the handshake was refused
        if scope is not None:
            scope["extensions"].pop(EXTENSION, None)
        self.listener = None
        if self.sink is not None:
            self.sink.on_pause = None
            self.sink = None

    def resume_writing(self) -> None:
        self.write_paused = False
        super().resume_writing()

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.close_sent:  # the handshake was refused
            return
        # The app's task is created but has not run yet: it finds these in its scope.
        self.sink = TransportSink(self)
        self.scope["extensions"][EXTENSION] = {"sink": self.sink, "inbox": Inbox(self)}

    def listen(self, handler: Callable[[str | bytes], None]) -> None:
        self.listener = handler
        waiting: list[Any] = []
        while not self.queue.empty():
            waiting.append(self.queue.get_nowait())
        for event in waiting:
            if event["type"] == "websocket.receive":
                self._hand(event["text"] if "text" in event else event["bytes"])
            else:
                self.queue.put_nowait(event)  # a disconnect stays for receive()
        if self.read_paused:  # uvicorn paused reading until its queue was read
            self.read_paused = False
            if not self.reading_held:
                self.transport.resume_reading()

    def hold_reading(self, held: bool) -> None:
        if held == self.reading_held or (held and self.close_sent):
            return
        self.reading_held = held
        if held:
            self.transport.pause_reading()
        elif not self.read_paused:
            self.transport.resume_reading()

    async def send(self, message: Any) -> None:
        await super().send(message)
        if self.close_sent and self.reading_held:
            # Past the app's close, read again whatever the app held back: the
            # client's close reply ends the handshake (uvicorn resumes only its
            # own pause). Held, the socket stayed open until the client gave up.
            self.reading_held = False
            if not self.read_paused and not self.transport.is_closing():
                self.transport.resume_reading()

    def data_received(self, data: bytes) -> None:
        if self.listener is not None and not self.close_sent:
            text = whole_text_message(self.conn, data)
            if text is not None:
                self._hand(text)
                return
        super().data_received(data)
        if not self.handshake_initiated and self.conn.handshake_exc is not None:
            self.refuse_unreadable_handshake()

    def refuse_unreadable_handshake(self) -> None:
        """websockets refused a request it could not read (a line over 8 KiB, more
        than 128 headers: 414 or 431) and wrote its answer, which uvicorn sends
        only for requests it read: send it and close, rather than hold the socket."""
        if not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()

    def send_receive_event_to_app(self) -> None:
        if self.listener is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past the app's close: dropped, as uvicorn does
            return
        if self.curr_msg_data_type != "text":
            self._hand(bytes(data))
            return
        try:
            text = bytes(data).decode()
        except UnicodeDecodeError:
            self.conn.send_close(1007, "invalid UTF-8")
            self.handle_parser_exception()
            return
        self._hand(text)

    def _hand(self, message: str | bytes) -> None:
        assert self.listener is not None
        try:
            self.listener(message)
        except Exception:  # the app's handler answers its own errors; this is a last guard
            log.exception("a message handler failed")
