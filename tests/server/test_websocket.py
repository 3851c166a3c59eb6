"""Several clients of different roles on one table, through a real uvicorn server
(with Fracas's own WebSocket protocol, and with uvicorn's on the plain path).

The tests share one server per Redis and path (each plays on a table of its
own), on the module's event loop; those that need other settings or a
server to themselves start their own."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode

from clients.python import Admin, Closed, Diverged, HttpError, TableClient
from clients.python.client import ws_url
from domain.commands import AddCombatant, AddNote, RevealRoll, Rewind, RollDice
from domain.dice import commitment_holds
from domain.events import (
    ENCODER,
    Combatant,
    DiceRolled,
    Hidden,
    InviteRevoked,
    NoteAdded,
    Recorded,
    Rewound,
    RollRevealed,
)
from domain.proof import chained
from domain.systems.vda.state import VdaSheet
from domain.systems.wod import PoolSpec
from domain.wire import Accepted, Follow, Rejected
from server.connect import close as close_redis
from server.connect import connect as connect_redis
from server.embedded import EmbeddedRedis
from server.frames_protocol import FramesProtocol
from server.hub import Subscriber
from server.store import RedisEventStore, key
from server.table_socket import Connection
from tests.server.conftest import StartServer, servers

# Every test runs on the fast paths and on the plain ones (Settings.fast_paths).
pytestmark = [
    pytest.mark.redis,
    pytest.mark.both_paths,
    pytest.mark.timeout(60),
    pytest.mark.asyncio(loop_scope="module"),
]

Shared = Callable[[str, bool], Awaitable[str]]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_servers() -> AsyncIterator[Shared]:
    """The module's servers, one per Redis and path, started when first asked for."""
    async with contextlib.AsyncExitStack() as stack:
        started: dict[tuple[str, bool], str] = {}

        async def server_on(redis_url: str, fast_paths: bool) -> str:
            if (redis_url, fast_paths) not in started:
                start = await stack.enter_async_context(servers(redis_url, fast_paths))
                started[redis_url, fast_paths] = await start()
            return started[redis_url, fast_paths]

        yield server_on


# conftest's fixtures of these names, on the module's loop: a server runs on
# the loop of the tests that talk to it.
@pytest_asyncio.fixture(loop_scope="module")
async def server(shared_servers: Shared, redis_url: str, fast_paths: bool) -> str:
    return await shared_servers(redis_url, fast_paths)


@pytest_asyncio.fixture(loop_scope="module")
async def admin(server: str) -> AsyncIterator[Admin]:
    async with Admin(server) as client:
        yield client


@pytest_asyncio.fixture(loop_scope="module")
async def start_server(redis_url: str, fast_paths: bool) -> AsyncIterator[StartServer]:
    """Servers of a test's own, stopped at its end."""
    async with servers(redis_url, fast_paths) as start:
        yield start


@pytest_asyncio.fixture(loop_scope="module")
async def start_embedded_server(
    embedded_redis: EmbeddedRedis, fast_paths: bool
) -> AsyncIterator[StartServer]:
    async with servers(embedded_redis.url, fast_paths) as start:
        yield start


def combatant(cid: str, name: str) -> AddCombatant:
    return AddCombatant(combatant=Combatant(id=cid, name=name, sheet=VdaSheet()))


async def table_with_roles(admin: Admin, server: str, sandbox: bool = True) -> dict[str, str]:
    created = await admin.create_table("Salle du trône", "vda", sandbox=sandbox)
    table_id, gm_token = created["table_id"], created["gm_token"]
    async with TableClient(server, table_id, gm_token) as gm:
        assert isinstance(await gm.send(combatant("rorsh", "Rorsh")), Accepted)
        assert isinstance(await gm.send(combatant("garde", "Garde")), Accepted)
    async with Admin(server, gm_token) as gm_admin:
        player = await gm_admin.invite(table_id, "player", "Alice", ["rorsh"])
        spectator = await gm_admin.invite(table_id, "spectator", "OBS")
    return {"table": table_id, "gm": gm_token, "player": player["token"], "spectator": spectator["token"]}


def raw_socket(server: str, table_id: str, token: str) -> Any:
    """A plain WebSocket to the table, for what TableClient would not send."""
    return connect(ws_url(server, table_id), additional_headers={"Authorization": f"Bearer {token}"})


async def test_every_role_sees_the_same_events_at_once(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with (
        TableClient(server, t["table"], t["gm"]) as gm,
        TableClient(server, t["table"], t["player"]) as player,
        TableClient(server, t["table"], t["spectator"]) as spectator,
    ):
        assert (gm.welcome.role, player.welcome.role, spectator.welcome.role) == ("gm", "player", "spectator")  # type: ignore[union-attr]
        assert player.welcome.combatants == ["rorsh"]  # type: ignore[union-attr]
        for client in (gm, player, spectator):
            await client.follow(0)
        histories = [[(await c.next_event()).position for _ in range(5)] for c in (gm, player, spectator)]
        assert histories == [[1, 2, 3, 4, 5]] * 3

        answer = await gm.send(AddNote(text="Les torches vacillent"))
        assert isinstance(answer, Accepted) and answer.first == answer.last == 6
        for client in (gm, player, spectator):
            record = await client.next_event()
            assert record.position == 6
            assert record.event == NoteAdded(text="Les torches vacillent", author="gm")


async def test_a_player_rolls_for_their_combatant_only_and_a_refusal_writes_nothing(
    admin: Admin, server: str
) -> None:
    t = await table_with_roles(admin, server)
    async with (
        TableClient(server, t["table"], t["player"]) as player,
        TableClient(server, t["table"], t["spectator"]) as spectator,
    ):
        ok = await player.send(
            RollDice(combatant="rorsh", spec=PoolSpec(dice=3, difficulty=6)), dice=[6, 1, 9]
        )
        assert isinstance(ok, Accepted)
        refused = await player.send(RollDice(combatant="garde", spec=PoolSpec(dice=3)), dice=[6, 1, 9])
        assert isinstance(refused, Rejected)
        assert (refused.code, refused.rule) == ("forbidden", "role.not-your-combatant")
        watched = await spectator.send(AddNote(text="hello"))
        assert isinstance(watched, Rejected) and watched.rule == "role.spectator"
        gm_only = await player.send(Rewind(to=2))
        assert isinstance(gm_only, Rejected) and gm_only.rule == "role.gm-only"
        state = await player.state()
        assert state["position"] == ok.last
        assert state["fight"]["last_roll"]["roll"]["faces"] == [6, 1, 9]
        may = await player.may()
        assert list(may) == ["rorsh"] and "RollDice" in may["rorsh"]
        assert await spectator.may() == {}


async def test_a_secret_gm_roll_reaches_others_as_a_commitment_then_a_checkable_reveal(
    admin: Admin, server: str
) -> None:
    t = await table_with_roles(admin, server, sandbox=False)
    async with (
        TableClient(server, t["table"], t["gm"]) as gm,
        TableClient(server, t["table"], t["player"]) as player,
        TableClient(server, t["table"], t["spectator"]) as spectator,
    ):
        for client in (gm, player, spectator):
            await client.follow(5)
        answer = await gm.send(
            RollDice(spec=PoolSpec(dice=6, difficulty=7), label="Perception du garde", secret=True)
        )
        assert isinstance(answer, Accepted)
        seen_by_gm = (await gm.next_event()).event
        assert isinstance(seen_by_gm, DiceRolled) and seen_by_gm.secret
        for client in (player, spectator):
            hidden = (await client.next_event()).event
            assert isinstance(hidden, Hidden)
            assert hidden.kind == "DiceRolled" and hidden.commitment == seen_by_gm.commitment
            state = await client.state()
            assert state["admin"]["secret_rolls"] == {}
            assert "Perception du garde" not in json.dumps(state)

        assert isinstance(await gm.send(RevealRoll(position=answer.first)), Accepted)
        for client in (player, spectator):
            revealed = (await client.next_event()).event
            assert isinstance(revealed, RollRevealed)
            assert commitment_holds(revealed.roll, revealed.salt, seen_by_gm.commitment)
            assert revealed.roll == seen_by_gm.roll


async def test_secret_rolls_never_appear_in_what_a_player_receives(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server, sandbox=True)
    async with TableClient(server, t["table"], t["gm"]) as gm:
        await gm.send(RollDice(spec=PoolSpec(dice=3), label="embuscade-secrete", secret=True), dice=[7, 7, 7])
    async with Admin(server, t["player"]) as player_http:
        lines = [line async for line in player_http.export(t["table"])]
        state = await player_http.state(t["table"])
    assert b"embuscade-secrete" not in b"".join(lines) and "embuscade-secrete" not in json.dumps(state)
    assert b'"faces":[7,7,7]' not in b"".join(lines)
    async with raw_socket(server, t["table"], t["player"]) as raw:
        await raw.send(json.dumps({"type": "follow", "after": 0}))
        frames = [await asyncio.wait_for(raw.recv(), 5) for _ in range(2)]
        while "embuscade-secrete" not in frames[-1] and '"position":6' not in frames[-1]:
            frames.append(await asyncio.wait_for(raw.recv(), 5))
    assert not any("embuscade-secrete" in f or "[7,7,7]" in f for f in frames)


async def test_rewind_brings_every_client_back_to_the_earlier_state(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with (
        TableClient(server, t["table"], t["gm"]) as gm,
        TableClient(server, t["table"], t["player"]) as player,
    ):
        await player.follow(5)
        before = await player.state()
        await gm.send(combatant("loup", "Loup"))
        await gm.send(AddNote(text="Le loup attaque"))
        assert "loup" in (await player.state())["fight"]["combatants"]
        answer = await gm.send(Rewind(to=5, reason="le loup n'était pas là"))
        assert isinstance(answer, Accepted)
        events = [await player.next_event() for _ in range(3)]
        assert isinstance(events[-1].event, Rewound) and events[-1].event.to == 5
        after = await player.state()
        assert after["fight"] == before["fight"]
        assert after["position"] == answer.last
        # the rewound branch stays readable
        assert "loup" in (await player.state(answer.last - 1))["fight"]["combatants"]
        assert isinstance(await gm.send(Rewind(to=answer.last + 1)), Rejected)


async def test_a_retried_command_id_is_answered_with_its_first_result(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["gm"]) as gm:
        first = await gm.send(AddNote(text="une fois"), command_id="note-1")
        again = await gm.send(AddNote(text="une fois"), command_id="note-1")
        assert isinstance(first, Accepted) and isinstance(again, Accepted)
        assert (again.first, again.last, again.duplicate) == (first.first, first.last, True)
        assert (await gm.state())["position"] == first.last


async def test_a_following_client_gets_its_commands_events_before_their_answer(
    admin: Admin, server: str
) -> None:
    t = await table_with_roles(admin, server)
    async with raw_socket(server, t["table"], t["gm"]) as raw:
        head = json.loads(await raw.recv())["head"]
        await raw.send(json.dumps({"type": "follow", "after": head}))
        for i in range(3):
            note = {"type": "AddNote", "text": f"note {i}"}
            await raw.send(json.dumps({"type": "command", "id": f"n{i}", "command": note, "nonce": f"n{i}"}))
        seen: list[tuple[str, object]] = []
        while len([kind for kind, _ in seen if kind == "accepted"]) < 3:
            message = json.loads(await raw.recv())
            if message["type"] == "events":
                seen += [("event", e["position"]) for e in message["events"]]
            else:
                seen.append((message["type"], message["first"]))
        for kind, position in seen:
            if kind == "accepted":
                assert ("event", position) in seen[: seen.index((kind, position))]
        assert [p for kind, p in seen if kind == "event"] == [head + 1, head + 2, head + 3]


async def test_a_command_waits_for_the_follow_sent_before_it(
    admin: Admin, server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command sent right behind a slow ``follow`` is not applied before the
    follow is answered: the events still come before the command's answer."""
    original = Connection.dispatch

    async def slow_follow(self: Connection, message: object) -> None:
        if isinstance(message, Follow):
            await asyncio.sleep(0.3)
        await original(self, message)

    monkeypatch.setattr(Connection, "dispatch", slow_follow)
    t = await table_with_roles(admin, server)
    async with raw_socket(server, t["table"], t["gm"]) as raw:
        head = json.loads(await raw.recv())["head"]
        await raw.send(json.dumps({"type": "follow", "after": head}))
        await asyncio.sleep(0.05)  # the follow is being answered
        note = {"type": "AddNote", "text": "derrière"}
        await raw.send(json.dumps({"type": "command", "id": "c", "command": note, "nonce": "c"}))
        kinds = []
        while "accepted" not in kinds:
            kinds.append(json.loads(await raw.recv())["type"])
        assert kinds == ["events", "accepted"]


async def test_commands_sent_faster_than_answered_are_all_applied_in_the_order_sent(
    admin: Admin, server: str
) -> None:
    """More commands at once than a connection may have in flight (16): the server
    stops reading that socket until answers come back, and applies every one in
    the order sent, with messages sent before the welcome taken first."""
    created = await admin.create_table("Rafale", "vda")
    async with raw_socket(server, created["table_id"], created["gm_token"]) as raw:
        for i in range(40):  # sent at once, without waiting for the welcome
            note = {"type": "AddNote", "text": f"note {i}"}
            await raw.send(json.dumps({"type": "command", "id": f"n{i}", "command": note, "nonce": f"n{i}"}))
        await raw.send(json.dumps({"type": "get_state", "id": "state"}))
        answers: dict[str, dict[str, object]] = {}
        while len(answers) < 41:
            message = json.loads(await raw.recv())
            if "id" in message:
                answers[str(message["id"])] = message
        positions = [answers[f"n{i}"]["first"] for i in range(40)]
        assert all(answers[f"n{i}"]["type"] == "accepted" for i in range(40))
        assert positions == list(range(2, 42))
        assert answers["state"]["type"] == "state"


async def test_commands_arrive_whole_however_the_client_frames_and_splits_them(
    admin: Admin, server: str
) -> None:
    """One whole frame per read takes the server's short way in; frames split
    across reads, several in one read, fragmented messages and control frames
    between fragments take the websockets parser. All are applied in order."""
    created = await admin.create_table("Découpes", "vda")
    async with raw_socket(server, created["table_id"], created["gm_token"]) as raw:
        json.loads(await raw.recv())  # welcome

        def command(i: int) -> bytes:
            note = {"type": "AddNote", "text": f"note {i} " + "é" * (i * 40)}
            return json.dumps({"type": "command", "id": f"n{i}", "command": note}).encode()

        def frame(payload: bytes, opcode: Opcode = Opcode.TEXT, fin: bool = True) -> bytes:
            return WireFrame(opcode, payload, fin=fin).serialize(mask=True)

        write = raw.transport.write
        write(frame(command(0)))  # whole
        for byte in frame(command(1)):  # one byte per write
            write(bytes([byte]))
            await asyncio.sleep(0)
        third = command(2)
        write(frame(third[:10], fin=False))  # fragmented, a ping between the fragments
        write(frame(b"ping", Opcode.PING))
        write(frame(third[10:20], Opcode.CONT, fin=False) + frame(third[20:], Opcode.CONT))
        write(frame(command(3)) + frame(command(4)))  # two in one write
        fifth = frame(command(5))
        write(fifth[:7])
        await asyncio.sleep(0.05)
        write(fifth[7:] + frame(command(6))[:3])  # the end of one and the start of the next
        await asyncio.sleep(0.05)
        write(frame(command(6))[3:])
        write(frame(command(7)))  # whole again, once the parser is back between frames
        answers = []
        while len(answers) < 8:
            message = json.loads(await raw.recv())
            if message["type"] == "accepted":
                answers.append((message["id"], message["first"]))
        assert answers == [(f"n{i}", i + 2) for i in range(8)]


async def test_a_text_message_not_in_utf8_closes_that_socket_with_1007(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["spectator"]) as watcher:
        await watcher.follow(5)
        async with raw_socket(server, t["table"], t["gm"]) as raw:
            json.loads(await raw.recv())  # welcome
            raw.transport.write(WireFrame(Opcode.TEXT, b'{"type":"\xff"}').serialize(mask=True))
            with pytest.raises(ConnectionClosed) as closed:
                await raw.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
        async with TableClient(server, t["table"], t["gm"]) as gm:  # the table carries on
            assert isinstance(await gm.send(AddNote(text="encore")), Accepted)
        assert (await watcher.next_event()).position == 6


async def test_a_stale_expected_head_is_refused_and_writes_nothing(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["gm"]) as gm:
        head = (await gm.state())["position"]
        refused = await gm.send(AddNote(text="trop tard"), expected_head=head - 1)
        assert isinstance(refused, Rejected)
        assert (refused.code, refused.rule, refused.head) == ("stale", "table.expected-head", head)
        assert (await gm.state())["position"] == head
        assert isinstance(await gm.send(AddNote(text="à temps"), expected_head=head), Accepted)


async def test_bad_messages_get_clear_errors_and_change_nothing_for_anyone(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["spectator"]) as watcher:
        await watcher.follow(5)
        async with raw_socket(server, t["table"], t["gm"]) as raw:
            json.loads(await raw.recv())  # welcome
            cases = {
                "{not json": "invalid",
                json.dumps({"type": "dance"}): "invalid",
                json.dumps(
                    {"type": "command", "id": "x", "command": {"type": "AddNote", "text": 5}}
                ): "invalid",
                json.dumps({"type": "command", "id": "x", "command": {"type": "Explode"}}): "invalid",
                json.dumps({"type": "follow", "after": 0, "extra": 1}): "invalid",
            }
            for frame, code in cases.items():
                await raw.send(frame)
                answer = json.loads(await raw.recv())
                assert answer["type"] == "error" and answer["code"] == code, frame
                assert answer["message"]
            await raw.send(
                json.dumps({"type": "command", "id": "r", "command": {"type": "Rewind", "to": 999}})
            )
            answer = json.loads(await raw.recv())
            assert answer["type"] == "rejected" and answer["rule"] == "table.rewind-target"
            await raw.send(
                json.dumps(
                    {
                        "type": "command",
                        "id": "u",
                        "command": {"type": "RemoveCombatant", "combatant_id": "nobody"},
                    }
                )
            )
            answer = json.loads(await raw.recv())
            assert answer["type"] == "rejected" and answer["rule"] == "table.combatant-unknown"
            await raw.send(
                json.dumps(
                    {"type": "command", "id": "ok", "command": {"type": "AddNote", "text": "toujours là"}}
                )
            )
            assert json.loads(await raw.recv())["type"] == "accepted"
            await raw.send("x" * (70 * 1024))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(raw.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # the spectator saw exactly one new event: the accepted note
        record = await watcher.next_event()
        assert record.position == 6 and isinstance(record.event, NoteAdded)
        assert (await watcher.state())["position"] == 6


async def test_authentication_failures_close_with_documented_codes(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    for token, code in ((None, 4401), ("gm.wrong", 4401), ("nobody.x", 4401)):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with connect(ws_url(server, t["table"]), additional_headers=headers) as raw:
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(raw.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code
    with pytest.raises(Closed) as unknown:
        async with TableClient(server, "nosuchtable", t["gm"]):
            pass
    assert unknown.value.code == 4404


async def test_a_revoked_player_is_disconnected_and_its_token_refused(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["player"]) as player:
        await player.follow(0)
        async with Admin(server, t["gm"]) as gm_http:
            principal = t["player"].split(".")[0]
            await gm_http.revoke(t["table"], principal)
        with pytest.raises(Closed) as closed:
            while True:
                await player.next_event()
        assert closed.value.code == 4401
    with pytest.raises(Closed):
        async with TableClient(server, t["table"], t["player"]):
            pass


async def test_no_command_of_a_revoked_player_lands_after_the_revocation(admin: Admin, server: str) -> None:
    """Commands sent on a socket and over HTTP while the GM revokes their sender:
    each lands before the revocation or is refused, never after it."""
    t = await table_with_roles(admin, server)
    principal = t["player"].split(".")[0]
    note = {"type": "AddNote", "text": "encore"}
    async with raw_socket(server, t["table"], t["player"]) as raw, Admin(server, t["player"]) as player_http:
        json.loads(await raw.recv())  # welcome

        async def over_http() -> None:
            for i in range(40):
                try:
                    await player_http.command(t["table"], AddNote(text="encore"), id=f"h{i}")
                except HttpError:  # refused once revoked: a client stops there
                    return

        async def over_socket() -> None:
            with contextlib.suppress(ConnectionClosed):
                for i in range(200):
                    await raw.send(json.dumps({"type": "command", "id": f"w{i}", "command": note}))

        async with Admin(server, t["gm"]) as gm_http:
            sending = [asyncio.create_task(over_http()), asyncio.create_task(over_socket())]
            await asyncio.sleep(0)
            await gm_http.revoke(t["table"], principal)
            await asyncio.gather(*sending)
            records = await gm_http.records(t["table"])
        answers = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                answers.append(json.loads(await raw.recv()))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    [revoked] = [r.position for r in records if isinstance(r.event, InviteRevoked)]
    assert not [r for r in records if r.position > revoked and r.sender == principal]
    refusals = {a["rule"] for a in answers if a["type"] == "rejected"}
    assert refusals <= {"role.revoked"}


async def test_browser_origins_are_checked_at_the_handshake(start_server: object, redis_url: str) -> None:
    server = await start_server(origins=("https://table.example",))  # type: ignore[operator]
    async with Admin(server) as http:
        created = await http.create_table("Origines", "vda")
    url, gm = ws_url(server, created["table_id"]), created["gm_token"]
    with pytest.raises(InvalidStatus) as refused:
        async with connect(
            url, additional_headers={"Authorization": f"Bearer {gm}"}, origin="https://evil.example"
        ):  # type: ignore[arg-type]
            pass
    assert refused.value.response.status_code == 403
    async with TableClient(server, created["table_id"], gm, origin="https://table.example") as ok:
        assert ok.welcome is not None
    host = server.removeprefix("http://")
    async with TableClient(server, created["table_id"], gm, origin=f"http://{host}") as same_origin:
        assert same_origin.welcome is not None


async def test_a_client_that_reconnects_resumes_without_gap_or_repeat(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["gm"]) as gm:
        player = TableClient(server, t["table"], t["player"])
        await player.connect()
        await player.follow(0)
        seen = [(await player.next_event()).position for _ in range(5)]
        await player.close()
        for i in range(3):
            await gm.send(AddNote(text=f"pendant l'absence {i}"))
        await player.resume()
        seen += [(await player.next_event()).position for _ in range(3)]
        await gm.send(AddNote(text="de retour"))
        seen.append((await player.next_event()).position)
        await player.close()
    assert seen == list(range(1, 10))


async def test_a_client_whose_history_diverged_is_told_to_reload(admin: Admin, server: str) -> None:
    t = await table_with_roles(admin, server)
    async with TableClient(server, t["table"], t["player"]) as player:
        player.epoch = "another-epoch"
        await player.follow(0)
        with pytest.raises(Diverged):
            await player.next_event()
    async with TableClient(server, t["table"], t["player"]) as player:
        await player.follow(500)
        with pytest.raises(Diverged):
            await player.next_event()


async def test_a_log_rewritten_where_the_client_had_read_is_a_diverged_history(
    admin: Admin, start_server: object, redis_url: str
) -> None:
    """A failover that lost position 4 and took another write there: the new log is
    as long as the old one, and only the chain tells them apart."""
    created = await admin.create_table("Bascule", "vda")
    table_id, gm = created["table_id"], created["gm_token"]
    async with TableClient(admin.server, table_id, gm) as writer:
        for i in range(3):
            await writer.send(AddNote(text=f"note {i}"))
    seen = TableClient(admin.server, table_id, gm)
    await seen.connect()
    await seen.follow(0)
    for _ in range(4):
        await seen.next_event()
    await seen.close()

    client = connect_redis(redis_url)
    store = RedisEventStore(client)
    try:
        kept = await store.read(table_id, 0, 3)
        other = chained(
            kept[-1].chain, Recorded(position=4, event=NoteAdded(text="autre", author="gm"), salt="ab" * 16)
        )
        await client.delete(key(table_id, "events"))
        for record in [*kept, other]:
            await client.xadd(
                key(table_id, "events"),
                {
                    "type": "NoteAdded" if record.position > 1 else "TableCreated",
                    "data": ENCODER.encode(record),
                },
                id=f"{record.position}-0",
            )
    finally:
        await close_redis(client)

    replica = await start_server()  # type: ignore[operator]
    for server in (admin.server, replica):
        resumed = TableClient(server, table_id, gm)
        resumed.epoch, resumed.last_position, resumed.last_chain = (
            seen.epoch,
            seen.last_position,
            seen.last_chain,
        )
        await resumed.connect()
        await resumed.follow()
        with pytest.raises(Diverged):
            await resumed.next_event()
        await resumed.close()
    # A client that had read only what the new log still holds resumes as usual.
    earlier = TableClient(replica, table_id, gm)
    earlier.epoch, earlier.last_position, earlier.last_chain = seen.epoch, 3, kept[-1].chain
    await earlier.connect()
    await earlier.follow()
    assert (await earlier.next_event()).event == NoteAdded(text="autre", author="gm")
    await earlier.close()


async def stalled_socket(server: str, table_id: str, token: str) -> Any:
    """A WebSocket whose client stops reading: a small receive buffer, and the
    library's own reading paused after one message."""
    host, port = server.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.setblocking(False)
    return await connect(
        ws_url(server, table_id),
        sock=sock,
        max_queue=1,
        additional_headers={"Authorization": f"Bearer {token}"},
    )


@pytest_asyncio.fixture(loop_scope="module")
async def start_fast_server(embedded_redis: EmbeddedRedis) -> AsyncIterator[StartServer]:
    """Servers on the fast paths only, for what only they do."""
    async with servers(embedded_redis.url, fast_paths=True) as start:
        yield start


async def test_sockets_that_stop_reading_wait_apart_and_never_hold_up_the_table(
    start_fast_server: StartServer,
) -> None:
    """The transport's flow control reaches the hub: once a socket's buffers are
    full its events wait in its queue, and past the queue a player is closed with
    1013 and a spectator skipped ahead, while the GM gets every event as it comes.
    (On the plain path the hub sees no transport: every frame waits in the queue,
    and this GM, sending faster than a queue of 4 drains, would be closed too.)"""
    server = await start_fast_server(queue_size=4)
    async with Admin(server) as admin:
        t = await table_with_roles(admin, server)
    stalled_player = await stalled_socket(server, t["table"], t["player"])
    stalled_spectator = await stalled_socket(server, t["table"], t["spectator"])
    notes = 4_000  # ~8 MB each: more than a socket's buffers on both sides hold
    try:
        for stalled in (stalled_player, stalled_spectator):
            head = json.loads(await stalled.recv())["head"]
            await stalled.send(json.dumps({"type": "follow", "after": head}))
        async with raw_socket(server, t["table"], t["gm"]) as gm:
            start = json.loads(await gm.recv())["head"]
            await gm.send(json.dumps({"type": "follow", "after": start}))

            async def send_notes() -> None:
                for i in range(notes):
                    note = {"type": "AddNote", "text": f"{i} " + "x" * 1_900}
                    await gm.send(json.dumps({"type": "command", "id": f"n{i}", "command": note}))

            sending = asyncio.create_task(send_notes())
            positions: list[int] = []
            accepted = 0
            while accepted < notes:
                message = json.loads(await gm.recv())
                if message["type"] == "events":
                    positions += [e["position"] for e in message["events"]]
                else:
                    assert message["type"] == "accepted", message
                    accepted += 1
            await sending
            assert positions == list(range(start + 1, start + notes + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await stalled_player.recv()
        # 1013, or a reset when it did not read its close within close_seconds
        # (tests/proofs/test_slow_consumers.py checks both apart)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1013
        kinds = []
        while "skipped" not in kinds:
            kinds.append(json.loads(await stalled_spectator.recv())["type"])
        assert set(kinds) == {"events", "skipped"}
        async with TableClient(server, t["table"], t["gm"]) as gm_client:
            assert isinstance(await gm_client.send(AddNote(text="après")), Accepted)
        while (message := json.loads(await stalled_spectator.recv()))["type"] != "events":
            pass
        assert message["events"][-1]["position"] == start + notes + 1  # live again
    finally:
        await stalled_player.close()
        await stalled_spectator.close()


async def test_a_closed_socket_is_freed_when_it_closes_not_at_a_later_collection(
    start_embedded_server: StartServer,
) -> None:
    """Nothing of a table socket is left in reference cycles once it closes: with
    many spectators coming and going, such garbage would pile up until one long
    pass of the collector walked it all."""
    server = await start_embedded_server()
    async with Admin(server) as admin:
        t = await table_with_roles(admin, server)

    def alive() -> int:
        return sum(1 for o in gc.get_objects() if isinstance(o, (FramesProtocol, Subscriber, Connection)))

    gc.collect()
    gc.disable()
    try:
        before = alive()
        for token in (t["spectator"], t["player"], t["gm"]):
            async with TableClient(server, t["table"], token) as client:
                await client.follow(0)
                if token == t["gm"]:
                    assert isinstance(await client.send(AddNote(text="encore")), Accepted)
        await asyncio.sleep(0.2)  # the server sees the sockets close
        assert alive() == before
    finally:
        gc.enable()
