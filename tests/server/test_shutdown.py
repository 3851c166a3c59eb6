"""Stopping ``fracas serve`` always ends, even while a client does not read."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from clients.python.client import ws_url
from tests.test_cli import Served, pid_alive

pytestmark = [pytest.mark.timeout(180)]


async def flood_a_reader_that_never_reads(served: Served) -> ClientConnection:
    """A GM socket that stops reading after its welcome, then enough events that
    its buffers fill on both sides: the server's close frame can never leave."""
    async with httpx.AsyncClient(base_url=served.url) as http:
        created = (await http.post("/api/tables", json={"title": "Arrêt", "system": "vda"})).json()
    url, headers = ws_url(served.url, created["table_id"]), {"Authorization": f"Bearer {created['gm_token']}"}
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", served.port))
    sock.setblocking(False)
    stalled = await connect(url, sock=sock, max_queue=1, additional_headers=headers)
    head = json.loads(await stalled.recv())["head"]
    await stalled.send(json.dumps({"type": "follow", "after": head}))
    notes = 1_500  # ~3 MB: more than the socket's buffers hold
    async with connect(url, additional_headers=headers) as gm:
        await gm.recv()  # welcome
        for i in range(notes):
            note = {"type": "AddNote", "text": f"{i} " + "x" * 1_900}
            await gm.send(json.dumps({"type": "command", "id": f"n{i}", "command": note}))
        accepted = 0
        while accepted < notes:
            accepted += json.loads(await gm.recv())["type"] == "accepted"
    return stalled


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_server_ends_after_its_grace_period_while_a_client_does_not_read(
    tmp_path: Path, stop: signal.Signals
) -> None:
    served = Served(tmp_path / "data", "--shutdown-seconds", "1").start()
    try:
        redis_pid = int((served.data / "redis.pid").read_text())

        async def scenario() -> None:
            stalled = await flood_a_reader_that_never_reads(served)
            assert served.process is not None
            served.process.send_signal(stop)
            # a generous bound: the grace period is 1 s
            await asyncio.to_thread(served.process.wait, 60)
            stalled.transport.abort()

        asyncio.run(scenario())
        assert served.process is not None and served.process.returncode in (-stop, 0)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and pid_alive(redis_pid):
            time.sleep(0.05)
        assert not pid_alive(redis_pid), "the embedded Redis stopped with the server"
    finally:
        served.stop()
