"""``deploy/redis.conf`` is read by a real redis-server (the embedded 6.2, which
every test run has), standalone and with the compose file's cluster flags,
and Redis then runs with each of its settings."""

from __future__ import annotations

import contextlib
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.embedded import redis_server_binary
from tests.deploy.test_kubernetes import settings

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"

pytestmark = [pytest.mark.redis, pytest.mark.timeout(60)]


@contextlib.contextmanager
def running(tmp_path: Path, *extra: str) -> Iterator[redis.Redis]:
    socket = tmp_path / "redis.sock"
    command = [redis_server_binary(), str(DEPLOY / "redis.conf"), "--port", "0", "--unixsocket", str(socket)]
    command += ["--dir", str(tmp_path), "--daemonize", "no", *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client = redis.Redis(unix_socket_path=str(socket), decode_responses=True)
    try:
        deadline = time.monotonic() + 15
        while True:
            if process.poll() is not None:
                assert process.stdout is not None
                raise AssertionError(f"redis-server refused deploy/redis.conf: {process.stdout.read()}")
            try:
                client.ping()
                break
            except (redis.ConnectionError, FileNotFoundError):
                assert time.monotonic() < deadline, "redis-server did not answer"
                time.sleep(0.05)
        yield client
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=15)
        if process.stdout is not None:
            process.stdout.close()


def expected() -> dict[str, str]:
    """Each setting of the file as CONFIG GET answers it (``save`` lines joined)."""
    found: dict[str, list[str]] = {}
    for line in settings((DEPLOY / "redis.conf").read_text()):
        name, _, value = line.partition(" ")
        found.setdefault(name, []).append(value)
    return {name: " ".join(values) for name, values in found.items()}


def test_redis_runs_with_every_setting_of_deploy_redis_conf(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        for name, value in expected().items():
            answer = client.config_get(name)[name]
            if name == "client-output-buffer-limit":
                # Redis answers every class's limits, in bytes.
                assert "pubsub 33554432 8388608 60" in answer
            else:
                assert answer == value, name


def test_the_compose_cluster_nodes_flags_are_accepted(tmp_path: Path) -> None:
    import yaml

    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    command = compose["services"]["redis-node-1"]["command"]
    assert command[:2] == ["redis-server", "/usr/local/etc/redis/redis.conf"]
    with running(tmp_path, *command[2:]) as client:
        assert client.info("cluster")["cluster_enabled"] == 1
        assert client.config_get("appendfsync")["appendfsync"] == "always"
