"""Frames serialised once for many sockets are valid WebSocket text frames."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode
from websockets.protocol import State
from websockets.streams import StreamReader

from server.frames import Frame, corked, write_each
from tests.server.fake_sockets import FakeProtocol


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


def record_writes(protocol: FakeProtocol, record: Callable[[bytes], None]) -> None:
    """Every write to the protocol's transport, one call each (a vectored write as its bytes)."""

    def writelines(pieces: list[bytes]) -> None:
        record(b"".join(pieces))

    protocol.transport.write = record  # type: ignore[method-assign,assignment]
    protocol.transport.writelines = writelines  # type: ignore[method-assign]


@pytest.mark.parametrize("size", [0, 125, 126, 65_535, 65_536, 300_000])
def test_a_frame_is_one_unmasked_final_text_frame_of_its_payload(size: int) -> None:
    payload = ('{"text":"' + "é" * (size // 2) + '"}').encode()
    frame = Frame(payload)
    parsed = parse(frame.wire)
    assert (parsed.opcode, parsed.fin, parsed.rsv1) == (Opcode.TEXT, True, False)
    assert parsed.data == payload and frame.text == payload.decode()
    assert frame.wire is frame.wire  # framed once


def test_frames_written_while_corked_leave_in_one_write_per_transport() -> None:
    one, two = FakeProtocol(), FakeProtocol()
    sink_one, sink_two = one.sink, two.sink
    events, answer = Frame(b'{"type":"events"}'), Frame(b'{"type":"accepted"}')
    with corked():
        sink_one.write(events)
        sink_two.write(events)
        sink_one.write(answer)
        with corked():  # nested: still held until the outer block ends
            sink_two.write(answer)
        assert one.transport.writes == two.transport.writes == []
    assert one.transport.writes == [events.wire + answer.wire]
    assert two.transport.writes == [events.wire + answer.wire]
    sink_one.write(answer)  # not corked: at once
    assert one.transport.writes[-1] == answer.wire


def test_while_corked_the_sockets_with_answers_are_written_first() -> None:
    order: list[str] = []
    protocols = {name: FakeProtocol() for name in ("watcher", "actor", "other")}
    for name, protocol in protocols.items():
        record_writes(protocol, lambda data, name=name: order.append(name))  # type: ignore[misc]
    sinks = {name: p.sink for name, p in protocols.items()}
    events, answer = Frame(b'{"type":"events"}'), Frame(b'{"type":"accepted"}')
    with corked():
        for sink in sinks.values():
            sink.write(events)
        sinks["actor"].write(answer)
        sinks["actor"].write(answer)
    assert order == ["actor", "watcher", "other"]


def test_nothing_is_written_after_a_close_frame() -> None:
    protocol = FakeProtocol()
    protocol.conn.state = State.CLOSING
    protocol.sink.write(Frame(b"{}"))
    assert protocol.transport.writes == []


def test_a_frame_for_many_sockets_is_joined_before_their_answers_which_go_first() -> None:
    order: list[str] = []
    written: dict[str, bytes] = {}
    protocols = {name: FakeProtocol() for name in ("watcher", "actor", "other", "elsewhere")}

    def recorder(name: str) -> Callable[[bytes], None]:
        def record(data: bytes) -> None:
            order.append(name)
            written[name] = data

        return record

    for name, protocol in protocols.items():
        record_writes(protocol, recorder(name))
    group = {protocols[n].sink: protocols[n].transport for n in ("watcher", "actor", "other")}
    events, answer = Frame(b'{"type":"events"}'), Frame(b'{"type":"accepted"}')
    with corked():
        write_each(events, [group])
        del group[protocols["other"].sink]  # it left the group (paused) before the end: still gets it
        protocols["actor"].sink.write(answer)
        protocols["elsewhere"].sink.write(answer)  # not in the group: its answer alone
        assert order == []
    assert order[0] == "actor" and sorted(order[1:]) == ["elsewhere", "other", "watcher"]
    assert written["actor"] == events.wire + answer.wire
    assert written["watcher"] == written["other"] == events.wire
    assert written["elsewhere"] == answer.wire


def test_a_frame_for_many_sockets_skips_closing_transports_when_not_corked() -> None:
    open_one, closing = FakeProtocol(), FakeProtocol()
    closing.transport.is_closing = lambda: True  # type: ignore[method-assign]
    write_each(Frame(b"{}"), [{p.sink: p.transport for p in (open_one, closing)}])
    assert open_one.transport.writes == [Frame(b"{}").wire]
    assert closing.transport.writes == []
