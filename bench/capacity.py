"""G10: how many realistic live tables one Fracas process holds.

A table is a GM, five players and one overlay (a spectator), all following it.
Each player sends a command every 10 s on average and the GM one every 5 s,
at exponential intervals (Poisson arrivals, seeded): a player rolls its
combatant's attack or writes a note, the GM writes a note. The latency of a
command is the time from sending it to the moment the last of the table's
seven clients holds its event; the table count holds while that latency's
p99 is at most 8x C7's paced p50 (G4's bound) and no command is lost or
refused. The count starts at one table and doubles until it fails twice in
a row with the server busy (half a core per process or more): a light load
can miss the bound where a heavier one holds it (a process that sleeps
between commands wakes cold, as C7's paced series shows; on a shared
machine a neighbour's burst weighs most on a few samples). Each window is
long enough for a p99 (about 150 commands in a quick run, 400 in a
full one, within 20–60 s or 30–180 s); the largest count that held is the
figure (``G10.tables``), with the sockets it took and the server's CPU and
resident memory per table. Then the same against ``fracas serve --workers 2``
(``G10.workers2_tables``), its CPU and memory summed over its processes.

Redis's CPU per command (the harness's own Redis) is what each window added
over Redis's idle housekeeping, measured before the sweep: the figure a
Cluster's shard count is worked out from (docs/performance.md).

Tables made for one count stay for the next (a count of 2n adds n tables);
every table is deleted at the end.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from bench.calibrate import Wakeups, c7_series, paced_gaps
from bench.context import Run
from bench.fracas import Fracas, Table, close_sessions
from bench.load import load_command, self_cpu
from bench.procs import Child, free_port, python_module, start_fracas, wait_until
from bench.report import percentile
from bench.session import Ev, Session, open_session
from domain.commands import AddNote

PLAYERS = 5
PLAYER_GAP_S = 10.0
GM_GAP_S = 5.0
TARGET_OVER_C7 = 8.0
FIRST_COUNT = 1
MAX_TABLES = 2048
COMMANDS_PER_TABLE_S = PLAYERS / PLAYER_GAP_S + 1 / GM_GAP_S
"""0.7 commands a second per table."""
SETUP_CONCURRENCY = 8
BUSY_PCT = 50.0
"""Server CPU (% of a core, per process) past which a failing count is the load's doing."""
MISSING_AFTER_S = 10.0


class ProcessTree:
    """A process and its children (``--workers``): CPU and memory summed."""

    def __init__(self, pid: int) -> None:
        self.root = psutil.Process(pid)

    def _all(self) -> list[psutil.Process]:
        return [self.root, *self.root.children(recursive=True)]

    def cpu_seconds(self) -> float:
        total = 0.0
        for process in self._all():
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            total += times.user + times.system
        return total

    def rss(self) -> int:
        total = 0
        for process in self._all():
            try:
                total += process.memory_info().rss
            except psutil.Error:
                continue
        return total


@dataclass
class LiveTable:
    table: Table
    gm: Session
    players: list[Session]
    overlay: Session

    @property
    def sessions(self) -> list[Session]:
        return [self.gm, *self.players, self.overlay]


@dataclass
class Latencies:
    """Commands sent and not yet held by all their table's clients, and the
    latencies of those that are."""

    waiting: dict[str, tuple[float, set[str], bool]] = field(default_factory=dict)
    """Command id -> (sent, names of the sessions that do not hold it yet, counts)."""
    samples: list[float] = field(default_factory=list)
    sent: int = 0
    refused: int = 0

    def on_event(self, session: Session, event: Ev, arrived: float) -> None:
        entry = self.waiting.get(event.command_id)
        if entry is None:
            return
        sent, remaining, counts = entry
        remaining.discard(session.name)
        if not remaining:
            del self.waiting[event.command_id]
            if counts:
                self.samples.append(arrived - sent)


def table_address(index: int) -> str:
    """The loopback address table ``index``'s clients connect from: each table from
    an address of its own, as its players from their homes (the server holds at
    most 1,024 sockets per address)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


async def setup_table(fracas: Fracas, index: int, latencies: Latencies) -> LiveTable:
    table = await fracas.create_table(f"G10 {index}")
    home = table_address(index)
    gm = await open_session(fracas.base, table.table_id, table.gm_token, name=f"{index}:gm", local_host=home)
    combatants = await fracas.add_combatants(gm, PLAYERS)
    tokens = [await fracas.invite(table, "player", [c]) for c in combatants]
    overlay_token = await fracas.invite(table, "spectator")
    players = [
        await open_session(fracas.base, table.table_id, t, name=f"{index}:p{i}", local_host=home)
        for i, t in enumerate(tokens)
    ]
    overlay = await open_session(
        fracas.base, table.table_id, overlay_token, name=f"{index}:overlay", local_host=home
    )
    live = LiveTable(table, gm, players, overlay)
    for session in live.sessions:
        session.on_event = latencies.on_event
        session.follow(session.welcome.result().head or 0)
    return live


class Senders:
    """Every client's next command, on the loop's timer: no task per client."""

    def __init__(self, tables: list[LiveTable], latencies: Latencies, seed: int) -> None:
        self.tables = tables
        self.latencies = latencies
        self.rng = random.Random(seed)
        self.loop = asyncio.get_running_loop()
        self.counting_from = float("inf")
        self.stopped = False
        self.k = 0

    def start(self) -> None:
        for live in self.tables:
            self._later(live, live.gm, -1, GM_GAP_S)
            for i, player in enumerate(live.players):
                self._later(live, player, i, PLAYER_GAP_S)

    def _later(self, live: LiveTable, session: Session, who: int, mean: float) -> None:
        self.loop.call_later(self.rng.expovariate(1 / mean), self._send, live, session, who, mean)

    def _send(self, live: LiveTable, session: Session, who: int, mean: float) -> None:
        if self.stopped or not session.open:
            return
        self.k += 1
        command = AddNote(text=f"MJ: note {self.k}") if who < 0 else load_command(who, self.k)
        command_id = session.next_id()
        now = time.perf_counter()
        names = {s.name for s in live.sessions}
        self.latencies.waiting[command_id] = (now, names, now >= self.counting_from)
        session.command(command, command_id)
        self.latencies.sent += 1
        self._later(live, session, who, mean)


def on_reply(latencies: Latencies) -> Any:
    def heard(reply: Any) -> None:
        if reply.type != "accepted":
            latencies.refused += 1
            latencies.waiting.pop(reply.id, None)

    return heard


async def idle_redis_cpu(redis_child: Child | None, seconds: float = 5.0) -> float | None:
    """Redis's CPU share (of a core) while nothing is sent: its housekeeping."""
    if redis_child is None:
        return None
    before, start = redis_child.cpu_seconds(), time.perf_counter()
    await asyncio.sleep(seconds)
    return (redis_child.cpu_seconds() - before) / (time.perf_counter() - start)


async def measure_count(
    run: Run,
    tables: list[LiveTable],
    tree: ProcessTree,
    redis_child: Child | None,
    seconds: float,
    redis_idle: float | None,
) -> dict[str, Any]:
    """One window of play on ``tables``: the latency's p50 and p99, and what it cost."""
    latencies = Latencies()
    for live in tables:
        for session in live.sessions:
            session.on_event = latencies.on_event
            session.on_reply = on_reply(latencies)
    senders = Senders(tables, latencies, seed=len(tables))
    senders.start()
    await asyncio.sleep(3.0)  # warm-up: every client has sent about once
    start = time.perf_counter()
    senders.counting_from = start
    cpu0, redis0 = tree.cpu_seconds(), redis_child.cpu_seconds() if redis_child else 0.0
    harness0 = self_cpu()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    cpu = tree.cpu_seconds() - cpu0
    harness = self_cpu() - harness0
    redis_cpu = (redis_child.cpu_seconds() - redis0) if redis_child else None
    rss = tree.rss()
    senders.stopped = True
    deadline = time.monotonic() + MISSING_AFTER_S
    while any(counts for _, _, counts in latencies.waiting.values()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    missing = sum(1 for _, _, counts in latencies.waiting.values() if counts)
    samples = latencies.samples
    return {
        "tables": len(tables),
        "sockets": 7 * len(tables),
        "seconds": round(elapsed, 1),
        "commands": len(samples),
        "commands_per_s": round(len(samples) / elapsed, 1),
        "p50_ms": round(percentile(samples, 50) * 1e3, 3) if samples else None,
        "p99_ms": round(percentile(samples, 99) * 1e3, 3) if samples else None,
        "max_ms": round(max(samples) * 1e3, 3) if samples else None,
        "missing": missing,
        "refused": latencies.refused,
        "server_cpu_pct": round(100 * cpu / elapsed, 1),
        "server_rss_mib": round(rss / 2**20, 1),
        "harness_cpu_pct": round(100 * harness / elapsed, 1),
        "redis_cpu_pct": round(100 * redis_cpu / elapsed, 1) if redis_cpu is not None else None,
        "redis_cpu_us_per_command": round((redis_cpu - redis_idle * elapsed) / len(samples) * 1e6, 1)
        if redis_cpu is not None and redis_idle is not None and samples
        else None,
    }


async def sweep(
    run: Run, fracas: Fracas, tree: ProcessTree, label: str, target_ms: float, processes: int
) -> dict[str, Any]:
    """Double the table count until the p99 passes ``target_ms`` (or a command is
    lost or refused) twice in a row with the server busy, or the sweep's time is
    up; the rows, and the largest count that held."""
    samples, least, most = (150, 20.0, 60.0) if run.quick else (400, 30.0, 180.0)
    deadline = time.monotonic() + (900 if run.quick else 1800)
    idle_rss = tree.rss()
    redis_idle = await idle_redis_cpu(run.redis.child)
    tables: list[LiveTable] = []
    latencies = Latencies()
    rows: list[dict[str, Any]] = []
    count = FIRST_COUNT
    held: dict[str, Any] | None = None
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def one(i: int) -> LiveTable:
        async with gate:
            return await setup_table(fracas, i, latencies)

    try:
        while count <= MAX_TABLES:
            run.log(f"  G10 {label}: {count} tables ({7 * count} sockets)")
            try:
                tables += await asyncio.gather(*(one(i) for i in range(len(tables), count)))
                # Long enough for a p99 of that many commands (fewer tables, longer windows).
                seconds = min(most, max(least, samples / (COMMANDS_PER_TABLE_S * count)))
                row = await measure_count(run, tables, tree, run.redis.child, seconds, redis_idle)
            except Exception as exc:  # the harness's or the machine's limits: keep what was measured
                run.note(f"G10 {label}: {count} tables failed: {type(exc).__name__}: {exc}")
                break
            row["holds"] = (
                row["p99_ms"] is not None
                and row["p99_ms"] <= target_ms
                and not row["missing"]
                and not row["refused"]
            )
            rows.append(row)
            run.log(
                f"    p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms (target {target_ms:.3f}), "
                f"server CPU {row['server_cpu_pct']}%, {row['server_rss_mib']} MiB"
                + ("" if row["holds"] else "  -> fails")
            )
            busy = row["server_cpu_pct"] >= BUSY_PCT * processes
            if row["holds"]:
                held = row
            elif busy and len(rows) >= 2 and not rows[-2]["holds"]:
                break
            if time.monotonic() > deadline:
                run.note(f"G10 {label}: the sweep's time ran out at {count} tables")
                break
            count *= 2
    finally:
        await close_sessions([s for live in tables for s in live.sessions])
    result: dict[str, Any] = {
        "rows": rows,
        "idle_rss_mib": round(idle_rss / 2**20, 1),
        "redis_idle_cpu_pct": None if redis_idle is None else round(100 * redis_idle, 2),
    }
    if held is not None:
        n = held["tables"]
        result |= {
            "tables": n,
            "sockets": held["sockets"],
            "cpu_pct_per_table": round(held["server_cpu_pct"] / n, 3),
            "kib_per_table": round((held["server_rss_mib"] - idle_rss / 2**20) * 1024 / n, 1),
        }
    return result


def start_workers(redis_url: str, workdir: Path, workers: int) -> tuple[Child, str]:
    port = free_port()
    child = python_module(
        f"fracas serve --workers {workers}",
        "fracas_cli",
        ["serve", "--workers", str(workers), "--redis-url", redis_url, "--port", str(port)]
        + ["--log-level", "warning"],
        workdir / f"fracas-workers{workers}.log",
    )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: _ready(f"{base}/readyz"), 60, "fracas serve --workers", child)
    return child, base


def _ready(url: str) -> bool:
    import httpx

    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


async def target_ms(run: Run) -> float:
    """8x C7's paced p50, measured now if this run has not measured it."""
    if run.figures.get("C7.paced_p50_ms") is None:
        run.log("  G10: measuring C7 paced for its target")
        async with Wakeups(run) as probe:
            gaps = paced_gaps(run, run.sizes.c7_samples)
            run.detail("C7", paced=c7_series(run, "paced_", gaps, await probe.samples(gaps)))
    paced = run.figures["C7.paced_p50_ms"]
    assert paced is not None
    return TARGET_OVER_C7 * paced


async def g10_capacity(run: Run) -> None:
    target = await target_ms(run)
    run.detail(
        "G10", target_ms=round(target, 3), players=PLAYERS, player_gap_s=PLAYER_GAP_S, gm_gap_s=GM_GAP_S
    )
    for label, processes, start in (
        ("one process", 1, lambda: start_fracas(run.redis.url, run.workdir)),
        ("--workers 2", 2, lambda: start_workers(run.redis.url, run.workdir, 2)),
    ):
        server, base = start()
        fracas = Fracas(run, server, base)
        try:
            result = await sweep(run, fracas, ProcessTree(server.pid), label, target, processes)
        finally:
            await fracas.drop_tables()
            await fracas.aclose()
            await asyncio.to_thread(server.stop, 60.0)
        name = "tables" if label == "one process" else "workers2_tables"
        run.figure(f"G10.{name}", result.get("tables"))
        run.detail("G10", **{label: result})
