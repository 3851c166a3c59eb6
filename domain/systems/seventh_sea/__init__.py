"""``7s``: 7th Sea, first edition (seed 002). This package holds the sheet and the
plain roll-and-keep roll; the combat rules (``rules/7s.md``) come with their
own issue."""

from __future__ import annotations

from domain.base import dice_only
from domain.dice import KeepRoll, Roller, roll_keep
from domain.systems.seventh_sea.state import KeepSpec, SeaOptions, SeaSheet, SeaState


def plain_keep_roll(roller: Roller, spec: KeepSpec) -> KeepRoll:
    """7S-DICE-01/02/04/06: roll and keep, 10s exploding, against an optional TN."""
    return roll_keep(roller, spec.rolled, spec.kept, explode=spec.explode, target=spec.target)


SYSTEM = dice_only(
    "7s",
    "7th Sea (1re édition)",
    sheet_type=SeaSheet,
    options_type=SeaOptions,
    state_type=SeaState,
    roll_spec_type=KeepSpec,
    plain_roll=plain_keep_roll,
)
