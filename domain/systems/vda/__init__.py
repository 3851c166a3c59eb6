"""``vda``: the group's homebrew Vampire: Dark Ages combat rules (seeds 000 and
001; 000 wins where they differ), catalogued in ``rules/vda.md``.

    state.py     the sheet and the combat state    options.py the table options
    commands.py  what players and the GM send      events.py  what happened
    payloads.py  the records events carry (an attack's damage, a grapple roll)
    decide.py    the table of moves: each command, who sends it, its guard, its handler
    scene.py     what handlers read (the shared WoD pieces are ``domain.systems.wod``)
    handlers/    guards + events                   rules/     one function per rule
    evolve.py    the projection                    view.py    redaction
"""

from __future__ import annotations

from domain.base import System
from domain.systems.vda.decide import MOVES
from domain.systems.vda.events import EVENT_TYPES
from domain.systems.vda.evolve import evolve, seated
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.general import plain_roll
from domain.systems.vda.rules.sheet import check_sheet
from domain.systems.vda.state import VdaSheet, VdaState
from domain.systems.vda.view import redact
from domain.systems.wod import PoolSpec

SYSTEM = System(
    code="vda",
    name="Vampire: l'Âge des Ténèbres (règles maison)",
    sheet_type=VdaSheet,
    options_type=VdaOptions,
    state_type=VdaState,
    moves=MOVES,
    event_types=EVENT_TYPES,
    roll_spec_type=PoolSpec,
    initial=lambda options: VdaState(options=options),
    evolve=evolve,
    plain_roll=plain_roll,
    redact=redact,
    check_sheet=check_sheet,
    seated=seated,
)
