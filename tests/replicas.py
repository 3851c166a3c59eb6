"""Several Fracas processes on one Redis, as an operator runs them: ``fracas
serve`` processes (replicas, or one with ``--workers``) on free loopback
ports; :class:`tests.proxy.TcpProxy` goes in front of them, knowing nothing of
tables (each new connection goes to the next process in turn)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``fracas serve --redis-url URL`` on a free port, stopped by whoever started it."""

    def __init__(self, redis_url: str, *extra: str) -> None:
        self.redis_url = redis_url
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: bool = True) -> ServerProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fracas_cli", "serve", "--port", str(self.port)]
            + ["--redis-url", self.redis_url, "--log-level", "warning", *self.extra],
            cwd=ROOT,
            env={k: v for k, v in os.environ.items() if k != "REDIS_URL"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"fracas serve ended with {self.process.returncode}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise AssertionError("fracas serve did not become ready")

    def signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        self.process.send_signal(sig)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
