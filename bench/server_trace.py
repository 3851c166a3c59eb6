"""Where a command's time goes inside the Fracas server, for
``python -m bench --trace-server``.

Installed in the server process only (``bench.server_proc --trace FILE``): it
wraps the appender's stages and the store's append, listens to the garbage
collector, and at exit writes every sample with the wall-clock time it ended,
so that the harness can split them by step. The stages of one batch:

    inbound    the bytes of a WebSocket read handled, from the frame's
               parsing to the command queued (one per read)
    waiting    a command queued until its batch starts (behind a write in
               flight, or the loop's next turn)
    decide     the rules, the dice, the chain and the fold of the batch's
               commands not decided ahead (while the write before it was
               in flight)
    append     the append script's round trip to Redis
    publish    the batch handed to every follower and the answers settled
               (for the sockets in step, only its frames made)
    writes     the held frames written to the sockets (the in-step
               sockets' among them)
    batch      all of a batch, from its start to its last write

and ``gc0``/``gc1``/``gc2``: each pass of the collector, by generation.
"""

from __future__ import annotations

import contextlib
import gc
import json
import time
from array import array
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from server import appender, deciding, frames, frames_protocol, store

SAMPLES: defaultdict[str, array[float]] = defaultdict(lambda: array("d"))
"""Per stage: the wall-clock time at its end and its seconds, one after the
other, as raw doubles: the garbage collector neither counts nor walks them (a
tuple per sample made its young passes more frequent, and lists of millions
of floats made each full pass take ~70 ms), so the trace does not change the
collections it times."""


def _add(stage: str, seconds: float) -> None:
    samples = SAMPLES[stage]
    samples.append(time.time())
    samples.append(seconds)


def install() -> None:
    submit = appender.Appender.submit
    commit_settling = appender.Appender._commit_settling
    decide = appender.Appender._decide
    append_batch = store.RedisEventStore.append_batch
    corked = frames.Cork.corked
    data_received = frames_protocol.FramesProtocol.data_received

    def timed_data_received(self: frames_protocol.FramesProtocol, data: bytes) -> None:
        started = time.perf_counter()
        data_received(self, data)
        _add("inbound", time.perf_counter() - started)

    def timed_submit(self: appender.Appender, pending: deciding.Pending) -> None:
        pending.queued_at = time.perf_counter()  # type: ignore[attr-defined]
        submit(self, pending)

    async def timed_commit_settling(
        self: appender.Appender, batch: list[deciding.Pending], *args: Any
    ) -> None:
        started = time.perf_counter()
        for pending in batch:
            _add("waiting", started - getattr(pending, "queued_at", started))
        await commit_settling(self, batch, *args)
        _add("batch", time.perf_counter() - started)

    async def timed_decide(self: appender.Appender, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        decision = await decide(self, *args, **kwargs)
        _add("decide", time.perf_counter() - started)
        return decision

    async def timed_append(self: store.RedisEventStore, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        appended = await append_batch(self, *args, **kwargs)
        _add("append", time.perf_counter() - started)
        return appended

    @contextlib.contextmanager
    def timed_corked(self: frames.Cork) -> Iterator[None]:
        started = time.perf_counter()
        with corked(self):
            yield
            held = time.perf_counter()
        _add("publish", held - started)
        _add("writes", time.perf_counter() - held)

    frames_protocol.FramesProtocol.data_received = timed_data_received  # type: ignore[method-assign]
    appender.Appender.submit = timed_submit  # type: ignore[method-assign]
    appender.Appender._commit_settling = timed_commit_settling  # type: ignore[method-assign]
    appender.Appender._decide = timed_decide  # type: ignore[method-assign]
    store.RedisEventStore.append_batch = timed_append  # type: ignore[method-assign]
    frames.Cork.corked = timed_corked  # type: ignore[method-assign]

    collecting: dict[str, float] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting["since"] = time.perf_counter()
        elif "since" in collecting:
            _add(f"gc{info['generation']}", time.perf_counter() - collecting.pop("since"))

    gc.callbacks.append(on_gc)


def dump(path: Path) -> None:
    pairs = {stage: list(zip(flat[::2], flat[1::2], strict=True)) for stage, flat in SAMPLES.items()}
    path.write_text(json.dumps(pairs))
