"""The history checker: clients that record everything they send and receive,
and the check every proof suite ends with.

A :class:`Recorder` is one WebSocket client of one table. It writes down each
command it sends (by id), every answer, and every position it receives, in
order; it reconnects after any close and resumes from its last position, as
a real client does, and it sends a command again with the same id until it
is answered ``accepted`` or refused for good. :func:`check_history` then
reads the table's whole log (as the GM) and holds that:

- every command answered ``accepted`` has its events in the log exactly once,
  at the positions the answer named, and written for its sender;
- no event was written without a command some client sent (the table's own
  creation aside);
- each client's positions strictly increase, without a gap except across an
  explicit ``skipped`` (after ``diverged`` the client starts again from 0);
- every client's state at the head equals a cold rebuild of the log, seen as
  that client may see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from clients.python import Admin
from clients.python.client import ws_url
from domain.base import Viewer
from domain.events import ENCODER
from domain.table import Timeline, view_state

FINAL = {"accepted"}
"""Answers after which a command is not sent again."""

AGAIN = {"unavailable", "internal"}
"""Codes after which the same command id is sent again (the write may have landed)."""


@dataclass
class Recorder:
    """One client of one table and everything it saw."""

    server: str
    table_id: str
    token: str
    name: str
    viewer: Viewer | None = None
    sent: dict[str, Any] = field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The final answer to each command id."""
    retries: int = 0
    positions: list[int] = field(default_factory=list)
    breaks: set[int] = field(default_factory=set)
    """Indexes into :attr:`positions` after which a gap is explained (skipped)."""
    reconnects: int = 0
    diverged: int = 0
    """How many times the server said this client's history is not the table's."""
    closes: list[int] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    _socket: ClientConnection | None = None
    _waiting: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _reader: asyncio.Task[None] | None = None
    _connected: asyncio.Event = field(default_factory=asyncio.Event)
    _closing: bool = False
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    follows: bool = True

    @property
    def last(self) -> int:
        return self.positions[-1] if self.positions else 0

    async def start(self) -> Recorder:
        await self._connect()
        self._reader = asyncio.create_task(self._run(), name=f"recorder:{self.name}")
        return self

    async def _connect(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        self._socket = await connect(
            ws_url(self.server, self.table_id), additional_headers=headers, max_size=None
        )
        welcome = json.loads(await self._socket.recv())
        assert welcome["type"] == "welcome", welcome
        self.viewer = Viewer(role=welcome["role"], id=welcome["viewer"])
        if self.follows:
            await self._socket.send(json.dumps({"type": "follow", "after": self.last}))
        self._connected.set()

    async def _run(self) -> None:
        while not self._closing:
            assert self._socket is not None
            try:
                async for raw in self._socket:
                    self._take(json.loads(raw))
            except ConnectionClosed:
                pass
            rcvd = self._socket.protocol.close_rcvd
            if rcvd is not None:
                self.closes.append(rcvd.code)
            self._connected.clear()
            for future in self._waiting.values():  # their answers are lost: sent again
                if not future.done():
                    future.set_result({"type": "lost"})
            self._waiting.clear()
            while not self._closing:
                try:
                    await self._connect()
                    self.reconnects += 1
                    break
                except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError, AssertionError):
                    await asyncio.sleep(0.2)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "events":
            self.positions += [e["position"] for e in message["events"]]
        elif kind == "skipped":
            self.breaks.add(len(self.positions) - 1)
            self.positions.append(message["head"])
        elif kind == "diverged":
            # Another history: what this client saw is dropped, it reloads from scratch.
            self.diverged += 1
            self.positions, self.breaks = [], set()
            if self.follows and self._socket is not None:
                follow = json.dumps({"type": "follow", "after": 0})
                task = asyncio.create_task(self._socket.send(follow))
                task.add_done_callback(lambda t: t.cancelled() or t.exception())
        elif kind in ("accepted", "rejected", "error", "state"):
            future = self._waiting.pop(message.get("id", ""), None)
            if future is not None and not future.done():
                future.set_result(message)
            elif kind == "error":
                self.errors.append(message)

    async def request(self, message: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
        """Send one request with an id and wait for its answer ("lost" when the
        socket closed first)."""
        await asyncio.wait_for(self._connected.wait(), timeout)
        assert self._socket is not None
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[message["id"]] = future
        try:
            await self._socket.send(json.dumps(message))
        except ConnectionClosed:
            self._waiting.pop(message["id"], None)
            return {"type": "lost"}
        return await asyncio.wait_for(future, timeout)

    async def send(self, command: Any, command_id: str | None = None, tries: int = 200) -> dict[str, Any]:
        """Send ``command`` until it is answered for good, always with the same id."""
        command_id = command_id or f"{self.name}-{next(self._ids)}"
        body = msgspec.to_builtins(command)
        self.sent[command_id] = body
        answer: dict[str, Any] = {"type": "lost"}
        for attempt in range(tries):
            if attempt:
                self.retries += 1
                await asyncio.sleep(0.1)
            try:
                answer = await self.request({"type": "command", "id": command_id, "command": body})
            except TimeoutError:
                continue
            if answer["type"] in FINAL or (answer["type"] != "lost" and answer.get("code") not in AGAIN):
                break
        self.answers[command_id] = answer
        return answer

    async def state(self) -> dict[str, Any]:
        for attempt in itertools.count():
            answer = await self.request({"type": "get_state", "id": f"{self.name}-state-{attempt}"})
            if answer["type"] == "state":
                return answer
            assert attempt < 100, answer
            await asyncio.sleep(0.1)
        raise AssertionError("unreachable")

    async def wait_for(self, position: int, timeout: float = 60) -> None:
        """Until this client has received ``position``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.last < position:
            assert loop.time() < deadline, f"{self.name} stopped at {self.last}, not {position}"
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        self._closing = True
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


@dataclass
class Checked:
    events: int
    accepted: int
    clients: int
    retries: int
    reconnects: int


async def check_history(
    server: str,
    table_id: str,
    gm_token: str,
    clients: list[Recorder],
    over_http: frozenset[tuple[str, str]] = frozenset(),
) -> Checked:
    """The checks of this module's docstring; the figures they covered.
    ``over_http``: the (sender, command id) of the commands the test sent over
    HTTP (an invitation is ``("gm", "invite-<id>")``)."""
    async with Admin(server, gm_token) as admin:
        records = await admin.records(table_id)
    head = len(records)
    assert [r.position for r in records] == list(range(1, head + 1)), "the log has a gap or a repeat"
    written: dict[tuple[str, str], list[int]] = {}
    for record in records:
        if record.command_id:
            written.setdefault((record.sender, record.command_id), []).append(record.position)
    sent = {(c.viewer.id, cid) for c in clients if c.viewer is not None for cid in c.sent} | over_http
    creation = [r.position for r in records if not r.command_id]
    assert creation == [1], f"events without a command: {creation}"
    strays = set(written) - sent
    assert not strays, f"events of commands no client sent: {sorted(strays)[:5]}"
    accepted = 0
    for client in clients:
        assert client.viewer is not None
        for cid, answer in client.answers.items():
            positions = written.get((client.viewer.id, cid), [])
            if answer["type"] == "accepted":
                accepted += 1
                expected = list(range(answer["first"], answer["last"] + 1))
                assert positions == expected, f"{cid}: written at {positions}, answered {expected}"
            elif answer["type"] == "rejected" and answer["code"] not in AGAIN:
                assert positions == [], f"{cid} was refused ({answer['code']}) yet written at {positions}"
        for i, (a, b) in enumerate(itertools.pairwise(client.positions)):
            assert b > a, f"{client.name}: position {b} after {a}"
            assert b == a + 1 or i in client.breaks, f"{client.name}: a gap from {a} to {b}"
        if client.follows:
            assert client.last == head, f"{client.name} ended at {client.last}, the head is {head}"
    rebuilt = Timeline(every=100)
    for record in records:
        rebuilt.append(record.event)
    for client in clients:
        assert client.viewer is not None
        got = await client.state()
        assert got["at"] == head
        expected = json.loads(ENCODER.encode(view_state(rebuilt.head, client.viewer)))
        assert got["state"] == expected, f"{client.name}'s state differs from a cold rebuild"
    return Checked(
        events=head,
        accepted=accepted,
        clients=len(clients),
        retries=sum(c.retries for c in clients),
        reconnects=sum(c.reconnects for c in clients),
    )
