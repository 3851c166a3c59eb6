"""Tables for the proof suites, set up through a real server, and the play its
recording clients keep up (:mod:`tests.proofs.history`)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from clients.python import Admin
from domain.commands import AddCombatant, AddNote, RevealRoll, RollDice
from domain.events import Combatant
from domain.systems import find_system
from domain.systems.wod import PoolSpec
from tests.proofs.history import Recorder


@dataclass
class ProofTable:
    server: str
    table_id: str
    gm_token: str
    gm: Recorder
    players: list[Recorder] = field(default_factory=list)
    spectators: list[Recorder] = field(default_factory=list)
    over_http: set[tuple[str, str]] = field(default_factory=set)

    @property
    def clients(self) -> list[Recorder]:
        return [self.gm, *self.players, *self.spectators]

    async def close(self) -> None:
        for client in self.clients:
            await client.close()


async def proof_table(
    server: str, players: int, spectators: int, name: str = "t", first_player_via: str | None = None
) -> ProofTable:
    """A vda table whose GM added one combatant per player, a player per combatant,
    and ``spectators`` sockets sharing one spectator token; all recording. The
    first player connects through ``first_player_via`` when given (a proxy)."""
    async with Admin(server) as admin:
        created = await admin.create_table(f"Preuve {name}", "vda")
    table_id, gm_token = created["table_id"], created["gm_token"]
    gm = await Recorder(server, table_id, gm_token, f"{name}-gm").start()
    table = ProofTable(server, table_id, gm_token, gm)
    sheet = find_system("vda").sheet_type
    for i in range(players):
        combatant = Combatant(id=f"c{i}", name=f"C{i}", sheet=sheet())
        assert (await gm.send(AddCombatant(combatant=combatant)))["type"] == "accepted"
    async with Admin(server, gm_token) as gm_admin:
        for i in range(players):
            invited = await gm_admin.invite(table_id, "player", f"P{i}", [f"c{i}"])
            table.over_http.add(("gm", f"invite-{invited['id']}"))
            url = first_player_via if i == 0 and first_player_via else server
            table.players.append(await Recorder(url, table_id, invited["token"], f"{name}-p{i}").start())
        if spectators:
            invited = await gm_admin.invite(table_id, "spectator", "OBS")
            table.over_http.add(("gm", f"invite-{invited['id']}"))
            for i in range(spectators):
                table.spectators.append(
                    await Recorder(server, table_id, invited["token"], f"{name}-s{i}").start()
                )
    return table


async def play(table: ProofTable, seconds: float, pause: float = 0.2, seed: int = 0) -> None:
    """Everyone plays for ``seconds``: players roll for their combatant, the GM
    writes notes, rolls in secret and reveals, each at its own pace."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    rng = random.Random(seed)

    async def gm() -> None:
        secret: list[int] = []
        while loop.time() < end:
            choice = rng.random()
            if choice < 0.4:
                await table.gm.send(AddNote(text=f"note {rng.random()}", secret=rng.random() < 0.3))
            elif choice < 0.8 or not secret:
                answer = await table.gm.send(RollDice(spec=PoolSpec(dice=3), label="piège", secret=True))
                if answer["type"] == "accepted":
                    secret.append(answer["first"])
            else:
                await table.gm.send(RevealRoll(position=secret.pop(0)))
            await asyncio.sleep(rng.uniform(0, 2 * pause))

    async def player(i: int, recorder: Recorder) -> None:
        while loop.time() < end:
            await recorder.send(
                RollDice(spec=PoolSpec(dice=rng.randint(1, 6)), combatant=f"c{i}", label="jet")
            )
            await asyncio.sleep(rng.uniform(0, 2 * pause))

    await asyncio.gather(gm(), *(player(i, p) for i, p in enumerate(table.players)))


PLAYER_GAP_S, GM_GAP_S = 10.0, 5.0
"""The G10 shape's pace (bench/capacity.py): each player sends a command every
10 s on average, the GM every 5 s, at exponential intervals (Poisson arrivals)."""


async def play_paced(table: ProofTable, seconds: float, seed: int = 0) -> None:
    """The G10 shape's play for ``seconds``: players roll for their combatant or
    write a note, the GM writes notes (some secret), at Poisson arrivals."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    rng = random.Random(seed)

    async def paced(recorder: Recorder, mean: float, command: Callable[[], Any]) -> None:
        while True:
            await asyncio.sleep(rng.expovariate(1 / mean))
            if loop.time() >= end:
                return
            await recorder.send(command())

    def gm() -> Any:
        return AddNote(text=f"MJ: note {rng.random()}", secret=rng.random() < 0.2)

    def player(i: int) -> Callable[[], Any]:
        def command() -> Any:
            if rng.random() < 0.7:
                return RollDice(spec=PoolSpec(dice=rng.randint(3, 8), difficulty=6), combatant=f"c{i}")
            return AddNote(text=f"P{i}: note {rng.random()}")

        return command

    await asyncio.gather(
        paced(table.gm, GM_GAP_S, gm),
        *(paced(p, PLAYER_GAP_S, player(i)) for i, p in enumerate(table.players)),
    )
