"""G9's estimate of what Redis's automatic rewrite of the append-only file
would cost at the load's rate (the rewrite is held off during G9's windows)."""

from __future__ import annotations

import pytest

from bench.persistence import Rewrite, auto_rewrite_busy_share


def test_the_rewrite_share_is_the_growth_over_the_base_written_per_second_at_the_threshold() -> None:
    # bases written at 100 MB/s in all; a rewrite every 100% of growth
    rewrites = [Rewrite(seconds=0.2, base_bytes=10_000_000), Rewrite(seconds=0.8, base_bytes=90_000_000)]
    assert auto_rewrite_busy_share(rewrites, 10_000_000, 100) == pytest.approx(0.10)
    # a rewrite only every 400% of growth: a quarter of the work
    assert auto_rewrite_busy_share(rewrites, 10_000_000, 400) == pytest.approx(0.025)


def test_no_share_without_a_measured_rewrite_or_with_the_automatic_rewrite_off() -> None:
    assert auto_rewrite_busy_share([], 10_000_000, 100) is None
    assert auto_rewrite_busy_share([Rewrite(seconds=0.5, base_bytes=50_000_000)], 10_000_000, 0) is None
