"""The Fracas server as the benchmark runs it: ``create_app(Settings(...))``
served by ``uvicorn_config(...)`` — the production factory and the production
uvicorn settings (uvloop and httptools are picked up by uvicorn's ``auto``),
in a process of its own so that its CPU and memory are measured apart from
the load generator.

    python -m bench.server_proc --redis-url URL --port PORT [--profile FILE] [--trace FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import resource
import signal
import sys
from pathlib import Path

import uvicorn

from bench import server_trace
from server.app import Settings, create_app
from server.serve import uvicorn_config


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--profile", help="write a cProfile of the whole run to this file at exit")
    parser.add_argument("--trace", help="write the stage timings of bench.server_trace to this file at exit")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
    if args.trace:
        server_trace.install()
    app = create_app(Settings(redis_url=args.redis_url, store_mode="external"))
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", args.port, log_level="warning"))
    if not (args.profile or args.trace):
        server.run()
        return
    # uvicorn re-raises the SIGTERM it caught once it has shut down: turn it into
    # SystemExit so that the profile and the trace below are written.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    try:
        server.run()
    finally:
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)
        if args.trace:
            server_trace.dump(Path(args.trace))


if __name__ == "__main__":
    main()
