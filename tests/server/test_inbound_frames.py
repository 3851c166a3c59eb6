"""A read that is exactly one whole text message skips the websockets parser
(:func:`server.frames_protocol.whole_text_message`); everything else must still reach it."""

from __future__ import annotations

import pytest
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode
from websockets.protocol import State
from websockets.server import ServerProtocol

from server.frames_protocol import whole_text_message

HANDSHAKE = (
    b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def opened(max_size: int = 1 << 20) -> ServerProtocol:
    conn = ServerProtocol(max_size=max_size)
    conn.receive_data(HANDSHAKE)
    [request] = conn.events_received()
    conn.send_response(conn.accept(request))  # type: ignore[arg-type]
    assert conn.state is State.OPEN
    return conn


def masked(payload: bytes, opcode: Opcode = Opcode.TEXT, fin: bool = True) -> bytes:
    return WireFrame(opcode, payload, fin=fin).serialize(mask=True)


def compressed(payload: bytes) -> bytes:
    """A text frame with RSV1 set, as per-message deflate marks its frames."""
    data = masked(payload)
    return bytes([data[0] | 0x40]) + data[1:]


@pytest.mark.parametrize("size", [0, 125, 126, 300, 65_535])
def test_one_whole_masked_text_frame_is_its_text_and_leaves_the_parser_where_it_was(size: int) -> None:
    conn = opened()
    text = ("é" * size)[: size // 2] + "x" * (size - 2 * (size // 2))
    assert whole_text_message(conn, masked(text.encode())) == text
    assert whole_text_message(conn, masked(b'{"type":"follow"}')) == '{"type":"follow"}'
    assert conn.events_received() == []
    conn.receive_data(masked(b"after"))  # the parser still starts at a frame
    [frame] = conn.events_received()
    assert frame.data == b"after"


@pytest.mark.parametrize(
    "data",
    [
        WireFrame(Opcode.TEXT, b"unmasked").serialize(mask=False),
        masked(b"part", fin=False),
        masked(b"tail", opcode=Opcode.CONT),
        masked(b"ping", opcode=Opcode.PING),
        masked(b"bytes", opcode=Opcode.BINARY),
        compressed(b"rsv1"),
        masked(b"x" * 65_536),  # a 64-bit length
        masked(b"one") + masked(b"two"),
        masked(b"cut short")[:-1],
        masked(b'{"type":"\xff"}'),  # not UTF-8: the parser closes with 1007
        b"\x81\x85ab",
    ],
    ids=[
        "unmasked",
        "first-fragment",
        "continuation",
        "ping",
        "binary",
        "compressed",
        "64-bit-length",
        "two-frames",
        "partial",
        "invalid-utf8",
        "short",
    ],
)
def test_anything_but_one_whole_text_frame_goes_to_the_parser(data: bytes) -> None:
    assert whole_text_message(opened(), data) is None


def test_a_whole_frame_is_left_to_the_parser_while_it_holds_part_of_another() -> None:
    conn = opened()
    first = masked(b"first")
    conn.receive_data(first[:2])  # the parser has read a frame's header and waits for the rest
    assert whole_text_message(conn, masked(b"second")) is None
    conn.receive_data(first[2:])
    assert [f.data for f in conn.events_received()] == [b"first"]
    assert whole_text_message(conn, masked(b"second")) == "second"


def test_a_whole_frame_is_left_to_the_parser_during_a_fragmented_message() -> None:
    conn = opened()
    conn.receive_data(masked(b"part", fin=False))
    assert whole_text_message(conn, masked(b"whole")) is None  # a protocol error the parser answers


def test_a_frame_over_the_size_limit_or_after_a_close_goes_to_the_parser() -> None:
    assert whole_text_message(opened(max_size=10), masked(b"x" * 11)) is None
    conn = opened()
    conn.send_close(1000)
    assert whole_text_message(conn, masked(b"late")) is None
