"""Simultaneous actions of tied fighters (VDA-INIT-04).

Seed 000 « Initiative » (« En cas d'égalité, les actions sont simultanées »). The tied
fighters of one resolution group roll one after the other, but each is judged against the
fight as it stood when the group began (``SequenceState.tied``, kept by ``evolve``):
whether its declared action is still possible, and the situational terms of its roll.
Their effects (damage, falls, holds, a weapon knocked away) land on the fight as it is,
so the group ends with all of them applied, whichever was sent first.
"""

from __future__ import annotations

import dataclasses

from msgspec.structs import replace

from domain.systems.vda.scene import Scene


def as_the_group_began(scene: Scene, combatant: str) -> Scene:
    """VDA-INIT-04: the scene ``combatant``'s tied action is judged against (the current
    sequence, with the fighters, holds, stuck weapons and eyes of the group's start); the
    scene itself for an action with no tie."""
    seq = scene.state.sequence
    tied = seq.tied if seq is not None else None
    if tied is None or combatant not in tied.group:
        return scene
    state = replace(
        scene.state,
        combatants=tied.combatants,
        fighters=tied.fighters,
        grapples=tied.grapples,
        stuck=tied.stuck,
        tactics=tied.tactics,
    )
    return dataclasses.replace(scene, state=state)
