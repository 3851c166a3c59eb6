"""The load generator's inbound side: every session checks the positions of
every frame it gets, also when the frame's bytes were decoded for another
session already, and a closed-loop player answers from the callback that read
its reply. No server: frames are handed to the sessions directly."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import msgspec

from bench.load import Player
from bench.session import Session


def events_frame(*positions: int) -> bytes:
    return msgspec.json.encode(
        {"type": "events", "events": [{"position": p, "command_id": f"c{p}"} for p in positions]}
    )


async def test_every_session_checks_a_frame_it_shares_with_others() -> None:
    first, second = Session("a"), Session("b")
    second.last_position = 1  # already holds position 1: the shared frame repeats it
    frame = events_frame(1, 2, 3)
    first.on_message(frame, 0.0)
    second.on_message(frame, 0.0)
    assert (first.last_position, first.events, first.errors) == (3, 3, 0)
    assert (second.last_position, second.events, second.errors) == (3, 3, 1)


async def test_a_different_frame_is_decoded_anew() -> None:
    session = Session("a")
    session.on_message(events_frame(1, 2), 0.0)
    session.on_message(events_frame(3), 0.0)
    session.on_message(events_frame(5), 0.0)
    assert (session.last_position, session.frames, session.errors) == (5, 3, 1)


async def test_events_reach_the_callback_of_each_session() -> None:
    seen: list[tuple[str, int]] = []
    sessions = [Session("a"), Session("b")]
    for session in sessions:
        session.on_event = lambda s, event, arrived: seen.append((s.name, event.position))
    frame = events_frame(1, 2)
    for session in sessions:
        session.on_message(frame, 0.0)
    assert seen == [("a", 1), ("a", 2), ("b", 1), ("b", 2)]


async def test_a_gap_inside_a_shared_frame_counts_for_each_session_that_gets_it() -> None:
    sessions = [Session("a"), Session("b")]
    frame = events_frame(1, 2, 4, 4)
    for session in sessions:
        session.on_message(frame, 0.0)
    assert [(s.last_position, s.errors) for s in sessions] == [(4, 2), (4, 2)]


async def test_frames_of_two_batches_interleaved_between_sessions_are_each_checked() -> None:
    first, second = Session("a"), Session("b")
    one, two = events_frame(1, 2), events_frame(3)
    first.on_message(one, 0.0)
    first.on_message(two, 0.0)
    second.on_message(two, 0.0)  # never got the first batch
    second.on_message(one, 0.0)
    assert (first.last_position, first.errors) == (3, 0)
    assert (second.last_position, second.errors) == (2, 2)


class Wire:
    """A session's socket as far as sending goes: what was sent, in order."""

    open = True

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []

    def send_text(self, payload: bytes) -> float:
        self.sent.append(msgspec.json.decode(payload))
        return 0.0


def reply(kind: str, message_id: str, **fields: object) -> bytes:
    return msgspec.json.encode({"type": kind, "id": message_id, **fields})


async def test_a_reply_no_request_waits_for_goes_to_the_session_s_listener_at_once() -> None:
    session = Session("a")
    heard: list[str] = []
    session.on_reply = lambda message: heard.append(message.id)
    waiting = asyncio.get_running_loop().create_future()
    session.pending["r1"] = waiting
    session.on_message(reply("accepted", "r1"), 0.0)
    session.on_message(reply("rejected", "c2", rule="vda.x"), 0.0)
    assert waiting.result()[0].id == "r1"
    assert heard == ["c2"]


async def test_a_closed_loop_player_sends_its_next_command_in_the_callback_that_read_the_answer() -> None:
    session = Session("a")
    session.ws = Wire()  # type: ignore[assignment]
    load = SimpleNamespace(stopping=False, counts={"accepted": 0, "rejected": 0, "errors": 0}, rules={})
    player = Player(load, 3, session)  # type: ignore[arg-type]
    player.send()
    first = session.ws.sent[-1]  # type: ignore[union-attr]
    session.on_message(reply("accepted", str(first["id"])), 0.0)
    assert len(session.ws.sent) == 2 and player.waiting  # type: ignore[union-attr]
    second = session.ws.sent[-1]  # type: ignore[union-attr]
    load.stopping = True
    session.on_message(reply("rejected", str(second["id"]), rule="vda.no-turn"), 0.0)
    assert len(session.ws.sent) == 2 and not player.waiting  # type: ignore[union-attr]
    assert load.counts == {"accepted": 1, "rejected": 1, "errors": 0}
    assert load.rules == {"vda.no-turn": 1}
