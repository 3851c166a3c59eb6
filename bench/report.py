"""The goals, how each ratio is formed, and the table a run prints.

Pure functions only (no I/O but :func:`write_json`), so that the harness's own
logic is tested quickly and deterministically (``tests/bench``).

Every goal divides a Fracas figure by a calibration measured on the same
machine in the same run, then compares the ratio with its target:

* throughputs: ``ratio = Fracas / calibration`` and the goal holds when the
  ratio is **at least** the target (G1, G6, G9);
* costs and latencies: ``ratio = Fracas / calibration`` and the goal holds
  when the ratio is **at most** the target (G2, G4, G5, G7). A calibration
  latency is its median (the typical cost of that raw part); the Fracas
  figure is the percentile the goal names;
* G8 has no calibration: its figure is compared with an absolute bound.

A tail goal (a p99 over a calibration's median) is also read against the
calibration's own p99 (:func:`tails`); that reading changes no verdict.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

AT_LEAST = "at_least"
AT_MOST = "at_most"

Figures = Mapping[str, float | None]


@dataclass(frozen=True)
class Goal:
    id: str
    label: str
    figure: str
    calibration: str | None
    kind: str
    target: float
    calibration_tail: str | None = None
    """For a tail goal (a p99 divided by a calibration's median): the
    calibration's own figure at that percentile."""


GOALS: tuple[Goal, ...] = (
    Goal("G1", "events/s, 100 closed-loop players, each delivered to all 100", "G1.events_per_s",
         "C2.xadd_per_s", AT_LEAST, 0.15),
    Goal("G2", "server CPU per delivered client message", "G2.cpu_us_per_delivery",
         "C5.cpu_us_per_recipient", AT_MOST, 1.5),
    Goal("G4 p50", "action -> own event visible, 10 players x 20/s, p50", "G4.p50_ms",
         "C7.paced_p50_ms", AT_MOST, 6.0),
    Goal("G4 p99", "action -> own event visible, 10 players x 20/s, p99", "G4.p99_ms",
         "C7.paced_p50_ms", AT_MOST, 8.0, "C7.paced_p99_ms"),
    Goal("G5", "1,000 spectators all hold one event, p99", "G5.p99_ms",
         "C5.p50_ms", AT_MOST, 1.5, "C5.p99_ms"),
    Goal("G6", "rebuild a projection from Redis", "G6.events_per_s",
         "C3.events_per_s", AT_LEAST, 0.60),
    Goal("G7", "state_at(p), random p, 100,000-event table, p99", "G7.p99_ms",
         "C7.p50_ms", AT_MOST, 50.0),
    Goal("G8", "resident memory per idle connection", "G8.kib_per_conn",
         None, AT_MOST, 100.0),
    Goal("G9", "G1 with appendfsync always / without persistence", "G9.events_per_s_always",
         "G1.events_per_s", AT_LEAST, 0.90),
)  # fmt: skip

UNITS: dict[str, str] = {
    "events_per_s": "ev/s",
    "xadd_per_s": "ev/s",
    "echo_per_s": "msg/s",
    "events_per_s_always": "ev/s",
    "cpu_us_per_delivery": "us",
    "cpu_us_per_recipient": "us",
    "cpu_us_per_echo": "us",
    "kib_per_conn": "KiB",
}


def unit_of(name: str) -> str:
    field = name.split(".", 1)[-1]
    if field in UNITS:
        return UNITS[field]
    if field.endswith("_ms"):
        return "ms"
    return ""


STEPS = ("C1", "C2", "C5", "C6", "C7", "G1", "G4", "G5", "G6", "G7", "V")
"""What ``--only`` chooses from: one name per measurement step."""
OPT_IN = ("G10",)
"""Steps only ``--only`` runs (G10's sweeps take many minutes: ``--only G10``)."""
ALIASES = {"C3": "C2", "C4": "C2", "G2": "G1", "G9": "G1", "G8": "G5", "C8": "G10"}
"""Figures measured by another step (C3 and C4 come with C2, C8 with G10, …)."""


def selected(only: str | None) -> frozenset[str]:
    """The steps ``--only`` names (all when it is empty)."""
    if not only:
        return frozenset(STEPS)
    chosen = set()
    for name in only.upper().replace(" ", "").split(","):
        name = ALIASES.get(name, name)
        if name not in STEPS + OPT_IN:
            known = ", ".join(STEPS + OPT_IN)
            raise SystemExit(f"--only: unknown figure {name!r} (known: {known})")
        chosen.add(name)
    return frozenset(chosen)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty sample."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def fmt(value: float | None, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    magnitude = abs(value)
    if magnitude >= 1000:
        text = f"{value:,.0f}"
    elif magnitude >= 100:
        text = f"{value:.0f}"
    elif magnitude >= 10:
        text = f"{value:.1f}"
    elif magnitude >= 1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3f}"
    return f"{text} {unit}".rstrip()


@dataclass(frozen=True)
class Row:
    goal: str
    label: str
    figure: str
    value: float | None
    unit: str
    calibration: str | None
    calibration_value: float | None
    ratio: float | None
    target: str
    holds: bool | None

    @property
    def status(self) -> str:
        return {True: "holds", False: "FAILS", None: "not measured"}[self.holds]


def target_text(goal: Goal) -> str:
    sign = ">=" if goal.kind == AT_LEAST else "<="
    if goal.calibration is None:
        return f"{sign} {fmt(goal.target, unit_of(goal.figure))}"
    if goal.kind == AT_LEAST and goal.target < 1:
        return f"{sign} {goal.target:.0%}"
    return f"{sign} {goal.target:g}x"


def evaluate(goal: Goal, figures: Figures) -> Row:
    value = figures.get(goal.figure)
    base = figures.get(goal.calibration) if goal.calibration else None
    measured = value is not None and goal.calibration is not None and bool(base)
    ratio = value / base if measured else None  # type: ignore[operator]
    compared = value if goal.calibration is None else ratio
    holds: bool | None
    if compared is None:
        holds = None
    elif goal.kind == AT_LEAST:
        holds = compared >= goal.target
    else:
        holds = compared <= goal.target
    return Row(
        goal=goal.id,
        label=goal.label,
        figure=goal.figure,
        value=value,
        unit=unit_of(goal.figure),
        calibration=goal.calibration,
        calibration_value=base,
        ratio=ratio,
        target=target_text(goal),
        holds=holds,
    )


def evaluate_all(figures: Figures, goals: Sequence[Goal] = GOALS) -> list[Row]:
    return [evaluate(goal, figures) for goal in goals]


def ratio_text(row: Row) -> str:
    if row.ratio is None:
        return "-"
    if row.target.endswith("%"):
        return f"{row.ratio:.0%}" if row.ratio >= 0.1 else f"{row.ratio:.1%}"
    return f"{row.ratio:.2f}x"


def render_table(headers: Sequence[str], lines: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(c)) for c in column) for column in zip(headers, *lines, strict=True)]
    out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))]
    out.append("  ".join("-" * w for w in widths))
    for line in lines:
        out.append("  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)))
    return "\n".join(out)


def goals_table(rows: Sequence[Row]) -> str:
    lines = [
        (
            row.goal,
            row.label,
            fmt(row.value, row.unit),
            f"{row.calibration} = {fmt(row.calibration_value, unit_of(row.calibration))}"
            if row.calibration
            else "(absolute)",
            ratio_text(row),
            row.target,
            row.status,
        )
        for row in rows
    ]
    return render_table(("goal", "what", "Fracas", "divided by", "ratio", "target", "status"), lines)


@dataclass(frozen=True)
class Tail:
    """A tail goal seen from its calibration's own tail: the calibration's p99
    over its p50 (the raw part itself, in Fracas's place, would stand at that
    ratio against the goal's target), and Fracas's p99 over the calibration's p99."""

    goal: str
    calibration_spread: float | None
    against_calibration_tail: float | None
    target: float

    @property
    def calibration_would_hold(self) -> bool | None:
        return None if self.calibration_spread is None else self.calibration_spread <= self.target


def _ratio(figures: Figures, top: str | None, bottom: str | None) -> float | None:
    a, b = figures.get(top or ""), figures.get(bottom or "")
    return a / b if a is not None and b else None


def tails(figures: Figures, goals: Sequence[Goal] = GOALS) -> list[Tail]:
    return [
        Tail(
            goal=goal.id,
            calibration_spread=_ratio(figures, goal.calibration_tail, goal.calibration),
            against_calibration_tail=_ratio(figures, goal.figure, goal.calibration_tail),
            target=goal.target,
        )
        for goal in goals
        if goal.calibration_tail is not None and figures.get(goal.figure) is not None
    ]


def tails_table(rows: Sequence[Tail]) -> str:
    def times(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}x"

    lines = [
        (
            row.goal,
            times(row.calibration_spread),
            f"<= {row.target:g}x",
            {True: "yes", False: "no", None: "-"}[row.calibration_would_hold],
            times(row.against_calibration_tail),
        )
        for row in rows
    ]
    headers = (
        "goal",
        "calibration p99 / its p50",
        "target",
        "calibration would hold",
        "Fracas p99 / calibration p99",
    )
    return render_table(headers, lines)


CALIBRATIONS: tuple[tuple[str, str], ...] = (
    ("C1.xadd_per_s", "redis-benchmark, pipelined XADD of 300-byte entries (-P 100)"),
    ("C2.xadd_per_s", "redis-py asyncio, pipelined XADD, batches of 100, one process"),
    ("C3.events_per_s", "XRANGE pages of 1,000 + msgspec decode of such entries"),
    ("C4.events_per_s", "in-memory msgspec decode + fold of the same entries"),
    ("C5.p50_ms", "websockets broadcast() of 200 bytes to 1,000 clients: all hold it, p50"),
    ("C5.p99_ms", "  same, p99"),
    ("C5.cpu_us_per_recipient", "  broadcasting process CPU per recipient"),
    ("C5.kib_per_conn", "  websockets server memory per idle connection"),
    ("C6.echo_per_s", "websockets echo server, 100 closed-loop clients, 200 bytes"),
    ("C6.rtt_p50_ms", "  round trip p50"),
    ("C6.cpu_us_per_echo", "  echo server CPU per message echoed"),
    ("C7.p50_ms", "XREAD BLOCK wake-up after an XADD, p50"),
    ("C7.p99_ms", "  same, p99"),
    ("C7.paced_p50_ms", "  same, XADDs spaced as G4's actions (5 ms apart on average), p50"),
    ("C7.paced_p99_ms", "  same, p99"),
)


def calibration_table(figures: Figures) -> str:
    lines = [(name, what, fmt(figures.get(name), unit_of(name))) for name, what in CALIBRATIONS]
    return render_table(("calibration", "what", "figure"), lines)


def scaling_table(rows: Sequence[Mapping[str, Any]]) -> str:
    lines = [
        (
            str(r["tables"]),
            str(r["players_per_table"]),
            fmt(r["events_per_s"]),
            fmt(r["commands_per_s"]),
            fmt(r["events_per_s"] * r["players_per_table"]),
            fmt(r["events_per_frame"]),
            fmt(r["server_cpu_us_per_delivery"]),
            fmt(r["server_cpu_pct"]),
            fmt(r["redis_cpu_pct"]),
        )
        for r in rows
    ]
    headers = ("tables", "players", "events/s", "commands/s", "deliveries/s", "events/frame",
               "server us/delivery", "server CPU %", "redis CPU %")  # fmt: skip
    return render_table(headers, lines)


TRACE_STAGES = ("inbound", "waiting", "decide", "append", "publish", "writes", "batch", "gc0", "gc1", "gc2")


def trace_summary(
    samples: Mapping[str, Sequence[Sequence[float]]], windows: Mapping[str, tuple[float, float]]
) -> dict[str, dict[str, dict[str, float]]]:
    """Per step and stage of ``bench.server_trace``: how many samples, their
    p50, p90, p99 and max in ms, and their total in ms. A sample belongs to the
    step whose (start, end) wall-clock window holds its end."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for step, (start, end) in windows.items():
        stages = {}
        for stage in TRACE_STAGES:
            values = [s for at, s in samples.get(stage, ()) if start <= at <= end]
            if values:
                stages[stage] = {
                    "count": len(values),
                    "p50_ms": round(percentile(values, 50) * 1e3, 3),
                    "p90_ms": round(percentile(values, 90) * 1e3, 3),
                    "p99_ms": round(percentile(values, 99) * 1e3, 3),
                    "max_ms": round(max(values) * 1e3, 3),
                    "total_ms": round(sum(values) * 1e3, 1),
                }
        if stages:
            out[step] = stages
    return out


def trace_table(summary: Mapping[str, Mapping[str, Mapping[str, float]]]) -> str:
    lines = [
        (step, stage, f"{int(v['count']):,}", fmt(v["p50_ms"]), fmt(v["p90_ms"]), fmt(v["p99_ms"]),
         fmt(v["max_ms"]), fmt(v["total_ms"]))
        for step, stages in summary.items()
        for stage, v in stages.items()
    ]  # fmt: skip
    headers = ("step", "stage", "count", "p50 ms", "p90 ms", "p99 ms", "max ms", "total ms")
    return render_table(headers, lines)


def result_document(
    meta: Mapping[str, Any], figures: Figures, details: Mapping[str, Any], notes: Sequence[str]
) -> dict[str, Any]:
    rows = evaluate_all(figures)
    return {
        "run": dict(meta),
        "goals": [dict(asdict(row), status=row.status) for row in rows],
        "tails": [
            dict(asdict(tail), calibration_would_hold=tail.calibration_would_hold) for tail in tails(figures)
        ],
        "figures": {name: figures[name] for name in sorted(figures)},
        "units": {name: unit_of(name) for name in sorted(figures)},
        "details": dict(details),
        "notes": list(notes),
    }


def write_json(document: Mapping[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2, sort_keys=False, default=str) + "\n", encoding="utf-8")
    return path


def capacity_table(g10: Mapping[str, Any]) -> str:
    """G10's sweeps: one line per table count tried, for each server, with C8
    measured at that count."""
    lines = []
    for label in ("one process", "--workers 2"):
        for row in g10.get(label, {}).get("rows", []):
            lines.append(
                (
                    label,
                    str(row["tables"]),
                    str(row["sockets"]),
                    fmt(row.get("c8_p50_ms"), "ms"),
                    fmt(row.get("c8_p99_ms"), "ms"),
                    fmt(row["p50_ms"], "ms"),
                    fmt(row["p99_ms"], "ms"),
                    "-" if row.get("ratio") is None else f"{row['ratio']:.2f}x",
                    f"{row['server_cpu_pct']}%",
                    f"{row['server_rss_mib']} MiB",
                    "-" if row.get("redis_cpu_pct") is None else f"{row['redis_cpu_pct']}%",
                    "-" if row.get("harness_cpu_pct") is None else f"{row['harness_cpu_pct']}%",
                    "holds" if row["holds"] else "FAILS",
                )
            )
    headers = ("G10 server", "tables", "sockets", "C8 p50", "C8 p99", "p50", "p99", "p99 / C8 p50")
    headers += ("server CPU",)
    headers += ("server RSS", "Redis CPU", "harness CPU", "")
    target = g10.get("target_over_c8_p50", 8.0)
    return render_table(headers, lines) + f"\n(target: p99 <= {target:g}x C8's p50 at the same count)"
