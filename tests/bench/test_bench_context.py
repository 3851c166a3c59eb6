"""What a run records of the machine around each step. No timing: the CPU
figures are handed in."""

from __future__ import annotations

from pathlib import Path

from redis.exceptions import ResponseError

from bench.context import OTHER_LOAD_WARNING, QUICK, Run
from bench.procs import RedisTarget


def a_run(tmp_path: Path) -> Run:
    return Run(RedisTarget(url="redis://127.0.0.1:1/0", kind="external"), tmp_path, QUICK, quick=True)


def test_a_step_under_other_load_gets_a_note_saying_how_much_the_hypervisor_stole(tmp_path: Path) -> None:
    run = a_run(tmp_path)
    run.other_load("G4", OTHER_LOAD_WARNING + 5, 20.0)
    assert run.details["other_processes_cpu_pct"] == {"G4": OTHER_LOAD_WARNING + 5}
    assert run.details["steal_cpu_pct"] == {"G4": 20.0}
    assert run.notes == ["G4: other processes used 30% of a core meanwhile (20% stolen by the hypervisor); "
                         "its figures are suspect"]  # fmt: skip


def test_a_quiet_step_is_recorded_without_a_note(tmp_path: Path) -> None:
    run = a_run(tmp_path)
    run.other_load("C7", 3.0, 1.0)
    assert run.details["steal_cpu_pct"] == {"C7": 1.0} and run.notes == []


def test_a_broken_step_is_noted_with_its_error_s_type_and_message(tmp_path: Path) -> None:
    run = a_run(tmp_path)
    # redis-py's errors leave their message out of repr(): it must still reach the note
    run.failed("G1", ResponseError("ERR value is not an integer or out of range"))
    assert run.notes == ["G1 failed: ResponseError: ERR value is not an integer or out of range"]
