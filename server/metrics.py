"""Prometheus metrics, served at ``/metrics`` (``prometheus_client``).

Every name starts with ``fracas_``; no label names a table or a person, so the
number of series stays bounded whatever the traffic. On the hot path (a
command, a batch, a fan-out) a metric is one increment of a child bound once
(a dict look-up at most): per-command label look-ups would show in the
benchmark. What is cheaper to read than to count (sockets by role, queued
frames) is sampled when scraped and every few seconds.

With several processes (``fracas serve --workers N``) the parent points
``PROMETHEUS_MULTIPROC_DIR`` at an empty folder before the workers start
(:func:`prepare_multiprocess`): each worker writes its values there and any
worker answers ``/metrics`` with the sum over all of them, as one server.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from redis.exceptions import RedisError
from starlette.requests import Request
from starlette.responses import Response

from domain.errors import Refused

if TYPE_CHECKING:
    from server.deciding import Result
    from server.hub import Hub

MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"

LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a lone command answers in about a millisecond, a Redis outage in ``--request-seconds``."""

COMMANDS = Counter(
    "fracas_commands",
    "Commands answered, by command type and result (accepted, duplicate, refused, "
    "unavailable, error); rule: the rule ID of a refusal",
    ["type", "result", "rule"],
)
COMMAND_SECONDS = Histogram(
    "fracas_command_seconds",
    "From a command's arrival to its answer (stage=acknowledged) and to its events "
    "written to the table's following sockets (stage=delivered)",
    ["stage"],
    buckets=LATENCY_BUCKETS,
)
APPENDS = Counter("fracas_appends", "Batches of commands appended to Redis")
APPENDED_EVENTS = Counter("fracas_appended_events", "Events appended to Redis")
APPEND_CONFLICTS = Counter(
    "fracas_append_conflicts", "Appends refused because another process moved the table's head first"
)
APPEND_DUPLICATES = Counter(
    "fracas_append_duplicates", "Appends that found a command of the batch already applied (a retry)"
)
CATCH_UPS = Counter("fracas_catch_ups", "Times a table's feed read events it had not written itself")
CATCH_UP_EVENTS = Counter("fracas_catch_up_events", "Events read by those catch-ups")
CONNECTIONS = Gauge(
    "fracas_connections",
    "Open table sockets, by role (gm, player, spectator)",
    ["role"],
    multiprocess_mode="livesum",
)
QUEUED = Gauge(
    "fracas_outbound_queued",
    "Items waiting in the sockets' outbound queues (a slow reader's backlog), summed",
    multiprocess_mode="livesum",
)
QUEUED_MAX = Gauge(
    "fracas_outbound_queued_max",
    "The longest outbound queue of one socket",
    multiprocess_mode="livemax",
)
FEEDS = Gauge("fracas_feeds", "Tables this process follows", multiprocess_mode="livesum")
SLOW_CLOSES = Counter(
    "fracas_slow_consumer_closes", "Players or GMs closed (1013) because their queue overflowed"
)
SLOW_SKIPS = Counter(
    "fracas_slow_consumer_skips",
    "Spectators skipped ahead to the latest state because their queue overflowed",
)
DIVERGED = Counter(
    "fracas_history_diverged", "Clients told the history diverged (another epoch, a lost or changed record)"
)
REDIS_CALLS = Counter(
    "fracas_redis_calls",
    "Calls of the event store to Redis (one round trip each), by operation",
    ["operation"],
)
REDIS_ERRORS = Counter(
    "fracas_redis_errors", "Calls to Redis that failed or timed out, by operation", ["operation"]
)

# --- the hot path: plain numbers, added to the metrics at each flush ----------


class Tally:
    """Increments of a counter kept as a plain number (``tally.n += 1``: a tenth of
    a ``Counter.inc``, which takes a lock) and added to it by :func:`flush`."""

    __slots__ = ("child", "n")

    def __init__(self, child: Any) -> None:
        self.child = child
        self.n = 0

    def flush(self) -> None:
        if self.n:
            n, self.n = self.n, 0
            self.child.inc(n)


class Latencies:
    """Observations of a histogram kept as bucket counts (one bisection each:
    ``Histogram.observe`` takes a lock per bucket it scans) and added to it by
    :func:`flush`: prometheus_client keeps one value per bucket (not cumulative)
    and a sum, each added to in one step. A prometheus_client whose insides
    moved is given each observation through ``observe``, the plain way."""

    __slots__ = ("child", "bounds", "counts", "total", "direct")

    def __init__(self, child: Any) -> None:
        self.child = child
        self.bounds = [*LATENCY_BUCKETS, float("inf")]
        self.counts = [0] * len(self.bounds)
        self.total = 0.0
        buckets = getattr(child, "_buckets", None)
        self.direct = not (
            isinstance(buckets, list) and len(buckets) == len(self.bounds) and hasattr(child, "_sum")
        )

    def observe(self, seconds: float) -> None:
        if self.direct:
            self.child.observe(seconds)
            return
        self.counts[bisect.bisect_left(self.bounds, seconds)] += 1
        self.total += seconds

    def flush(self) -> None:
        counts, total = self.counts, self.total
        if not any(counts):
            return
        self.counts, self.total = [0] * len(self.bounds), 0.0
        for bucket, count in zip(self.child._buckets, counts, strict=True):
            if count:
                bucket.inc(count)
        self.child._sum.inc(total)


_tallies: list[Tally] = []
_latencies: list[Latencies] = []


def tally(child: Any) -> Tally:
    found = Tally(child)
    _tallies.append(found)
    return found


def latencies(child: Any) -> Latencies:
    found = Latencies(child)
    _latencies.append(found)
    return found


def flush() -> None:
    """Add what the hot path counted to the metrics (before each scrape and every
    :data:`SAMPLE_SECONDS`)."""
    for counted in _tallies:
        counted.flush()
    for observed in _latencies:
        observed.flush()


ROLES = ("gm", "player", "spectator")
_connections = {role: CONNECTIONS.labels(role) for role in ROLES}
_acknowledged = latencies(COMMAND_SECONDS.labels("acknowledged"))
_delivered = latencies(COMMAND_SECONDS.labels("delivered"))
_commands: dict[tuple[str, str, str], Tally] = {}
"""Tallies of :data:`COMMANDS`, by label values (command types and rule IDs are
the code's own: a bounded set)."""
appends = tally(APPENDS)
appended_events = tally(APPENDED_EVENTS)
catch_ups = tally(CATCH_UPS)
catch_up_events = tally(CATCH_UP_EVENTS)

_delivering: list[float] = []
"""Arrival times of commands answered in the current step of the loop, whose
events leave when the step's writes are flushed."""


def command_answered(command: Any, started: float, outcome: Result | BaseException) -> tuple[str, str, str]:
    """Count one command's answer and its latency (``started``: ``time.perf_counter()``
    on arrival). An accepted command's events leave with its answer, in the same
    write; its delivery is stamped once that write is done (the end of the loop's
    step). Returns the labels it was counted under: type, result, rule."""
    now = time.perf_counter()
    if isinstance(outcome, Refused):
        key = (type(command).__name__, "refused", outcome.rule)
    elif isinstance(outcome, BaseException):
        unavailable = isinstance(outcome, RedisError | TimeoutError | asyncio.CancelledError)
        key = (type(command).__name__, "unavailable" if unavailable else "error", "")
    else:
        key = (type(command).__name__, "duplicate" if outcome.duplicate else "accepted", "")
        if not outcome.duplicate:
            if not _delivering:
                asyncio.get_running_loop().call_soon(_stamp_delivered)
            _delivering.append(started)
    counted = _commands.get(key)
    if counted is None:
        counted = _commands[key] = tally(COMMANDS.labels(*key))
    counted.n += 1
    _acknowledged.observe(now - started)
    return key


def _stamp_delivered() -> None:
    now = time.perf_counter()
    started = _delivering[:]
    _delivering.clear()
    for moment in started:
        _delivered.observe(now - moment)


def caught_up(events: int) -> None:
    """A feed read ``events`` events another process (or connection) wrote."""
    catch_ups.n += 1
    catch_up_events.n += events


# --- the event store's calls -------------------------------------------------

DELEGATING = frozenset({"append"})
"""Store methods that only call another measured one (``append`` is ``append_batch``)."""


Store = TypeVar("Store")

_calls: dict[str, Tally] = {}
"""Tallies of :data:`REDIS_CALLS`, by operation."""


def measure_store(store: Store) -> Store:
    """Count every call ``store`` makes to Redis, its failures, and the outcome of
    its appends: each public coroutine method of its class is wrapped on the
    instance (the object and its type stay the same)."""
    from server.store import Conflict, DuplicateCommand

    for name in dir(type(store)):
        method = getattr(store, name)
        if name.startswith("_") or name in DELEGATING or not asyncio.iscoroutinefunction(method):
            continue
        calls = _calls.get(name) or _calls.setdefault(name, tally(REDIS_CALLS.labels(name)))
        errors = REDIS_ERRORS.labels(name)

        def wrap(
            method: Callable[..., Awaitable[Any]], calls: Any = calls, errors: Any = errors, name: str = name
        ) -> Callable[..., Awaitable[Any]]:
            appending = name == "append_batch"

            async def measured(*args: Any, **kwargs: Any) -> Any:
                calls.n += 1
                try:
                    result = await method(*args, **kwargs)
                except Conflict:
                    APPEND_CONFLICTS.inc()
                    raise
                except DuplicateCommand:
                    APPEND_DUPLICATES.inc()
                    raise
                except (RedisError, OSError, TimeoutError):
                    errors.inc()
                    raise
                if appending:
                    appends.n += 1
                    groups = args[1] if len(args) > 1 else kwargs.get("commands", ())
                    appended_events.n += sum(len(records) for _, records in groups)
                return result

            measured.__doc__ = method.__doc__
            return measured

        setattr(store, name, wrap(method))
    return store


# --- sampled gauges ----------------------------------------------------------


def sample(hub: Hub) -> None:
    """Set the gauges read from the hub: sockets by role, queued items, feeds;
    and add what the hot path counted since the last time (:func:`flush`)."""
    flush()
    counts: dict[str, int] = dict.fromkeys(ROLES, 0)
    queued = longest = 0
    for feed in list(hub.feeds.values()):
        for subscriber in list(feed.subscribers):
            if subscriber.closed.is_set():
                continue
            role: str = subscriber.viewer.role
            counts[role] = counts.get(role, 0) + 1
            size = subscriber.queue.qsize()
            queued += size
            longest = max(longest, size)
    for role, count in counts.items():
        (_connections.get(role) or CONNECTIONS.labels(role)).set(count)
    QUEUED.set(queued)
    QUEUED_MAX.set(longest)
    FEEDS.set(len(hub.feeds))


SAMPLE_SECONDS = 2.0


async def sample_every(hub: Hub, seconds: float = SAMPLE_SECONDS) -> None:
    """Keep the sampled gauges fresh (with several processes, another one may
    answer the scrape)."""
    while True:
        sample(hub)
        await asyncio.sleep(seconds)


@contextlib.contextmanager
def sampling(hub: Hub) -> Iterator[None]:
    task = asyncio.get_running_loop().create_task(sample_every(hub), name="metrics")
    try:
        yield
    finally:
        task.cancel()
        flush()
        if os.environ.get(MULTIPROCESS_VARIABLE):
            # This process's live gauges no longer count.
            multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


# --- the endpoint and several processes --------------------------------------


def exposition() -> bytes:
    """The text of every metric: this process's, or every worker's summed."""
    folder = os.environ.get(MULTIPROCESS_VARIABLE)
    if folder:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


async def endpoint(request: Request) -> Response:
    from server.services import services

    sample(services(request).hub)
    return Response(exposition(), media_type=CONTENT_TYPE_LATEST)


def prepare_multiprocess() -> Path | None:
    """For ``--workers N``: an empty folder for the workers' values, unless the
    operator chose one (``PROMETHEUS_MULTIPROC_DIR``, which is then emptied: old
    files of dead processes would be summed too). Returns the folder made here,
    to remove when the server stops."""
    chosen = os.environ.get(MULTIPROCESS_VARIABLE)
    if chosen:
        folder = Path(chosen)
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.db"):
            old.unlink()
        return None
    made = Path(tempfile.mkdtemp(prefix="fracas-metrics-"))
    os.environ[MULTIPROCESS_VARIABLE] = str(made)
    return made


def forget_multiprocess(made: Path | None) -> None:
    if made is not None:
        os.environ.pop(MULTIPROCESS_VARIABLE, None)
        shutil.rmtree(made, ignore_errors=True)
