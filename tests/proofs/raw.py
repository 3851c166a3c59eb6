"""A WebSocket client on a plain socket, for what a library client would not do:
stop reading (with a receive buffer as small as the kernel allows), send
frames of any shape, watch the TCP connection itself."""

from __future__ import annotations

import asyncio
import base64
import errno
import json
import os
import socket
import struct
from dataclasses import dataclass
from typing import Any


@dataclass
class Message:
    opcode: int
    data: bytes

    @property
    def close_code(self) -> int | None:
        return struct.unpack("!H", self.data[:2])[0] if self.opcode == 8 and len(self.data) >= 2 else None

    def json(self) -> Any:
        return json.loads(self.data)


class RawSocket:
    def __init__(
        self, sock: socket.socket, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.sock = sock
        self.local, self.remote = sock.getsockname(), sock.getpeername()
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(
        cls, server: str, table_id: str, token: str, receive_buffer: int | None = None, limit: int = 2**24
    ) -> RawSocket:
        """A socket to the table, handshake done. ``limit``: past twice this, what
        is read but not taken pauses reading (a small one makes a slow reader)."""
        host, port = server.removeprefix("http://").split(":")
        sock = socket.socket()
        if receive_buffer is not None:  # before connect: the window is agreed then
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
        reader, writer = await asyncio.open_connection(sock=sock, limit=limit)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Authorization: Bearer {token}\r\n\r\n"
            ).encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        return cls(sock, reader, writer)

    def send_frame(self, opcode: int, payload: bytes, fin: bool = True) -> None:
        mask = os.urandom(4)
        size = len(payload)
        first = (0x80 if fin else 0) | opcode
        if size < 126:
            head = struct.pack("!BB", first, 0x80 | size)
        elif size < 65_536:
            head = struct.pack("!BBH", first, 0x80 | 126, size)
        else:
            head = struct.pack("!BBQ", first, 0x80 | 127, size)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.writer.write(head + mask + masked)

    def send_json(self, message: Any) -> None:
        self.send_frame(1, json.dumps(message).encode())

    async def recv(self) -> Message:
        """The next whole message (control frames included), unmasked as a server sends."""
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", await self.reader.readexactly(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", await self.reader.readexactly(8))[0]
        data = await self.reader.readexactly(size)
        if first & 0x0F == 0 or not first & 0x80:  # fragments: the server sends none
            raise AssertionError("a fragmented message from the server")
        return Message(first & 0x0F, data)

    async def recv_json(self) -> Any:
        while (message := await self.recv()).opcode != 1:
            if message.opcode == 8:
                raise ConnectionError(f"closed {message.close_code}")
        return message.json()

    def stop_reading(self) -> None:
        """Read nothing more from the socket: what the server sends fills the
        kernel's buffers, then waits on the server's side."""
        self.writer.transport.pause_reading()

    def resume_reading(self) -> None:
        self.writer.transport.resume_reading()

    def reset(self) -> bool:
        """Whether the server aborted the TCP connection (a reset came), read
        without reading anything the socket holds."""
        error = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if error == errno.ECONNRESET:
            self._reset = True
        return getattr(self, "_reset", False)

    def dropped_by_server(self) -> bool:
        """Whether the server's end of this TCP connection is gone from the kernel
        (reset, not left closing with what it could not send): read from
        ``/proc/net/tcp``, as the client may never hear the reset while its
        receive window is shut."""
        wanted = (_hex_address(self.remote), _hex_address(self.local))
        with open("/proc/net/tcp") as table:
            for line in table.readlines()[1:]:
                fields = line.split()
                if (fields[1], fields[2]) == wanted:
                    return False
        return True

    def abort(self) -> None:
        self.writer.transport.abort()
        self.writer.close()


def _hex_address(address: tuple[str, int]) -> str:
    """An IPv4 address and port as /proc/net/tcp writes them."""
    host, port = address
    return f"{socket.inet_aton(host)[::-1].hex().upper()}:{port:04X}"
