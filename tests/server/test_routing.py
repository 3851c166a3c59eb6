"""Routing is an optimisation, not a requirement: every scenario in ``examples/``
plays through ``fracas serve --workers 2`` and through three replicas behind a
round-robin proxy that knows nothing of tables (each step opens its own
connection, so consecutive steps land on different processes).

Each scenario runs ``FRACAS_ROUTING_RUNS`` times on each (default 2; the long
form is ``FRACAS_ROUTING_RUNS=20``, see docs/operations.md)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from clients.python.scenario import load_scenario, run_on_server
from server.embedded import EmbeddedRedis
from tests.proxy import TcpProxy
from tests.replicas import ROOT, ServerProcess

pytestmark = [pytest.mark.redis, pytest.mark.timeout(3600)]

RUNS = int(os.environ.get("FRACAS_ROUTING_RUNS", "2"))
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "sheets" not in p.parts)


@pytest.fixture(scope="module")
def workers(embedded_redis: EmbeddedRedis) -> Iterator[str]:
    server = ServerProcess(embedded_redis.url, "--workers", "2").start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def replicas(embedded_redis: EmbeddedRedis) -> Iterator[list[int]]:
    started = [ServerProcess(embedded_redis.url).start(wait=False) for _ in range(3)]
    try:
        for server in started:
            server.wait_ready()
        yield [server.port for server in started]
    finally:
        for server in started:
            server.stop()


async def play_runs(example: Path, server: str) -> None:
    scenario = load_scenario(example)
    for run in range(RUNS):
        try:
            result = await run_on_server(scenario, server)
        except SystemExit as failed:  # how run_on_server reports a step answered otherwise
            raise AssertionError(f"{example.name}, run {run + 1} of {RUNS}: {failed}") from None
        assert len(result["events"]) > len(scenario.steps) // 2


def test_the_examples_are_all_here() -> None:
    assert {p.name for p in EXAMPLES} >= {"duel.yaml", "ruelle.yaml", "etreinte.yaml", "parking.yaml"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
async def test_every_example_plays_through_two_workers(example: Path, workers: str) -> None:
    await play_runs(example, workers)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
async def test_every_example_plays_through_three_replicas_behind_a_round_robin_proxy(
    example: Path, replicas: list[int]
) -> None:
    proxy = await TcpProxy(replicas).start()
    try:
        await play_runs(example, proxy.url)
        assert proxy.connections >= 3 * RUNS  # every replica took its turn
    finally:
        await proxy.stop()
