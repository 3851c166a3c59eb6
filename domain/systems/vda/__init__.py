"""``vda``: the group's homebrew Vampire: Dark Ages combat rules (seeds 000 and
001; 000 wins where they differ), catalogued in ``rules/vda.md``."""

from __future__ import annotations

from domain.base import System
from domain.systems.vda.state import VdaOptions, VdaSheet, VdaState
from domain.systems.wod import PoolSpec, plain_pool_roll

SYSTEM = System(
    code="vda",
    name="Vampire: l'Âge des Ténèbres (règles maison)",
    sheet_type=VdaSheet,
    options_type=VdaOptions,
    state_type=VdaState,
    command_types=(),
    event_types=(),
    roll_spec_type=PoolSpec,
    initial=lambda options: VdaState(),
    decide=lambda ctx, command: [],
    evolve=lambda state, event: state,
    plain_roll=plain_pool_roll,
)
