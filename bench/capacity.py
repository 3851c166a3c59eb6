"""G10: how many realistic live tables one Fracas process holds, against C8.

A table is a GM, five players and one overlay (a spectator), all following it.
Each player sends a command every 10 s on average and the GM one every 5 s,
at exponential intervals (Poisson arrivals, seeded): a player rolls its
combatant's attack or writes a note, the GM writes a note. The latency of a
command is the time from sending it to the moment the last of the table's
seven clients holds its event.

C8, its calibration, is the same load on the bare stack, measured at every
table count right before G10's window: as many tables of seven lean clients
on a websockets server (``bench.peers tables``) that appends each message to
the table's stream with one ``XADD`` and, once Redis has answered,
``broadcast()``s it to the table's seven sockets; the same schedule (the same
seed), the same clients' addresses, the same load generator. A count holds
while G10's p99 is at most 8x C8's p50 at that count (G4's bound over its own
calibration) and no command is lost or refused: past it, the players wait on
Fracas, not on the machine, Redis or the sockets. The count starts at one
table and doubles until it fails twice in a row with the server busy (half a
core per process or more): a light load can miss the bound where a heavier
one holds it (on a shared machine a neighbour's burst weighs most on a few
samples). Each window is long enough for a p99 (about 150 commands in a quick
run, 400 in a full one, within 20–60 s or 30–180 s); the largest count that
held is the figure (``G10.tables``), with the sockets it took and the
server's CPU and resident memory per table. Then the same against
``fracas serve --workers 2`` (``G10.workers2_tables``), its CPU and memory
summed over its processes, C8's tables and server kept from the first sweep.

Redis's CPU per command (the harness's own Redis) is what each Fracas window
added over Redis's idle housekeeping, measured before the sweep: the figure a
Cluster's shard count is worked out from (docs/performance.md).

Tables made for one count stay for the next (a count of 2n adds n tables);
every table and C8's streams are deleted at the end. C8's clients and
Fracas's are held together: a count past the open-file limit of the load
generator for both (``14 x tables`` sockets) ends the sweep with a note.
"""

from __future__ import annotations

import asyncio
import random
import resource
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import psutil
import redis.asyncio as aioredis

from bench.calibrate import close_all
from bench.context import Run
from bench.fracas import Fracas, Table, close_sessions
from bench.load import load_command, self_cpu
from bench.procs import Child, free_port, python_module, start_fracas, start_peer, wait_until
from bench.report import percentile
from bench.session import Ev, Session, open_session
from bench.wsclient import WSClient, connect
from domain.commands import AddNote

PLAYERS = 5
PLAYER_GAP_S = 10.0
GM_GAP_S = 5.0
TARGET_OVER_C8 = 8.0
CLIENTS = PLAYERS + 2
"""A table's clients: the GM, the players, the overlay."""
C8_BYTES = 330
"""C8's message: the size of C2's entries, a realistic encoded event."""
FDS_SPARE = 512
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


T = TypeVar("T")


class Schedule(Generic[T]):
    """Every client's next command, on the loop's timer (no task per client):
    ``send(table, who)`` with ``who`` -1 for the GM, else the player's index;
    ``send`` returns False when that client can send no more."""

    def __init__(self, tables: Sequence[T], send: Callable[[T, int], bool], seed: int) -> None:
        self.tables = tables
        self.send = send
        self.rng = random.Random(seed)
        self.loop = asyncio.get_running_loop()
        self.stopped = False

    def start(self) -> None:
        for table in self.tables:
            self._later(table, -1, GM_GAP_S)
            for i in range(PLAYERS):
                self._later(table, i, PLAYER_GAP_S)

    def _later(self, table: T, who: int, mean: float) -> None:
        self.loop.call_later(self.rng.expovariate(1 / mean), self._fire, table, who, mean)

    def _fire(self, table: T, who: int, mean: float) -> None:
        if not self.stopped and self.send(table, who):
            self._later(table, who, mean)


class FracasSends:
    """G10's commands, sent by the table's GM or player sessions."""

    def __init__(self, latencies: Latencies) -> None:
        self.latencies = latencies
        self.counting_from = float("inf")
        self.k = 0

    def __call__(self, live: LiveTable, who: int) -> bool:
        session = live.gm if who < 0 else live.players[who]
        if not session.open:
            return False
        self.k += 1
        command = AddNote(text=f"MJ: note {self.k}") if who < 0 else load_command(who, self.k)
        command_id = session.next_id()
        now = time.perf_counter()
        names = {s.name for s in live.sessions}
        self.latencies.waiting[command_id] = (now, names, now >= self.counting_from)
        session.command(command, command_id)
        self.latencies.sent += 1
        return True


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


@dataclass
class RawTable:
    """One of C8's tables: its seven clients on the bare stack's server."""

    index: int
    clients: list[WSClient]


class RawFanout:
    """C8: tables of seven lean clients on ``bench.peers tables``; each message
    a client sends carries its number, and its latency ends when the table's
    seventh client holds it."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.peer, self.port = start_peer("tables", run.workdir, run.redis.url)
        self.tables: list[RawTable] = []
        self.waiting: dict[int, tuple[float, int, bool]] = {}
        """Message number -> (sent, clients that do not hold it yet, counts)."""
        self.samples: list[float] = []
        self.counting_from = float("inf")
        self.n = 0

    def on_message(self, payload: bytes, arrived: float) -> None:
        n = int(payload[:10])
        entry = self.waiting.get(n)
        if entry is None:
            return
        sent, remaining, counts = entry
        if remaining > 1:
            self.waiting[n] = (sent, remaining - 1, counts)
            return
        del self.waiting[n]
        if counts:
            self.samples.append(arrived - sent)

    async def grow(self, count: int) -> None:
        gate = asyncio.Semaphore(100)

        async def one(index: int) -> WSClient:
            async with gate:
                home = table_address(index)
                return await connect("127.0.0.1", self.port, f"/t/{index}", self.on_message, local_host=home)

        for table in self.tables[:count]:
            if not all(c.open for c in table.clients):  # closed since the last window
                self.run.note(f"C8: table {table.index}'s clients reconnected; {self.peer.log_tail(3)!r}")
                await close_all(table.clients)
                table.clients = list(await asyncio.gather(*(one(table.index) for _ in range(CLIENTS))))
        for index in range(len(self.tables), count):
            clients = await asyncio.gather(*(one(index) for _ in range(CLIENTS)))
            self.tables.append(RawTable(index, list(clients)))

    def send(self, table: RawTable, who: int) -> bool:
        client = table.clients[0 if who < 0 else 1 + who]
        if not client.open:
            return False
        self.n += 1
        payload = b"%010d " % self.n
        now = time.perf_counter()
        self.waiting[self.n] = (now, CLIENTS, now >= self.counting_from)
        client.send_text(payload + b"x" * (C8_BYTES - len(payload)))
        return True

    async def window(self, count: int, seconds: float) -> dict[str, Any]:
        """C8 on ``count`` tables for ``seconds`` (after the same warm-up as G10's)."""
        await self.grow(count)
        self.waiting.clear()
        self.samples = []
        self.counting_from = float("inf")
        schedule = Schedule(self.tables[:count], self.send, seed=count)
        schedule.start()
        await asyncio.sleep(WARMUP_S)
        start = time.perf_counter()
        self.counting_from = start
        cpu0 = self.peer.cpu_seconds()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - start
        cpu = self.peer.cpu_seconds() - cpu0
        schedule.stopped = True
        deadline = time.monotonic() + MISSING_AFTER_S
        while any(counts for _, _, counts in self.waiting.values()) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        samples = self.samples
        return {
            "c8_commands": len(samples),
            "c8_p50_ms": round(percentile(samples, 50) * 1e3, 3) if samples else None,
            "c8_p99_ms": round(percentile(samples, 99) * 1e3, 3) if samples else None,
            "c8_missing": sum(1 for _, _, counts in self.waiting.values() if counts),
            "c8_server_cpu_pct": round(100 * cpu / elapsed, 1),
        }

    async def close(self) -> None:
        await close_all([c for t in self.tables for c in t.clients])
        client = aioredis.Redis.from_url(self.run.redis.url)
        try:
            keys = [f"bench:{{c8}}:t{t.index}" for t in self.tables]
            for i in range(0, len(keys), 500):
                await client.delete(*keys[i : i + 500])
        finally:
            await client.aclose()
            await asyncio.to_thread(self.peer.stop)


WARMUP_S = 3.0
QUICK_WINDOWS = (150, 20.0, 60.0)
FULL_WINDOWS = (400, 30.0, 180.0)
"""Commands a window aims at, and its least and most seconds."""
"""Before each window: every client has sent about once."""


def fits(count: int) -> bool:
    """Whether C8's clients and Fracas's for ``count`` tables fit the open-file limit."""
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft == resource.RLIM_INFINITY or 2 * CLIENTS * count + FDS_SPARE <= soft


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
    sends = FracasSends(latencies)
    schedule = Schedule(tables, sends, seed=len(tables))
    schedule.start()
    await asyncio.sleep(WARMUP_S)
    start = time.perf_counter()
    sends.counting_from = start
    cpu0, redis0 = tree.cpu_seconds(), redis_child.cpu_seconds() if redis_child else 0.0
    harness0 = self_cpu()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    cpu = tree.cpu_seconds() - cpu0
    harness = self_cpu() - harness0
    redis_cpu = (redis_child.cpu_seconds() - redis0) if redis_child else None
    rss = tree.rss()
    schedule.stopped = True
    deadline = time.monotonic() + MISSING_AFTER_S
    while any(counts for _, _, counts in latencies.waiting.values()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    missing = sum(1 for _, _, counts in latencies.waiting.values() if counts)
    samples = latencies.samples
    return {
        "tables": len(tables),
        "sockets": CLIENTS * len(tables),
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


def judge(row: dict[str, Any]) -> bool:
    """G10 holds at a count: p99 within 8x C8's p50, nothing lost or refused."""
    p99, base = row.get("p99_ms"), row.get("c8_p50_ms")
    if p99 is None or not base:
        return False
    row["ratio"] = round(p99 / base, 2)
    row["target_ms"] = round(TARGET_OVER_C8 * base, 3)
    return p99 <= row["target_ms"] and not row["missing"] and not row["refused"]


async def sweep(
    run: Run, fracas: Fracas, tree: ProcessTree, raw: RawFanout, label: str, processes: int
) -> dict[str, Any]:
    """Double the table count until G10 fails (see :func:`judge`) twice in a row
    with the server busy, or the sweep's time is up; each count's C8 window right
    before its G10 window. The rows, and the largest count that held."""
    samples, least, most = QUICK_WINDOWS if run.quick else FULL_WINDOWS
    deadline = time.monotonic() + (1500 if run.quick else 3000)
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
            if not fits(count):
                run.note(
                    f"G10 {label}: {count} tables not tried: C8's and Fracas's {2 * CLIENTS * count} "
                    "sockets would pass the load generator's open-file limit"
                )
                break
            run.log(f"  G10 {label}: {count} tables ({CLIENTS * count} sockets)")
            try:
                tables += await asyncio.gather(*(one(i) for i in range(len(tables), count)))
                # Long enough for a p99 of that many commands (fewer tables, longer windows).
                seconds = min(most, max(least, samples / (COMMANDS_PER_TABLE_S * count)))
                calibration = await raw.window(count, seconds)
                row = await measure_count(run, tables, tree, run.redis.child, seconds, redis_idle)
            except Exception as exc:  # the harness's or the machine's limits: keep what was measured
                run.note(f"G10 {label}: {count} tables failed: {type(exc).__name__}: {exc}")
                break
            row |= calibration
            row["holds"] = judge(row)
            rows.append(row)
            run.log(
                f"    C8 p50 {row['c8_p50_ms']} ms; G10 p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms "
                f"({row.get('ratio')}x, target {TARGET_OVER_C8:g}x), server CPU {row['server_cpu_pct']}%, "
                f"{row['server_rss_mib']} MiB" + ("" if row["holds"] else "  -> fails")
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


def worker_pids(tree: ProcessTree) -> list[int]:
    try:
        return sorted(p.pid for p in tree.root.children(recursive=True))
    except psutil.Error:
        return []


async def g10_capacity(run: Run) -> None:
    run.detail(
        "G10",
        target_over_c8_p50=TARGET_OVER_C8,
        players=PLAYERS,
        player_gap_s=PLAYER_GAP_S,
        gm_gap_s=GM_GAP_S,
        c8_message_bytes=C8_BYTES,
    )
    raw = RawFanout(run)
    try:
        for label, processes, start in (
            ("one process", 1, lambda: start_fracas(run.redis.url, run.workdir)),
            ("--workers 2", 2, lambda: start_workers(run.redis.url, run.workdir, 2)),
        ):
            # In a thread: waiting for the server blocks, and C8's clients must keep
            # answering their server's pings meanwhile.
            server, base = await asyncio.to_thread(start)
            fracas = Fracas(run, server, base)
            tree = ProcessTree(server.pid)
            pids = worker_pids(tree)
            try:
                result = await sweep(run, fracas, tree, raw, label, processes)
            finally:
                replaced = sorted(set(worker_pids(tree)) - set(pids))
                await fracas.drop_tables()
                await fracas.aclose()
                await asyncio.to_thread(server.stop, 60.0)
            if replaced:
                run.note(f"G10 {label}: {len(replaced)} worker process(es) replaced during the sweep")
            result["replaced_workers"] = len(replaced)
            name = "tables" if label == "one process" else "workers2_tables"
            run.figure(f"G10.{name}", result.get("tables"))
            run.detail("G10", **{label: result})
    finally:
        await raw.close()
