"""What a :class:`server.frames.TransportSink` reads of uvicorn's protocol and
its transport, recorded instead of sent."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.frames import Frame as WireFrame
from websockets.protocol import State
from websockets.streams import StreamReader

from domain.wire import OUTBOUND_DECODER
from server.frames import TransportSink


class FakeTransport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def writelines(self, pieces: list[bytes]) -> None:
        """One write of several pieces (a vectored write), recorded as their bytes."""
        self.writes.append(b"".join(pieces))

    def is_closing(self) -> bool:
        return False


class FakeProtocol:
    def __init__(self) -> None:
        self.transport = FakeTransport()
        self.conn = type("Conn", (), {"state": State.OPEN})()
        self.write_paused = False
        self.writable = asyncio.Event()
        self.writable.set()
        self.sink = TransportSink(self)  # type: ignore[arg-type]

    def pause(self) -> None:
        """The transport's buffer went over its high-water mark."""
        self.write_paused = True
        self.writable.clear()
        if self.sink.on_pause is not None:
            self.sink.on_pause()

    def resume(self) -> None:
        self.write_paused = False
        self.writable.set()


def messages(protocol: FakeProtocol) -> list[Any]:
    """Every message written to the protocol's transport, decoded (several frames
    may have left in one write)."""
    reader = StreamReader()
    for data in protocol.transport.writes:
        reader.feed_data(data)
    reader.feed_eof()
    decoded = []
    while reader.buffer:
        parser = WireFrame.parse(reader.read_exact, mask=False)
        try:
            next(parser)
        except StopIteration as done:
            decoded.append(OUTBOUND_DECODER.decode(done.value.data))
    return decoded
