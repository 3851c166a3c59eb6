"""The GM's overrides, each with a reason, as events a rewind undoes: a roll's pool or
difficulty, wounds, a condition, the turn order, an action passed over."""

from __future__ import annotations

from domain.base import EVERYONE, GM_ONLY, Emitted
from domain.errors import check, require
from domain.systems.vtm import events as ev
from domain.systems.vtm.commands import (
    AdjustHealth,
    AdjustInitiative,
    AdjustRoll,
    RollTest,
    RuleComplexMove,
    SetComplication,
    SetCondition,
    SetCover,
    SetDistance,
    SkipAction,
)
from domain.systems.vtm.handlers.pools import action_terms, test_terms
from domain.systems.vtm.rules import dice, initiative
from domain.systems.vtm.scene import Scene
from domain.systems.vtm.state import Action
from domain.systems.wod import Attributes, wounded


def _reason(reason: str) -> None:
    check(bool(reason.strip()), "vtm.reason", "a GM override says why")


def adjust_roll(scene: Scene, command: AdjustRoll) -> list[Emitted]:
    _reason(command.reason)
    scene.in_fight(command.combatant)
    check(bool(command.dice or command.difficulty), "vtm.adjust-nothing", "the override changes nothing")
    adjusted = ev.RollAdjusted(
        combatant=command.combatant, dice=command.dice, difficulty=command.difficulty, reason=command.reason
    )
    return [Emitted(adjusted)]


def adjust_health(scene: Scene, command: AdjustHealth) -> list[Emitted]:
    _reason(command.reason)
    fighter = scene.in_fight(command.combatant)
    health = wounded(
        fighter.health, bashing=command.bashing, lethal=command.lethal, aggravated=command.aggravated
    )
    return [Emitted(ev.HealthAdjusted(combatant=command.combatant, health=health, reason=command.reason))]


def set_condition(scene: Scene, command: SetCondition) -> list[Emitted]:
    _reason(command.reason)
    scene.in_fight(command.combatant)
    until = scene.state.round + command.rounds - 1 if command.rounds else 0
    changed = ev.ConditionChanged(
        combatant=command.combatant,
        condition=command.condition,
        on=command.on,
        until=until,
        rule="gm",
        reason=command.reason,
    )
    return [Emitted(changed)]


def roll_test(scene: Scene, command: RollTest) -> list[Emitted]:
    """VTM-DICE-03: a test the Storyteller rolls, hidden from the players when it says so;
    VTM-DICE-04: passed with at least ``threshold`` successes (the margin is what is left)."""
    cid = command.combatant
    scene.sheet(cid)
    check(
        command.attribute in Attributes.__struct_fields__,
        "vtm.trait-unknown",
        f"no attribute {command.attribute!r}",
    )
    found = test_terms(scene, cid, command.attribute, command.ability, command.difficulty)
    dice.require_dice(scene.options, found.pool, "the test")
    trait = command.ability or command.attribute
    roll = dice.action_roll(
        scene.options,
        scene.roller,
        found.pool,
        found.difficulty,
        specialty=dice.has_specialty(scene.sheet(cid), trait),
    )
    tested = ev.TestRolled(
        combatant=cid,
        label=command.label,
        pool=found.pool,
        difficulty=found.difficulty,
        threshold=command.threshold,
        roll=roll,
        passed=dice.passed(roll.successes, command.threshold),
        margin=roll.successes - command.threshold,
        hidden=command.hidden,
    )
    return [Emitted(tested, audience=GM_ONLY if command.hidden else EVERYONE)]


def set_complication(scene: Scene, command: SetComplication) -> list[Emitted]:
    """VTM-CPX-10: one of the complications the table's options define."""
    _reason(command.reason)
    scene.in_fight(command.combatant)
    require(
        command.name in scene.options.complications,
        "VTM-CPX-10",
        f"no complication {command.name!r} in the table's options",
    )
    until = scene.state.round + command.rounds - 1 if command.rounds else 0
    changed = ev.ComplicationChanged(
        combatant=command.combatant, name=command.name, on=command.on, until=until, reason=command.reason
    )
    return [Emitted(changed)]


def set_cover(scene: Scene, command: SetCover) -> list[Emitted]:
    _reason(command.reason)
    scene.in_fight(command.combatant)
    return [Emitted(ev.CoverChanged(combatant=command.combatant, cover=command.cover, reason=command.reason))]


def set_distance(scene: Scene, command: SetDistance) -> list[Emitted]:
    _reason(command.reason)
    scene.in_fight(command.combatant)
    scene.in_fight(command.other)
    check(command.combatant != command.other, "vtm.distance-self", "a distance is between two combatants")
    placed = ev.DistanceSet(
        combatant=command.combatant, other=command.other, metres=command.metres, reason=command.reason
    )
    return [Emitted(placed)]


def adjust_initiative(scene: Scene, command: AdjustInitiative) -> list[Emitted]:
    _reason(command.reason)
    fighter = scene.in_fight(command.combatant)
    require(fighter.initiative is not None, "VTM-INIT-01", f"{command.combatant} has no initiative yet")
    score = (fighter.initiative or 0) + command.delta
    return [Emitted(ev.InitiativeAdjusted(combatant=command.combatant, score=score, reason=command.reason))]


def rule_complex_move(scene: Scene, command: RuleComplexMove) -> list[Emitted]:
    """VTM-MOVE-06: the GM's ruling on a complex move the engine asked about, checked
    before any die: every declared action keeps a die with the slots added (VTM-ACT-04)."""
    _reason(command.reason)
    cid = command.combatant
    fighter = scene.in_fight(cid)
    require(fighter.awaiting == "VTM-MOVE-06", "VTM-MOVE-06", f"no complex move of {cid} waits for a ruling")
    plan = [*(fighter.declared or []), *(Action(kind="move") for _ in range(command.slots))]
    move = fighter.movement
    planned = scene.moving(cid, move) if move is not None and not fighter.moved else scene
    for index, action in enumerate(plan):
        if index in fighter.resolved:
            continue
        pool, _ = action_terms(planned, cid, action, index, plan, fighter.desperate)
        if pool is not None:
            dice.require_dice(scene.options, pool, f"action {index + 1}")
        if action.kind == "ready" and action.weapon is not None:
            planned = planned.readied(cid, action.weapon)
    ruled = ev.ComplexMoveRuled(combatant=cid, slots=command.slots, reason=command.reason)
    return [Emitted(ruled)]


def skip_action(scene: Scene, command: SkipAction) -> list[Emitted]:
    _reason(command.reason)
    queue = initiative.resolution_queue(scene.state, scene.options.multi_action_scheduling)
    require(bool(queue), "VTM-INIT-04", "no action is waiting to be resolved")
    slot = initiative.pending_slot(scene.fighter(queue[0]))
    assert slot is not None
    return [Emitted(ev.ActionEnded(combatant=queue[0], action=slot, reason=command.reason))]
