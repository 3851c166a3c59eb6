"""Closed-loop players (G1, G9 and the scaling sweep): each sends its next
command as soon as the answer to the last is read, and a :class:`Load`
measures what they get delivered, window by window."""

from __future__ import annotations

import asyncio
import resource
import time
from typing import TYPE_CHECKING, Any

from bench.context import Run
from bench.procs import machine_cpu, own_cpu, steal_cpu
from bench.session import Msg, Session
from domain.commands import AddNote, RollDice
from domain.systems.wod import PoolSpec

if TYPE_CHECKING:
    from bench.fracas import Fracas


def self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load_command(i: int, k: int) -> Any:
    """Player ``i``'s ``k``-th command: a 5-dice attack roll and a note, in turn."""
    if k % 2 == 0:
        return RollDice(combatant=f"c{i}", spec=PoolSpec(dice=5, difficulty=6), label="Attaque")
    return AddNote(text=f"c{i}: note {k}, la garde recule vers l'escalier")


class Player:
    """One closed-loop player: it sends its next command the moment the answer
    to the last one is read, in the callback that read it, as a client on a
    device of its own would. (A task per player, woken by the answer, sent the
    next command only once the load generator had read every other socket
    ready at the same time: up to a hundred frames of ~25 KB under G1's load,
    so that a batch's players answered over ~2 ms.)"""

    def __init__(self, load: Load, i: int, session: Session) -> None:
        self.load = load
        self.i = i
        self.session = session
        self.k = 0
        self.waiting = False
        """A command of this player's awaits its answer."""
        session.on_reply = self.answered

    def send(self) -> None:
        if self.load.stopping or not self.session.open:
            return
        self.session.command(load_command(self.i, self.k))
        self.waiting = True

    def answered(self, reply: Msg) -> None:
        counts, rules = self.load.counts, self.load.rules
        self.waiting = False
        if reply.type == "accepted":
            counts["accepted"] += 1
        elif reply.type == "error":
            counts["errors"] += 1
            rules[f"error:{reply.code}"] = rules.get(f"error:{reply.code}", 0) + 1
        else:
            counts["rejected"] += 1
            rules[reply.rule] = rules.get(reply.rule, 0) + 1
        self.k += 1
        self.send()


class Load:
    """Closed-loop players on one or more tables (a list of sessions per table;
    the i-th session of a table plays combatant ``c<i>``), measured over one or
    more windows while they play. The events/s figure is, summed over tables,
    the rise of the lowest position every open session of the table holds:
    events delivered to all of the table's players."""

    def __init__(self, run: Run, fracas: Fracas, tables: list[list[Session]]) -> None:
        self.fracas = fracas
        self.tables = tables
        self.sessions = [s for table in tables for s in table]
        self.redis_child = run.redis.child
        self.counts = {"accepted": 0, "rejected": 0, "errors": 0, "lost": 0}
        self.rules: dict[str, int] = {}
        self.stopping = False
        self._players = [Player(self, i, s) for table in tables for i, s in enumerate(table)]
        for player in self._players:
            player.send()

    def _waiting(self) -> list[Player]:
        """Players whose command is still unanswered."""
        return [p for p in self._players if p.waiting]

    def _snapshot(self) -> dict[str, float]:
        return {
            "t": time.perf_counter(),
            "delivered_to_all": sum(
                min((s.last_position for s in table if s.open), default=0) for table in self.tables
            ),
            "events": sum(s.events for s in self.sessions),
            "frames": sum(s.frames for s in self.sessions),
            "accepted": self.counts["accepted"],
            "server_cpu": self.fracas.server.cpu_seconds(),
            "redis_cpu": self.redis_child.cpu_seconds() if self.redis_child else 0.0,
            "harness_cpu": self_cpu(),
            "machine_cpu": machine_cpu(),
            "own_cpu": own_cpu(),
            "steal_cpu": steal_cpu(),
        }

    async def window(self, seconds: float) -> dict[str, float]:
        """What ``seconds`` of play added to each counter."""
        a = self._snapshot()
        await asyncio.sleep(seconds)
        b = self._snapshot()
        return {k: b[k] - a[k] for k in a}

    def _behind(self, heads: list[int]) -> int:
        return sum(
            1 for h, t in zip(heads, self.tables, strict=True) for s in t if s.open and s.last_position < h
        )

    async def stop(self) -> dict[str, Any]:
        """Stop the players, wait (bounded) until every open session holds every
        event, and tell how the whole load went."""
        self.stopping = True
        deadline = time.monotonic() + 60
        # A command still unanswered then, or on a session that closed, is a player lost.
        while time.monotonic() < deadline and any(p.session.open for p in self._waiting()):
            await asyncio.sleep(0.05)
        for player in self._players:
            player.session.on_reply = None
        self.counts["lost"] = len(self._waiting())
        heads = [max(s.last_position for s in table) for table in self.tables]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self._behind(heads):
            await asyncio.sleep(0.05)
        return {
            "accepted": self.counts["accepted"],
            "rejected": self.counts["rejected"],
            "errors": self.counts["errors"],
            "rejected_rules": self.rules,
            "players_lost": self.counts["lost"],
            "sessions_open_at_end": sum(s.open for s in self.sessions),
            "sessions_behind_at_end": self._behind(heads),
            "position_errors": sum(s.errors for s in self.sessions),
            "close_reasons": sorted({f for s in self.sessions for f in s.failures})[:5],
        }

    def figures(self, windows: list[dict[str, float]]) -> dict[str, Any]:
        """Rates and costs over one or more of its windows, taken together."""
        total = {k: sum(w[k] for w in windows) for k in windows[0]}
        dt = total["t"]
        deliveries, frames, server_cpu = total["events"], total["frames"], total["server_cpu"]
        return {
            "seconds": round(dt, 3),
            "windows_events_per_s": [round(w["delivered_to_all"] / w["t"]) for w in windows],
            "windows_steal_cpu_pct": [round(100 * w["steal_cpu"] / w["t"], 1) for w in windows],
            "events_per_s": total["delivered_to_all"] / dt,
            "commands_per_s": total["accepted"] / dt,
            "deliveries": deliveries,
            "frames": frames,
            "events_per_frame": deliveries / frames if frames else None,
            "server_cpu_us_per_delivery": server_cpu / deliveries * 1e6 if deliveries else None,
            "server_cpu_us_per_frame": server_cpu / frames * 1e6 if frames else None,
            "server_cpu_pct": 100 * server_cpu / dt,
            "redis_cpu_pct": 100 * total["redis_cpu"] / dt if self.redis_child else None,
            "harness_cpu_pct": 100 * total["harness_cpu"] / dt,
            "other_processes_cpu_pct": 100 * (total["machine_cpu"] - total["own_cpu"]) / dt,
            "steal_cpu_pct": 100 * total["steal_cpu"] / dt,
        }


async def load_window(
    run: Run, fracas: Fracas, tables: list[list[Session]], warmup: float, seconds: float
) -> dict[str, Any]:
    """One window of a :class:`Load` after ``warmup``: its figures and how the load went."""
    load = Load(run, fracas, tables)
    await asyncio.sleep(warmup)
    window = await load.window(seconds)
    return {**load.figures([window]), **await load.stop()}
