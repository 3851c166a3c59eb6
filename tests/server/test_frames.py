"""Frames serialised once for many sockets are valid WebSocket text frames."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode
from websockets.protocol import State
from websockets.streams import StreamReader

from server.frames import EXTENSION, AsgiSink, Cork, Frame, channels
from tests.server.fake_sockets import FakeProtocol

ROOT = Path(__file__).resolve().parents[2]


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
    cork = Cork()
    with cork.corked():
        cork.write(sink_one, events)
        cork.write(sink_two, events)
        cork.write(sink_one, answer)
        with cork.corked():  # nested: still held until the outer block ends
            cork.write(sink_two, answer)
        assert one.transport.writes == two.transport.writes == []
    assert one.transport.writes == [events.wire + answer.wire]
    assert two.transport.writes == [events.wire + answer.wire]
    cork.write(sink_one, answer)  # not corked: at once
    assert one.transport.writes[-1] == answer.wire


def test_two_corks_hold_their_own_frames() -> None:
    """The cork is the hub's, not the process's: another hub's (another app in
    the same process, as in the tests) neither holds nor releases these."""
    one, two = FakeProtocol(), FakeProtocol()
    mine, theirs = Cork(), Cork()
    with mine.corked():
        mine.write(one.sink, Frame(b"{}"))
        theirs.write(two.sink, Frame(b"[]"))
        assert (one.transport.writes, two.transport.writes) == ([], [Frame(b"[]").wire])
    assert one.transport.writes == [Frame(b"{}").wire]


def test_while_corked_the_sockets_with_answers_are_written_first() -> None:
    order: list[str] = []
    protocols = {name: FakeProtocol() for name in ("watcher", "actor", "other")}
    for name, protocol in protocols.items():
        record_writes(protocol, lambda data, name=name: order.append(name))  # type: ignore[misc]
    sinks = {name: p.sink for name, p in protocols.items()}
    events, answer = Frame(b'{"type":"events"}'), Frame(b'{"type":"accepted"}')
    cork = Cork()
    with cork.corked():
        for sink in sinks.values():
            cork.write(sink, events)
        cork.write(sinks["actor"], answer)
        cork.write(sinks["actor"], answer)
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
    cork = Cork()
    with cork.corked():
        cork.write_each(events, [group])
        del group[protocols["other"].sink]  # it left the group (paused) before the end: still gets it
        cork.write(protocols["actor"].sink, answer)
        cork.write(protocols["elsewhere"].sink, answer)  # not in the group: its answer alone
        assert order == []
    assert order[0] == "actor" and sorted(order[1:]) == ["elsewhere", "other", "watcher"]
    assert written["actor"] == events.wire + answer.wire
    assert written["watcher"] == written["other"] == events.wire
    assert written["elsewhere"] == answer.wire


def test_a_frame_for_many_sockets_skips_closing_transports_when_not_corked() -> None:
    open_one, closing = FakeProtocol(), FakeProtocol()
    closing.transport.is_closing = lambda: True  # type: ignore[method-assign]
    Cork().write_each(Frame(b"{}"), [{p.sink: p.transport for p in (open_one, closing)}])
    assert open_one.transport.writes == [Frame(b"{}").wire]
    assert closing.transport.writes == []


@pytest.mark.parametrize("fast_paths", [True, False])
def test_the_plain_path_sends_and_receives_through_asgi_even_under_frames_protocol(fast_paths: bool) -> None:
    protocol = FakeProtocol()
    inbox = object()
    scope: dict[str, Any] = {"extensions": {EXTENSION: {"sink": protocol.sink, "inbox": inbox}}}

    async def send(message: Any) -> None:
        raise AssertionError("not called here")

    sink, found = channels(scope, send, fast_paths)
    if fast_paths:
        assert (sink, found) == (protocol.sink, inbox)
    else:
        assert isinstance(sink, AsgiSink) and found is None
    assert isinstance(channels({"extensions": {}}, send, True)[0], AsgiSink)  # another ASGI server


def test_the_plain_path_imports_nothing_of_uvicorns_private_protocol() -> None:
    """A uvicorn upgrade that moves what FramesProtocol subclasses must leave the
    plain path standing: only the fast path imports it."""
    code = (
        "import sys, server.app, server.serve\n"
        "server.serve.uvicorn_options(fast_paths=False)\n"
        "print('server.frames_protocol' in sys.modules)\n"
        "server.serve.uvicorn_options(fast_paths=True)\n"
        "print('server.frames_protocol' in sys.modules)\n"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert found.stdout.split() == ["False", "True"]
