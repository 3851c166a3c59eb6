"""Opening a turn, initiative, declarations and abstaining (VTM-INIT, VTM-ACT-01, VTM-ACT-02, VTM-ACT-08)."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import roll_pool
from domain.errors import require
from domain.systems.vtm import events as ev
from domain.systems.vtm.commands import (
    Abstain,
    DeclareActions,
    Delay,
    Recover,
    RollInitiative,
    SenseBlind,
    StartRound,
)
from domain.systems.vtm.handlers.pools import action_terms, recovery_terms, sense_terms
from domain.systems.vtm.handlers.resolve import wounds
from domain.systems.vtm.rules import (
    actions,
    conditions,
    damage,
    dice,
    firearms,
    grapple,
    initiative,
    movement,
)
from domain.systems.vtm.scene import Scene
from domain.systems.vtm.state import Action, Movement
from domain.systems.wod import total


def require_turn_over(scene: Scene) -> None:
    """VTM-INIT-02: a new turn opens once every declared action of this one is resolved."""
    state = scene.state
    over = state.phase == "idle" or (
        state.phase == "resolution"
        and not initiative.resolution_queue(state, scene.options.multi_action_scheduling)
    )
    require(over, "VTM-INIT-02", "this turn still has actions to resolve")


def start_round(scene: Scene, command: StartRound) -> list[Emitted]:
    require_turn_over(scene)
    state = scene.state
    combatants = sorted(scene.sheets)
    keep = (
        not scene.options.initiative_each_turn
        and state.round > 0
        and all(
            state.fighters.get(c) is not None and state.fighters[c].initiative is not None for c in combatants
        )
    )
    started = ev.RoundStarted(round=state.round + 1, combatants=combatants, keep_initiative=keep)
    return [Emitted(started), *(kept_slowed(scene, combatants) if keep else [])]


def kept_slowed(scene: Scene, combatants: list[str]) -> list[Emitted]:
    """VTM-INIT-08: with no initiative roll this turn (VTM-INIT-02 read literally), the two
    points one who got up at once loses (VTM-CPX-02) come off the kept score, this turn only."""
    emitted = []
    for cid in combatants:
        fighter = scene.fighter(cid)
        if fighter.slowed and fighter.initiative is not None:
            score = fighter.initiative + fighter.lowered - fighter.slowed
            emitted.append(Emitted(ev.InitiativeSlowed(combatant=cid, lost=fighter.slowed, score=score)))
    return emitted


def check_recover(scene: Scene, combatant: str) -> None:
    """VTM-CPX-02: one who fell may roll once to get up at once."""
    fighter = scene.in_fight(combatant)
    require(
        "knocked_down" in fighter.conditions and fighter.recovery,
        "VTM-CPX-02",
        f"{combatant} has no fall to recover from",
    )


def recover(scene: Scene, command: Recover) -> list[Emitted]:
    """VTM-CPX-02: success, up at once (initiative −2 next turn, VTM-INIT-08); failure,
    the next action is getting up; a botch, one more bashing level, neither soaked nor
    halved (a fixed level, not a damage roll)."""
    cid = command.combatant
    check_recover(scene, cid)
    found = recovery_terms(scene, cid)
    dice.require_dice(scene.options, found.pool, "getting up")
    roll = dice.action_roll(scene.options, scene.roller, found.pool, found.difficulty, specialty=False)
    emitted = [
        Emitted(ev.RecoveryRolled(combatant=cid, pool=found.pool, difficulty=found.difficulty, roll=roll))
    ]
    if roll.successes >= 1:
        up = ev.ConditionChanged(combatant=cid, condition="knocked_down", on=False, rule="VTM-CPX-02")
        emitted.append(Emitted(up))
    elif roll.botch:
        emitted += wounds(scene, cid, "bashing", 1, False)
    return emitted


def check_sense(scene: Scene, combatant: str) -> None:
    """VTM-GEN-05: only one without sight, once a turn."""
    fighter = scene.in_fight(combatant)
    require(conditions.sightless(fighter.conditions), "VTM-GEN-05", f"{combatant} can see")
    require(fighter.sensed != scene.state.round, "VTM-GEN-05", "one try a turn")


def sense_blind(scene: Scene, command: SenseBlind) -> list[Emitted]:
    cid = command.combatant
    check_sense(scene, cid)
    found = sense_terms(scene, cid)
    dice.require_dice(scene.options, found.pool, "placing the target by ear")
    roll = dice.action_roll(scene.options, scene.roller, found.pool, found.difficulty, specialty=False)
    sensed = ev.BlindSenseRolled(combatant=cid, pool=found.pool, difficulty=found.difficulty, roll=roll)
    return [Emitted(sensed)]


def check_initiative(scene: Scene, combatant: str) -> None:
    fighter = scene.in_fight(combatant)
    require(scene.state.phase == "initiative", "VTM-INIT-01", "initiative is not being rolled")
    require(fighter.initiative is None, "VTM-INIT-01", f"{combatant} already rolled initiative")


def roll_initiative(scene: Scene, command: RollInitiative) -> list[Emitted]:
    check_initiative(scene, command.combatant)
    cid = command.combatant
    fighter, sheet = scene.fighter(cid), scene.sheet(cid)
    wounds_ = damage.wound_penalty(fighter.health, sheet, scene.options.health_track)
    rating = initiative.initiative_rating(sheet) + initiative.modifiers(
        fighter.slowed, wounds_ if scene.options.wounds_slow_initiative else []
    )
    roll = roll_pool(scene.roller, 1, 10, ones_cancel=False)
    score = roll.faces[0] + total(rating)
    return [Emitted(ev.InitiativeRolled(combatant=command.combatant, roll=roll, rating=rating, score=score))]


def check_declare(scene: Scene, combatant: str) -> None:
    scene.in_fight(combatant)
    initiative.require_declaring_now(scene.state, combatant)


def declare(scene: Scene, command: DeclareActions) -> list[Emitted]:
    """Every declared action is checked now, so a plan whose last pool is empty is
    refused up front (VTM-ACT-04); each is checked again when it resolves."""
    cid = command.combatant
    check_declare(scene, cid)
    actions.require_declaration(command.actions, command.desperate)
    actions.require_one_kind(command.actions, command.desperate, scene.options.desperate_defence_single_type)
    fighter = scene.fighter(cid)
    require(
        not (fighter.must_stand and "knocked_down" in fighter.conditions)
        or command.actions[0].kind == "stand",
        "VTM-CPX-02",
        f"{cid} failed to get up at once: the next action is getting up",
    )
    grapple.require_allowed(scene.grapple(cid), cid, command.actions)
    firearms.require_plan(
        command.actions,
        dict(scene.weapons(cid)),
        scene.fighter(cid).fired,
        scene.options.full_auto_min_rounds_fraction,
    )
    planned = scene
    if command.move is not None:
        check_move(scene, cid, command.move, command.actions)
        planned = scene.moving(cid, command.move)
    for index, action in enumerate(command.actions):
        pool, _ = action_terms(planned, cid, action, index, command.actions, command.desperate)
        if pool is not None:
            dice.require_dice(scene.options, pool, f"action {index + 1}")
        if action.kind == "ready" and action.weapon is not None:
            planned = planned.readied(cid, action.weapon)
    declared = ev.ActionsDeclared(
        combatant=cid, actions=list(command.actions), desperate=command.desperate, move=command.move
    )
    if command.move is not None and movement.asks_ruling(command.move):
        asked = ev.RulingRequested(rule="VTM-MOVE-06", combatant=cid, question=command.move.complex.strip())
        return [Emitted(declared), Emitted(asked)]
    return [Emitted(declared)]


def check_move(scene: Scene, cid: str, move: Movement, plan: list[Action]) -> None:
    """VTM-MOVE-01, VTM-MOVE-02, VTM-MOVE-03, VTM-MOVE-04, VTM-MOVE-05, VTM-MOVE-07: the pace,
    the wounds, and what the move leaves for acting."""
    dexterity = scene.sheet(cid).attributes.dexterity
    level = damage.wound_level(scene.fighter(cid).health, scene.options.health_track)
    movement.require_pace(move, dexterity, level)
    movement.require_then_act(move, plan, dexterity)
    if move.toward is not None:
        require(move.toward != cid, "VTM-MOVE-01", "one moves toward another combatant")
        scene.in_fight(move.toward)


def delay(scene: Scene, command: Delay) -> list[Emitted]:
    """VTM-INIT-05: one faster may wait until a slower one has acted (to act on what it
    did): its slot moves right after that one's, in this pass."""
    check_abstain(scene, command.combatant)
    initiative.require_delay(
        scene.state, command.combatant, command.after, scene.options.multi_action_scheduling
    )
    return [Emitted(ev.Delayed(combatant=command.combatant, after=command.after))]


def check_abstain(scene: Scene, combatant: str) -> None:
    scene.in_fight(combatant)
    initiative.require_acting_now(scene.state, combatant, scene.options.multi_action_scheduling)


def abstain(scene: Scene, command: Abstain) -> list[Emitted]:
    check_abstain(scene, command.combatant)
    emitted = [Emitted(ev.Abstained(combatant=command.combatant))]
    if nobody := initiative.everyone_abstains(
        scene.state, command.combatant, scene.options.multi_action_scheduling
    ):
        emitted.append(Emitted(ev.TurnPassed(combatants=nobody)))
    return emitted
