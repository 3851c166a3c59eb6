"""No log line of a server run holds a token, even where clients pass it as
``?token=`` (browsers cannot set headers on a WebSocket)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis.asyncio as aioredis
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.python.client import ws_url
from server.store import RedisEventStore
from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.both_paths, pytest.mark.timeout(60)]

ROOT = Path(__file__).resolve().parents[2]


CLIENT_LOGGERS = ("websockets.client", "httpx", "httpcore")
"""The test's own clients, which log the URLs they open."""


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(CLIENT_LOGGERS):
            self.lines.append(self.format(record))


@contextlib.contextmanager
def every_log_line() -> Iterator[list[str]]:
    """Every record of every logger at every level, formatted as a log file would."""
    handler = Lines()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn"), logging.getLogger("uvicorn.error")]
    loggers += [logging.getLogger("uvicorn.access"), logging.getLogger("fracas")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    loggers[0].addHandler(handler)
    loggers[1].addHandler(handler)  # uvicorn's records do not reach the root
    try:
        yield handler.lines
    finally:
        loggers[0].removeHandler(handler)
        loggers[1].removeHandler(handler)
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


async def test_tokens_passed_in_the_query_string_never_reach_the_log(
    start_embedded_server: StartServer,
) -> None:
    server = await start_embedded_server()
    with every_log_line() as lines:
        async with httpx.AsyncClient(base_url=server) as http:
            created = (await http.post("/api/tables", json={"title": "Journal", "system": "vda"})).json()
            table_id, gm = created["table_id"], created["gm_token"]
            state = f"/api/tables/{table_id}/state"
            assert (await http.get(state, params={"token": gm})).status_code == 200
            wrong = "gm.not-the-secret-at-all"
            assert (await http.get(state, params={"token": wrong})).status_code == 401
        async with connect(ws_url(server, table_id) + f"?token={gm}") as ws:
            assert '"welcome"' in await ws.recv()
        async with connect(ws_url(server, table_id) + f"?token={wrong}") as ws:
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
    joined = "\n".join(lines)
    assert f"/ws/tables/{table_id}" in joined, "the handshakes were logged"
    for secret in (gm.split(".", 1)[1], wrong.split(".", 1)[1]):
        assert secret not in joined
    assert "token=" not in joined


def secret_forms(secret: bytes | str) -> list[str]:
    """The ways a secret could be written into a log line."""
    if isinstance(secret, str):
        return [secret]
    return [secret.hex(), base64.b64encode(secret).decode(), base64.urlsafe_b64encode(secret).decode()[:-2]]


async def test_a_whole_server_session_logs_and_counts_no_token_seed_or_salt(tmp_path: Path) -> None:
    """``fracas serve`` as a process, at uvicorn's most verbose level, its logs in
    JSON: every line is one JSON object (uvicorn's too), carries the ids of its
    table, and neither a line nor ``/metrics`` holds a token, a seed, a salt or a
    table's signing key of the session."""
    port, data, create_key = free_port(), tmp_path / "data", "club-create-key-0123456789"
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env |= {"FRACAS_LOG_FORMAT": "json", "FRACAS_CREATE_KEY": create_key}
    command = ["-m", "fracas_cli", "serve", "--port", str(port), "--data", str(data), "--log-level", "trace"]
    log_file = tmp_path / "server.log"
    server = f"http://127.0.0.1:{port}"
    with log_file.open("w") as log_out:
        process = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env, stderr=log_out)
    try:
        await up(server, process)
        secrets: list[bytes | str] = [create_key, "not-the-create-key-98765"]
        async with httpx.AsyncClient(base_url=server) as http:
            new = {"title": "Journal", "system": "vda"}
            refused = await http.post("/api/tables", json=new, headers=bearer("not-the-create-key-98765"))
            assert refused.status_code == 401
            created = (await http.post("/api/tables", json=new, headers=bearer(create_key))).json()
            table_id, gm = created["table_id"], created["gm_token"]
            invites = f"/api/tables/{table_id}/invites"
            player = (
                await http.post(invites, json={"role": "player", "name": "Ana"}, headers=bearer(gm))
            ).json()
            watcher = (await http.post(invites, json={"role": "spectator"}, params={"token": gm})).json()
            tokens = [gm, player["token"], watcher["token"]]
            secrets += [token.split(".", 1)[1] for token in tokens]
            roll = {"type": "RollDice", "spec": {"type": "pool", "dice": 4, "difficulty": 6}}
            secret_roll = roll | {"secret": True}
            answer = await http.post(
                f"/api/tables/{table_id}/commands",
                json={"id": "h", "command": secret_roll},
                params={"token": gm},
            )
            assert answer.status_code == 200, answer.text
            assert (await http.get(f"/api/tables/{table_id}/state", params={"token": gm})).status_code == 200
            assert (
                await http.get(f"/api/tables/{table_id}/events", params={"token": tokens[1]})
            ).status_code == 200
            wrong = "gm.not-the-secret-at-all-4242"
            assert (
                await http.get(f"/api/tables/{table_id}/state", params={"token": wrong})
            ).status_code == 401
            secrets.append(wrong.split(".", 1)[1])
        url = ws_url(server, table_id)
        async with connect(f"{url}?token={gm}") as ws_gm, connect(f"{url}?token={tokens[2]}") as ws_watch:
            assert '"welcome"' in await ws_gm.recv() and '"welcome"' in await ws_watch.recv()
            await ws_watch.send(json.dumps({"type": "follow", "after": 0}))
            for n, sent in enumerate([roll, {"type": "AddNote", "text": "un corps de message"}, roll]):
                await ws_gm.send(json.dumps({"type": "command", "id": f"w{n}", "command": sent}))
                while '"accepted"' not in await asyncio.wait_for(ws_gm.recv(), 10):
                    pass
            await ws_gm.send(
                json.dumps({"type": "command", "id": "late", "command": roll, "expected_head": 1})
            )
            while '"rejected"' not in await asyncio.wait_for(ws_gm.recv(), 10):
                pass
        async with connect(f"{url}?token={wrong}") as ws:
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
        async with httpx.AsyncClient(base_url=server) as http:
            metrics_text = (await http.get("/metrics")).text
        client = aioredis.Redis(unix_socket_path=str(data / "redis.sock"))
        try:
            store = RedisEventStore(client)
            secrets.append(await store.seed(table_id))
            meta = await store.meta(table_id)
            assert meta is not None and meta.signing_key
            secrets.append(meta.signing_key)
            records = await store.read(table_id, 0, 1000)
            salts = [r.salt for r in records if r.salt] + [
                r.event.salt for r in records if getattr(r.event, "salt", "")
            ]
            assert len(salts) > len(records)  # every record's, and the secret roll's
            secrets += salts
        finally:
            await client.aclose()
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)

    lines = [line for line in log_file.read_text().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]  # every line is JSON
    assert any(entry["logger"].startswith("uvicorn") for entry in parsed)
    assert any(entry["logger"] == "fracas.access" for entry in parsed)
    assert any(entry.get("table_id") == table_id and entry.get("command_id") == "w1" for entry in parsed)
    assert any(entry.get("principal_id") == watcher["id"] for entry in parsed)
    joined = "\n".join(lines) + "\n" + metrics_text
    assert f"/ws/tables/{table_id}" in joined, "the handshakes were logged"
    assert "un corps de message" not in joined
    assert "token=" not in joined
    for secret in secrets:
        for form in secret_forms(secret):
            assert form not in joined


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def up(server: str, process: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(base_url=server) as http:
        for _ in range(300):
            assert process.poll() is None, "fracas serve exited"
            try:
                if (await http.get("/healthz", timeout=1)).status_code == 200:
                    return
            except httpx.HTTPError:
                await asyncio.sleep(0.1)
    raise AssertionError("fracas serve did not come up")
