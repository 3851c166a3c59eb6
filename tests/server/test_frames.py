"""Frames serialised once for many sockets are valid WebSocket text frames."""

from __future__ import annotations

import pytest
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode
from websockets.streams import StreamReader

from server.frames import Frame


def parse(wire: bytes) -> WireFrame:
    reader = StreamReader()
    reader.feed_data(wire)
    reader.feed_eof()
    parser = WireFrame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        frame: WireFrame = done.value
        return frame
    raise AssertionError("the frame is incomplete")


@pytest.mark.parametrize("size", [0, 125, 126, 65_535, 65_536, 300_000])
def test_a_frame_is_one_unmasked_final_text_frame_of_its_payload(size: int) -> None:
    payload = ('{"text":"' + "é" * (size // 2) + '"}').encode()
    frame = Frame(payload)
    parsed = parse(frame.wire)
    assert (parsed.opcode, parsed.fin, parsed.rsv1) == (Opcode.TEXT, True, False)
    assert parsed.data == payload and frame.text == payload.decode()
    assert frame.wire is frame.wire  # framed once
