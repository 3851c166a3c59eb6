"""The benchmark harness's own logic: ratios, targets, the table and the JSON
document. No timing, no I/O but a temporary file."""

from __future__ import annotations

import gc
import itertools
import json
from pathlib import Path

import pytest

from bench import data, server_trace
from bench.capacity import judge
from bench.report import (
    AT_LEAST,
    AT_MOST,
    GOALS,
    Goal,
    capacity_table,
    evaluate,
    evaluate_all,
    fmt,
    goals_table,
    percentile,
    result_document,
    selected,
    tails,
    tails_table,
    trace_summary,
    trace_table,
    write_json,
)

THROUGHPUT = Goal("GX", "x", "GX.events_per_s", "CX.events_per_s", AT_LEAST, 0.6)
LATENCY = Goal("GY", "y", "GY.p99_ms", "CY.p50_ms", AT_MOST, 8.0)
ABSOLUTE = Goal("GZ", "z", "GZ.kib_per_conn", None, AT_MOST, 100.0)


def test_a_throughput_goal_holds_when_the_ratio_reaches_the_target() -> None:
    assert evaluate(THROUGHPUT, {"GX.events_per_s": 60.0, "CX.events_per_s": 100.0}).holds is True
    row = evaluate(THROUGHPUT, {"GX.events_per_s": 59.0, "CX.events_per_s": 100.0})
    assert row.ratio == pytest.approx(0.59) and row.holds is False


def test_a_latency_goal_holds_when_the_ratio_stays_under_the_target() -> None:
    row = evaluate(LATENCY, {"GY.p99_ms": 1.6, "CY.p50_ms": 0.2})
    assert row.ratio == pytest.approx(8.0) and row.holds is True
    assert evaluate(LATENCY, {"GY.p99_ms": 1.7, "CY.p50_ms": 0.2}).holds is False


def test_an_absolute_goal_compares_the_figure_itself_and_has_no_ratio() -> None:
    row = evaluate(ABSOLUTE, {"GZ.kib_per_conn": 34.0})
    assert (row.ratio, row.holds, row.target) == (None, True, "<= 100 KiB")
    assert evaluate(ABSOLUTE, {"GZ.kib_per_conn": 101.0}).holds is False


@pytest.mark.parametrize(
    "figures",
    [
        {},
        {"GX.events_per_s": 5.0},
        {"CX.events_per_s": 5.0},
        {"GX.events_per_s": 5.0, "CX.events_per_s": 0.0},
    ],
)
def test_a_missing_figure_or_calibration_is_not_measured_rather_than_failed(
    figures: dict[str, float],
) -> None:
    row = evaluate(THROUGHPUT, figures)
    assert row.holds is None and row.status == "not measured"


def test_every_goal_of_the_brief_is_there_with_its_target() -> None:
    targets = {g.id: (g.figure, g.calibration, g.kind, g.target) for g in GOALS}
    assert targets == {
        "G1": ("G1.events_per_s", "C2.xadd_per_s", AT_LEAST, 0.15),
        "G2": ("G2.cpu_us_per_delivery", "C5.cpu_us_per_recipient", AT_MOST, 1.5),
        "G4 p50": ("G4.p50_ms", "C7.paced_p50_ms", AT_MOST, 6.0),
        "G4 p99": ("G4.p99_ms", "C7.paced_p50_ms", AT_MOST, 8.0),
        "G5": ("G5.p99_ms", "C5.p50_ms", AT_MOST, 1.5),
        "G6": ("G6.events_per_s", "C3.events_per_s", AT_LEAST, 0.6),
        "G7": ("G7.p99_ms", "C7.p50_ms", AT_MOST, 50.0),
        "G8": ("G8.kib_per_conn", None, AT_MOST, 100.0),
        "G9": ("G9.events_per_s_always", "G1.events_per_s", AT_LEAST, 0.9),
    }


def test_tail_goals_are_also_read_against_their_calibrations_own_tail() -> None:
    figures = {
        "G5.p99_ms": 34.0, "C5.p50_ms": 20.0, "C5.p99_ms": 34.0,
        "G4.p99_ms": 4.0, "C7.paced_p50_ms": 0.4, "C7.paced_p99_ms": 0.8,
    }  # fmt: skip
    by_goal = {tail.goal: tail for tail in tails(figures)}
    assert set(by_goal) == {"G4 p99", "G5"}
    g5 = by_goal["G5"]
    assert g5.calibration_spread == pytest.approx(1.7) and g5.calibration_would_hold is False
    assert g5.against_calibration_tail == pytest.approx(1.0)
    assert evaluate(next(g for g in GOALS if g.id == "G5"), figures).holds is False  # the verdict stays
    g4 = by_goal["G4 p99"]
    assert (g4.calibration_spread, g4.calibration_would_hold) == (pytest.approx(2.0), True)
    assert g4.against_calibration_tail == pytest.approx(5.0)
    lines = tails_table(list(by_goal.values())).splitlines()
    assert "1.70x" in lines[3] and "no" in lines[3] and "<= 1.5x" in lines[3]


def test_a_tail_goal_without_its_calibrations_tail_says_nothing_of_it() -> None:
    [g5] = tails({"G5.p99_ms": 34.0, "C5.p50_ms": 20.0})
    assert (g5.calibration_spread, g5.against_calibration_tail, g5.calibration_would_hold) == (
        None,
        None,
        None,
    )
    assert tails({"C5.p50_ms": 20.0, "C5.p99_ms": 30.0}) == []  # G5 itself not measured


def test_nearest_rank_percentiles() -> None:
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 50), percentile(values, 99), percentile(values, 100)) == (50.0, 99.0, 100.0)
    assert percentile([3.0], 99) == 3.0
    with pytest.raises(ValueError):
        percentile([], 50)


def test_numbers_are_shown_with_sensible_precision() -> None:
    assert fmt(None) == "-"
    assert fmt(56068.2, "ev/s") == "56,068 ev/s"
    assert fmt(0.1404, "ms") == "0.140 ms"
    assert fmt(12.34, "us") == "12.3 us"


def test_the_table_has_one_line_per_goal_and_says_which_fail() -> None:
    figures = {"G1.events_per_s": 240.0, "C2.xadd_per_s": 56000.0, "G8.kib_per_conn": 30.0}
    table = goals_table(evaluate_all(figures)).splitlines()
    assert len(table) == 2 + len(GOALS)
    g1 = next(line for line in table if line.startswith("G1 "))
    assert "FAILS" in g1 and "0.4%" in g1 and ">= 15%" in g1
    assert "holds" in next(line for line in table if line.startswith("G8 "))


def test_the_json_document_round_trips(tmp_path: Path) -> None:
    figures = {"G6.events_per_s": 70.0, "C3.events_per_s": 100.0}
    document = result_document({"mode": "quick"}, figures, {"G6": {"events": 10}}, ["a note"])
    path = write_json(document, tmp_path / "results" / "run.json")
    loaded = json.loads(path.read_text())
    g6 = next(goal for goal in loaded["goals"] if goal["goal"] == "G6")
    assert (g6["ratio"], g6["status"]) == (0.7, "holds")
    assert loaded["units"]["G6.events_per_s"] == "ev/s" and loaded["notes"] == ["a note"]
    assert loaded["tails"] == []


def test_the_json_document_keeps_the_tail_readings() -> None:
    figures = {"G5.p99_ms": 30.0, "C5.p50_ms": 20.0, "C5.p99_ms": 25.0}
    [g5] = result_document({}, figures, {}, [])["tails"]
    assert g5 == {
        "goal": "G5",
        "calibration_spread": 1.25,
        "against_calibration_tail": 1.2,
        "target": 1.5,
        "calibration_would_hold": True,
    }


def test_only_accepts_goal_and_calibration_names_and_their_aliases() -> None:
    assert selected("c3,G9, g8") == {"C2", "G1", "G5"}
    assert selected("v") == {"V"}
    assert selected(None) == {"C1", "C2", "C5", "C6", "C7", "G1", "G4", "G5", "G6", "G7", "V"}
    assert selected("c7,g10") == {"C7", "G10"}  # G10 runs only when named
    assert selected("c8") == {"G10"}  # C8 is measured with G10
    with pytest.raises(SystemExit):
        selected("G3")


def test_the_capacity_table_shows_each_count_tried_with_c8_and_where_it_failed() -> None:
    row = {"tables": 8, "sockets": 56, "p50_ms": 0.9, "p99_ms": 1.1, "server_cpu_pct": 3.0}
    row |= {"server_rss_mib": 80.0, "redis_cpu_pct": None, "holds": True, "c8_p50_ms": 0.5, "ratio": 2.2}
    row |= {"c8_p99_ms": 1.5}
    failed = row | {"tables": 16, "sockets": 112, "p99_ms": 4.5, "ratio": 9.0, "holds": False}
    table = capacity_table({"target_over_c8_p50": 8.0, "one process": {"rows": [row, failed]}})
    lines = table.splitlines()
    assert "one process  8       56" in lines[2] and lines[2].rstrip().endswith("holds")
    assert "0.500 ms  1.50 ms" in lines[2] and "2.20x" in lines[2]
    assert "16" in lines[3] and "4.50 ms" in lines[3] and "9.00x" in lines[3]
    assert lines[3].rstrip().endswith("FAILS")
    assert lines[-1] == "(target: p99 <= 8x C8's p50 at the same count)"


def test_g10_holds_at_a_count_while_its_p99_is_within_8x_c8s_p50_and_nothing_is_lost() -> None:
    row = {"p99_ms": 4.0, "c8_p50_ms": 0.5, "missing": 0, "refused": 0}
    assert judge(row) and row["ratio"] == 8.0 and row["target_ms"] == 4.0
    assert not judge(row | {"p99_ms": 4.01})
    assert not judge(row | {"missing": 1}) and not judge(row | {"refused": 1})
    assert not judge(row | {"c8_p50_ms": None})  # no calibration: never "holds"


def test_server_trace_samples_are_split_by_the_step_whose_window_holds_their_end() -> None:
    samples = {
        "append": [[10.5, 0.001], [11.0, 0.003], [20.5, 0.010]],
        "gc2": [[20.6, 0.080]],
        "unknown": [[10.6, 1.0]],
    }
    summary = trace_summary(samples, {"G4": (10.0, 12.0), "G5": (20.0, 21.0), "G6": (30.0, 31.0)})
    assert set(summary) == {"G4", "G5"}  # a step without samples is left out
    assert summary["G4"] == {
        "append": {"count": 2, "p50_ms": 1.0, "p90_ms": 3.0, "p99_ms": 3.0, "max_ms": 3.0, "total_ms": 4.0}
    }
    assert summary["G5"]["append"]["count"] == 1 and summary["G5"]["gc2"]["max_ms"] == 80.0
    table = trace_table(summary)
    assert "G5" in table and "gc2" in table and "unknown" not in table


def test_the_server_trace_keeps_its_samples_out_of_the_garbage_collectors_count(tmp_path: Path) -> None:
    """Samples are raw doubles: nothing the collector counts or walks, so tracing
    does not change the collections it times."""
    server_trace.SAMPLES.clear()
    try:
        for i in range(3):
            server_trace._add("append", i / 1000)
        # what a pass of the collector walks from the samples: not one of them
        assert not [r for r in gc.get_referents(server_trace.SAMPLES["append"]) if isinstance(r, float)]
        server_trace.dump(tmp_path / "trace.json")
        samples = json.loads((tmp_path / "trace.json").read_text())["append"]
        assert [seconds for _, seconds in samples] == [0.0, 0.001, 0.002]
    finally:
        server_trace.SAMPLES.clear()


def test_c7_paced_gaps_follow_g4s_schedule() -> None:
    """C7's paced series sleeps between XADDs as G4's table acts: 10 players at
    20 actions/s each are one action every 5 ms on average, in time order."""
    gaps = data.action_gaps(10, 20.0, 2000)
    assert len(gaps) == 2000
    assert min(gaps) >= 0
    assert 0.0045 < sum(gaps) / len(gaps) < 0.0055
    first = list(itertools.islice(data.action_times(3, 20.0), 50))
    assert all(0.025 <= b - a <= 0.075 for a, b in itertools.pairwise(first))
