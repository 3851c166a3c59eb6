"""``/metrics`` after real commands through a real server: what each command
did is counted once, by type, result and rule, and no label names a table or
a person."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import CollectorRegistry, Histogram
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect

from clients.python.client import ws_url
from server import metrics
from tests.server.conftest import StartServer
from tests.server.test_secret_logs import ROOT, free_port, up

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]

LABELS = {"type", "result", "rule", "stage", "role", "operation", "le"}
"""Every label Fracas's metrics have: bounded by the code, never a table or a person."""


async def scrape(server: str) -> tuple[dict[tuple[str, frozenset[tuple[str, str]]], float], str]:
    async with httpx.AsyncClient(base_url=server) as http:
        answer = await http.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    values = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            values[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return values, answer.text


def value(values: dict[Any, float], name: str, **labels: str) -> float:
    return values.get((name, frozenset(labels.items())), 0.0)


async def answer(ws: ClientConnection, wanted: str) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == wanted:
            return message  # type: ignore[no-any-return]


async def test_metrics_count_what_real_commands_did(start_embedded_server: StartServer) -> None:
    server = await start_embedded_server()
    async with httpx.AsyncClient(base_url=server) as http:
        created = (await http.post("/api/tables", json={"title": "Compteurs", "system": "vda"})).json()
        table_id, gm = created["table_id"], created["gm_token"]
        invited = await http.post(
            f"/api/tables/{table_id}/invites",
            json={"role": "spectator", "name": "Public"},
            headers={"Authorization": f"Bearer {gm}"},
        )
        spectator = invited.json()["token"]
    before, _ = await scrape(server)

    note = {"type": "AddNote", "text": "compté"}
    async with (
        connect(ws_url(server, table_id), additional_headers={"Authorization": f"Bearer {gm}"}) as ws,
        connect(
            ws_url(server, table_id), additional_headers={"Authorization": f"Bearer {spectator}"}
        ) as watcher,
    ):
        welcome = await answer(ws, "welcome")
        await answer(watcher, "welcome")
        await watcher.send(json.dumps({"type": "follow", "after": welcome["head"]}))
        for n in range(3):
            await ws.send(json.dumps({"type": "command", "id": f"n{n}", "command": note}))
            assert (await answer(ws, "accepted"))["duplicate"] is False
        await ws.send(json.dumps({"type": "command", "id": "n0", "command": note}))  # a retry
        assert (await answer(ws, "accepted"))["duplicate"] is True
        stale = {"type": "command", "id": "late", "command": note, "expected_head": 1}
        await ws.send(json.dumps(stale))
        assert (await answer(ws, "rejected"))["rule"] == "table.expected-head"
        await ws.send(json.dumps({"type": "follow", "after": 0, "epoch": "not-this-one"}))
        await answer(ws, "diverged")
        during, _ = await scrape(server)
    after, text = await scrape(server)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    accepted = {"type": "AddNote", "result": "accepted", "rule": ""}
    assert grew("fracas_commands_total", **accepted) == 3
    assert grew("fracas_commands_total", type="AddNote", result="duplicate", rule="") == 1
    assert grew("fracas_commands_total", type="AddNote", result="refused", rule="table.expected-head") == 1
    assert grew("fracas_command_seconds_count", stage="acknowledged") == 5
    assert grew("fracas_command_seconds_count", stage="delivered") == 3
    assert grew("fracas_command_seconds_bucket", stage="acknowledged", le="+Inf") == 5
    assert grew("fracas_command_seconds_sum", stage="acknowledged") > 0
    assert 1 <= grew("fracas_appends_total") <= 3
    assert grew("fracas_appended_events_total") == 3
    writes = grew("fracas_appends_total") + grew("fracas_append_duplicates_total")
    assert grew("fracas_append_duplicates_total") == 1  # the retry reached the script, which found it
    assert grew("fracas_redis_calls_total", operation="append_batch") == writes
    assert grew("fracas_history_diverged_total") == 1
    assert (
        value(during, "fracas_connections", role="gm") == value(before, "fracas_connections", role="gm") + 1
    )
    assert value(during, "fracas_connections", role="spectator") >= 1
    assert value(after, "fracas_connections", role="gm") == value(before, "fracas_connections", role="gm")
    for name in ("fracas_outbound_queued", "fracas_outbound_queued_max", "fracas_feeds"):
        assert (name, frozenset()) in after
    for name in (
        "fracas_append_conflicts_total",
        "fracas_catch_ups_total",
        "fracas_slow_consumer_closes_total",
    ):
        assert (name, frozenset()) in after
    for name in ("fracas_slow_consumer_skips_total",):
        assert (name, frozenset()) in after

    fracas = [key for key in after if key[0].startswith("fracas_")]
    assert {label for _, labels in fracas for label, _ in labels} <= LABELS
    assert table_id not in text and "p-" not in text


async def test_a_refusal_by_a_rule_is_counted_under_its_rule_id(start_embedded_server: StartServer) -> None:
    server = await start_embedded_server()
    async with httpx.AsyncClient(base_url=server) as http:
        created = (await http.post("/api/tables", json={"title": "Règles", "system": "vda"})).json()
        before, _ = await scrape(server)
        refused = await http.post(
            f"/api/tables/{created['table_id']}/commands",
            json={"id": "r", "command": {"type": "Rewind", "to": 999}},
            headers={"Authorization": f"Bearer {created['gm_token']}"},
        )
        assert refused.status_code >= 400
        rule = refused.json()["rule"]
    after, _ = await scrape(server)
    labels = {"type": "Rewind", "result": "refused", "rule": rule}
    assert (
        value(after, "fracas_commands_total", **labels) - value(before, "fracas_commands_total", **labels)
        == 1
    )


def test_latencies_counted_on_the_hot_path_flush_to_what_observe_would_give() -> None:
    """The hot path's bucket counts, added at a flush, give the histogram that
    ``observe`` one by one gives: same buckets (a value on a bound falls in that
    bound's bucket), same count, same sum; and the plain way is taken by a
    child without the expected insides."""
    registry = CollectorRegistry()
    fast = Histogram("fast_seconds", "", buckets=metrics.LATENCY_BUCKETS, registry=registry)
    plain = Histogram("plain_seconds", "", buckets=metrics.LATENCY_BUCKETS, registry=registry)
    counted = metrics.Latencies(fast)
    assert not counted.direct
    values = [0.0001, 0.001, 0.0010001, 0.5, 0.5, 3.0, 10.0, 11.0, 250.0]
    for seconds in values:
        counted.observe(seconds)
        plain.observe(seconds)
    assert registry.get_sample_value("fast_seconds_count") == 0  # nothing until the flush
    counted.flush()
    for suffix in ["_count", "_sum"]:
        assert registry.get_sample_value(f"fast_seconds{suffix}") == pytest.approx(
            registry.get_sample_value(f"plain_seconds{suffix}")
        )
    for bound in [*metrics.LATENCY_BUCKETS, float("inf")]:
        le = "+Inf" if bound == float("inf") else str(bound)
        assert registry.get_sample_value("fast_seconds_bucket", {"le": le}) == registry.get_sample_value(
            "plain_seconds_bucket", {"le": le}
        )

    class Observed:
        def __init__(self) -> None:
            self.seen: list[float] = []

        def observe(self, seconds: float) -> None:
            self.seen.append(seconds)

    other = Observed()
    direct = metrics.Latencies(other)
    assert direct.direct
    direct.observe(0.25)
    assert other.seen == [0.25]


async def test_with_several_workers_any_worker_answers_for_the_whole_server(tmp_path: Path) -> None:
    """``fracas serve --workers 2``: commands land on either worker, and every
    scrape, whichever worker answers it, counts them all."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", metrics.MULTIPROCESS_VARIABLE)}
    command = ["-m", "fracas_cli", "serve", "--port", str(port), "--data", str(tmp_path / "data")]
    process = subprocess.Popen([sys.executable, *command, "--workers", "2"], cwd=ROOT, env=env)
    server = f"http://127.0.0.1:{port}"
    try:
        await up(server, process)
        async with httpx.AsyncClient(base_url=server) as http:
            created = (await http.post("/api/tables", json={"title": "Deux", "system": "vda"})).json()
        sent = 12
        for n in range(sent):  # a connection each: the kernel hands them to either worker
            async with httpx.AsyncClient(base_url=server) as http:
                answer = await http.post(
                    f"/api/tables/{created['table_id']}/commands",
                    json={"id": f"n{n}", "command": {"type": "AddNote", "text": "x"}},
                    headers={"Authorization": f"Bearer {created['gm_token']}"},
                )
                assert answer.status_code == 200, answer.text
        await asyncio.sleep(metrics.SAMPLE_SECONDS + 1)  # each worker adds its counts every 2 s
        accepted = {"type": "AddNote", "result": "accepted", "rule": ""}
        for _ in range(6):
            values, _ = await scrape(server)
            assert value(values, "fracas_commands_total", **accepted) == sent
            assert value(values, "fracas_command_seconds_count", stage="acknowledged") == sent
            assert value(values, "fracas_feeds") >= 1
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
