"""Soak: tables play through a real ``fracas serve`` process and its Redis; the
server's memory stays flat and every table's history passes the checker.

Short form: 4 busy tables × (GM + 5 players + 6 spectators) for 20 s, each
client sending again as soon as it is answered (after 0–0.4 s).
Long form: the G10 shape of realistic tables (bench/capacity.py), 32 tables ×
(GM + 5 players + 1 overlay), players a command every 10 s on average and the
GM every 5 s (Poisson arrivals), for 5 minutes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.proofs.conftest import LONG, report
from tests.proofs.history import check_history
from tests.proofs.tables import play, play_paced, proof_table
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(1500)]

PLAYERS = 5
TABLES, SPECTATORS, SECONDS = (32, 1, 300) if LONG else (4, 6, 20)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_tables_play_with_flat_memory_and_a_true_history(tmp_path: Path) -> None:
    seconds = SECONDS
    served = Served(tmp_path / "data", "--log-level", "warning").start()
    assert served.process is not None
    pid = served.process.pid
    samples: list[float] = []

    async def scenario() -> None:
        tables = [await proof_table(served.url, PLAYERS, SPECTATORS, f"t{i}") for i in range(TABLES)]

        async def sample() -> None:
            while True:
                samples.append(rss_mib(pid))
                await asyncio.sleep(1)

        sampler = asyncio.create_task(sample())
        try:
            pace = play_paced if LONG else play
            await asyncio.gather(*(pace(t, seconds, seed=i) for i, t in enumerate(tables)))
        finally:
            sampler.cancel()
        checked = []
        for t in tables:
            head = len(t.gm.positions)  # the GM follows from 0: its count is the head
            for client in t.clients:
                await client.wait_for(head)
            checked.append(
                await check_history(served.url, t.table_id, t.gm_token, t.clients, frozenset(t.over_http))
            )
            await t.close()
        third = max(1, len(samples) // 3)
        early, late = sum(samples[third : 2 * third]) / third, sum(samples[-third:]) / third
        report(
            "soak",
            shape="G10" if LONG else "busy",
            seconds=seconds,
            tables=TABLES,
            sockets=TABLES * (1 + PLAYERS + SPECTATORS),
            events=sum(c.events for c in checked),
            accepted=sum(c.accepted for c in checked),
            rss_start_mib=round(samples[0], 1),
            rss_middle_mib=round(early, 1),
            rss_end_mib=round(late, 1),
        )
        # Flat: the last third of the run holds no more than the middle third,
        # give or take what one table's recent history and the allocator keep.
        assert late - early < 32, f"server memory grew from {early:.0f} to {late:.0f} MiB"

    try:
        asyncio.run(scenario())
    finally:
        served.stop()
