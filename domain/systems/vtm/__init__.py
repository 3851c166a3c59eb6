"""``vtm``: Vampire: the Masquerade (classic World of Darkness) with the author's
house rules (seed 003). This package holds the sheet and the plain d10 roll;
the combat rules (``rules/vtm.md``) come with their own issue."""

from __future__ import annotations

from domain.base import dice_only
from domain.systems.vtm.state import VtmOptions, VtmSheet, VtmState
from domain.systems.wod import PoolSpec, plain_pool_roll

SYSTEM = dice_only(
    "vtm",
    "Vampire: la Mascarade (règles maison)",
    sheet_type=VtmSheet,
    options_type=VtmOptions,
    state_type=VtmState,
    roll_spec_type=PoolSpec,
    plain_roll=plain_pool_roll,
)
