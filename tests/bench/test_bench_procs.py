"""The harness's placement of processes on CPUs for the fan-out rounds."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from bench.procs import load_apart

CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []


@pytest.mark.skipif(len(CPUS) < 2, reason="needs two CPUs")
def test_the_load_generator_and_the_servers_are_kept_apart_then_put_back() -> None:
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        me = threading.get_native_id()
        mine, theirs = os.sched_getaffinity(me), os.sched_getaffinity(server.pid)
        with load_apart([server.pid]) as apart:
            assert apart
            assert os.sched_getaffinity(me) == {CPUS[0]}
            assert os.sched_getaffinity(server.pid) == set(CPUS[1:])
        assert os.sched_getaffinity(me) == mine
        assert os.sched_getaffinity(server.pid) == theirs
    finally:
        server.kill()
        server.wait()


@pytest.mark.skipif(len(CPUS) < 2, reason="needs two CPUs")
def test_a_server_gone_meanwhile_does_not_stop_the_others_being_put_back() -> None:
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    me = threading.get_native_id()
    mine = os.sched_getaffinity(me)
    with load_apart([server.pid, 2**22 + 12345]) as apart:  # the second never existed
        server.kill()
        server.wait()
    assert not apart  # one server could not be bound: the run says so
    assert os.sched_getaffinity(me) == mine
