"""What each viewer may see of the ``vtm`` state: all of it (declarations are made
aloud, slowest first, VTM-INIT-03); what a combatant may do now is ``decide.MOVES.may``."""

from __future__ import annotations

from domain.base import Viewer
from domain.systems.vtm.state import VtmState


def redact(state: VtmState, viewer: Viewer) -> VtmState:
    return state
