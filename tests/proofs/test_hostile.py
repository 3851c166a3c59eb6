"""Hostile input: messages generated from the published JSON Schema, then
mutated (wrong types, unknown fields, huge numbers, NaN, lone surrogates, deep
nesting, fragmented, binary, 10 MB), sent by a GM over WebSocket and HTTP to a
real ``fracas serve``. Never a crash, a 1011, an ``internal`` error or a 500;
nothing is appended but what an ``accepted`` answer names; a GM socket
following all along sees every event and is never closed. Short form 300
messages, long form over 20,000."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from clients.python.client import ws_url
from tests.proofs.conftest import report, scale
from tests.proofs.schema_strategy import inbound
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(1800)]

JUNK: list[Any] = [None, "x", -1, 2**64, -(2**63) - 1, 1.5, True, [], {}, [1, [2]], "\u0000", "é" * 3000]


KINDS = [
    "as-is",
    "wrong-type",
    "unknown-field",
    "huge-number",
    "nan",
    "lone-surrogate",
    "deep",
    "fragmented",
    "binary",
]


def mutate(message: dict[str, Any], kind: str, rng: random.Random) -> str | bytes | list[str]:
    """``message`` in one hostile form (``kind``): what goes on the wire (a list
    of strings: one message in fragments)."""
    body = dict(message)
    target = body["command"] if isinstance(body.get("command"), dict) and rng.random() < 0.7 else body
    keys = [k for k in target if k != "type"] or ["id"]
    if kind == "wrong-type":
        target[rng.choice(keys)] = rng.choice(JUNK)
    elif kind == "unknown-field":
        target[f"zz{rng.randint(0, 9)}"] = rng.choice(JUNK)
    elif kind == "huge-number":
        target[rng.choice(keys)] = rng.choice([10**30, -(10**30), 2**63, 1e308])
    elif kind == "nan":
        return json.dumps(body)[:-1] + ', "n": NaN}'
    elif kind == "lone-surrogate":
        target[rng.choice(keys)] = "\ud800x"
    elif kind == "deep":
        depth = rng.choice([100, 1000, 20000])
        return json.dumps(body)[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    elif kind == "huge":
        return json.dumps(body)[:-1] + ', "pad": "' + "x" * 10_000_000 + '"}'
    text = json.dumps(body)
    if kind == "fragmented":
        cut = rng.randint(1, max(1, len(text) - 1))
        return [text[:cut], text[cut:]]
    if kind == "binary":
        return text.encode()
    return text


class Hostile:
    """A GM sending hostile messages and keeping the accounts."""

    def __init__(self, served: Served, table_id: str, token: str) -> None:
        self.served, self.table_id, self.token = served, table_id, token
        self.stack = contextlib.ExitStack()
        self.http = self.stack.enter_context(
            httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {token}"}, timeout=60)
        )
        self.ws = self._connect()
        self.http = httpx.Client(
            base_url=served.url, headers={"Authorization": f"Bearer {token}"}, timeout=60
        )
        self.appended = 0
        self.unsure: set[str] = set()
        """Ids answered ``unavailable`` (the store did not answer in time): their
        write may have landed, the log says whether it did."""
        self.sent = 0
        self.kinds: dict[str, int] = {}
        self.closes: dict[int, int] = {}
        self.statuses: dict[int, int] = {}
        self.probes = 0

    def _connect(self) -> ClientConnection:
        url = ws_url(self.served.url, self.table_id)
        ws = self.stack.enter_context(
            connect(url, additional_headers={"Authorization": f"Bearer {self.token}"}, max_size=None)
        )
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        return ws

    def count(self, answer: dict[str, Any]) -> None:
        assert answer.get("code") != "internal", answer
        if answer.get("code") == "unavailable" and isinstance(answer.get("id"), str):
            self.unsure.add(answer["id"])
        if answer.get("type") == "accepted" and not answer["duplicate"]:
            self.appended += answer["last"] - answer["first"] + 1

    def over_websocket(self, wire: str | bytes | list[str], kind: str) -> None:
        self.probes += 1
        probe = f"probe-{self.probes}"
        try:
            self.ws.send(wire)
            self.ws.send(json.dumps({"type": "get_events", "id": probe, "after": 0, "limit": 1}))
            while (answer := json.loads(self.ws.recv(timeout=60))).get("id") != probe:
                self.count(answer)
        except ConnectionClosed:
            rcvd = self.ws.protocol.close_rcvd
            code = rcvd.code if rcvd is not None else 1006
            # 1009 for 10 MB, then a reset for the rest of it, which is not read.
            allowed = (1007, 1009, 1006) if kind == "huge" else (1007, 1009)
            assert code in allowed, f"closed {code} after a {kind} message"
            self.closes[code] = self.closes.get(code, 0) + 1
            self.ws.socket.close()
            self.ws = self._connect()

    def over_http(self, wire: str | bytes | list[str]) -> None:
        if isinstance(wire, list):
            wire = "".join(wire)
        if isinstance(wire, str):
            wire = wire.encode("utf-8", "surrogatepass")
        path = f"/api/tables/{self.table_id}/commands"
        # One connection per request: one the server answered before reading a whole
        # body is otherwise left unclosed by the client's pool.
        headers = {"Content-Type": "application/json", "Connection": "close"}
        response = self.http.post(path, content=wire, headers=headers)
        assert response.status_code < 500, (response.status_code, response.text[:200])
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        if response.status_code == 200:
            self.count({"type": "accepted", **response.json()})
        elif response.status_code == 503:
            with contextlib.suppress(ValueError, AttributeError):
                self.count({"code": "unavailable", "id": json.loads(wire).get("id")})


def test_hostile_messages_change_nothing_they_should_not(tmp_path: Path) -> None:
    examples = scale(300, 20_500)  # a few are skipped (CloseTable): 20,000 and more are sent
    served = Served(tmp_path / "data", "--log-level", "error").start()
    try:
        created = httpx.post(f"{served.url}/api/tables", json={"title": "Hostile", "system": "vda"}).json()
        table_id, token = created["table_id"], created["gm_token"]
        hostile = Hostile(served, table_id, token)
        watcher = hostile.stack.enter_context(
            connect(
                ws_url(served.url, table_id),
                additional_headers={"Authorization": f"Bearer {token}"},
                max_queue=None,
            )
        )
        head = json.loads(watcher.recv(timeout=30))["head"]
        watcher.send(json.dumps({"type": "follow", "after": head}))

        @settings(
            max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        @given(
            message=inbound(),
            kind=st.sampled_from(KINDS),
            seed=st.integers(0, 2**32),
            http=st.booleans(),
        )
        def send(message: dict[str, Any], kind: str, seed: int, http: bool) -> None:
            rng = random.Random(seed)
            command = message.get("command")
            if isinstance(command, dict) and command.get("type") == "CloseTable":
                return  # a closed table refuses everything after: the rest would test less
            if hostile.sent % 500 == 499:
                kind = "huge"  # 10 MB: one in 500, they cost
            if hostile.sent % 5 == 0:  # some good commands among them, for the accounts
                message = {
                    "type": "command",
                    "id": f"good-{rng.random()}",
                    "command": {"type": "AddNote", "text": "ok"},
                }
            hostile.sent += 1
            hostile.kinds[kind] = hostile.kinds.get(kind, 0) + 1
            if http and message.get("type") == "command":
                body = {
                    k: v for k, v in message.items() if k != "type"
                }  # HTTP takes the command request alone
                hostile.over_http(mutate(body, kind, rng))
            else:
                hostile.over_websocket(mutate(message, kind, rng), kind)

        send()
        records = httpx.get(
            f"{served.url}/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {token}"}
        )
        lines = [json.loads(line) for line in records.text.splitlines() if line.strip()]
        final = len(lines)
        hostile.appended += sum(1 for r in lines if r.get("command_id") in hostile.unsure)
        assert final - head == hostile.appended, "something was appended that no accepted answer names"
        positions: list[int] = []
        while positions[-1:] != [final] if final > head else False:
            message = json.loads(watcher.recv(timeout=30))
            if message["type"] == "events":
                positions += [e["position"] for e in message["events"]]
        assert positions == list(range(head + 1, final + 1)), "the watching socket missed events"
        watcher.send(json.dumps({"type": "get_events", "id": "last", "after": 0, "limit": 1}))
        while json.loads(watcher.recv(timeout=30)).get("id") != "last":
            pass  # still open and answering
        hostile.stack.close()
        assert served.process is not None and served.process.poll() is None, "the server crashed"
        report(
            "hostile input",
            messages=hostile.sent,
            kinds=hostile.kinds,
            closes=hostile.closes,
            http_statuses=hostile.statuses,
            appended=hostile.appended,
            unavailable=len(hostile.unsure),
        )
    finally:
        served.stop()
