"""Real Redis topologies for the store and server tests, on free loopback ports:
a three-shard Redis Cluster, a master watched by a Sentinel, and a lone Redis
for fault tests to kill and stop. They use the
machine's ``redis-server`` (a current Redis, next to the embedded 6.2)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis


def redis_server() -> str | None:
    return shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if redis.Redis(port=port, socket_timeout=0.5).ping():
                return
        except redis.RedisError:
            time.sleep(0.05)
    raise RuntimeError(f"redis on port {port} did not start")


class Processes:
    def __init__(self) -> None:
        self.running: list[subprocess.Popen[bytes]] = []

    def start(self, *args: str) -> None:
        binary = redis_server()
        assert binary is not None
        self.running.append(
            subprocess.Popen([binary, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )

    def stop(self) -> None:
        for process in self.running:
            process.terminate()
        for process in self.running:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free and valid too."""
    while True:
        port = free_port()
        if port + 10000 > 65535:
            continue
        try:
            with socket.socket() as bus:
                bus.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port


def start_cluster(folder: Path, processes: Processes, shards: int = 3) -> str:
    ports = [cluster_port() for _ in range(shards)]
    for port in ports:
        node = folder / str(port)
        node.mkdir(parents=True)
        processes.start(
            "--port", str(port), "--bind", "127.0.0.1", "--dir", str(node),
            "--save", "", "--appendonly", "no",
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
        )  # fmt: skip
    for port in ports:
        _wait(port)
    subprocess.run(
        [
            "redis-cli",
            "--cluster",
            "create",
            *(f"127.0.0.1:{p}" for p in ports),
            "--cluster-replicas",
            "0",
            "--cluster-yes",
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        states = [redis.Redis(port=p).cluster("info").get("cluster_state") for p in ports]
        if all(state == "ok" for state in states):
            return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in ports)
        time.sleep(0.1)
    raise RuntimeError("the test cluster did not become ready")


def start_sentinel(folder: Path, processes: Processes) -> str:
    master, sentinel = free_port(), free_port()
    folder.mkdir(parents=True, exist_ok=True)
    processes.start(
        "--port", str(master), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "", "--appendonly", "no"
    )
    _wait(master)
    config = folder / "sentinel.conf"
    config.write_text(
        f"port {sentinel}\nbind 127.0.0.1\ndir {folder}\n"
        f"sentinel monitor fracas 127.0.0.1 {master} 1\n"
        "sentinel down-after-milliseconds fracas 5000\n"
    )
    processes.start(str(config), "--sentinel")
    _wait(sentinel)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if redis.Redis(port=sentinel).sentinel_get_master_addr_by_name("fracas"):
                return f"redis+sentinel://127.0.0.1:{sentinel}/fracas/0"
        except redis.RedisError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the test sentinel did not find its master")


class RedisProcess:
    """One ``redis-server`` of the test's own on a free loopback port, with an
    append-only file written at every command (``appendfsync always``), so that
    a SIGKILL loses nothing it acknowledged: the one to kill and stop in fault
    tests (never the machine's shared Redis)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisProcess:
        binary = redis_server()
        assert binary is not None, "no redis-server on this machine"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
            + ["--save", "", "--appendonly", "yes", "--appendfsync", "always"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait(self.port)
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL, then wait for it to be gone."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
