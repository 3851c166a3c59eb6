"""Canaries: GM-only data carries unique marks (a secret note, a secret roll's
label, the command id and nonce of secret commands, the roll's salt, the
table's seed and signing key, every token). Every byte a player and a
spectator can obtain (their welcome, the stream from 0, the state at every
position with its ``may``, event pages, the export, errors, the signed head)
and every log line of the server are scanned: no mark is found.

A sealed declaration (vda, VDA-INIT-04: made on an initiative tie, kept from
everyone but its author and the GM until the tied group has declared) is
scanned the same way before its reveal: its action, its command id and its
nonce reach its author alone."""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
from pathlib import Path

import httpx
import pytest
import redis
from websockets.asyncio.client import connect

from clients.python import Admin
from clients.python.client import ws_url
from clients.python.scenario import load_scenario
from domain.commands import AddCombatant, AddNote, RollDice
from domain.events import ENCODER, Combatant, DiceRolled, event_tag
from domain.systems import find_system
from domain.systems.vda.events import DeclarationSealed
from domain.systems.wod import PoolSpec
from server.embedded import SOCKET_NAME
from tests.proofs.conftest import report
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(300)]


def mark(what: str) -> str:
    return f"CANARY{what}{secrets.token_hex(8)}"


async def everything_seen(
    server: str, table_id: str, token: str, secret_position: int, gm: bool = False
) -> bytes:
    """All a holder of ``token`` can get from the server, as bytes (the GM's
    without trying to reveal the secret roll, which it could)."""
    seen: list[bytes] = []
    headers = {"Authorization": f"Bearer {token}"}
    async with connect(ws_url(server, table_id), additional_headers=headers, max_size=None) as ws:
        welcome = await ws.recv()
        seen.append(welcome.encode() if isinstance(welcome, str) else welcome)
        head = json.loads(welcome)["head"]
        requests = [{"type": "follow", "after": 0}]
        requests += [{"type": "get_state", "id": f"s{p}", "at": p} for p in range(1, head + 1)]
        requests += [{"type": "get_state", "id": "now"}, {"type": "get_events", "id": "page", "after": 0}]
        if not gm:
            peek = {"type": "RevealRoll", "position": secret_position}
            requests.append({"type": "command", "id": "peek", "command": peek})
        requests += [
            {"type": "command", "id": "bad", "command": {"type": "AddNote", "text": 5}},
            {"type": "get_state", "id": "far", "at": head + 100},
        ]
        for request in requests:
            await ws.send(json.dumps(request))
        answered, events = 0, 0
        while answered < len(requests) - 1 or events < head:
            raw = await asyncio.wait_for(ws.recv(), 30)
            seen.append(raw.encode() if isinstance(raw, str) else raw)
            message = json.loads(raw)
            if message["type"] == "events":
                events = message["events"][-1]["position"]
            else:
                answered += 1
    async with httpx.AsyncClient(base_url=server, headers=headers) as http:
        for path in [f"/api/tables/{table_id}/events", f"/api/tables/{table_id}/head"]:
            seen.append((await http.get(path)).content)
        for p in range(1, head + 1):
            seen.append((await http.get(f"/api/tables/{table_id}/state", params={"at": p})).content)
        if not gm:
            reveal = {"id": "peek2", "command": {"type": "RevealRoll", "position": secret_position}}
            seen.append((await http.post(f"/api/tables/{table_id}/commands", json=reveal)).content)
    return b"\n".join(seen)


def stop_and_read_log(served: Served) -> str:
    assert served.process is not None and served.process.stderr is not None
    served.process.send_signal(signal.SIGINT)
    log = served.process.stderr.read()
    served.process.wait(30)
    served.process.stderr.close()
    served.process = None
    return log


def test_no_gm_secret_reaches_a_player_a_spectator_or_the_log(tmp_path: Path) -> None:
    served = Served(tmp_path / "data", "--log-level", "info").start()
    canaries: dict[str, str] = {}

    async def scenario() -> bytes:
        async with Admin(served.url) as admin:
            created = await admin.create_table("Secrets", "vda")
        table_id, gm = created["table_id"], created["gm_token"]
        canaries["gm token"] = gm
        async with Admin(served.url, gm) as gm_admin:
            combatant = Combatant(id="c0", name="C0", sheet=find_system("vda").sheet_type())
            await gm_admin.command(table_id, AddCombatant(combatant=combatant), id="setup")
            player = await gm_admin.invite(table_id, "player", "P", ["c0"])
            other = await gm_admin.invite(table_id, "player", "Q")
            spectator = await gm_admin.invite(table_id, "spectator", "OBS")
            canaries["other player's token"] = other["token"]
            for what, command in [
                ("note", AddNote(text=mark("note"), secret=True)),
                ("label", RollDice(spec=PoolSpec(dice=4), label=mark("label"), secret=True)),
            ]:
                canaries[f"{what} id"], canaries[f"{what} nonce"] = mark("id"), mark("nonce")
                await gm_admin.command(
                    table_id, command, id=canaries[f"{what} id"], nonce=canaries[f"{what} nonce"]
                )
            await gm_admin.command(table_id, AddNote(text="public"), id="public")
            records = await gm_admin.records(table_id)
        notes = [r.event for r in records if getattr(r.event, "secret", False)]
        canaries["secret note"] = notes[0].text  # type: ignore[union-attr]
        rolled = next(r for r in records if isinstance(r.event, DiceRolled) and r.event.secret)
        assert isinstance(rolled.event, DiceRolled)
        canaries["roll label"], canaries["roll salt"] = rolled.event.label, rolled.event.salt
        canaries["hidden record's salt"] = rolled.salt
        assert canaries["secret note"].startswith("CANARY")
        store = redis.Redis(unix_socket_path=str(tmp_path / "data" / SOCKET_NAME))
        try:
            canaries["seed"] = bytes(store.get(f"fracas:{{{table_id}}}:secret") or b"").hex()
            key = store.hget(f"fracas:{{{table_id}}}:meta", "signing_key")
            canaries["signing key"] = (key or b"").decode()
        finally:
            store.close()
        assert canaries["seed"] and canaries["signing key"]
        # The scan finds what is there: the GM sees its own secrets.
        mine = await everything_seen(served.url, table_id, gm, rolled.position, gm=True)
        assert canaries["secret note"].encode() in mine and canaries["roll label"].encode() in mine
        seen = await everything_seen(served.url, table_id, player["token"], rolled.position)
        seen += await everything_seen(served.url, table_id, spectator["token"], rolled.position)
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        log = stop_and_read_log(served)
    found = {name: value for name, value in canaries.items() if value and value.encode() in seen}
    assert not found, f"seen by a player or spectator: {sorted(found)}"
    in_log = {name for name, value in canaries.items() if value and value in log}
    assert not in_log, f"in the server's log: {sorted(in_log)}"
    report(
        "canary",
        marks=len([v for v in canaries.values() if v]),
        bytes_scanned=len(seen),
        log_lines=len(log.splitlines()),
    )


RUELLE = Path(__file__).resolve().parents[2] / "examples" / "vda" / "ruelle.yaml"
SEALED_ACTION = {"kind": "attack", "skill": "brawl", "target": "agnes"}


def test_a_sealed_declaration_reaches_only_its_author_before_the_reveal(tmp_path: Path) -> None:
    """VDA-INIT-04: Rorsh and Agnès (examples/vda/ruelle.yaml's) tie on initiative (sandbox dice: 3 successes
    each, one action each), so Alice's declaration for Rorsh is sealed. Until
    Agnès declares, no byte another player (Q) or a spectator can obtain, and no
    log line, holds its action, its command id or its nonce; Alice's own view does."""
    served = Served(tmp_path / "data", "--log-level", "info").start()
    canaries = {"declaration id": mark("id"), "declaration nonce": mark("nonce")}

    async def scenario() -> tuple[bytes, bytes]:
        async with Admin(served.url) as admin:
            created = await admin.create_table("Scellé", "vda", sandbox=True)
        table_id, gm = created["table_id"], created["gm_token"]
        async with Admin(served.url, gm) as gm_admin:
            for n, step in enumerate(load_scenario(RUELLE).steps[:2]):  # Rorsh and Agnès
                await gm_admin.command(table_id, step.command, id=f"add-{n}")
            invited = await gm_admin.invite(table_id, "player", "Alice", ["rorsh"])
            alice = invited["token"]
            other = (await gm_admin.invite(table_id, "player", "Q"))["token"]
            spectator = (await gm_admin.invite(table_id, "spectator", "OBS"))["token"]
            await gm_admin.command(table_id, {"type": "vda.StartRound"}, id="round")
            agnes = {"type": "vda.RollInitiative", "combatant": "agnes"}
            await gm_admin.command(table_id, agnes, id="agnes", dice=[9, 7, 5, 2, 3])
        async with Admin(served.url, alice) as alice_admin:
            rorsh = {"type": "vda.RollInitiative", "combatant": "rorsh"}
            await alice_admin.command(table_id, rorsh, id="rorsh", dice=[8, 6, 4, 2, 3])
            declare = {"type": "vda.DeclareAction", "combatant": "rorsh", "action": SEALED_ACTION}
            await alice_admin.command(
                table_id, declare, id=canaries["declaration id"], nonce=canaries["declaration nonce"]
            )
        async with Admin(served.url, gm) as gm_admin:
            records = await gm_admin.records(table_id)
        sealed = records[-1].event
        assert isinstance(sealed, DeclarationSealed)
        assert records[-1].audience == f"player:{invited['id']}"
        # The action as the server writes it, every field spelled out: the first
        # declaration of this table, so these bytes appear nowhere else.
        canaries["sealed action"] = ENCODER.encode(sealed.action).decode()
        position = records[-1].position
        mine = await everything_seen(served.url, table_id, alice, position)
        theirs = await everything_seen(served.url, table_id, other, position)
        theirs += await everything_seen(served.url, table_id, spectator, position)
        async with Admin(served.url, gm) as gm_admin:  # still sealed after all of that
            assert event_tag((await gm_admin.records(table_id))[-1].event) == "vda.DeclarationSealed"
        return mine, theirs

    try:
        mine, theirs = asyncio.run(scenario())
    finally:
        log = stop_and_read_log(served)
    assert all(value.encode() in mine for value in canaries.values()), "the author must see its declaration"
    found = sorted(name for name, value in canaries.items() if value.encode() in theirs)
    assert not found, f"seen by another player or a spectator before the reveal: {found}"
    in_log = sorted(name for name, value in canaries.items() if value in log)
    assert not in_log, f"in the server's log: {in_log}"
    report("canary (sealed declaration)", marks=len(canaries), bytes_scanned=len(theirs))
