"""G9's switches of the harness's own Redis between no persistence and the
append-only file with a sync at every write, and what Redis's automatic
rewrite of that file would cost at the load's rate."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import redis.asyncio as aioredis


@dataclass(frozen=True)
class Rewrite:
    """The rewrite of the append-only file that switching it on starts."""

    seconds: float
    base_bytes: int


AUTO_REWRITE = "auto-aof-rewrite-percentage"


async def persistence_off(admin: aioredis.Redis) -> None:
    """No RDB snapshots, no append-only file."""
    await admin.config_set("appendonly", "no")
    await admin.config_set("save", "")


async def persistence_always(admin: aioredis.Redis) -> Rewrite:
    """The append-only file with a sync at every write, its automatic rewrite
    held off. Switching the file on writes the whole dataset into its base
    first: that rewrite is waited for and returned."""
    await admin.config_set("appendfsync", "always")
    # Under G1's load the file doubles within seconds, and a rewrite (a forked
    # child writing the whole dataset, on a machine whose two cores the load
    # already fills) would fall in most windows: G9 measures the sync at every
    # write, and the rewrite's share is estimated apart (auto_rewrite_busy_share).
    await admin.config_set(AUTO_REWRITE, 0)
    started = time.perf_counter()
    await admin.config_set("appendonly", "yes")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info = await admin.info("persistence")
        if (
            int(info.get("aof_enabled", 0)) == 1
            and int(info.get("aof_rewrite_in_progress", 0)) == 0
            and int(info.get("aof_rewrite_scheduled", 0)) == 0
        ):
            return Rewrite(round(time.perf_counter() - started, 3), int(info["aof_base_size"]))
        await asyncio.sleep(0.01)
    raise RuntimeError("the append-only file was not ready within 120 s")


async def aof_sizes(admin: aioredis.Redis) -> tuple[int, int]:
    """The append-only file's current size and its base's (which a rewrite replaces)."""
    info = await admin.info("persistence")
    return int(info["aof_current_size"]), int(info["aof_base_size"])


def auto_rewrite_busy_share(rewrites: list[Rewrite], growth_per_s: float, percentage: int) -> float | None:
    """The share of the time Redis's automatic rewrite would keep a child busy
    at this growth of the append-only file. A rewrite starts once the file has
    grown by ``percentage`` % of its base and takes time in proportion to that
    base, so the share is the same whatever the table's size:
    growth / (percentage % of the base written per second)."""
    if not rewrites or percentage <= 0:
        return None
    base_per_s = sum(r.base_bytes for r in rewrites) / sum(r.seconds for r in rewrites)
    return growth_per_s / (percentage / 100 * base_per_s)
