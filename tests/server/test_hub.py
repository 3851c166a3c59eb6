"""One slow connection never slows the table: bounded queues, 1013 for players
and the GM, skip-ahead for spectators."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import msgspec

from domain.base import EVERYONE, GM, GM_ONLY, Viewer, gm_and
from domain.events import NoteAdded, Recorded
from domain.systems.vda.state import VdaState
from domain.table import Fight, TableState
from domain.wire import CLOSE_TRY_AGAIN, OUTBOUND_DECODER, Events, SkippedAhead
from server.frames import Cork, Frame
from server.hub import Batch, CatchUp, Feed, Subscriber
from tests.server.fake_sockets import FakeProtocol, messages


class StuckSocket:
    """A sink that takes nothing until released (as a socket that must drain),
    recording the messages written."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.sent: list[bytes] = []
        self.closed: list[int] = []

    def ready(self) -> bool:
        return self.release.is_set()

    def write(self, frame: Frame) -> None:
        assert self.release.is_set(), "written while the socket was not ready"
        self.sent.append(frame.payload)

    async def send(self, frame: Frame) -> None:
        await self.release.wait()
        self.write(frame)

    async def close(self, code: int, reason: str) -> None:
        self.closed.append(code)


class FakeFeed:
    def __init__(self, position: int) -> None:
        self.state = TableState(position=position, fight=Fight(system=VdaState()))


def batch(position: int) -> Batch:
    return Batch([Recorded(position=position, event=NoteAdded(text=str(position), author="gm"))])


async def test_a_player_too_far_behind_is_closed_with_1013_and_others_are_untouched() -> None:
    stuck, fine = StuckSocket(), StuckSocket()
    fine.release.set()
    slow = Subscriber(Viewer(role="player", id="alice"), stuck, stuck.close, queue_size=4, cork=Cork())
    fast = Subscriber(GM, fine, fine.close, queue_size=4, cork=Cork())
    for s in (slow, fast):
        s.following = True
    for position in range(1, 11):
        b = batch(position)
        slow.offer(b)
        fast.offer(b)
        await asyncio.sleep(0)
    await asyncio.sleep(0.01)
    assert stuck.closed == [CLOSE_TRY_AGAIN]
    assert fine.closed == []
    positions = [r.position for f in fine.sent for r in OUTBOUND_DECODER.decode(f).events]
    assert positions == list(range(1, 11))
    stuck.release.set()
    fast.shut(1000, "")


async def test_a_spectator_too_far_behind_is_skipped_ahead_to_the_latest_state() -> None:
    stuck = StuckSocket()
    spectator = Subscriber(Viewer(role="spectator", id="obs"), stuck, stuck.close, queue_size=3, cork=Cork())
    spectator.following = True
    spectator.feed = FakeFeed(position=50)  # type: ignore[assignment]
    for position in range(1, 9):
        spectator.offer(batch(position))
    stuck.release.set()
    await asyncio.sleep(0.05)
    assert stuck.closed == []
    messages = [OUTBOUND_DECODER.decode(f) for f in stuck.sent]
    skipped = [m for m in messages if isinstance(m, SkippedAhead)]
    assert len(skipped) == 1 and skipped[0].head == 50
    assert spectator.last_sent == 50
    after = messages[messages.index(skipped[0]) + 1 :]
    assert all(isinstance(m, Events) for m in after)
    spectator.shut(1000, "")


async def test_frames_are_encoded_once_per_kind_of_viewer() -> None:
    b = Batch([Recorded(position=1, event=NoteAdded(text="secret", author="gm", secret=True), audience="gm")])
    alice, bob = Viewer(role="player", id="alice"), Viewer(role="player", id="bob")
    assert b.frame_for(GM) is b.frame_for(GM)
    assert b.frame_for(alice) is b.frame_for(bob)
    assert b"secret" in b.frame_for(GM).payload
    assert b"secret" not in b.frame_for(alice).wire
    assert msgspec.json.decode(b.frame_for(alice).payload)["events"][0]["event"]["type"] == "Hidden"


async def test_a_batch_for_an_idle_socket_is_written_at_once_in_the_fan_out() -> None:
    socket = StuckSocket()
    socket.release.set()
    subscriber = Subscriber(GM, socket, socket.close, queue_size=4, cork=Cork())
    subscriber.following = True
    await asyncio.sleep(0)  # the writer now waits on its empty queue
    subscriber.deliver(batch(1))
    assert [r.position for r in OUTBOUND_DECODER.decode(socket.sent[0]).events] == [1]  # no await needed
    assert subscriber.queue.empty() and subscriber.last_sent == 1
    subscriber.shut(1000, "")


async def test_a_send_that_must_wait_is_finished_by_the_writer_before_later_batches() -> None:
    socket = StuckSocket()
    subscriber = Subscriber(GM, socket, socket.close, queue_size=8, cork=Cork())
    subscriber.following = True
    await asyncio.sleep(0)
    subscriber.deliver(batch(1))  # starts, then waits for the socket
    subscriber.deliver(batch(2))  # queued behind it
    subscriber.reply(Frame(b'{"type":"accepted","id":"x","first":2,"last":2,"duplicate":false}'))
    assert socket.sent == []
    socket.release.set()
    await asyncio.sleep(0.01)
    kinds = [OUTBOUND_DECODER.decode(f) for f in socket.sent]
    assert [r.position for m in kinds[:2] for r in m.events] == [1, 2]
    assert kinds[2].id == "x"
    subscriber.shut(1000, "")


async def test_a_socket_that_fails_during_the_fan_out_ends_only_its_subscriber() -> None:
    class Broken(StuckSocket):
        def write(self, frame: Frame) -> None:
            raise ConnectionResetError("gone")

    fine, closed = StuckSocket(), Broken()
    fine.release.set()
    closed.release.set()
    dead = Subscriber(Viewer(role="spectator", id="s"), closed, closed.close, queue_size=4, cork=Cork())
    alive = Subscriber(GM, fine, fine.close, queue_size=4, cork=Cork())
    for s in (dead, alive):
        s.following = True
    await asyncio.sleep(0)
    for s in (dead, alive):
        s.deliver(batch(1))
    await asyncio.sleep(0.01)
    assert dead.closed.is_set() and not alive.closed.is_set()
    assert len(fine.sent) == 1
    alive.shut(1000, "")


# --- sockets in step: written by the feed's fan-out loop ---------------------------


def feed_at(position: int) -> Feed:
    hub = SimpleNamespace(projector=SimpleNamespace(every=10**9), cork=Cork())  # no snapshot falls due
    return Feed(hub, "t", TableState(position=position, fight=Fight(system=VdaState())), "")  # type: ignore[arg-type]


def hand_out(feed: Feed, *records: Recorded) -> None:
    """The feed's own append of ``records``, handed out as the appender does."""
    states = {r.position: TableState(position=r.position, fight=Fight(system=VdaState())) for r in records}
    with feed.hub.cork.corked():
        assert feed.accept(list(records), states)


def note(position: int, audience: str = EVERYONE) -> Recorded:
    event = NoteAdded(text=f"note {position}", author="gm")
    return Recorded(position=position, event=event, audience=audience)


def seen(protocol: FakeProtocol) -> list[tuple[int, str]]:
    """(position, text or "hidden") of every event written to the socket."""
    return [
        (r.position, r.event.text if isinstance(r.event, NoteAdded) else "hidden")
        for m in messages(protocol)
        for r in m.events
    ]


async def join(feed: Feed, viewer: Viewer, after: int = 0) -> tuple[Subscriber, FakeProtocol]:
    protocol = FakeProtocol()
    subscriber = Subscriber(viewer, protocol.sink, StuckSocket().close, queue_size=8, cork=feed.hub.cork)
    subscriber.feed = feed
    feed.subscribers.add(subscriber)
    feed.follow(subscriber, after)
    await asyncio.sleep(0)  # its writer waits on an empty queue: nothing is owed to it
    return subscriber, protocol


async def test_sockets_in_step_get_each_batch_as_their_viewer_may_see_it() -> None:
    feed = feed_at(0)
    gm, alice, bob = GM, Viewer(role="player", id="alice"), Viewer(role="player", id="bob")
    joined = {v: await join(feed, v) for v in (gm, alice, bob)}
    spectators = [await join(feed, Viewer(role="spectator", id=f"s{i}")) for i in range(3)]
    assert all(s.in_step for s, _ in [*joined.values(), *spectators])
    hand_out(feed, note(1))
    hand_out(feed, note(2, GM_ONLY), note(3, gm_and("alice")))
    assert seen(joined[gm][1]) == [(1, "note 1"), (2, "note 2"), (3, "note 3")]
    assert seen(joined[alice][1]) == [(1, "note 1"), (2, "hidden"), (3, "note 3")]
    assert seen(joined[bob][1]) == [(1, "note 1"), (2, "hidden"), (3, "hidden")]
    for _, protocol in spectators:
        assert seen(protocol) == [(1, "note 1"), (2, "hidden"), (3, "hidden")]
    joined[bob][0].offer(CatchUp(3))  # stepping out brings its position up to date
    assert not joined[bob][0].in_step and joined[bob][0].last_sent == 3
    for s, _ in [*joined.values(), *spectators]:
        s.shut(1000, "")
    assert not feed.in_step and not feed.stepped


async def test_a_socket_that_must_drain_steps_out_and_catches_up_without_gap_or_repeat() -> None:
    feed = feed_at(0)
    slow, slow_socket = await join(feed, Viewer(role="spectator", id="a"))
    fast, fast_socket = await join(feed, Viewer(role="spectator", id="b"))
    hand_out(feed, note(1))
    slow_socket.pause()
    assert not slow.in_step and slow.last_sent == 1 and fast.in_step
    hand_out(feed, note(2))
    hand_out(feed, note(3))
    assert [p for p, _ in seen(slow_socket)] == [1]  # nothing written to a socket that must drain
    slow_socket.resume()
    await asyncio.sleep(0.01)
    assert slow.in_step  # its writer caught up, then it stepped back in
    hand_out(feed, note(4))
    assert [p for p, _ in seen(slow_socket)] == [p for p, _ in seen(fast_socket)] == [1, 2, 3, 4]
    for s in (slow, fast):
        s.shut(1000, "")


async def test_a_socket_that_stops_following_gets_nothing_until_it_follows_again() -> None:
    feed = feed_at(0)
    player, socket = await join(feed, Viewer(role="player", id="alice"))
    hand_out(feed, note(1))
    player.unfollow()
    hand_out(feed, note(2))
    assert [p for p, _ in seen(socket)] == [1]
    feed.follow(player, 2)
    await asyncio.sleep(0)
    assert player.in_step
    hand_out(feed, note(3))
    assert [p for p, _ in seen(socket)] == [1, 3]
    player.shut(1000, "")
