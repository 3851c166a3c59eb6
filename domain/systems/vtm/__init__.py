"""``vtm``: Vampire: the Masquerade (classic World of Darkness) with the author's house
rules (seed 003), catalogued in ``rules/vtm.md``.

    state.py     the sheet, the gear rows and the combat state
    options.py   the table options (the catalogue's readings)   data.py  the tables from outside the seed
    commands.py  what players and the GM send      events.py  what happened
    decide.py    the table of moves                scene.py   what handlers read
    handlers/    guards + events                   rules/     one function per rule
    evolve.py    the projection                    view.py    redaction
"""

from __future__ import annotations

from domain.base import System
from domain.systems.vtm.decide import MOVES
from domain.systems.vtm.events import EVENT_TYPES
from domain.systems.vtm.evolve import evolve, seated
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.rules.sheet import check_sheet
from domain.systems.vtm.state import VtmSheet, VtmState
from domain.systems.vtm.view import redact
from domain.systems.wod import PoolSpec, plain_pool_roll

SYSTEM = System(
    code="vtm",
    name="Vampire: la Mascarade (règles maison)",
    sheet_type=VtmSheet,
    options_type=VtmOptions,
    state_type=VtmState,
    moves=MOVES,
    event_types=EVENT_TYPES,
    roll_spec_type=PoolSpec,
    initial=lambda options: VtmState(scheduling=options.multi_action_scheduling),
    evolve=evolve,
    plain_roll=lambda roller, spec, options: plain_pool_roll(roller, spec),
    redact=redact,
    check_sheet=check_sheet,
    seated=seated,
)
