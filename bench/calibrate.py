"""C1–C7: what the raw parts Fracas is built from can do on this machine, now.

Each calibration stores its figures in ``run.figures`` under ``C<n>.<name>``.
They use the same Redis, the same kind of entries, the same event loop
(uvloop) and the same load-generating client as the Fracas measurements, so
that a ratio compares Fracas with its own parts and not with another machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import time
from collections.abc import Sequence

import redis.asyncio as aioredis

from bench import data
from bench.context import Run
from bench.procs import Child, load_apart, start_peer
from bench.report import percentile
from bench.wsclient import WSClient, connect
from domain.events import RECORD_DECODER
from domain.table import EMPTY, evolve

C1_KEY = "bench:{c1}:events"
C2_KEY = "bench:{c2}:events"
C7_KEY = "bench:{c7}:events"
C7_LEAST_GAP = 0.001
PAGE = 1000


async def calibrate(run: Run, only: frozenset[str]) -> None:
    steps = (
        ("C1", c1_redis_benchmark),
        ("C2", c2_c3_c4_store),
        ("C5", c5_broadcast),
        ("C6", c6_echo),
        ("C7", c7_wakeup),
    )
    for name, step in steps:
        if name not in only:
            continue
        if name == "C5" and "G5" in only:
            run.log("calibrating C5 later, its rounds alternating with G5's")
            continue
        run.log(f"calibrating {name}" + (", C3, C4" if name == "C2" else ""))
        with run.step(name):
            try:
                await step(run)
            except Exception as exc:  # one broken calibration must not lose the others
                run.failed(name, exc)


# --- C1 -----------------------------------------------------------------------


async def c1_redis_benchmark(run: Run) -> None:
    binary = shutil.which("redis-benchmark")
    if binary is None:
        run.note("C1 not measured: no redis-benchmark binary on PATH")
        return
    n = run.sizes.c1_requests
    argv = [
        binary,
        *run.redis.benchmark_args(),
        "-n",
        str(n),
        "-c",
        "4",
        "-P",
        "100",
        "--csv",
        "XADD",
        C1_KEY,
        "*",
        "data",
        "x" * 300,
    ]
    try:
        done = await asyncio.to_thread(subprocess.run, argv, capture_output=True, text=True, timeout=120)
    finally:
        await _delete(run, C1_KEY)
    rps = None
    for line in done.stdout.splitlines():
        cells = [c.strip('"') for c in line.split(",")]
        if len(cells) >= 2 and cells[0].startswith("XADD"):
            rps = float(cells[1])
    if rps is None:
        run.note(f"C1 not measured: redis-benchmark said {done.stdout[-200:]!r} {done.stderr[-200:]!r}")
        return
    run.figure("C1.xadd_per_s", rps)
    run.detail("C1", requests=n, clients=4, pipeline=100, entry_bytes=300)


async def _delete(run: Run, *keys: str) -> None:
    client = aioredis.Redis.from_url(run.redis.url)
    try:
        await client.delete(*keys)
    finally:
        await client.aclose()


# --- C2, C3, C4 -------------------------------------------------------------------


def thirds(n: int) -> list[tuple[int, int]]:
    """Three consecutive (start, stop) index ranges covering ``range(n)``."""
    cuts = [0, n // 3, 2 * n // 3, n]
    return [(cuts[i], cuts[i + 1]) for i in range(3)]


async def c2_write(
    client: aioredis.Redis, stream: str, entries: list[tuple[int, str, bytes]]
) -> tuple[float, list[int]]:
    """C2's work: ``entries`` written with pipelined ``XADD`` in batches of 100,
    at explicit ``<position>-0`` ids as the store writes them, timed a third at
    a time. Returns the best third's entries/s and each third's."""
    rates = []
    for lo, hi in thirds(len(entries)):
        started = time.perf_counter()
        for i in range(lo, hi, 100):
            pipe = client.pipeline(transaction=False)
            for position, tag, encoded in entries[i : min(i + 100, hi)]:
                pipe.xadd(stream, {"type": tag, "data": encoded}, id=f"{position}-0")
            await pipe.execute()
        rates.append((hi - lo) / (time.perf_counter() - started))
    return max(rates), [round(r) for r in rates]


async def c3_read(client: aioredis.Redis, stream: str, first: int, last: int) -> tuple[float, list[int], int]:
    """C3's work on positions ``first`` … ``last`` of ``stream``: ``XRANGE`` pages
    of 1,000 and a decode of each record, timed a third at a time. Returns the
    best third's events/s, each third's, and how many records were read."""
    rates = []
    count = 0
    for lo, hi in thirds(last - first + 1):
        after, upto = first + lo - 1, first + hi - 1
        started = time.perf_counter()
        part = 0
        while after < upto:
            page = await client.xrange(stream, f"{after + 1}-0", f"{upto}-0", count=PAGE)
            if not page:
                break
            for _, fields in page:
                record = RECORD_DECODER.decode(fields[b"data"])
                part += 1
            after = record.position
        rates.append(part / (time.perf_counter() - started))
        count += part
    return max(rates), [round(r) for r in rates], count


async def c2_c3_c4_store(run: Run) -> None:
    """Each of C2, C3 and C4 is timed over three equal thirds of its work and
    keeps the best third: the capability of the raw part on this machine, less
    exposed to a neighbour's burst of CPU."""
    n = run.sizes.c2_entries
    entries = list(data.records("c2table0000", 2, n))
    size = sum(len(e[2]) for e in entries) / n
    client = aioredis.Redis.from_url(run.redis.url)
    try:
        await client.delete(C2_KEY)
        # C2: pipelined XADD, batches of 100, explicit "<position>-0" ids as the store writes them.
        best, rates = await c2_write(client, C2_KEY, entries)
        run.figure("C2.xadd_per_s", best)
        run.detail("C2", entries=n, mean_entry_bytes=round(size, 1), batch=100, thirds_per_s=rates)

        # C3: read them back in pages of 1,000 and decode each record, a third at a time.
        best, rates, count = await c3_read(client, C2_KEY, entries[0][0], entries[-1][0])
        if count != n:
            run.note(f"C3 read {count} entries, expected {n}")
        run.figure("C3.events_per_s", best)
        run.detail("C3", entries=count, page=PAGE, thirds_per_s=rates)
    finally:
        with contextlib.suppress(Exception):
            await client.delete(C2_KEY)
        await client.aclose()

    # C4: the same entries decoded and folded in memory, no Redis at all.
    m = min(run.sizes.c4_entries, n)
    encoded = [e[2] for e in entries[:m]]
    del entries
    rates = []
    state = evolve(EMPTY, 1, data.first_event("c2table0000"))
    for lo, hi in thirds(m):
        started = time.perf_counter()
        for raw in encoded[lo:hi]:
            record = RECORD_DECODER.decode(raw)
            state = evolve(state, record.position, record.event)
        rates.append((hi - lo) / (time.perf_counter() - started))
    assert state.position == m + 1
    run.figure("C4.events_per_s", max(rates))
    run.detail("C4", entries=m, thirds_per_s=[round(r) for r in rates])


# --- C5 -----------------------------------------------------------------------------

FANOUT_WARMUP_ROUNDS = 20
"""Rounds of a fan-out run, unmeasured, right before its measured ones (C5's
and G5's alike). Linux acknowledges the first 16 segments a connection
receives at once, and again after the connection has been idle for longer
than its retransmission timeout (200 ms or more): its "quick-ack" mode. Each
such acknowledgement is a packet more for both processes' kernels during the
round, and 1,000 of them made a round 30–60% slower than once the rounds come
every few tens of milliseconds and the acknowledgements are delayed to
between them. Three rounds left 13 such rounds in the measured ones (in C5's
as in G5's), and a p99 of 200 rounds caught them. The rounds must come
right before the measured ones: a pause of a second (the spectators
connecting while C5's clients wait) puts every connection back in it."""


class Receivers:
    """Counts how many clients hold the current round's message and when the last got it."""

    def __init__(self) -> None:
        self.count = 0
        self.last = 0.0
        self.expected = 0
        self.done: asyncio.Future[None] | None = None

    def arm(self, expected: int) -> asyncio.Future[None]:
        self.count, self.last, self.expected = 0, 0.0, expected
        self.done = asyncio.get_running_loop().create_future()
        return self.done

    def on_message(self, payload: bytes, arrived: float) -> None:
        self.count += 1
        if arrived > self.last:
            self.last = arrived
        if self.count == self.expected and self.done is not None and not self.done.done():
            self.done.set_result(None)


async def connect_many(
    port: int, path: str, count: int, on_message: object, concurrency: int = 100
) -> list[WSClient]:
    gate = asyncio.Semaphore(concurrency)

    async def one() -> WSClient:
        async with gate:
            return await connect("127.0.0.1", port, path, on_message)  # type: ignore[arg-type]

    return list(await asyncio.gather(*(one() for _ in range(count))))


async def close_all(clients: list[WSClient]) -> None:
    await asyncio.gather(*(c.close(timeout=1.0) for c in clients), return_exceptions=True)


class Broadcast:
    """C5's calibration server with its clients connected, ready for rounds: a
    control message makes it ``broadcast()`` once; a round lasts until every
    client holds the message."""

    def __init__(self, peer: Child, control: WSClient, replies: asyncio.Queue[bytes]) -> None:
        self.peer = peer
        self.control = control
        self.replies = replies
        self.receivers = Receivers()
        self.clients: list[WSClient] = []

    @classmethod
    async def open(cls, run: Run) -> Broadcast:
        """Start the peer and connect the clients; records C5's memory per connection."""
        peer, port = start_peer("broadcast", run.workdir)
        try:
            replies: asyncio.Queue[bytes] = asyncio.Queue()
            control = await connect("127.0.0.1", port, "/control", lambda p, t: replies.put_nowait(p))
            self = cls(peer, control, replies)
            await asyncio.sleep(0.3)
            rss_before = peer.rss()
            self.clients = await connect_many(port, "/", run.sizes.spectators, self.receivers.on_message)
            await asyncio.sleep(1.0)
            run.figure("C5.kib_per_conn", (peer.rss() - rss_before) / run.sizes.spectators / 1024)
        except BaseException:
            await _stop(peer)
            raise
        return self

    async def round(self, i: int) -> float:
        done = self.receivers.arm(len(self.clients))
        sent = self.control.send_text(str(i).encode())
        await asyncio.wait_for(done, 30)
        await asyncio.wait_for(self.replies.get(), 30)
        return self.receivers.last - sent

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.control.close()
        await close_all(self.clients)
        await _stop(self.peer)


def c5_figures(run: Run, latencies: list[float], cpu: float, apart: bool, alongside: str = "") -> None:
    run.figure("C5.p50_ms", percentile(latencies, 50) * 1e3)
    run.figure("C5.p99_ms", percentile(latencies, 99) * 1e3)
    run.figure("C5.cpu_us_per_recipient", cpu / (len(latencies) * run.sizes.spectators) * 1e6)
    run.detail(
        "C5",
        clients=run.sizes.spectators,
        rounds=len(latencies),
        message_bytes=200,
        server_cpu_s=round(cpu, 3),
        max_ms=round(max(latencies) * 1e3, 3),
        round_ms=[round(x * 1e3, 2) for x in latencies],
        load_apart=apart,
        **({"rounds_alternate_with": alongside} if alongside else {}),
    )


async def c5_broadcast(run: Run) -> None:
    broadcast = await Broadcast.open(run)
    try:
        latencies = []
        cpu_before = 0.0
        with load_apart([broadcast.peer.pid]) as apart:
            for i in range(FANOUT_WARMUP_ROUNDS + run.sizes.c5_rounds):
                if i == FANOUT_WARMUP_ROUNDS:
                    cpu_before = broadcast.peer.cpu_seconds()
                latency = await broadcast.round(i)
                if i >= FANOUT_WARMUP_ROUNDS:
                    latencies.append(latency)
                await asyncio.sleep(0.01)
        c5_figures(run, latencies, broadcast.peer.cpu_seconds() - cpu_before, apart)
    finally:
        await broadcast.close()


async def _stop(child: Child) -> None:
    await asyncio.to_thread(child.stop)


# --- C6 -----------------------------------------------------------------------------


async def c6_echo(run: Run) -> None:
    n = 100
    peer, port = start_peer("echo", run.workdir)
    clients: list[WSClient] = []
    try:
        waiting: dict[int, asyncio.Future[float]] = {}

        def handler(i: int) -> object:
            def on_message(payload: bytes, arrived: float) -> None:
                future = waiting.pop(i, None)
                if future is not None and not future.done():
                    future.set_result(arrived)

            return on_message

        gate = asyncio.Semaphore(50)

        async def one(i: int) -> WSClient:
            async with gate:
                return await connect("127.0.0.1", port, "/", handler(i))  # type: ignore[arg-type]

        clients = list(await asyncio.gather(*(one(i) for i in range(n))))
        message = b'{"type":"echo","pad":"' + b"x" * 176 + b'"}'
        assert len(message) == 200
        rtts: list[float] = []
        loop = asyncio.get_running_loop()
        warmup_end = time.perf_counter() + 0.5
        stop_at = warmup_end + run.sizes.c6_seconds
        counted = 0

        async def player(i: int) -> None:
            nonlocal counted
            while True:
                future: asyncio.Future[float] = loop.create_future()
                waiting[i] = future
                sent = clients[i].send_text(message)
                arrived = await asyncio.wait_for(future, 30)
                if arrived >= stop_at:
                    return
                if sent >= warmup_end:
                    rtts.append(arrived - sent)
                    counted += 1

        await asyncio.sleep(0)
        cpu_before = None

        async def mark() -> None:
            nonlocal cpu_before
            await asyncio.sleep(max(0.0, warmup_end - time.perf_counter()))
            cpu_before = peer.cpu_seconds()

        marker = asyncio.create_task(mark())
        await asyncio.gather(*(player(i) for i in range(n)))
        await marker
        assert cpu_before is not None
        cpu = peer.cpu_seconds() - cpu_before
        run.figure("C6.echo_per_s", counted / run.sizes.c6_seconds)
        run.figure("C6.rtt_p50_ms", percentile(rtts, 50) * 1e3)
        run.figure("C6.rtt_p99_ms", percentile(rtts, 99) * 1e3)
        run.figure("C6.cpu_us_per_echo", cpu / max(counted, 1) * 1e6)
        run.detail("C6", clients=n, seconds=run.sizes.c6_seconds, echoes=counted)
    finally:
        await close_all(clients)
        await _stop(peer)


# --- C7 -----------------------------------------------------------------------------


class Wakeups:
    """C7's probe: a reader blocked in ``XREAD BLOCK`` on a stream of its own,
    and a writer whose ``XADD`` wakes it; each sample is the time from issuing
    the ``XADD`` to the reader holding the entry."""

    def __init__(self, run: Run) -> None:
        self.reader = aioredis.Redis.from_url(run.redis.url)
        self.writer = aioredis.Redis.from_url(run.redis.url)
        self.last = 1

    async def __aenter__(self) -> Wakeups:
        await self.writer.delete(C7_KEY)
        await self.writer.xadd(C7_KEY, {"d": "0"}, id="1-0")
        await self.samples([C7_LEAST_GAP] * 20)  # warm-up
        return self

    async def __aexit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            await self.writer.delete(C7_KEY)
        await self.reader.aclose()
        await self.writer.aclose()

    async def _next(self, after: int) -> float:
        await self.reader.xread({C7_KEY: f"{after}-0"}, count=10, block=5000)
        return time.perf_counter()

    async def samples(self, gaps: Sequence[float]) -> list[float]:
        """One wake-up per gap, each ``XADD`` that long after the one before."""
        latencies = []
        for gap in gaps:
            task = asyncio.create_task(self._next(self.last))
            # At least 1 ms: the XREAD must reach Redis and block first.
            await asyncio.sleep(max(gap, C7_LEAST_GAP))
            sent = time.perf_counter()
            self.last += 1
            await self.writer.xadd(C7_KEY, {"d": "x" * 300}, id=f"{self.last}-0")
            latencies.append(await task - sent)
        return latencies


def c7_series(run: Run, name: str, gaps: Sequence[float], latencies: Sequence[float]) -> dict[str, float]:
    """Record one C7 series (``name`` "" or "paced_") and describe it for the JSON."""
    p50, p99 = percentile(latencies, 50) * 1e3, percentile(latencies, 99) * 1e3
    run.figure(f"C7.{name}p50_ms", p50)
    run.figure(f"C7.{name}p99_ms", p99)
    return {
        "samples": len(latencies),
        "mean_gap_ms": round(sum(max(g, C7_LEAST_GAP) for g in gaps) / len(gaps) * 1e3, 3),
        "p50_ms": round(p50, 4),
        "p99_ms": round(p99, 4),
    }


def paced_gaps(run: Run, count: int) -> list[float]:
    return data.action_gaps(run.sizes.light_players, run.sizes.light_rate, count)


async def c7_wakeup(run: Run) -> None:
    """C7's figures, two ways: XADDs 1 ms apart (``C7.p50_ms``, ``C7.p99_ms``),
    and spaced as G4's actions are (``C7.paced_*``), since a wake-up costs more
    the longer the processes slept before it."""
    async with Wakeups(run) as probe:
        figures = {}
        for name, gaps in (
            ("", [C7_LEAST_GAP] * run.sizes.c7_samples),
            ("paced_", paced_gaps(run, run.sizes.c7_samples)),
        ):
            figures[name.rstrip("_") or "back_to_back"] = c7_series(
                run, name, gaps, await probe.samples(gaps)
            )
        run.detail("C7", **figures)
