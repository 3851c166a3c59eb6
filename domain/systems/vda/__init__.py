"""``vda``: the group's homebrew Vampire: Dark Ages combat rules (seeds 000 and
001; 000 wins where they differ), catalogued in ``rules/vda.md``.

    state.py     the sheet, the table options and the combat state
    commands.py  what players and the GM send      events.py  what happened
    decide.py    which handler a command goes to   handlers/  guards + events
    evolve.py    the projection                    rules/     one function per rule
    view.py      redaction and "what may I do now"
"""

from __future__ import annotations

from domain.base import System
from domain.systems.vda.commands import COMMAND_TYPES
from domain.systems.vda.decide import decide
from domain.systems.vda.events import EVENT_TYPES
from domain.systems.vda.evolve import evolve
from domain.systems.vda.rules.sheet import check_sheet
from domain.systems.vda.state import VdaOptions, VdaSheet, VdaState
from domain.systems.vda.view import options_for, redact
from domain.systems.wod import PoolSpec, plain_pool_roll

SYSTEM = System(
    code="vda",
    name="Vampire: l'Âge des Ténèbres (règles maison)",
    sheet_type=VdaSheet,
    options_type=VdaOptions,
    state_type=VdaState,
    command_types=COMMAND_TYPES,
    event_types=EVENT_TYPES,
    roll_spec_type=PoolSpec,
    initial=lambda options: VdaState(options=options),
    decide=decide,
    evolve=evolve,
    plain_roll=plain_pool_roll,
    redact=redact,
    options_for=options_for,
    check_sheet=check_sheet,
)
