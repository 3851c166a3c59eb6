"""``vaesen``: Vaesen, Year Zero Engine (seed 004). This package holds the sheet and
the plain d6 pool; the combat rules (``rules/vaesen.md``) come with their own
issue."""

from __future__ import annotations

from domain.base import dice_only
from domain.dice import D6Roll, Roller, roll_d6
from domain.systems.vaesen.state import D6Spec, VaesenOptions, VaesenSheet, VaesenState


def plain_d6_roll(roller: Roller, spec: D6Spec) -> D6Roll:
    """VAE-DICE-01/02/03: a pool of d6, each 6 a success; no dice, no success."""
    return roll_d6(roller, max(0, spec.dice))


SYSTEM = dice_only(
    "vaesen",
    "Vaesen",
    sheet_type=VaesenSheet,
    options_type=VaesenOptions,
    state_type=VaesenState,
    roll_spec_type=D6Spec,
    plain_roll=plain_d6_roll,
)
