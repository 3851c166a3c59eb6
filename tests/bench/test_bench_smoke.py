"""The harness end to end, in a short run: it starts its own Redis and Fracas
server, measures, prints the tables and writes the JSON, and stops everything
it started. No figure is judged here (a figure is for a person to read, never
a timed assertion); what is checked is that each step measured what it says,
without errors, lost players or missing events."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def quick_run(tmp_path: Path, only: str) -> tuple[dict[str, Any], str]:
    """``python -m bench --quick --only <only>``: its JSON document and what it printed."""
    out = tmp_path / "run.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--only", only, "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(out.read_text()), done.stdout


@pytest.mark.timeout(300)
def test_a_quick_run_of_c7_g4_and_g1_measures_each_and_writes_its_json(tmp_path: Path) -> None:
    document, printed = quick_run(tmp_path, "C7,G4,G1")
    figures, details = document["figures"], document["details"]
    for name in ("C7.paced_p50_ms", "G4.p50_ms", "G4.p99_ms", "G1.events_per_s", "G9.events_per_s_always"):
        assert figures[name] > 0, name
    measured = {row["goal"]: row["status"] for row in document["goals"]}
    assert all(measured[g] in ("holds", "FAILS") for g in ("G4 p50", "G4 p99", "G9"))
    # G1 and G2 divide by C2 and C5, which this run did not measure
    unmeasured = [g for g, status in measured.items() if status == "not measured"]
    assert unmeasured == ["G1", "G2", "G5", "G6", "G7", "G8"]
    assert [tail["goal"] for tail in document["tails"]] == ["G4 p99"]
    assert details["G4"]["missing"] == 0 and details["G4"]["windows"] == 2
    assert len(details["G4"]["windows_p99_ms"]) == len(details["G4"]["windows_other_and_stolen_cpu_pct"]) == 2
    assert details["C7"]["next_to_G4"]["paced"]["alternates_with"] == "G4"
    load = details["G1"]  # the players of G1's and G9's windows
    assert (
        load["errors"],
        load["players_lost"],
        load["position_errors"],
        load["sessions_behind_at_end"],
    ) == (0, 0, 0, 0)
    assert load["windows_steal_cpu_pct"] and details["G9"]["windows_events_per_s"]
    # each of G9's windows starts after a whole rewrite, and none falls inside one
    g9 = details["G9"]
    assert len(g9["rewrites_before_windows"]) == document["run"]["sizes"]["g9_pairs"]
    assert g9["windows_rewritten"] == 0 and g9["auto_rewrite_busy_share"] > 0
    assert not [note for note in document["notes"] if "failed" in note or "died" in note]
    assert "tail goals against their calibration's own tail" in printed


@pytest.mark.timeout(300)
def test_a_quick_run_of_c5_and_g5_alternates_their_rounds_after_warming_up_both(tmp_path: Path) -> None:
    document, _ = quick_run(tmp_path, "C5,G5")
    figures, details = document["figures"], document["details"]
    for name in ("C5.p50_ms", "C5.p99_ms", "C5.cpu_us_per_recipient", "G5.p99_ms", "G8.kib_per_conn"):
        assert figures[name] > 0, name
    measured = {row["goal"]: row["status"] for row in document["goals"]}
    assert all(measured[g] in ("holds", "FAILS") for g in ("G5", "G8"))
    rounds = document["run"]["sizes"]["g5_rounds"]
    # only the measured rounds are kept: the warm-up rounds of both are left out
    assert len(details["G5"]["round_ms"]) == len(details["C5"]["round_ms"]) == rounds
    assert details["C5"]["rounds_alternate_with"] == "G5"
    assert (details["G5"]["skipped_ahead"], details["G5"]["position_errors"]) == (0, 0)
    assert not [note for note in document["notes"] if "spectators" in note or "failed" in note]
