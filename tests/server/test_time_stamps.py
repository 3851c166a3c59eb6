"""The time each command is stamped with."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from server import envelope


@pytest.mark.parametrize("ms", [0, 999, 1_000, 1_764_500_000_999, 1_764_500_001_000, 1_764_500_001_007])
def test_a_stamp_is_its_millisecond_in_iso_8601_utc(ms: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(envelope, "_stamp", (-1, ""))
    monkeypatch.setattr(envelope.time, "time_ns", lambda: ms * 1_000_000 + 999_999)
    expected = datetime.fromtimestamp(ms / 1000, UTC).replace(microsecond=ms % 1000 * 1000)
    assert envelope.now() == expected.isoformat(timespec="milliseconds")
    assert envelope.now() == envelope.now()  # the same millisecond: the same text


def test_stamps_follow_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([5_000_000_123, 5_000_999_999, 5_001_000_000])
    monkeypatch.setattr(envelope.time, "time_ns", lambda: next(clock))
    assert [envelope.now() for _ in range(3)] == [
        "1970-01-01T00:00:05.000+00:00",
        "1970-01-01T00:00:05.000+00:00",
        "1970-01-01T00:00:05.001+00:00",
    ]
