"""The ``vtm`` table of moves: every command, who sends it, the guard that says
whether it may be sent now, and the handler (and so the rules) it consults.
``decide`` and "what may this combatant do now?" both come from it."""

from __future__ import annotations

from domain.moves import Move, Moves
from domain.systems.vtm import commands as c
from domain.systems.vtm.handlers import ambush, gm, grapple, interrupt, pools, resolve, round
from domain.systems.vtm.rules import conditions, initiative, movement
from domain.systems.vtm.scene import Scene
from domain.systems.wod import Modifier


def preview_resolve(scene: Scene, combatant: str) -> tuple[list[Modifier], list[Modifier]] | None:
    """The pool and difficulty an attack would roll now (``pools.attack_terms``, what
    ``resolve.resolve_attack`` rolls); nothing for an action without a roll or a blow
    on a helpless target (VTM-ATK-06: no attack roll)."""
    index = initiative.require_acting_now(scene.state, combatant, scene.options.multi_action_scheduling)
    movement.require_ruled(scene.fighter(combatant).awaiting)
    declared = scene.fighter(combatant).declared or []
    action = declared[index]
    if action.kind != "attack" or action.target is None:
        return None
    if conditions.helpless(scene.fighter(action.target).conditions):
        return None
    pools.check_attack(scene, combatant, action)
    found = pools.attack_terms(scene, combatant, action, index, len(declared), declared)
    return found.pool, found.difficulty


MOVES = Moves(
    Move(c.StartRound, round.start_round, by="gm", what="start a turn"),
    Move(c.RollInitiative, round.roll_initiative, may=round.check_initiative),
    Move(c.DeclareActions, round.declare, may=round.check_declare),
    Move(c.ResolveAction, resolve.resolve_action, may=resolve.check_resolve, preview=preview_resolve),
    Move(c.Abstain, round.abstain, may=round.check_abstain),
    Move(c.Delay, round.delay, may=round.check_abstain),
    Move(c.Riposte, resolve.riposte, may=resolve.check_riposte),
    Move(c.LetGo, grapple.let_go, may=grapple.check_let_go),
    Move(c.AbortForDefence, interrupt.abort_for_defence, may=interrupt.check_abort),
    Move(c.Recover, round.recover, may=round.check_recover),
    Move(c.RollTest, gm.roll_test, by="gm", what="roll a test"),
    Move(c.SenseBlind, round.sense_blind, may=round.check_sense),
    Move(c.SetComplication, gm.set_complication, by="gm", what="set a complication"),
    Move(c.Ambush, ambush.ambush, by="gm", what="roll an ambush"),
    Move(c.Brace, ambush.brace, may=ambush.check_brace),
    Move(c.SurpriseAttack, ambush.surprise_attack, may=ambush.check_surprise),
    Move(c.AdjustRoll, gm.adjust_roll, by="gm", what="adjust a roll"),
    Move(c.AdjustHealth, gm.adjust_health, by="gm", what="adjust wounds"),
    Move(c.SetCondition, gm.set_condition, by="gm", what="set a condition"),
    Move(c.SetCover, gm.set_cover, by="gm", what="set a combatant's cover"),
    Move(c.SetDistance, gm.set_distance, by="gm", what="set the distance between two combatants"),
    Move(c.InflictDamage, resolve.inflict_damage, by="gm", what="inflict damage from no attack"),
    Move(c.AdjustInitiative, gm.adjust_initiative, by="gm", what="adjust the turn order"),
    Move(c.SkipAction, gm.skip_action, by="gm", what="pass over an action"),
    Move(c.RuleComplexMove, gm.rule_complex_move, by="gm", what="rule on a complex move"),
    scene=Scene.of,
)
