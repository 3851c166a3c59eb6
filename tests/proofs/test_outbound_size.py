"""The largest messages the server sends: measured, and held under the bound
docs/protocol.md gives clients (``MAX_OUTBOUND_BYTES``).

The server caps what it receives (64 KiB), not what it sends: a message's
size follows the table. It is measured here where it is largest: every
example fight played through a real server (its state at every position with
``may`` and ``offers``, the stream from 0, a page of events), and a table at
its caps (128 combatants whose commands are as large as a message may be, a
round's initiative rolled for all, 256 secret rolls waiting, notes of 2,000
characters, 1,000-event pages), as its GM and as a player. The short form
plays two example fights, and its capped table has 16 combatants of 64 KiB,
16 secret rolls and 50 notes.

No event is larger than the command it answers by more than
:data:`EVENT_OVERHEAD`: so a page or catch-up batch of at most 1,000 events is
at most 1,000 × (64 KiB + that), the bound docs/protocol.md gives."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.python import Admin
from clients.python.client import ws_url
from clients.python.scenario import load_scenario, run_on_server
from domain.events import ENCODER
from domain.table import MAX_COMBATANTS, MAX_SECRET_ROLLS, MAX_TEXT
from domain.wire import MAX_MESSAGE_BYTES
from tests.proofs.conftest import LONG, report
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("**/*.yaml"))
SCENARIOS = [p for p in EXAMPLES if "sheets" not in p.parts]

EVENT_OVERHEAD = 2048
"""What an event's record adds to the largest command (64 KiB): its envelope
and the sheet's fields filled in with their defaults."""
PAGE_EVENTS = 1000
MAX_OUTBOUND_BYTES = PAGE_EVENTS * (MAX_MESSAGE_BYTES + EVENT_OVERHEAD) + 4096
"""The bound docs/protocol.md gives: no message of the server is larger."""


async def largest_messages(server: str, table_id: str, token: str, states: int | None = None) -> Counter[str]:
    """The largest message of each kind a holder of ``token`` gets: the stream
    from 0, the state at every position (the last ``states`` of them when given)
    and at the head, a page of up to 1,000 events. Each on a socket of its own,
    read as it comes; one closed 1013 (too far behind: on a busy machine a client
    reading megabytes may be) is opened again and asked again, as a client does."""
    largest: Counter[str] = Counter()
    headers = {"Authorization": f"Bearer {token}"}

    async def ask(request: dict[str, Any] | None, until: int = 0) -> int:
        """Send ``request`` (a ``follow`` from 0 when None, read up to ``until``) and
        read its answer; the head the welcome named."""
        for _ in range(10):
            try:
                async with connect(ws_url(server, table_id), additional_headers=headers, max_size=None) as ws:
                    welcome = await ws.recv()
                    largest["welcome"] = max(largest["welcome"], len(welcome))
                    head: int = json.loads(welcome)["head"]
                    if request is None:
                        await ws.send(json.dumps({"type": "follow", "after": 0}))
                        seen = 0
                        while seen < until:
                            raw = await asyncio.wait_for(ws.recv(), 60)
                            largest["events"] = max(largest["events"], len(raw))
                            seen = json.loads(raw)["events"][-1]["position"]
                        return head
                    await ws.send(json.dumps(request))
                    while True:
                        raw = await asyncio.wait_for(ws.recv(), 60)
                        message = json.loads(raw)
                        largest[message["type"]] = max(largest[message["type"]], len(raw))
                        if message.get("id") == request["id"]:
                            return head
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1013, closed
                largest["closed 1013"] += 1
        raise AssertionError("closed 1013 ten times in a row")

    head = await ask({"type": "get_state", "id": "now"})
    await ask(None, until=head)
    first = 1 if states is None else max(1, head - states + 1)
    for p in range(first, head + 1):
        await ask({"type": "get_state", "id": f"s{p}", "at": p})
    await ask({"type": "get_events", "id": "page", "after": 0, "limit": 1000})
    return largest


def merge(into: Counter[str], more: Counter[str]) -> None:
    for kind, size in more.items():
        into[kind] = max(into[kind], size)


def test_the_largest_outbound_messages_stay_under_the_documented_bound(tmp_path: Path) -> None:
    served = Served(tmp_path / "data", "--log-level", "warning").start()
    fights: Counter[str] = Counter()
    capped: Counter[str] = Counter()

    async def examples() -> None:
        for path in SCENARIOS if LONG else SCENARIOS[:2]:
            played = await run_on_server(load_scenario(path), served.url)
            merge(fights, await largest_messages(served.url, played["table_id"], played["gm_token"]))

    async def at_the_caps() -> None:
        async with Admin(served.url) as admin:
            created = await admin.create_table("Au plafond", "vda")
        table_id, gm = created["table_id"], created["gm_token"]
        long_text = "é" * MAX_TEXT  # two bytes a character in UTF-8
        async with Admin(served.url, gm) as gm_admin:
            big = MAX_COMBATANTS if LONG else 16
            for i in range(MAX_COMBATANTS):
                combatant = {"id": f"c{i}", "name": "", "side": "pnj", "sheet": {"type": "vda"}}
                body = {"command": {"type": "AddCombatant", "combatant": combatant}, "id": f"add-{i}"}
                if i < big:  # the name takes what the 64 KiB of the command leave
                    combatant["name"] = "n" * (MAX_MESSAGE_BYTES - len(json.dumps(body)))
                else:
                    combatant["name"] = f"{i} {long_text}"
                encoded = json.dumps(body).encode()
                assert len(encoded) <= MAX_MESSAGE_BYTES
                added = await gm_admin.http.post(f"/api/tables/{table_id}/commands", content=encoded)
                assert added.status_code == 200, added.text
            await gm_admin.command(table_id, {"type": "vda.StartRound"}, id="round")
            for i in range(MAX_COMBATANTS):
                await gm_admin.command(
                    table_id, {"type": "vda.RollInitiative", "combatant": f"c{i}"}, id=f"i{i}"
                )
            player = await gm_admin.invite(table_id, "player", long_text, ["c0"])
            for i in range(MAX_SECRET_ROLLS if LONG else 16):
                roll = {
                    "type": "RollDice",
                    "spec": {"type": "pool", "dice": 60},
                    "label": long_text,
                    "secret": True,
                }
                await gm_admin.command(table_id, roll, id=f"roll-{i}")
            for i in range(1000 if LONG else 50):
                await gm_admin.command(table_id, {"type": "AddNote", "text": long_text}, id=f"note-{i}")
        async with Admin(served.url, gm) as gm_admin:
            records = await gm_admin.records(table_id)
            assert len(records) > 1000 or not LONG  # a page of 1,000 is full
        capped["record"] = max(len(ENCODER.encode(r)) for r in records)
        merge(capped, await largest_messages(served.url, table_id, gm, states=20 if LONG else 5))
        merge(capped, await largest_messages(served.url, table_id, player["token"], states=20 if LONG else 5))

    try:
        asyncio.run(examples())
        asyncio.run(at_the_caps())
    finally:
        served.stop()
    report("outbound sizes (example fights)", **{k: f"{v:,}" for k, v in sorted(fights.items())})
    report("outbound sizes (capped table)", **{k: f"{v:,}" for k, v in sorted(capped.items())})
    retried = capped.pop("closed 1013", 0) + fights.pop("closed 1013", 0)
    report("outbound sizes: sockets closed 1013 and asked again", count=retried)
    assert max(capped.values()) > max(fights.values()), "the capped table is the larger"
    assert capped["record"] <= MAX_MESSAGE_BYTES + EVENT_OVERHEAD, capped["record"]
    largest = max(capped.values())
    assert largest <= MAX_OUTBOUND_BYTES, f"a message of {largest:,} bytes"
