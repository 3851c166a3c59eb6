"""G1–G9: Fracas itself, through the real server.

The server runs in its own process (``bench.server_proc``: the production app
factory and uvicorn settings) on a free loopback port; the load generator
talks to it only through the public HTTP API and the WebSocket protocol, with
bearer tokens, the table's rules and the Lua append, exactly as a client
does. Tables are created through the API; only the long logs of G6 and G7 are
written straight into the table's stream (a million commands would take an
hour), in the store's own layout, before the server first opens them.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import asdict, dataclass
from typing import Any

import httpx
import redis.asyncio as aioredis

from bench import data
from bench.calibrate import (
    C2_KEY,
    C7_LEAST_GAP,
    FANOUT_WARMUP_ROUNDS,
    Broadcast,
    Receivers,
    Wakeups,
    c2_write,
    c3_read,
    c5_figures,
    c7_series,
    paced_gaps,
)
from bench.context import Run
from bench.fights import vda_fights
from bench.load import Load, load_command, load_window
from bench.persistence import (
    AUTO_REWRITE,
    Rewrite,
    aof_sizes,
    auto_rewrite_busy_share,
    persistence_always,
    persistence_off,
)
from bench.procs import Child, OtherLoad, load_apart
from bench.report import percentile
from bench.session import Ev, Session, open_many, open_session
from domain.commands import AddCombatant, AddNote
from domain.events import Combatant
from domain.systems.vda.state import VdaSheet
from domain.wire import SendCommand
from server.store import key

SPECTATOR_CONNECT_CONCURRENCY = 25
"""Handshakes in flight at once. Each costs the server a few Redis calls, and
its redis-py pool (created by ``from_url`` with the default of 100
connections) refuses at once with ``MaxConnectionsError`` beyond that: with
100 at once, a few handshakes fail (see docs/performance.md)."""

TABLE_KEYS = ("events", "meta", "secret", "commands", "tokens", "snapshots")


@dataclass
class Table:
    table_id: str
    gm_token: str


class Fracas:
    """The server under test and the tables this run made on it."""

    def __init__(self, run: Run, server: Child, base: str) -> None:
        self.run = run
        self.server = server
        self.base = base
        self.http = httpx.AsyncClient(base_url=base, timeout=900)
        self.tables: list[str] = []

    async def aclose(self) -> None:
        await self.http.aclose()

    async def create_table(
        self,
        title: str,
        system: str = data.SYSTEM,
        sandbox: bool = False,
        options: dict[str, Any] | None = None,
    ) -> Table:
        answer = await self.http.post(
            "/api/tables",
            json={"title": title, "system": system, "sandbox": sandbox, "options": options or {}},
        )
        answer.raise_for_status()
        body = answer.json()
        self.tables.append(body["table_id"])
        return Table(body["table_id"], body["gm_token"])

    async def invite(
        self, table: Table, role: str, combatants: list[str] | None = None, name: str = ""
    ) -> str:
        answer = await self.http.post(
            f"/api/tables/{table.table_id}/invites",
            json={"role": role, "name": name or role, "combatants": combatants or []},
            headers={"Authorization": f"Bearer {table.gm_token}"},
        )
        answer.raise_for_status()
        return str(answer.json()["token"])

    async def invite_many(
        self, table: Table, role: str, count: int, combatants: list[list[str]] | None = None
    ) -> list[str]:
        gate = asyncio.Semaphore(8)

        async def one(i: int) -> str:
            async with gate:
                return await self.invite(table, role, combatants[i] if combatants else None)

        return list(await asyncio.gather(*(one(i) for i in range(count))))

    async def gm(self, table: Table) -> Session:
        return await open_session(self.base, table.table_id, table.gm_token, name="gm")

    async def add_combatants(self, gm: Session, count: int) -> list[str]:
        ids = [f"c{i}" for i in range(count)]
        for cid in ids:
            reply = await gm.run(
                AddCombatant(combatant=Combatant(id=cid, name=cid.upper(), sheet=VdaSheet()))
            )
            if reply.type != "accepted":
                raise RuntimeError(f"AddCombatant refused: {reply.rule} {reply.message}")
        return ids

    async def drop_tables(self) -> None:
        """Delete every key of the tables this run made (never anything else)."""
        for table_id in list(self.tables):
            await self.drop_table(table_id)

    async def drop_table(self, table_id: str) -> None:
        client = aioredis.Redis.from_url(self.run.redis.url)
        try:
            await client.delete(*(key(table_id, name) for name in TABLE_KEYS))
            self.tables.remove(table_id)
        finally:
            await client.aclose()


async def close_sessions(sessions: list[Session]) -> None:
    await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)


async def measure(run: Run, fracas: Fracas, only: frozenset[str]) -> None:
    steps = (
        ("G1", g1_g2_g9_load),
        ("G4", g4_light_latency),
        ("G5", g5_g8_spectators),
        ("G6", g6_rebuild),
        ("G7", g7_state_at),
        ("V", vda_fights),
        ("S", scaling),
    )
    extra = {"G1": ", G2, G9", "G5": ", G8"}
    for name, step in steps:
        if name not in only:
            continue
        run.log(f"measuring {name}{extra.get(name, '')}")
        with run.step(name):
            try:
                await step(run, fracas)
            except Exception as exc:  # one broken measurement must not lose the others
                run.failed(name, exc)
                if not fracas.server.alive():
                    run.note(f"the Fracas server died:\n{fracas.server.log_tail()}")
                    raise


# --- G1, G2, G9 ------------------------------------------------------------------


async def players_table(fracas: Fracas, n: int, title: str) -> list[Session]:
    """A table with ``n`` combatants and ``n`` players, one each, all following."""
    table = await fracas.create_table(title)
    gm = await fracas.gm(table)
    try:
        combatants = await fracas.add_combatants(gm, n)
    finally:
        await gm.close()
    tokens = await fracas.invite_many(table, "player", n, [[c] for c in combatants])
    sessions = await open_many(fracas.base, table.table_id, tokens, concurrency=25)
    for session in sessions:
        session.follow(session.welcome.result().head or 0)
    return sessions


SCALING_PLAYERS = (1, 10, 25, 50, 100)
SCALING_TABLES = (1, 5, 10)
SCALING_KEYS = (
    "events_per_s",
    "commands_per_s",
    "events_per_frame",
    "server_cpu_us_per_delivery",
    "server_cpu_us_per_frame",
    "server_cpu_pct",
    "redis_cpu_pct",
    "harness_cpu_pct",
    "other_processes_cpu_pct",
    "errors",
    "players_lost",
)


async def scaling(run: Run, fracas: Fracas) -> None:
    """How the cost grows with players per table and with tables per process
    (closed-loop players as in G1, shorter windows)."""
    seconds = 4.0 if run.quick else 8.0
    rows: list[dict[str, Any]] = []
    shapes = [(1, p) for p in SCALING_PLAYERS] + [(t, 10) for t in SCALING_TABLES if t > 1]
    for tables, players in shapes:
        run.log(f"  {tables} table(s) x {players} players")
        groups = [await players_table(fracas, players, f"S{tables}x{players}") for _ in range(tables)]
        try:
            window = await load_window(run, fracas, groups, 1.0, seconds)
        finally:
            await close_sessions([s for g in groups for s in g])
        row = {"tables": tables, "players_per_table": players}
        row.update({k: window[k] for k in SCALING_KEYS})
        rows.append(row)
    run.detail("scaling", seconds=seconds, rows=rows)


async def g1_g2_g9_load(run: Run, fracas: Fracas) -> None:
    """G1 without persistence and G9 with ``appendfsync always``, the same
    players playing on throughout: their windows alternate (none, always, none,
    …) so that both see the machine in the same states, and each figure takes
    its own windows together."""
    n = run.sizes.players
    sessions = await players_table(fracas, n, "G1")
    owned = run.redis.owned
    pairs = run.sizes.g9_pairs if owned else 1
    seconds = run.sizes.g1_seconds / pairs
    admin = aioredis.Redis.from_url(run.redis.url, decode_responses=True)
    auto_rewrite: int | None = None  # the Redis's own setting, put back at the end
    rewrites: list[Rewrite] = []
    growth = windows_rewritten = 0
    try:
        if owned:
            auto_rewrite = int((await admin.config_get(AUTO_REWRITE))[AUTO_REWRITE])
            await persistence_off(admin)
        if "C2" in run.steps:
            await c2_next_to_g1(run)
        run.log(
            f"  G1: {n} players, {run.sizes.g1_seconds:.0f}s, persistence {'none' if owned else 'as found'}"
            + (f"; G9 as long with appendfsync always, in {pairs} windows each, alternating" if owned else "")
        )
        load = Load(run, fracas, [sessions])
        without: list[dict[str, float]] = []
        always: list[dict[str, float]] = []
        try:
            for i in range(pairs):
                if i:
                    await persistence_off(admin)
                await asyncio.sleep(run.sizes.g1_warmup)
                without.append(await load.window(seconds))
                if owned:
                    rewrites.append(await persistence_always(admin))
                    await asyncio.sleep(run.sizes.g1_warmup)
                    size, base = await aof_sizes(admin)
                    always.append(await load.window(seconds))
                    size_after, base_after = await aof_sizes(admin)
                    growth += size_after - size
                    windows_rewritten += base_after != base
        finally:
            health = await load.stop()
    finally:
        if owned:
            await persistence_off(admin)
            if run.redis.kind == "embedded":
                await persistence_always(admin)  # the embedded Redis's own setting
            if auto_rewrite is not None:
                await admin.config_set(AUTO_REWRITE, auto_rewrite)
        await admin.aclose()
        await close_sessions(sessions)

    g1 = load.figures(without)
    run.detail("G1", players=n, persistence="none" if owned else "as configured", **g1, **health)
    run.figure("G1.events_per_s", g1["events_per_s"])
    run.figure("G2.cpu_us_per_delivery", g1["server_cpu_us_per_delivery"])
    if health["errors"] or health["players_lost"]:
        run.note(
            f"G1/G9: {health['errors']} commands answered by an error, {health['players_lost']} players lost"
        )
    if health["sessions_open_at_end"] < n or health["position_errors"] or health["sessions_behind_at_end"]:
        run.note(
            f"G1/G9: {n - health['sessions_open_at_end']} players closed, "
            f"{health['sessions_behind_at_end']} behind, {health['position_errors']} position errors"
        )
    if not owned:
        run.note("G9 not measured: the harness does not change the persistence of an external Redis")
        return
    g9 = load.figures(always)
    assert auto_rewrite is not None  # read before G9's first window
    growth_per_s = growth / g9["seconds"]
    busy = auto_rewrite_busy_share(rewrites, growth_per_s, auto_rewrite)
    run.detail(
        "G9",
        persistence=f"appendonly yes, appendfsync always, {AUTO_REWRITE} 0",
        **g9,
        aof_growth_bytes_per_s=round(growth_per_s),
        rewrites_before_windows=[asdict(r) for r in rewrites],
        windows_rewritten=windows_rewritten,
        auto_rewrite_percentage=auto_rewrite,
        auto_rewrite_busy_share=busy,
    )
    run.figure("G9.events_per_s_always", g9["events_per_s"])
    if busy is not None:
        run.log(
            f"  G9: the file grew {growth_per_s / 2**20:.1f} MiB/s; at {AUTO_REWRITE} {auto_rewrite},"
            f" Redis's automatic rewrite would keep a child busy {busy:.0%} of the time"
        )


async def c2_next_to_g1(run: Run) -> None:
    """C2 again, with G1's players connected and idle, right before G1's window:
    both then see the machine in the same state."""
    n = run.sizes.c2_entries_next_to_g1
    run.log(f"  calibrating C2 again ({n:,} entries)")
    client = aioredis.Redis.from_url(run.redis.url)
    try:
        best, rates = await c2_write(client, C2_KEY, list(data.records("c2table0001", 2, n)))
    finally:
        with contextlib.suppress(Exception):
            await client.delete(C2_KEY)
        await client.aclose()
    run.figure("C2.xadd_per_s", best)
    run.detail("C2", next_to_G1={"entries": n, "thirds_per_s": rates})


# --- G4 -----------------------------------------------------------------------------


async def g4_light_latency(run: Run, fracas: Fracas) -> None:
    """G4 in ``g4_windows`` windows. With C7 in the run, C7's 1 ms series is
    measured again first, then a share of its paced series before each window:
    G4 and the calibration it is divided by sample the same minutes."""
    n, windows = run.sizes.light_players, run.sizes.g4_windows
    sessions = await players_table(fracas, n, "G4")
    latencies: list[float] = []
    sent_at: dict[str, tuple[float, bool]] = {}
    """Command id -> when it was sent, and whether it counts (after the warm-up)."""

    def on_event(session: Session, event: Ev, arrived: float) -> None:
        sent = sent_at.pop(event.command_id, None)
        if sent is not None and sent[1]:
            latencies.append(arrived - sent[0])

    async def window(seconds: float, warmup: float) -> None:
        start = time.perf_counter()
        measured_from, end = start + warmup, start + warmup + seconds

        async def player(i: int, session: Session) -> None:
            for k, offset in enumerate(data.action_times(i, run.sizes.light_rate)):
                if start + offset >= end:
                    return
                await asyncio.sleep(max(0.0, start + offset - time.perf_counter()))
                command_id = session.next_id()
                now = time.perf_counter()
                sent_at[command_id] = (now, now >= measured_from)
                session.command(load_command(i, k), command_id)

        await asyncio.gather(*(player(i, s) for i, s in enumerate(sessions)))
        deadline = time.monotonic() + 10
        while sent_at and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    try:
        for session in sessions:
            session.on_event = on_event
        probe = Wakeups(run) if "C7" in run.steps else None
        paced: list[float] = []
        gaps: list[float] = []
        async with probe or contextlib.nullcontext():
            if probe is not None:
                run.log(
                    f"  calibrating C7: 1 ms apart, then paced in {windows} parts, each before a G4 window"
                )
                back = [C7_LEAST_GAP] * run.sizes.c7_samples
                back_to_back = c7_series(run, "", back, await probe.samples(back))
            started = time.perf_counter()
            missing = 0
            window_p99: list[float] = []
            window_other: list[list[float]] = []  # the CPU other processes used, and what was stolen
            for w in range(windows):
                if probe is not None:
                    share = paced_gaps(run, run.sizes.c7_samples // windows)
                    paced += await probe.samples(share)
                    gaps += share
                before, other = len(latencies), OtherLoad()
                await window(run.sizes.g4_seconds / windows, warmup=1.0 if w == 0 else 0.5)
                missing += sum(1 for _, counts in sent_at.values() if counts)
                sent_at.clear()
                if len(latencies) > before:
                    window_p99.append(round(percentile(latencies[before:], 99) * 1e3, 3))
                window_other.append([round(x, 1) for x in other.percent()])
            if probe is not None:
                series = dict(c7_series(run, "paced_", gaps, paced), alternates_with="G4", parts=windows)
                run.detail("C7", next_to_G4={"back_to_back": back_to_back, "paced": series})
        if not latencies:
            raise RuntimeError("no own event came back")
        run.figure("G4.p50_ms", percentile(latencies, 50) * 1e3)
        run.figure("G4.p99_ms", percentile(latencies, 99) * 1e3)
        run.detail(
            "G4",
            players=n,
            rate_per_player=run.sizes.light_rate,
            seconds=run.sizes.g4_seconds,
            windows=windows,
            samples=len(latencies),
            achieved_rate=round(len(latencies) / run.sizes.g4_seconds, 1),
            missing=missing,
            windows_p99_ms=window_p99,
            windows_other_and_stolen_cpu_pct=window_other,
            max_ms=round(max(latencies) * 1e3, 3),
            wall_s=round(time.perf_counter() - started, 2),
        )
        if missing:
            run.note(f"G4: {missing} own events never came back within 10 s")
    finally:
        await close_sessions(sessions)


# --- G5, G8 ---------------------------------------------------------------------------


async def probe_round(run: Run, gm: Session, receivers: Receivers, n: int, r: int) -> float:
    """One G5 round: the GM sends a note; the time until all ``n`` spectators hold it."""
    command_id = gm.next_id()
    holding = receivers.arm(n)
    probe = SendCommand(id=command_id, command=AddNote(text=f"probe {r}"), nonce=command_id)
    reply = asyncio.create_task(gm.request(probe))
    sent = time.perf_counter()
    try:
        await asyncio.wait_for(holding, 30)
    except TimeoutError:
        run.note(f"G5: only {receivers.count} of {n} spectators got probe {r} within 30 s")
        raise
    await reply
    return receivers.last - sent


async def g5_g8_spectators(run: Run, fracas: Fracas) -> None:
    n = run.sizes.spectators
    table = await fracas.create_table("G5")
    run.log(f"  inviting {n} spectators")
    tokens = await fracas.invite_many(table, "spectator", n)
    gm = await fracas.gm(table)
    spectators: list[Session] = []
    broadcast: Broadcast | None = None
    c5_latencies: list[float] = []
    try:
        if "C5" in run.steps:  # its rounds alternate with G5's: both see the machine in the same state
            broadcast = await Broadcast.open(run)
        await asyncio.sleep(0.5)
        rss_before = fracas.server.rss()
        run.log(f"  connecting {n} spectators")
        spectators = await open_many(
            fracas.base, table.table_id, tokens, concurrency=SPECTATOR_CONNECT_CONCURRENCY
        )
        for session in spectators:
            session.follow(session.welcome.result().head or 0)
        await asyncio.sleep(1.5)
        rss_after = fracas.server.rss()
        run.figure("G8.kib_per_conn", (rss_after - rss_before) / n / 1024)
        run.detail(
            "G8",
            connections=n,
            rss_before_mib=round(rss_before / 2**20, 1),
            rss_after_mib=round(rss_after / 2**20, 1),
        )

        # Each spectator's client does per frame what C5's do (count it, note
        # when it came); every frame is decoded and checked after the rounds.
        receivers = Receivers()
        frames_before = [s.frames for s in spectators]
        for session in spectators:
            session.hold_frames(receivers.on_message)
        latencies: list[float] = []
        cpu_before = c5_cpu_before = 0.0
        rounds = FANOUT_WARMUP_ROUNDS + run.sizes.g5_rounds
        servers = [fracas.server.pid] + ([broadcast.peer.pid] if broadcast else [])
        with load_apart(servers) as apart:
            for r in range(rounds):
                measured = r >= FANOUT_WARMUP_ROUNDS
                if r == FANOUT_WARMUP_ROUNDS:
                    cpu_before = fracas.server.cpu_seconds()
                    c5_cpu_before = broadcast.peer.cpu_seconds() if broadcast else 0.0
                if broadcast is not None:
                    c5_latency = await broadcast.round(r)
                    if measured:
                        c5_latencies.append(c5_latency)
                    await asyncio.sleep(0.01)
                latency = await probe_round(run, gm, receivers, n, r)
                if measured:
                    latencies.append(latency)
                await asyncio.sleep(0.01)
        cpu = fracas.server.cpu_seconds() - cpu_before
        if broadcast is not None:
            c5_figures(run, c5_latencies, broadcast.peer.cpu_seconds() - c5_cpu_before, apart, alongside="G5")
        for session in spectators:
            session.check_held()  # every frame of the rounds, decoded and checked now
        held = sorted(s.frames - before for s, before in zip(spectators, frames_before, strict=True))
        if held[0] != rounds or held[-1] != rounds:  # a frame per probe, nothing else, or the counts lie
            run.note(f"G5: spectators held {held[0]}–{held[-1]} event frames for {rounds} probes")
        run.figure("G5.p50_ms", percentile(latencies, 50) * 1e3)
        run.figure("G5.p99_ms", percentile(latencies, 99) * 1e3)
        run.detail(
            "G5",
            spectators=n,
            rounds=len(latencies),
            max_ms=round(max(latencies) * 1e3, 3),
            round_ms=[round(x * 1e3, 2) for x in latencies],
            load_apart=apart,
            server_cpu_us_per_recipient=round(cpu / (len(latencies) * n) * 1e6, 3),
            skipped_ahead=sum(s.skipped for s in spectators),
            position_errors=sum(s.errors for s in spectators),
        )
    finally:
        await close_sessions([gm, *spectators])
        if broadcast is not None:
            await broadcast.close()


# --- G6, G7 ----------------------------------------------------------------------------


async def load_log(run: Run, table: Table, count: int) -> int:
    """Write positions 2 … count straight into the table's stream (the store's
    layout: entry id ``<position>-0``, fields ``type`` and ``data``)."""
    client = aioredis.Redis.from_url(run.redis.url)
    stream = key(table.table_id, "events")
    try:
        batch: list[tuple[int, str, bytes]] = []

        async def flush() -> None:
            pipe = client.pipeline(transaction=False)
            for position, tag, encoded in batch:
                pipe.xadd(stream, {"type": tag, "data": encoded}, id=f"{position}-0")
            await pipe.execute()
            batch.clear()

        for entry in data.records(table.table_id, 2, count - 1):
            batch.append(entry)
            if len(batch) == 1000:
                await flush()
        if batch:
            await flush()
        return int(await client.xlen(stream))
    finally:
        await client.aclose()


async def redis_memory(run: Run) -> int:
    client = aioredis.Redis.from_url(run.redis.url)
    try:
        return int((await client.info("memory"))["used_memory"])
    finally:
        await client.aclose()


async def timed_state(fracas: Fracas, table: Table) -> tuple[float, int, float]:
    cpu_before = fracas.server.cpu_seconds()
    started = time.perf_counter()
    answer = await fracas.http.get(
        f"/api/tables/{table.table_id}/state", headers={"Authorization": f"Bearer {table.gm_token}"}
    )
    elapsed = time.perf_counter() - started
    answer.raise_for_status()
    return elapsed, int(answer.json()["position"]), fracas.server.cpu_seconds() - cpu_before


async def g6_rebuild(run: Run, fracas: Fracas) -> None:
    n = run.sizes.g6_events
    table = await fracas.create_table("G6")
    run.log(f"  writing a {n:,}-event log")
    memory_before = await redis_memory(run)
    head = await load_log(run, table, n)
    memory_per_event = (await redis_memory(run) - memory_before) / head
    if "C2" in run.steps:
        # C3 again, on this log and right before its rebuild: both then see the
        # machine in the same state (a calibration a few minutes older need not).
        run.log("  calibrating C3 again on this log")
        client = aioredis.Redis.from_url(run.redis.url)
        try:
            best, rates, count = await c3_read(client, key(table.table_id, "events"), 2, head)
        finally:
            await client.aclose()
        run.figure("C3.events_per_s", best)
        run.detail("C3", next_to_G6={"entries": count, "thirds_per_s": rates})
    run.log("  rebuilding its projection through GET /state on a server that never opened it")
    elapsed, position, cpu = await timed_state(fracas, table)
    if position != head:
        raise RuntimeError(f"rebuilt to {position}, expected {head}")
    run.figure("G6.events_per_s", head / elapsed)
    run.detail(
        "G6",
        events=head,
        seconds=round(elapsed, 3),
        server_cpu_s=round(cpu, 3),
        redis_bytes_per_event=round(memory_per_event),
    )
    if n < 1_000_000:
        run.note(f"G6 rebuilt a {head:,}-event table (--quick), not 1,000,000 events")
    await fracas.drop_table(table.table_id)  # frees Redis's memory for what follows


async def g7_state_at(run: Run, fracas: Fracas) -> None:
    n = run.sizes.g7_events
    table = await fracas.create_table("G7")
    run.log(f"  writing a {n:,}-event log")
    head = await load_log(run, table, n)
    warm, _, _ = await timed_state(fracas, table)  # the server opens it once (and snapshots it)
    gm = await fracas.gm(table)
    try:
        rng = random.Random(7)
        latencies = []
        for _ in range(run.sizes.g7_queries):
            at = rng.randint(1, head)
            reply, sent, arrived = await gm.state_at(at)
            if reply.type != "state":
                raise RuntimeError(f"state_at({at}) answered {reply.type}: {reply.message}")
            latencies.append(arrived - sent)
        run.figure("G7.p50_ms", percentile(latencies, 50) * 1e3)
        run.figure("G7.p99_ms", percentile(latencies, 99) * 1e3)
        run.detail(
            "G7",
            events=head,
            queries=len(latencies),
            first_open_s=round(warm, 3),
            max_ms=round(max(latencies) * 1e3, 3),
        )
    finally:
        await gm.close()


async def with_fracas(run: Run, server: Child, base: str, only: frozenset[str]) -> None:
    fracas = Fracas(run, server, base)
    try:
        await measure(run, fracas, only)
    finally:
        with contextlib.suppress(Exception):
            await fracas.drop_tables()
        await fracas.aclose()
