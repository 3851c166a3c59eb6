"""A socket whose reading the app holds (:meth:`server.frames.Inbox.hold`: a
client sending faster than it is answered) is read again once the app closes
it: the client's close reply ends the closing handshake, which otherwise waits
until the client gives up (a revoked player with a backlog, a socket too slow)."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.server import ServerState
from websockets.frames import Close, Frame, Opcode

from server.frames import EXTENSION
from server.frames_protocol import FramesProtocol
from server.serve import uvicorn_config
from tests.server.test_inbound_frames import HANDSHAKE


class Transport(asyncio.Transport):
    """What the protocol asks of its socket, recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = True
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def write(self, data: bytes | bytearray | memoryview) -> None:
        pass

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


async def test_a_socket_held_when_the_app_closes_it_reads_the_clients_close_reply() -> None:
    closed = asyncio.Event()

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        scope["extensions"][EXTENSION]["inbox"].hold(True)  # too many messages waiting
        await send({"type": "websocket.close", "code": 4401, "reason": "this invitation was revoked"})
        closed.set()

    config = uvicorn_config(app, "127.0.0.1", 0, log_level="warning")  # type: ignore[arg-type]
    config.load()
    protocol = FramesProtocol(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    await asyncio.wait_for(closed.wait(), 10)

    assert transport.reading, "the client's close reply can be read"
    protocol.hold_reading(True)  # a hold coming after the close changes nothing
    assert transport.reading
    reply = Frame(Opcode.CLOSE, Close(4401, "").serialize()).serialize(mask=True)
    protocol.data_received(reply)
    assert transport.closed, "the closing handshake is over: the server closes the connection"
    protocol.connection_lost(None)
