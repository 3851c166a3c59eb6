"""Ambush: the resisted roll, the target's brace on a tie, and the surprise attack before
the turn's initiative (VTM-AMB-01, VTM-AMB-02, VTM-AMB-03, VTM-AMB-04, VTM-AMB-05)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.handlers.pools import defence_terms, finished
from domain.systems.vtm.handlers.resolve import resolve_attack
from domain.systems.vtm.rules import ambush as rules
from domain.systems.vtm.rules import defence, dice
from domain.systems.vtm.scene import Scene
from domain.systems.wod import Modifier, Terms


def _terms(scene: Scene, cid: str, traits: tuple[str, str]) -> Terms:
    base = Terms(
        pool=[Modifier(rule="VTM-AMB-01", value=scene.trait(cid, t), why=t) for t in traits],
        difficulty=[Modifier(rule="VTM-AMB-01", value=6, why="ambush")],
    )
    return finished(scene, cid, base)


def ambush(scene: Scene, command: c.Ambush) -> list[Emitted]:
    cid, target = command.combatant, command.target
    scene.in_fight(cid)
    require(target != cid, "VTM-AMB-01", "one ambushes another combatant")
    rules.require_unaware(scene.in_fight(target), scene.state.phase)
    mine, theirs = _terms(scene, cid, rules.AMBUSHER), _terms(scene, target, rules.WATCHER)
    dice.require_dice(scene.options, mine.pool, "the ambush")
    # every check is done: the dice from here on (a target with no die rolls none)
    roll = dice.action_roll(
        scene.options,
        scene.roller,
        mine.pool,
        mine.difficulty,
        specialty=dice.has_specialty(scene.sheet(cid), "stealth"),
    )
    watch = dice.action_roll(
        scene.options,
        scene.roller,
        theirs.pool,
        theirs.difficulty,
        specialty=dice.has_specialty(scene.sheet(target), "alertness"),
    )
    won = rules.outcome(roll.successes, watch.successes)
    rolled = ev.AmbushRolled(
        attacker=cid,
        target=target,
        pool=mine.pool,
        roll=roll,
        target_pool=theirs.pool,
        target_roll=watch,
        difficulty=roll.difficulty,
        outcome=won,
        bonus=rules.surprise_dice(won, roll.successes - watch.successes),
        may_defend=won != "defender" and rules.may_defend(won, scene.options.ambush_denies_defence),
    )
    return [Emitted(rolled)]


def check_brace(scene: Scene, combatant: str) -> None:
    """VTM-AMB-03: the target of a tied ambush chooses its defence once."""
    scene.in_fight(combatant)
    pending = scene.state.ambush
    require(
        pending is not None and pending.target == combatant and pending.may_defend and not pending.braced,
        "VTM-AMB-03",
        f"{combatant} has no ambush to brace against",
    )


def brace(scene: Scene, command: c.Brace) -> list[Emitted]:
    check_brace(scene, command.combatant)
    if command.defence is not None:
        defence.require_room(command.defence, scene.fighter(command.combatant).conditions)
    if command.defence == "parry":
        held = defence.parrying_weapon(scene.weapons(command.combatant))
        require(held is not None, "VTM-DEF-02", "a parry needs a melee weapon in hand")
    return [Emitted(ev.Braced(combatant=command.combatant, defence=command.defence))]


def check_surprise(scene: Scene, combatant: str) -> None:
    """VTM-AMB-02, VTM-AMB-03: the winner of an ambush strikes before initiative; on a tie, once the
    target chose its defence."""
    scene.in_fight(combatant)
    pending = scene.state.ambush
    require(
        pending is not None and pending.attacker == combatant and scene.state.phase == "initiative",
        "VTM-AMB-02",
        f"{combatant} has no surprise attack to make",
    )
    assert pending is not None
    require(
        not pending.may_defend or pending.braced,
        "VTM-AMB-03",
        f"{pending.target} first chooses a defence (vtm.Brace)",
    )


def surprise_attack(scene: Scene, command: c.SurpriseAttack) -> list[Emitted]:
    """VTM-AMB-02: the extra Stealth successes join the attack pool; the target does not
    defend (a won ambush), or defends as it braced (a tie, VTM-AMB-03), with its whole
    pool: no action of its turn is spent."""
    cid = command.combatant
    check_surprise(scene, cid)
    pending = scene.state.ambush
    assert pending is not None
    attack = command.attack
    require(
        attack.kind == "attack" and attack.target == pending.target and not attack.targets,
        "VTM-AMB-02",
        f"the surprise attack is one attack at {pending.target}",
    )
    bonus = [Modifier(rule="VTM-AMB-02", value=pending.bonus, why="ambush")] if pending.bonus else []
    answer = None
    if pending.defence is not None:
        answer = (-1, pending.defence, defence_terms(scene, pending.target, pending.defence, 0, 1))
    return resolve_attack(scene, cid, attack, -1, 1, bonus=bonus, surprise=True, answer=answer)
