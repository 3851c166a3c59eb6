"""``fracas serve``: the server on the embedded Redis, or on ``REDIS_URL``.

With ``workers`` above one, uvicorn's supervisor runs that many processes on
the same port (the kernel spreads connections between them), each serving
with :class:`Server` as a single process does. They share nothing but Redis:
each follows the tables its own clients watch, exactly as separate replicas
behind a proxy do, so a machine's every core can serve.
"""

from __future__ import annotations

import argparse
import functools
import json
import logging
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette

from domain.wire import MAX_MESSAGE_BYTES
from server import logs, metrics, tracing
from server.app import Settings, create_app
from server.embedded import EmbeddedRedis
from server.uvicorn_server import (  # noqa: F401 (the server's names, from where they always were)
    HANDSHAKE_SECONDS,
    Server,
    drain,
    run_workers,
    unreadable,
    unreadable_handshake,
)

SETTINGS_VARIABLE = "FRACAS_WORKER_SETTINGS"
"""How the parent hands its settings to worker processes."""


def _frames_protocol() -> type[Any]:
    # Imported here: on the plain path nothing of uvicorn's private parts is.
    from server.frames_protocol import FramesProtocol

    return FramesProtocol


SHUTDOWN_SECONDS = 10
WORKER_CHECK_SECONDS = 5
"""With ``--workers``, uvicorn's supervisor asks each worker every half second
whether it lives (a thread of the worker answers through a pipe) and kills and
replaces one that has not answered within this (uvicorn's
``timeout_worker_healthcheck``). Its sockets close (1006) and its clients
reconnect to another worker; a command in flight is answered as after any lost
connection (sent again with the same id, applied once)."""
"""How long a stopping server waits for its connections to close by themselves."""


def uvicorn_options(
    log_level: str = "info",
    fast_paths: bool = True,
    shutdown_seconds: int = SHUTDOWN_SECONDS,
    log_config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Safe WebSocket settings: messages capped, no per-message compression,
    keep-alive pings; the WebSocket protocol that takes pre-serialised frames
    (uvicorn's own sans-I/O one on the plain path); a bounded shutdown; uvicorn's
    loggers through Fracas's handler (:mod:`server.logs`)."""
    return {
        "log_config": log_config or logs.logging_config(log_level, root=False),
        "ws": _frames_protocol() if fast_paths else "websockets-sansio",
        "ws_max_size": MAX_MESSAGE_BYTES,
        "ws_per_message_deflate": False,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "log_level": log_level,
        "lifespan": "on",
        # uvicorn's access log prints query strings, where browsers put tokens;
        # server.access_log logs requests without them.
        "access_log": False,
        # A client that does not read keeps its close frame from ever leaving, and
        # uvicorn would wait for it forever: past this, its tasks are cancelled.
        "timeout_graceful_shutdown": shutdown_seconds,
    }


def uvicorn_config(
    app: Starlette,
    host: str,
    port: int,
    log_level: str = "info",
    fast_paths: bool = True,
    shutdown_seconds: int = SHUTDOWN_SECONDS,
    log_config: dict[str, Any] | None = None,
) -> uvicorn.Config:
    options = uvicorn_options(log_level, fast_paths, shutdown_seconds, log_config)
    return uvicorn.Config(app, host=host, port=port, **options)


class Terminated(Exception):
    """SIGTERM came (``kill``, ``docker stop``, a service manager)."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def worker_app() -> Starlette:
    """The app of one worker process, from the settings its parent passed on."""
    fields = json.loads(os.environ[SETTINGS_VARIABLE])
    for name in ("origins", "public_origins"):
        fields[name] = tuple(fields[name])
    app = create_app(Settings(**fields))
    # uvicorn's worker runs its own server class, whose signal handlers are in place
    # by now: drain on the signals that stop it, then let it stop.
    for signum in (signal.SIGINT, signal.SIGTERM):
        stop = signal.getsignal(signum)
        if callable(stop):
            signal.signal(signum, functools.partial(_drain_then, app, stop))
    return app


def _drain_then(app: Starlette, stop: Callable[[int, Any], Any], signum: int, frame: Any) -> None:
    drain(app)
    stop(signum, frame)


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    data: Path = Path(".fracas"),
    redis_url: str | None = None,
    origins: tuple[str, ...] = (),
    public_origins: tuple[str, ...] = (),
    create_key: str = "",
    request_seconds: float = 10.0,
    log_level: str = "info",
    log_format: str = "text",
    workers: int = 1,
    fast_paths: bool = True,
    shutdown_seconds: int = SHUTDOWN_SECONDS,
    worker_check_seconds: int = WORKER_CHECK_SECONDS,
) -> None:
    log_config = logs.logging_config(log_level, log_format)
    logs.configure(log_level, log_format)
    # uvicorn handles SIGTERM itself while it serves (a graceful shutdown), then
    # raises it again once shut down so that the process ends by that signal.
    # Caught here, it lets the embedded Redis stop cleanly first (as after
    # Ctrl-C); the process then still ends by SIGTERM.
    signal.signal(signal.SIGTERM, _terminated)
    embedded = EmbeddedRedis(data) if redis_url is None else None
    terminated = False
    metrics_folder = None
    try:
        if embedded is not None:
            redis_url = embedded.start().url
            logging.getLogger("fracas").info("embedded Redis with its files in %s", embedded.data_dir)
        settings = Settings(
            redis_url=str(redis_url),
            store_mode="embedded" if embedded else "external",
            origins=origins,
            public_origins=public_origins,
            create_key=create_key,
            request_seconds=request_seconds,
            fast_paths=fast_paths,
        )
        if workers > 1:
            metrics_folder = metrics.prepare_multiprocess()  # before the workers import prometheus_client
            os.environ[SETTINGS_VARIABLE] = json.dumps(
                {
                    "redis_url": settings.redis_url,
                    "store_mode": settings.store_mode,
                    "origins": list(settings.origins),
                    "public_origins": list(settings.public_origins),
                    "create_key": settings.create_key,
                    "request_seconds": settings.request_seconds,
                    "fast_paths": settings.fast_paths,
                }
            )
            config = uvicorn.Config(
                "server.serve:worker_app",
                factory=True,
                host=host,
                port=port,
                workers=workers,
                timeout_worker_healthcheck=worker_check_seconds,
                **uvicorn_options(log_level, fast_paths, shutdown_seconds, log_config),
            )
            run_workers(config)
        else:
            app = create_app(settings)
            Server(uvicorn_config(app, host, port, log_level, fast_paths, shutdown_seconds, log_config)).run()
    except Terminated:
        terminated = True
    finally:
        metrics.forget_multiprocess(metrics_folder)
        if embedded is not None:
            embedded.stop()
    if terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)


def _env_list(name: str) -> list[str]:
    """A comma-separated environment variable's items."""
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def serve_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``fracas serve`` (each with its environment variable)."""
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--data", default=os.environ.get("FRACAS_DATA", ".fracas"), help="embedded Redis folder")
    p.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or None)
    origins = _env_list("FRACAS_ORIGINS")
    p.add_argument("--origin", action="append", default=origins, help="allowed browser origin")
    p.add_argument(
        "--public-origin",
        action="append",
        default=_env_list("FRACAS_PUBLIC_ORIGINS"),
        help="origin the server's own pages are served from (checked instead of the Host header)",
    )
    p.add_argument("--create-key", default=os.environ.get("FRACAS_CREATE_KEY", ""))
    p.add_argument(
        "--request-seconds",
        type=float,
        default=float(os.environ.get("FRACAS_REQUEST_SECONDS", "10")),
        help="answer 'unavailable' when Redis has not answered a request within this",
    )
    p.add_argument(
        "--shutdown-seconds",
        type=int,
        default=int(os.environ.get("FRACAS_SHUTDOWN_SECONDS", str(SHUTDOWN_SECONDS))),
        help="on SIGTERM or Ctrl-C, wait this long for connections to close, then abort them",
    )
    levels = ["critical", "error", "warning", "info", "debug", "trace"]
    p.add_argument("--log-level", default=os.environ.get("FRACAS_LOG_LEVEL", "info"), choices=levels)
    p.add_argument(
        "--tracing",
        action="store_true",
        default=os.environ.get(tracing.VARIABLE, "0") not in ("", "0"),
        help="OpenTelemetry spans, one per command, if opentelemetry is installed (FRACAS_TRACING=1)",
    )
    p.add_argument(
        "--log-format",
        default=os.environ.get("FRACAS_LOG_FORMAT", "text"),
        choices=logs.FORMATS,
        help="text (for a terminal) or one JSON object per line (for a log collector)",
    )
    workers = int(os.environ.get("FRACAS_WORKERS", "1"))
    p.add_argument("--workers", type=int, default=workers, help="processes on the same port (one per core)")
    p.add_argument(
        "--worker-check-seconds",
        type=int,
        default=int(os.environ.get("FRACAS_WORKER_CHECK_SECONDS", str(WORKER_CHECK_SECONDS))),
        help="with --workers: a worker that has not answered the supervisor's check within this is replaced",
    )
    p.add_argument(
        "--no-fast-paths",
        dest="fast_paths",
        action="store_false",
        default=os.environ.get("FRACAS_FAST_PATHS", "1") != "0",
        help="the plain uvicorn and redis-py paths (FRACAS_FAST_PATHS=0)",
    )
    p.set_defaults(run=_serve_command)


def _serve_command(args: argparse.Namespace) -> None:
    if args.tracing:
        os.environ[tracing.VARIABLE] = "1"  # read by each process as its app starts
    serve(
        host=args.host,
        port=args.port,
        data=Path(args.data),
        redis_url=args.redis_url,
        origins=tuple(args.origin),
        public_origins=tuple(args.public_origin),
        create_key=args.create_key,
        request_seconds=args.request_seconds,
        log_level=args.log_level,
        log_format=args.log_format,
        workers=args.workers,
        fast_paths=args.fast_paths,
        shutdown_seconds=args.shutdown_seconds,
        worker_check_seconds=args.worker_check_seconds,
    )
