"""Draining: a process told to stop (SIGTERM) stops accepting, closes its sockets
with 1012 and exits; its clients connect again, through the proxy to another
replica, and resume with nothing lost or repeated. ``/livez`` and ``/readyz``
tell a process manager whether the process runs and whether it may be given
clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
import redis
from starlette.applications import Starlette
from websockets.asyncio.client import connect

from clients.python import Admin, TableClient
from clients.python.client import ws_url
from domain.commands import AddNote
from domain.events import NoteAdded
from domain.wire import Accepted
from server.app import Settings, create_app
from server.embedded import EmbeddedRedis
from server.serve import Server, drain, uvicorn_config
from server.store import APPEND_SCRIPT
from tests.proxy import TcpProxy
from tests.replicas import ROOT, ServerProcess, free_port

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


# --- probes -------------------------------------------------------------------


@contextlib.asynccontextmanager
async def serving(settings: Settings) -> AsyncIterator[tuple[httpx.AsyncClient, Starlette]]:
    """One server in this process, and an HTTP client of it."""
    app = create_app(settings)
    port = free_port()
    server = Server(uvicorn_config(app, "127.0.0.1", port, log_level="warning"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            yield http, app
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 15)


async def test_readyz_answers_while_redis_answers_and_503_once_the_process_drains(
    embedded_redis: EmbeddedRedis,
) -> None:
    async with serving(Settings(redis_url=embedded_redis.url)) as (http, app):
        assert (await http.get("/livez")).json() == {"status": "alive"}
        assert (await http.get("/readyz")).json() == {"status": "ready"}
        drain(app)
        answer = await http.get("/readyz")
        assert answer.status_code == 503 and answer.json()["rule"] == "server.draining"
        assert (await http.get("/livez")).status_code == 200  # draining is not dead: no restart


async def test_readyz_loads_the_scripts_again_into_a_redis_that_forgot_them(
    embedded_redis: EmbeddedRedis,
) -> None:
    client = redis.Redis.from_url(embedded_redis.url)
    sha = client.script_load(APPEND_SCRIPT)
    try:
        async with serving(Settings(redis_url=embedded_redis.url)) as (http, _):
            client.script_flush()
            assert client.script_exists(sha) == [False]
            assert (await http.get("/readyz")).status_code == 200
            assert client.script_exists(sha) == [True]
    finally:
        client.close()


async def test_without_redis_the_process_is_alive_but_not_ready() -> None:
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    async with serving(Settings(redis_url=nowhere, request_seconds=1)) as (http, _):
        answer = await http.get("/readyz")
        assert answer.status_code == 503 and answer.json()["rule"] == "store.unavailable"
        assert (await http.get("/livez")).json() == {"status": "alive"}


# --- SIGTERM -------------------------------------------------------------------


@pytest.fixture
def replicas(embedded_redis: EmbeddedRedis) -> Iterator[list[ServerProcess]]:
    started = [ServerProcess(embedded_redis.url, "--shutdown-seconds", "2") for _ in range(2)]
    for server in started:
        server.start(wait=False)
    try:
        for server in started:
            server.wait_ready()
        yield started
    finally:
        for server in started:
            server.stop()


async def new_table(server: str) -> tuple[str, str]:
    async with Admin(server) as anonymous:
        created = await anonymous.create_table("Relève", "vda")
    return created["table_id"], created["gm_token"]


async def close_codes_on_sigterm(server: ServerProcess, sockets: int) -> list[int | None]:
    table_id, token = await new_table(server.url)
    headers = {"Authorization": f"Bearer {token}"}
    opened = [await connect(ws_url(server.url, table_id), additional_headers=headers) for _ in range(sockets)]
    for socket in opened:
        assert json.loads(await socket.recv())["type"] == "welcome"
    server.signal(signal.SIGTERM)
    codes = []
    for socket in opened:
        await socket.wait_closed()
        codes.append(socket.close_code)
    assert server.process is not None
    await asyncio.to_thread(server.process.wait, 30)  # a generous bound: the grace period is 2 s
    return codes


async def test_sigterm_closes_every_socket_with_1012_and_ends_the_process(
    embedded_redis: EmbeddedRedis,
) -> None:
    server = ServerProcess(embedded_redis.url, "--shutdown-seconds", "2").start()
    try:
        assert await close_codes_on_sigterm(server, 3) == [1012] * 3
        assert server.process is not None and server.process.returncode in (0, -signal.SIGTERM)
    finally:
        server.stop()


async def test_sigterm_drains_every_worker(embedded_redis: EmbeddedRedis) -> None:
    server = ServerProcess(embedded_redis.url, "--workers", "2", "--shutdown-seconds", "2").start()
    try:
        assert await close_codes_on_sigterm(server, 6) == [1012] * 6
    finally:
        server.stop()


# --- clients come back ---------------------------------------------------------


@pytest.fixture
async def proxy(replicas: list[ServerProcess]) -> AsyncIterator[TcpProxy]:
    started = await TcpProxy([server.port for server in replicas]).start()
    yield started
    await started.stop()


def notes(count: int, start: int = 0) -> list[AddNote]:
    return [AddNote(text=f"note {i}") for i in range(start, start + count)]


async def test_a_python_client_follows_and_sends_on_through_another_replica(
    replicas: list[ServerProcess], proxy: TcpProxy
) -> None:
    """The client's replica drains mid-table: its follower and its sender move to
    the other replica by themselves; every event reaches the follower once, in
    order, and every command is written once."""
    table_id, token = await new_table(replicas[1].url)
    watcher = TableClient(proxy.url, table_id, token)  # the proxy's first connection: replica 0
    sender = TableClient(proxy.url, table_id, token)  # its second: replica 1
    await watcher.connect()
    await sender.connect()
    seen: list[int] = []

    async def watch() -> None:
        async for record in watcher.live(0):
            seen.append(record.position)
            if record.position == 41:
                return

    watching = asyncio.create_task(watch())
    try:
        for i, command in enumerate(notes(20)):
            assert isinstance(await sender.send(command, command_id=f"n{i}", reconnect=True), Accepted)
        replicas[0].signal(signal.SIGTERM)
        assert replicas[0].process is not None
        await asyncio.to_thread(replicas[0].process.wait, 30)
        for i, command in enumerate(notes(20, 20), start=20):
            assert isinstance(await sender.send(command, command_id=f"n{i}", reconnect=True), Accepted)
        await asyncio.wait_for(watching, 30)
        assert seen == list(range(1, 42))
        assert watcher.reconnects == [1012]
        async with Admin(replicas[1].url, token) as gm:
            texts = [r.event.text for r in await gm.records(table_id) if isinstance(r.event, NoteAdded)]
        assert texts == [f"note {i}" for i in range(40)]
    finally:
        watching.cancel()
        await watcher.close()
        await sender.close()


async def test_a_command_in_flight_when_its_replica_drains_is_written_once(
    replicas: list[ServerProcess], proxy: TcpProxy
) -> None:
    table_id, token = await new_table(replicas[1].url)
    sender = TableClient(proxy.url, table_id, token)  # replica 0
    await sender.connect()
    sent = 0
    answers = []
    try:
        replicas[0].signal(signal.SIGTERM)
        # Batches of commands in flight until the drain closes the socket under one
        # (uvicorn looks at its signal every 0.1 s); bounded in count.
        while not sender.reconnects and sent < 20_000:
            batch = [
                sender.send(command, command_id=f"n{i}", reconnect=True)
                for i, command in enumerate(notes(50, sent), start=sent)
            ]
            sent += len(batch)
            answers += await asyncio.wait_for(asyncio.gather(*batch), 60)
        assert sender.reconnects == [1012]
        assert len(answers) == sent and all(isinstance(a, Accepted) for a in answers)
        async with Admin(replicas[1].url, token) as gm:
            texts = [r.event.text for r in await gm.records(table_id) if isinstance(r.event, NoteAdded)]
        assert sorted(texts) == sorted(f"note {i}" for i in range(sent))  # each once, none lost
    finally:
        await sender.close()


async def test_fracas_watch_goes_on_through_another_replica(
    replicas: list[ServerProcess], proxy: TcpProxy
) -> None:
    table_id, token = await new_table(replicas[1].url)
    watch = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fracas_cli", "watch", "--json",
        "--server", proxy.url, "--table", table_id, "--token", token,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert watch.stdout is not None
    try:
        async with Admin(replicas[1].url, token) as gm:
            for command in notes(5):
                await gm.command(table_id, command)
            positions = [json.loads(await asyncio.wait_for(watch.stdout.readline(), 30))["position"]]
            while positions[-1] < 6:
                positions.append(json.loads(await asyncio.wait_for(watch.stdout.readline(), 30))["position"])
            replicas[0].signal(signal.SIGTERM)  # the proxy's first connection: fracas watch's
            for command in notes(5, 5):
                await gm.command(table_id, command)
        while positions[-1] < 11:
            positions.append(json.loads(await asyncio.wait_for(watch.stdout.readline(), 30))["position"])
        assert positions == list(range(1, 12))
    finally:
        watch.terminate()
        await watch.wait()
