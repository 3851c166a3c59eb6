"""The check behind the fairness property tests: a command's outcome must not
depend on its dice. Each command is decided with several nonces (so with
different dice); every time it must be refused by the same rule, or accepted
every time, and never end in an :class:`EngineError` (a refusal raised after a
die was drawn)."""

from __future__ import annotations

from typing import Any

from domain.base import Viewer
from domain.errors import EngineError, Refused
from domain.play import execute
from domain.table import TableState

NONCES = ("a", "b", "c", "d")


def outcome(state: TableState, command: Any, sender: Viewer, seed: bytes, nonce: str) -> str:
    """``accepted``, or the rule that refused it."""
    try:
        execute(state, command, sender, seed=seed, nonce=nonce)
    except Refused as refusal:
        return refusal.rule
    except EngineError as error:
        raise AssertionError(f"{command!r} as {sender.id}: {error}") from error
    return "accepted"


def assert_dice_tell_nothing(state: TableState, command: Any, sender: Viewer, seed: bytes) -> str:
    """The one outcome ``command`` has whatever its dice; fails if a refusal follows a
    draw or if trying nonces could change the answer."""
    seen = {outcome(state, command, sender, seed, nonce) for nonce in NONCES}
    assert len(seen) == 1, f"{command!r} as {sender.id}: the outcome depends on the dice: {sorted(seen)}"
    return seen.pop()
