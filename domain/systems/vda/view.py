"""What each viewer may see of the state (what a combatant may do now is ``decide.MOVES.may``)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.base import Viewer, admits
from domain.systems.vda.state import VdaState

__all__ = ["redact"]


def redact(state: VdaState, viewer: Viewer) -> VdaState:
    """VDA-INIT-04: sealed declarations stay hidden from everyone but their author
    and the GM, and so do their effects until they are revealed: a sealed
    action counts in its combatant's ``physical_used`` only for those who may
    see it (otherwise the count would tell whether it is an action)."""
    seq = state.sequence
    if viewer.is_gm or seq is None or not seq.sealed:
        return state
    sealed, fighters = {}, state.fighters
    for cid, s in seq.sealed.items():
        if admits(s.audience, viewer):
            sealed[cid] = s
        elif s.action.kind != "none" and cid in fighters:
            fighter = fighters[cid]
            fighters = {**fighters, cid: replace(fighter, physical_used=fighter.physical_used - 1)}
    return replace(state, sequence=replace(seq, sealed=sealed), fighters=fighters)
