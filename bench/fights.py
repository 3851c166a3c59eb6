"""V: the example ``vda`` fights played through the server, many tables at once.

The goals' loads are table commands (see ``bench/README.md``): a ``vda`` fight
is turn-based and would measure the rhythm of its turns. This step plays
``vda``'s own commands in their real order instead: each table plays the
example fights of ``examples/vda/`` one after the other, every step sent by
the client of whoever sends it (the GM or an invited player, each with their
own socket and token) once the step before is answered, with the scenario's
scripted dice on a sandbox table, and every answer checked against the
scenario (accepted, or refused with the rule it names). Figures: commands
answered per second over all tables, and each command's time from its send
to its answer. No goal divides them; they say what a process carries when
its tables are real fights.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bench.report import percentile
from bench.session import Session, open_session
from clients.python.scenario import load_scenario
from domain.commands import InvitePlayer, InviteSpectator
from domain.play import Scenario
from domain.wire import SendCommand

if TYPE_CHECKING:
    from bench.context import Run
    from bench.fracas import Fracas

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "vda"


class FightFailed(Exception):
    pass


async def play(fracas: Fracas, scenario: Scenario, latencies: list[float]) -> int:
    """One fight on a new sandbox table; its commands' latencies go to
    ``latencies``. Returns how many commands it sent."""
    spec = scenario.table
    table = await fracas.create_table(spec.title, spec.system, spec.sandbox, spec.options)
    sessions: dict[str, Session] = {"gm": await fracas.gm(table)}
    sent_commands = 0
    try:
        for index, step in enumerate(scenario.steps):
            command = step.command
            if isinstance(command, InvitePlayer):
                token = await fracas.invite(table, "player", command.combatants, command.name)
                sessions[command.player_id] = await open_session(fracas.base, table.table_id, token)
                continue
            if isinstance(command, InviteSpectator):
                token = await fracas.invite(table, "spectator", name=command.name)
                sessions[command.spectator_id] = await open_session(fracas.base, table.table_id, token)
                continue
            session = sessions[step.as_]
            request = SendCommand(id=session.next_id(), command=command, nonce=step.nonce, dice=step.dice)
            reply, sent, arrived = await session.request(request, timeout=30)
            latencies.append(arrived - sent)
            sent_commands += 1
            refused = reply.rule if reply.type == "rejected" else None
            if reply.type not in ("accepted", "rejected") or refused != step.expect_rule:
                expected = step.expect_rule or "accepted"
                got = f"{reply.type} {reply.rule} {reply.message}".strip()
                raise FightFailed(f"{spec.title}, step {index + 1}: expected {expected}, got {got}")
    finally:
        await asyncio.gather(*(s.close() for s in sessions.values()), return_exceptions=True)
        await fracas.drop_table(table.table_id)
    return sent_commands


async def vda_fights(run: Run, fracas: Fracas) -> None:
    paths = sorted(EXAMPLES.glob("*.yaml"))
    scenarios = [load_scenario(path) for path in paths]
    if not scenarios:
        run.note(f"V not measured: no fights in {EXAMPLES}")
        return
    tables, seconds = run.sizes.fight_tables, run.sizes.fight_seconds
    run.log(f"  {tables} tables, each playing the {len(scenarios)} example fights in turn, {seconds:.0f}s")
    latencies: list[float] = []
    counts = {"commands": 0, "fights": 0}
    end = time.perf_counter() + seconds
    cpu_before = fracas.server.cpu_seconds()

    async def table(i: int) -> None:
        k = i
        while time.perf_counter() < end:
            sent = await play(fracas, scenarios[k % len(scenarios)], latencies)
            counts["commands"] += sent
            counts["fights"] += 1
            k += 1

    started = time.perf_counter()
    async with asyncio.TaskGroup() as group:  # one failed fight stops the others
        for i in range(tables):
            group.create_task(table(i))
    elapsed = time.perf_counter() - started
    cpu = fracas.server.cpu_seconds() - cpu_before
    run.figure("V.commands_per_s", counts["commands"] / elapsed)
    p50, p99 = percentile(latencies, 50) * 1e3, percentile(latencies, 99) * 1e3
    run.figure("V.p50_ms", p50)
    run.figure("V.p99_ms", p99)
    run.detail(
        "V",
        tables=tables,
        seconds=round(elapsed, 2),
        fights=counts["fights"],
        commands=counts["commands"],
        scenarios=[path.name for path in paths],
        server_cpu_pct=round(100 * cpu / elapsed, 1),
        server_cpu_us_per_command=round(cpu / counts["commands"] * 1e6, 1) if counts["commands"] else None,
    )
    run.log(
        f"  V: {counts['fights']} fights, {counts['commands'] / elapsed:,.0f} commands/s, "
        f"answer p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    )
