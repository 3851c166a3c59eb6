"""What every measurement of one run shares: the Redis it uses, where it keeps
its files, how long it may take, and where it puts its figures."""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.procs import OtherLoad, RedisTarget

OTHER_LOAD_WARNING = 25.0
"""Percent of one core used by other processes during a step above which the
step's figures get a note."""


@dataclass(frozen=True)
class Sizes:
    """How much each measurement does; ``--quick`` uses the small set."""

    c1_requests: int
    c2_entries: int
    c2_entries_next_to_g1: int
    c4_entries: int
    c5_rounds: int
    c6_seconds: float
    c7_samples: int
    g1_warmup: float
    g1_seconds: float
    g9_pairs: int
    """G1's and G9's windows alternate: how many of each (``g1_seconds`` in all)."""
    g4_seconds: float
    g4_windows: int
    """G4's windows (``g4_seconds`` in all), each after a share of C7's paced
    series when both are measured."""
    g5_rounds: int
    g6_events: int
    g7_events: int
    g7_queries: int
    fight_tables: int
    fight_seconds: float
    players: int = 100
    light_players: int = 10
    light_rate: float = 20.0
    spectators: int = 1000


QUICK = Sizes(
    c1_requests=200_000,
    c2_entries=100_000,
    c2_entries_next_to_g1=60_000,
    c4_entries=50_000,
    c5_rounds=30,
    c6_seconds=3.0,
    c7_samples=500,
    g1_warmup=1.5,
    g1_seconds=6.0,
    g9_pairs=2,
    g4_seconds=5.0,
    g4_windows=2,
    g5_rounds=30,
    g6_events=100_000,
    g7_events=100_000,
    g7_queries=200,
    fight_tables=10,
    fight_seconds=5.0,
)

FULL = Sizes(
    c1_requests=1_000_000,
    c2_entries=1_000_000,
    c2_entries_next_to_g1=150_000,
    c4_entries=200_000,
    c5_rounds=200,
    c6_seconds=10.0,
    c7_samples=3000,
    g1_warmup=3.0,
    g1_seconds=30.0,
    g9_pairs=6,
    g4_seconds=20.0,
    g4_windows=4,
    g5_rounds=200,
    g6_events=1_000_000,
    g7_events=100_000,
    g7_queries=1000,
    fight_tables=20,
    fight_seconds=20.0,
)


@dataclass
class Run:
    redis: RedisTarget
    workdir: Path
    sizes: Sizes
    quick: bool
    steps: frozenset[str] = frozenset()
    figures: dict[str, float | None] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    windows: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each step's wall-clock (start, end), to place the server's trace samples."""
    started: float = field(default_factory=time.monotonic)

    def figure(self, name: str, value: float | None) -> None:
        self.figures[name] = value

    def detail(self, section: str, **values: Any) -> None:
        self.details.setdefault(section, {}).update(values)

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"  note: {text}", flush=True)

    def failed(self, step: str, exc: BaseException) -> None:
        """Note a step that broke, with the error's type and message (some
        libraries' errors leave the message out of their ``repr``)."""
        self.note(f"{step} failed: {type(exc).__name__}: {exc}")

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Time one step and record the CPU other processes used meanwhile. The
        harness's own garbage collector is off during the step, as ``timeit`` does:
        a full pass over its thousands of client objects takes tens of
        milliseconds, and would be counted against whichever server was timed."""
        started, wall = time.monotonic(), time.time()
        other = OtherLoad()
        gc.collect()
        gc.disable()
        try:
            yield
        finally:
            gc.enable()
            self.timings[name] = time.monotonic() - started
            self.windows[name] = (wall, time.time())
            self.other_load(name, *other.percent())

    def other_load(self, step: str, percent: float, stolen: float = 0.0) -> None:
        """Record the CPU other processes of the machine used during ``step``, and
        the part of it the hypervisor stole from this machine's CPUs."""
        self.details.setdefault("other_processes_cpu_pct", {})[step] = round(percent, 1)
        self.details.setdefault("steal_cpu_pct", {})[step] = round(stolen, 1)
        if percent > OTHER_LOAD_WARNING:
            self.note(
                f"{step}: other processes used {percent:.0f}% of a core meanwhile"
                f" ({stolen:.0f}% stolen by the hypervisor); its figures are suspect"
            )

    def log(self, text: str) -> None:
        print(f"[{time.monotonic() - self.started:6.1f}s] {text}", flush=True)
