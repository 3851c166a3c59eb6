"""A lean WebSocket client for load generation.

One :class:`asyncio.Protocol` per connection with RFC 6455 framing done by
hand: the handshake, masked client frames, unmasked server frames, ping →
pong and the closing handshake. No per-message task, no queue: each complete
message goes straight to ``on_message(payload, arrived)`` where ``arrived``
is the ``time.perf_counter()`` of the read that completed it.

The harness uses this same client against the calibration servers (C5, C6) and
against Fracas, so a client-side cost appears on both sides of a ratio. It is
several times cheaper per message than a general-purpose client, which matters
when one Python process plays 1,000 clients on a 2-core machine.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import time
from collections.abc import Callable

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - the C extension ships with websockets wheels

    def apply_mask(data: bytes, mask: bytes) -> bytes:
        n = len(data)
        key = (mask * (n // 4 + 1))[:n]
        return (int.from_bytes(data, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")


GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10

OnMessage = Callable[[bytes, float], None]


class HandshakeFailed(Exception):
    pass


def _frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (RFC 6455 §5.3: a client MUST mask every frame)."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    mask = os.urandom(4)
    return head + mask + apply_mask(payload, mask)


class WSClient(asyncio.Protocol):
    def __init__(self, on_message: OnMessage, key: bytes) -> None:
        loop = asyncio.get_running_loop()
        self.on_message = on_message
        self.transport: asyncio.Transport | None = None
        self._key = key
        self._buf = bytearray()
        self._upgraded = False
        self._fragments: list[bytes] | None = None
        self.handshake: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[int] = loop.create_future()
        self.close_code: int | None = None
        self.close_reason = ""

    # --- asyncio.Protocol ---

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass

    def data_received(self, data: bytes) -> None:
        self._buf += data
        if not self._upgraded:
            end = self._buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self._buf[:end]).decode("latin-1")
            del self._buf[: end + 4]
            status = head.split("\r\n", 1)[0]
            expected = base64.b64encode(hashlib.sha1(self._key + GUID).digest()).decode()
            if " 101 " not in status + " " or expected not in head:
                if not self.handshake.done():
                    self.handshake.set_exception(HandshakeFailed(status))
                assert self.transport is not None
                self.transport.close()
                return
            self._upgraded = True
            self.handshake.set_result(None)
        self._parse(time.perf_counter())

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.handshake.done():
            self.handshake.set_exception(HandshakeFailed(f"connection lost: {exc!r}"))
        if not self.closed.done():
            self.closed.set_result(self.close_code if self.close_code is not None else 1006)

    # --- framing ---

    def _parse(self, arrived: float) -> None:
        buf = self._buf
        n = len(buf)
        pos = 0
        while n - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            length = b1 & 0x7F
            head = 2
            if length == 126:
                if n - pos < 4:
                    break
                length = int.from_bytes(buf[pos + 2 : pos + 4], "big")
                head = 4
            elif length == 127:
                if n - pos < 10:
                    break
                length = int.from_bytes(buf[pos + 2 : pos + 10], "big")
                head = 10
            mask = None
            if b1 & 0x80:  # servers must not mask, but read it right if one does
                if n - pos < head + 4:
                    break
                mask = bytes(buf[pos + head : pos + head + 4])
                head += 4
            if n - pos < head + length:
                break
            payload = bytes(buf[pos + head : pos + head + length])
            if mask is not None:
                payload = apply_mask(payload, mask)
            pos += head + length
            opcode, fin = b0 & 0x0F, b0 & 0x80
            if opcode in (OP_TEXT, OP_BINARY):
                if fin:
                    self.on_message(payload, arrived)
                else:
                    self._fragments = [payload]
            elif opcode == OP_CONT and self._fragments is not None:
                self._fragments.append(payload)
                if fin:
                    whole, self._fragments = b"".join(self._fragments), None
                    self.on_message(whole, arrived)
            elif opcode == OP_PING:
                self._write(_frame(OP_PONG, payload))
            elif opcode == OP_CLOSE:
                self.close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
                self.close_reason = payload[2:].decode("utf-8", "replace")
                self._write(_frame(OP_CLOSE, payload[:2]))
                if self.transport is not None:
                    self.transport.close()
        if pos:
            del buf[:pos]

    def _write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    # --- API ---

    @property
    def open(self) -> bool:
        return self.transport is not None and not self.transport.is_closing() and not self.closed.done()

    def send_text(self, payload: bytes) -> float:
        """Send one text frame; returns the ``perf_counter()`` just before the write."""
        frame = _frame(OP_TEXT, payload)
        sent = time.perf_counter()
        self._write(frame)
        return sent

    async def close(self, timeout: float = 2.0) -> None:
        if self.transport is None:
            return
        if self.open:
            self._write(_frame(OP_CLOSE, (1000).to_bytes(2, "big")))
            try:
                await asyncio.wait_for(asyncio.shield(self.closed), timeout)
            except TimeoutError:
                pass
        self.transport.close()


async def connect(
    host: str,
    port: int,
    path: str,
    on_message: OnMessage,
    *,
    token: str | None = None,
    timeout: float = 10.0,
    local_host: str | None = None,
) -> WSClient:
    """``local_host``: the loopback address to connect from (G10's tables each
    come from an address of their own, as from a home of their own)."""
    loop = asyncio.get_running_loop()
    key = base64.b64encode(os.urandom(16))
    local = (local_host, 0) if local_host else None
    _, client = await loop.create_connection(lambda: WSClient(on_message, key), host, port, local_addr=local)
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host}:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key.decode()}",
        "Sec-WebSocket-Version: 13",
    ]
    if token:
        lines.append(f"Authorization: Bearer {token}")
    assert client.transport is not None
    client.transport.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    try:
        await asyncio.wait_for(client.handshake, timeout)
    except BaseException:
        client.transport.close()
        raise
    return client
