"""Resource limits, each exercised at and past its cap against a real ``fracas
serve`` with its default limits: what is at the cap is accepted, what is past
it is refused with the documented rule or code and changes nothing (the log's
head stays where it was), and the server's memory does not follow what a
client declares. Short form: every cap but the 1,024 sockets per address and
the 4,096 invitations (both in the long form)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from clients.python import Admin
from clients.python.client import HttpError
from domain.play import MAX_EVENTS_PER_COMMAND
from domain.table import MAX_COMBATANTS, MAX_PRINCIPALS, MAX_SECRET_ROLLS
from domain.wire import MAX_MESSAGE_BYTES
from server.limits import LimitSettings
from tests.proofs.conftest import LONG, report
from tests.proofs.test_soak import rss_mib
from tests.server.test_limits import close_code, socket_to
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(900)]

DEFAULTS = LimitSettings()


class Server:
    def __init__(self, served: Served, table_id: str, gm: str) -> None:
        self.served, self.table_id, self.gm = served, table_id, gm

    async def head(self) -> int:
        async with Admin(self.served.url, self.gm) as admin:
            return len(await admin.records(self.table_id))

    async def refused(self, command: dict[str, Any], rule: str, token: str | None = None) -> None:
        """``command`` is refused with ``rule`` and the log does not move."""
        before = await self.head()
        async with Admin(self.served.url, token or self.gm) as admin:
            with pytest.raises(HttpError) as refusal:
                await admin.command(self.table_id, command)
        assert rule in str(refusal.value), refusal.value
        assert await self.head() == before


async def welcomed(server: str, table_id: str, token: str, count: int) -> list[Any]:
    """``count`` open sockets of ``token``, each welcomed."""
    opened = []
    for _ in range(count):
        ws = await socket_to(server, table_id, token).__aenter__()
        assert json.loads(await ws.recv())["type"] == "welcome"
        opened.append(ws)
    return opened


def test_every_cap_holds_at_and_past_its_limit(tmp_path: Path) -> None:
    served = Served(tmp_path / "data", "--log-level", "warning").start()
    assert served.process is not None
    pid = served.process.pid
    figures: dict[str, object] = {}

    async def scenario() -> None:
        async with Admin(served.url) as admin:
            created = await admin.create_table("Limites", "vda")
        table = Server(served, created["table_id"], created["gm_token"])
        tid, gm = table.table_id, table.gm
        async with Admin(served.url, gm) as gm_admin:
            # Combatants: 128 added, the 129th refused.
            for i in range(MAX_COMBATANTS):
                combatant = {"id": f"c{i}", "name": f"C{i}", "sheet": {"type": "vda"}}
                await gm_admin.command(tid, {"type": "AddCombatant", "combatant": combatant})
            extra = {"id": "extra", "name": "X", "sheet": {"type": "vda"}}
            await table.refused({"type": "AddCombatant", "combatant": extra}, "table.too-many-combatants")
            # Events per command: the largest real command there is, the last
            # initiative roll of a round for 128 combatants (it grants each its
            # actions), stays within the cap.
            await gm_admin.command(tid, {"type": "vda.StartRound"})
            most = 0
            for i in range(MAX_COMBATANTS):
                rolled = await gm_admin.command(tid, {"type": "vda.RollInitiative", "combatant": f"c{i}"})
                most = max(most, rolled["last"] - rolled["first"] + 1)
            figures["most_events_of_one_command"] = f"{most} (cap {MAX_EVENTS_PER_COMMAND})"
            assert MAX_COMBATANTS < most <= MAX_EVENTS_PER_COMMAND
            # Secret rolls waiting: 256, then the 257th refused, then room again after a reveal.
            secret = {"type": "RollDice", "spec": {"type": "pool", "dice": 3}, "secret": True}
            firsts = [(await gm_admin.command(tid, secret))["first"] for _ in range(MAX_SECRET_ROLLS)]
            await table.refused(secret, "table.too-many-secret-rolls")
            await gm_admin.command(tid, {"type": "RevealRoll", "position": firsts[0]})
            await gm_admin.command(tid, secret)
        # A sheet as large as a message may be: a combatant whose command is 64 KiB
        # is added, one byte more is refused 413 as the body arrives; so are options.
        async with Admin(served.url) as admin:
            second = await admin.create_table("Limites 2", "vda")
        tid2, gm2 = second["table_id"], second["gm_token"]
        async with httpx.AsyncClient(base_url=served.url, headers={"Authorization": f"Bearer {gm2}"}) as http:

            def body(size: int) -> bytes:
                shell = {
                    "command": {
                        "type": "AddCombatant",
                        "combatant": {"id": "big", "name": "", "sheet": {"type": "vda"}},
                    }
                }
                empty = len(json.dumps(shell).encode())
                shell["command"]["combatant"]["name"] = "n" * (size - empty)  # type: ignore[index]
                encoded = json.dumps(shell).encode()
                assert len(encoded) == size
                return encoded

            headers = {"Content-Type": "application/json"}
            past = await http.post(
                f"/api/tables/{tid2}/commands", content=body(MAX_MESSAGE_BYTES + 1), headers=headers
            )
            assert past.status_code == 413, past.text
            at = await http.post(
                f"/api/tables/{tid2}/commands", content=body(MAX_MESSAGE_BYTES), headers=headers
            )
            assert at.status_code == 200, at.text
            options = {
                "title": "x",
                "system": "vda",
                "options": {"type": "vda", "pad": "n" * MAX_MESSAGE_BYTES},
            }
            assert (await http.post("/api/tables", json=options)).status_code == 413
            figures["sheet"] = (
                f"a {MAX_MESSAGE_BYTES:,}-byte AddCombatant added, "
                f"{MAX_MESSAGE_BYTES + 1:,} bytes refused 413"
            )
            # A declared 300 MB body is refused before it is sent: memory does not follow.
            rss_before = rss_mib(pid)
            started_at = time.perf_counter()
            reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
            writer.write(
                f"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {300 * 1024 * 1024}\r\n\r\n".encode()
            )
            await writer.drain()
            status = (await asyncio.wait_for(reader.readline(), 30)).decode()
            figures["declared_300_MB_body"] = (
                f"{status.split()[1]} in {time.perf_counter() - started_at:.3f} s"
            )
            writer.close()
            assert status.split()[1] == "413", status
            figures["rss_growth_MiB"] = round(rss_mib(pid) - rss_before, 1)
            assert rss_mib(pid) - rss_before < 16
        # Invitations: 4,096 players and spectators not revoked (long form).
        if LONG:
            async with Admin(served.url, gm2) as gm_admin:
                for i in range(MAX_PRINCIPALS):
                    await gm_admin.invite(tid2, "spectator", f"S{i}")
                with pytest.raises(HttpError) as refusal:
                    await gm_admin.invite(tid2, "spectator", "one too many")
                assert "table.too-many-invites" in str(refusal.value)
            figures["invitations"] = f"{MAX_PRINCIPALS:,} invited, the next refused"
        # Sockets per token: 256, the 257th closed 4429, a closed one frees its place.
        async with Admin(served.url, gm) as gm_admin:
            shared = (await gm_admin.invite(tid, "spectator", "audience"))["token"]
        opened = await welcomed(served.url, tid, shared, DEFAULTS.per_token)
        assert await close_code(served.url, tid, shared) == 4429
        await opened.pop().close()
        assert await close_code(served.url, tid, shared) is None
        figures["sockets_per_token"] = f"{DEFAULTS.per_token} open, the next closed 4429"
        # Sockets per address: 1,024 (long form), the next closed 4429 whatever its token.
        if LONG:
            async with Admin(served.url, gm) as gm_admin:
                more = [(await gm_admin.invite(tid, "spectator", f"A{i}"))["token"] for i in range(4)]
            left = DEFAULTS.per_address - len(opened)
            for i, token in enumerate(more):
                opened += await welcomed(
                    served.url, tid, token, min(DEFAULTS.per_token, left - i * DEFAULTS.per_token)
                )
            assert len(opened) == DEFAULTS.per_address
            assert await close_code(served.url, tid, more[-1]) == 4429
            assert await close_code(served.url, tid, gm) == 4429
            figures["sockets_per_address"] = f"{DEFAULTS.per_address} open, the next closed 4429"
        for ws in opened:
            await ws.close()
        # Failed tokens: 10 a minute from one address, then even the right token is refused.
        async with httpx.AsyncClient(base_url=served.url) as http:
            for i in range(DEFAULTS.failed_attempts):
                wrong = {"Authorization": f"Bearer gm.wrong{i}"}
                assert (await http.get(f"/api/tables/{tid}/state", headers=wrong)).status_code == 401
            right = {"Authorization": f"Bearer {gm}"}
            throttled = await http.get(f"/api/tables/{tid}/state", headers=right)
            assert throttled.status_code == 429, throttled.text
        assert await close_code(served.url, tid, gm) == 4429
        figures["failed_tokens"] = (
            f"{DEFAULTS.failed_attempts} within {DEFAULTS.failure_seconds:.0f} s, then 429/4429"
        )

    try:
        asyncio.run(scenario())
    finally:
        served.stop()
    report("limits", **figures)
