"""The ``vda`` decider: which handler (and so which rules) each command consults."""

from __future__ import annotations

from typing import Any

from domain.base import Context, Emitted
from domain.errors import CheckFailed
from domain.systems.vda import commands as c
from domain.systems.vda.handlers import (
    budget,
    declare,
    equipment,
    gaze,
    gm,
    grapple,
    resolve,
    round,
    surprise,
)
from domain.systems.vda.handlers import two_weapons as two
from domain.systems.vda.scene import Scene


def decide(ctx: Context, command: Any) -> list[Emitted]:
    scene = Scene.of(ctx.table)
    match command:
        case c.StartRound():
            return round.start_round(scene, ctx, command)
        case c.DiveForCover():
            return round.dive_for_cover(scene, ctx, command)
        case c.RollInitiative():
            return round.roll_initiative(scene, ctx, command, ctx.roller)
        case c.DeclareAction():
            return declare.declare_action(scene, ctx, command)
        case c.ResolveAction() if grapple.routes(scene, command.combatant):
            return grapple.resolve_grapple(scene, ctx, command, ctx.roller)
        case c.ResolveAction() if gaze.routes(scene, command.combatant):
            return gaze.resolve_gaze(scene, ctx, command, ctx.roller)
        case c.ResolveAction():
            return resolve.resolve_action(scene, ctx, command, ctx.roller)
        case c.AllocateDefence():
            return resolve.allocate_defence(scene, ctx, command)
        case c.SpendForAction():
            return budget.spend_for_action(scene, ctx, command)
        case c.ActivateCelerity():
            return budget.activate_celerity(scene, ctx, command)
        case c.UsePower():
            return budget.use_power(scene, ctx, command)
        case c.SkipPower():
            return budget.skip_power(scene, ctx, command)
        case c.GiveRuling():
            return gm.give_ruling(scene, ctx, command)
        case c.AdjustDifficulty():
            return gm.adjust_difficulty(scene, ctx, command)
        case c.AdjustInitiative():
            return gm.adjust_initiative(scene, ctx, command)
        case c.AdjustHealth():
            return gm.adjust_health(scene, ctx, command)
        case c.SetCondition():
            return gm.set_condition(scene, ctx, command)
        case c.AdjustGrapple():
            return grapple.adjust_grapple(scene, ctx, command)
        case c.ReleaseGrapple():
            return grapple.release_grapple(scene, ctx, command)
        case c.ShortenEcstasy():
            return grapple.shorten_ecstasy(scene, ctx, command)
        case c.EndEcstasy():
            return grapple.end_ecstasy(scene, ctx, command)
        case c.Ambush():
            return gm.resolve_ambush(scene, ctx, command, ctx.roller)
        # situation, surprise attack and equipment (handlers/surprise.py, handlers/equipment.py)
        case c.SurpriseDefence():
            return surprise.surprise_defence(scene, ctx, command, ctx.roller)
        case c.SurpriseAttack():
            return surprise.surprise_attack(scene, ctx, command, ctx.roller)
        case c.SetCircumstances():
            return equipment.set_circumstances(scene, ctx, command)
        case c.AdjustItem():
            return equipment.adjust_item(scene, ctx, command)
        case c.RuleGrenadeProblem():
            return equipment.rule_grenade_problem(scene, ctx, command)
        case c.DetonateGrenade():
            return equipment.detonate_grenade(scene, ctx, command, ctx.roller)
        case c.ClearDeafness():
            return equipment.clear_deafness(scene, ctx, command)
        # the gaze, two weapons, stake rulings, grenade initiative, item wear (issue 4, 2nd pass)
        case c.CatchGaze():
            return gaze.catch_gaze(scene, ctx, command, ctx.roller)
        case c.DetectGazeIntent():
            return gaze.detect_intent(scene, ctx, command, ctx.roller)
        case c.AvertGaze():
            return gaze.avert_gaze(scene, ctx, command)
        case c.CloseEyes():
            return gaze.close_eyes(scene, ctx, command)
        case c.AdjustGaze():
            return gaze.adjust_gaze(scene, ctx, command)
        case c.TakeTwoWeaponStance():
            return two.take_stance(scene, ctx, command)
        case c.RuleStake():
            return equipment.rule_stake(scene, ctx, command)
        case c.DrawGrenadeInitiative():
            return equipment.draw_grenade_initiative(scene, ctx, command, ctx.roller)
        case c.WearItem():
            return equipment.wear_item(scene, ctx, command)
    raise CheckFailed("table.command-system", f"{type(command).__name__} is not a vda command")
