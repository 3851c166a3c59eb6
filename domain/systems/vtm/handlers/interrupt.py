"""Giving up a declared action for a defence (VTM-DEF-05, VTM-DEF-06)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vtm import events as ev
from domain.systems.vtm.commands import AbortForDefence
from domain.systems.vtm.handlers.pools import gm_terms
from domain.systems.vtm.rules import actions, dice, initiative
from domain.systems.vtm.scene import Scene
from domain.systems.wod import Modifier, Terms


def check_abort(scene: Scene, combatant: str) -> None:
    """VTM-DEF-05: while it still has an action to take, during the resolution."""
    fighter = scene.in_fight(combatant)
    require(scene.state.phase == "resolution", "VTM-DEF-06", "actions are not being resolved")
    pending = initiative.pending_slot(fighter)
    actions.require_interruptible(pending, 1, spend=False)


def abort_for_defence(scene: Scene, command: AbortForDefence) -> list[Emitted]:
    cid = command.combatant
    check_abort(scene, cid)
    fighter = scene.fighter(cid)
    pending = initiative.pending_slot(fighter)
    actions.require_interruptible(pending, scene.pool_left(cid, "willpower"), command.spend)
    if command.attacker is not None:
        require(command.attacker != cid, "VTM-DEF-10", "a defence answers another combatant")
        scene.in_fight(command.attacker)
    assert pending is not None
    if command.spend:
        attempt = ev.InterruptAttempted(
            combatant=cid,
            action=pending,
            defence=command.defence,
            attacker=command.attacker,
            spent=True,
            succeeded=True,
        )
        return [Emitted(attempt)]
    # the Willpower roll is no action: no wound or multiple-action penalty, only the GM's word
    base = Terms(
        pool=[Modifier(rule="VTM-DEF-06", value=scene.sheet(cid).willpower, why="willpower")],
        difficulty=[Modifier(rule="VTM-DEF-06", value=6, why="willpower")],
    )
    found = base + gm_terms(scene, cid)
    pool = dice.within_limit(found.pool)
    dice.require_dice(scene.options, pool, "the Willpower roll")
    roll = dice.action_roll(scene.options, scene.roller, pool, found.difficulty, specialty=False)
    attempt = ev.InterruptAttempted(
        combatant=cid,
        action=pending,
        defence=command.defence,
        attacker=command.attacker,
        roll=roll,
        succeeded=roll.successes >= 1,
    )
    return [Emitted(attempt)]
