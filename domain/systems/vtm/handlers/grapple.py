"""Grapples: breaking free (VTM-GRP-03, VTM-GRP-04) and letting go (VTM-GRP-06)."""

from __future__ import annotations

from domain.base import Emitted
from domain.systems.vtm import events as ev
from domain.systems.vtm.commands import LetGo
from domain.systems.vtm.handlers.pools import escape_terms
from domain.systems.vtm.rules import dice, grapple
from domain.systems.vtm.scene import Scene


def check_let_go(scene: Scene, combatant: str) -> None:
    scene.in_fight(combatant)
    grapple.may_let_go(scene.grapple(combatant), combatant)


def let_go(scene: Scene, command: LetGo) -> list[Emitted]:
    check_let_go(scene, command.combatant)
    held = grapple.may_let_go(scene.grapple(command.combatant), command.combatant)
    released = ev.GrappleReleased(
        attacker=held.attacker, target=held.target, by=command.combatant, rule="VTM-GRP-06"
    )
    return [Emitted(released)]


def escape(scene: Scene, cid: str, index: int, count: int) -> list[Emitted]:
    """VTM-GRP-03, VTM-GRP-04: the resisted Force + Bagarre rolls; more successes break free. A grip
    already gone leaves nothing to break: the action only takes its time."""
    held = scene.grapple(cid)
    if held is None:
        return []
    holder = grapple.partner(held, cid)
    mine = escape_terms(scene, cid, index, count)
    theirs = escape_terms(scene, holder, 0, 1)
    dice.require_dice(scene.options, mine.pool, "breaking free")
    # every check is done: the dice from here on (a holder left with no die rolls none)
    trait = grapple.escape_traits()[1]
    roll = dice.action_roll(
        scene.options,
        scene.roller,
        mine.pool,
        mine.difficulty,
        specialty=dice.has_specialty(scene.sheet(cid), trait),
    )
    holder_roll = dice.action_roll(
        scene.options,
        scene.roller,
        theirs.pool,
        theirs.difficulty,
        specialty=dice.has_specialty(scene.sheet(holder), trait),
    )
    free = grapple.breaks_free(roll.successes, holder_roll.successes)
    rolled = ev.EscapeRolled(
        combatant=cid,
        holder=holder,
        pool=mine.pool,
        difficulty=mine.difficulty,
        roll=roll,
        holder_pool=theirs.pool,
        holder_difficulty=theirs.difficulty,
        holder_roll=holder_roll,
        escaped=free,
    )
    emitted = [Emitted(rolled)]
    if free:
        rule = "VTM-GRP-03" if held.kind == "clinch" else "VTM-GRP-04"
        emitted.append(
            Emitted(ev.GrappleReleased(attacker=held.attacker, target=held.target, by=cid, rule=rule))
        )
    return emitted
