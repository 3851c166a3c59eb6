"""The ``vda`` table of moves: every command, who sends it, the guard that says
whether it may be sent now, and the handler (and so the rules) it consults.
``decide`` and "what may this combatant do now?" both come from it."""

from __future__ import annotations

import dataclasses
from typing import Any

from domain.base import Emitted
from domain.errors import Refused
from domain.moves import Move, Moves, Variant
from domain.systems.vda import commands as c
from domain.systems.vda.handlers import (
    budget,
    charge,
    declare,
    equipment,
    facts,
    gaze,
    gm,
    grapple,
    resolve,
    round,
    seats,
    surprise,
    ties,
)
from domain.systems.vda.handlers import two_weapons as two
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.rules.gaze import GAZE_SKILLS
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction


def resolve_any(scene: Scene, command: c.ResolveAction) -> list[Emitted]:
    """A declared action that became impossible is lost (judged, for tied fighters, as
    their group began: VDA-INIT-04); otherwise it resolves as a grapple or bite, a gaze, or
    any other action."""
    judged = ties.as_the_group_began(scene, command.combatant)  # VDA-INIT-04
    if (lost := facts.lost_action(judged, command.combatant)) is not None:
        resolve.check_turn(scene, command.combatant)
        return after(scene, [lost])
    if grapple.routes(scene, command.combatant):
        return grapple.resolve_grapple(scene, command)
    if gaze.routes(scene, command.combatant):
        return gaze.resolve_gaze(scene, command)
    return resolve.resolve_action(scene, command)


def check_resolve(scene: Scene, combatant: str) -> object:
    if facts.lost_action(ties.as_the_group_began(scene, combatant), combatant) is not None:
        return resolve.check_turn(scene, combatant)
    if grapple.routes(scene, combatant):
        return grapple.check_resolve(scene, combatant)
    if gaze.routes(scene, combatant):
        gaze.check_resolve(scene, combatant)
        return None
    return resolve.check_resolve(scene, combatant)


def check_any_spend(scene: Scene, combatant: str) -> None:
    """Anger or Rage may buy an action now; refused, the refusal of the pool that holds
    points names the rule (VDA-ACT-02, VDA-ACT-03 rather than an empty other pool)."""
    try:
        budget.check_spend(scene, combatant, "anger")
    except Refused as by_anger:
        try:
            budget.check_spend(scene, combatant, "rage")
        except Refused:
            if scene.pool_left(combatant, "anger") > 0:
                raise by_anger from None
            raise


def grapple_declarations(scene: Scene, combatant: str) -> dict[str, Variant]:
    """The grapple and bite declarations (VDA-GRAP, VDA-BITE) open to ``combatant`` now,
    each tried against the declaration's own guards (``declare.check_action``)."""
    seq = declare.check_turn(scene, combatant)

    def variant(action: PhysicalAction) -> Variant:
        def guard() -> PhysicalAction:
            return declare.check_action(scene, seq, combatant, action)

        return Variant(fields={"action": action}, guard=guard)

    return {label: variant(action) for label, action in grapple.candidate_actions(scene, combatant).items()}


def reflexive_catches(scene: Scene, combatant: str) -> dict[str, Variant]:
    """VDA-GAZE-05: the reflexive gaze catches open to ``combatant`` now, one per target,
    gaze power and skill (VDA-GAZE-02), each with the guard ``vda.CatchGaze`` runs and
    the pool and difficulty it rolls (``gaze.catch_terms``)."""

    def variant(target: str, power: str, skill: str) -> Variant:
        return Variant(
            fields={"target": target, "power": power, "skill": skill, "mode": "reflexive"},
            guard=lambda: gaze.check_catch(scene, combatant, target, power, "reflexive"),
            preview=lambda: gaze.catch_terms(scene, combatant, target, power, skill),
        )

    return {
        f"vda.CatchGaze/gaze:{target}:{power}:{skill}": variant(target, power, skill)
        for target, power in gaze.catch_candidates(scene, combatant)
        for skill in GAZE_SKILLS
    }


def preview_resolve(scene: Scene, combatant: str) -> tuple[list[Any], list[Any], int] | None:
    """The pool, difficulty and automatic successes the declared action would roll now, by
    the functions its resolution rolls with: a grapple move or a bite
    (``grapple.roll_terms``), an active gaze (``gaze.resolve_terms``), any other action
    (``resolve.roll_terms``). None for a lost action or one that rolls nothing."""
    if facts.lost_action(ties.as_the_group_began(scene, combatant), combatant) is not None:
        return None
    if grapple.routes(scene, combatant):
        return grapple.roll_terms(scene, combatant)
    if gaze.routes(scene, combatant):
        found = gaze.resolve_terms(scene, combatant)
        return None if found is None else (*found, 0)
    seq, action = resolve.check_resolve(scene, combatant)
    if action.intent == "reload":
        return None
    return (*resolve.roll_terms(scene, seq, combatant, action), 0)


TABLE = (
    Move(c.StartRound, round.start_round, by="gm", what="start a round"),
    Move(c.DiveForCover, round.dive_for_cover, may=round.check_dive),
    Move(c.AnnounceCharge, charge.announce_charge, may=charge.check_announce),
    Move(
        c.RollInitiative, round.roll_initiative, may=round.check_initiative, preview=round.preview_initiative
    ),
    Move(c.DeclareAction, declare.declare_action, may=declare.check_turn, offers=grapple_declarations),
    Move(c.ResolveAction, resolve_any, may=check_resolve, preview=preview_resolve),
    Move(
        c.AllocateDefence, resolve.allocate_defence, may=lambda s, cid: resolve.check_allocation(s, cid, {})
    ),
    Move(c.UsePower, budget.use_power, may=budget.check_any_power, judge=budget.judge_power),
    Move(c.SkipPower, budget.skip_power, may=budget.check_power_step),
    Move(c.SpendForAction, budget.spend_for_action, may=check_any_spend),
    Move(c.ActivateCelerity, budget.activate_celerity, may=lambda s, cid: budget.check_celerity(s, cid, 1)),
    Move(c.SurpriseDefence, surprise.surprise_defence, may=surprise.check_defence),
    Move(c.SurpriseAttack, surprise.surprise_attack, may=surprise.check_attack),
    Move(
        c.ClearDeafness,
        equipment.clear_deafness,
        may=lambda s, cid: equipment.check_clear_deafness(s, cid, 1),
    ),
    Move(
        c.CatchGaze,
        gaze.catch_gaze,
        may=gaze.check_any_catch,
        judge=gaze.judge_catch,
        offers=reflexive_catches,
    ),
    Move(c.DetectGazeIntent, gaze.detect_intent, may=gaze.check_any_detect),
    Move(c.AvertGaze, gaze.avert_gaze, may=gaze.check_avert_toggle),
    Move(c.CloseEyes, gaze.close_eyes, may=gaze.check_close_toggle),
    Move(c.TakeTwoWeaponStance, two.take_stance, may=two.check_any_stance, judge=two.judge_stance),
    Move(c.ReleaseGrapple, grapple.release_grapple, actor="grappler", may=grapple.check_release),
    Move(c.ShortenEcstasy, grapple.shorten_ecstasy, may=grapple.check_shorten),
    Move(c.GiveRuling, gm.give_ruling, by="gm", what="give a ruling"),
    Move(c.AdjustDifficulty, gm.adjust_difficulty, by="gm", what="adjust a difficulty"),
    Move(c.AdjustInitiative, gm.adjust_initiative, by="gm", what="adjust the initiative"),
    Move(c.AdjustHealth, gm.adjust_health, by="gm", what="adjust wounds"),
    Move(c.AdjustPool, gm.adjust_pool, by="gm", what="adjust a pool"),
    Move(c.SetCondition, gm.set_condition, by="gm", what="set a condition"),
    Move(c.Ambush, gm.resolve_ambush, by="gm", what="run an ambush"),
    Move(c.AdjustGrapple, grapple.adjust_grapple, by="gm", what="adjust a grapple"),
    Move(c.EndEcstasy, grapple.end_ecstasy, by="gm", what="end the Kiss's ecstasy"),
    Move(c.SetCircumstances, equipment.set_circumstances, by="gm", what="rule on the surroundings"),
    Move(c.AdjustItem, equipment.adjust_item, by="gm", what="change an item"),
    Move(c.RuleGrenadeProblem, equipment.rule_grenade_problem, by="gm", what="rule on a grenade's problem"),
    Move(c.DetonateGrenade, equipment.detonate_grenade, by="gm", what="detonate a grenade"),
    Move(c.AdjustGaze, gaze.adjust_gaze, by="gm", what="adjust a gaze attack"),
    Move(c.RuleStake, equipment.rule_stake, by="gm", what="rule on a stake"),
    Move(
        c.DrawGrenadeInitiative,
        equipment.draw_grenade_initiative,
        by="gm",
        what="draw a grenade's initiative",
    ),
    Move(c.WearItem, equipment.wear_item, by="gm", what="wear an item"),
    Move(c.RollConcealment, equipment.roll_concealment, by="gm", what="roll to hide or find a weapon"),
)


def writing_first(move: Move) -> Move:
    """``move`` whose events follow those the round wrote on its own (``Scene.moved_on``,
    ``handlers/seats.py``)."""
    do = move.do

    def decided(scene: Scene, command: Any) -> list[Emitted]:
        return [*scene.moved_on, *do(scene, command)]

    return dataclasses.replace(move, do=decided)


MOVES = Moves(*(writing_first(move) for move in TABLE), scene=seats.scene_of)
"""Every command first writes what the round did on its own since the last one (a fighter
who left the table completed a step: ``handlers/seats.py``)."""
