"""Opening a round and rolling initiative (VDA-SEQ-03, VDA-SEQ-05, VDA-INIT, VDA-DIVE-01,
VDA-MINOR at initiative, VDA-ACT grants, VDA-ORI-01)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from domain.base import Emitted
from domain.dice import roll_pool
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import DiveForCover, RollInitiative, StartRound
from domain.systems.vda.evolve import fold
from domain.systems.vda.handlers import charge, situation
from domain.systems.vda.handlers.advance import start_sequence
from domain.systems.vda.handlers.declare import require_may_dodge
from domain.systems.vda.handlers.equipment import deafness_terms, regrip_at_initiative
from domain.systems.vda.handlers.gaze import averting_at_initiative
from domain.systems.vda.rules import actions, dive, grapple, initiative, minor, orientation, sequence
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier, clamped_difficulty, total


def start_round(scene: Scene, command: StartRound) -> list[Emitted]:
    sequence.require_round_over(scene.state)
    started = ev.RoundStarted(
        round=scene.state.round + 1,
        combatants=sorted(scene.sheets),
        ended_grapples=sequence.ended_grapples(scene.state.grapples),
        pools={cid: {p: scene.pool_left(cid, p) for p in scene.pools} for cid in sorted(scene.sheets)},
    )
    return [Emitted(started), *starting_wounds(scene)]


def starting_wounds(scene: Scene) -> list[Emitted]:
    """The wounds a sheet starts the fight with (``VdaSheet.wounds``), taken at the fight's
    first round, or at the first round of a combatant who joins later."""
    state, emitted = scene.state, []
    for cid in sorted(scene.sheets):
        wounds = scene.sheet(cid).wounds
        first = state.round == 0 or cid not in state.fighters
        if first and (wounds.bashing or wounds.lethal or wounds.aggravated):
            adjusted = ev.HealthAdjusted(
                combatant=cid,
                bashing=wounds.bashing,
                lethal=wounds.lethal,
                aggravated=wounds.aggravated,
                reason="sheet_wounds",
            )
            emitted.append(Emitted(adjusted))
    return emitted


DODGE = PhysicalAction(kind="defend", skill="dodge", defence="dodge")
STRIKE = PhysicalAction(kind="attack", skill="melee")


def check_dive(scene: Scene, combatant: str) -> None:
    """VDA-DIVE-01; the diver's first action must be a dodge (VDA-DIVE-02), so a fighter
    who cannot dodge now (immobilised VDA-GRAP-21, in the Kiss's ecstasy VDA-BITE-05,
    staked VDA-STAKE-04) cannot dive."""
    initiative.require_initiative_phase(scene.state)
    initiative.require_fighting(scene.state, combatant)
    dive.require_before_initiative(scene.fighter(combatant), combatant)
    require_may_dodge(scene, combatant)
    require(
        scene.fighter(combatant).charging is None,
        "VDA-CHARGE-03",
        f"{combatant!r} announced a charge: its first action is that charge, not a dodge",
    )


def dive_for_cover(scene: Scene, command: DiveForCover) -> list[Emitted]:
    check_dive(scene, command.combatant)
    return [Emitted(ev.DiveDeclared(combatant=command.combatant))]


def check_initiative(scene: Scene, combatant: str) -> None:
    initiative.require_initiative_phase(scene.state)
    initiative.require_fighting(scene.state, combatant)
    initiative.require_not_rolled(scene.fighter(combatant), combatant)


def initiative_terms(
    scene: Scene,
    cid: str,
    weapon: str | None = None,
    minor_acts: Sequence[str] = (),
    larger_weapon_charge: bool = False,
) -> tuple[list[Modifier], list[Modifier]]:
    """The initiative roll's pool and difficulty, term by term, for the choices of a
    ``RollInitiative`` (VDA-INIT-01, VDA-INIT-07, VDA-INIT-09, VDA-DIVE-02, VDA-MINOR-02,
    VDA-GREN-10): what :func:`roll_initiative` rolls, and what the controls show before."""
    situation.require_carried(scene, cid, weapon, rule="VDA-INIT-09")
    if weapon is not None:
        # VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17: the weapon of sequence 1 must be one the holds on the fighter
        # allow, or its bonus would bind sequence 1 to an action no declaration can make.
        grapple.require_weapon_usable(scene.state, cid, scene.weapon(cid, weapon))
    fighter = scene.fighter(cid)
    weapon_dice = initiative.weapon_initiative_dice(scene, cid, weapon)
    if initiative.bound_weapon(weapon_dice) is not None:
        # VDA-GRAP-21: an immobilised fighter strikes with nothing the bonus could bind.
        grapple.require_not_immobilised(scene.state, cid, STRIKE)
    require(
        not fighter.dive or initiative.bound_weapon(weapon_dice) is None,
        "VDA-DIVE-02",
        f"{cid!r} dives for cover: its first action is a dodge, not {weapon!r}'s bonus",
    )
    minor.require_known_minor_acts(list(minor_acts))
    pool = initiative.initiative_pool(scene, cid, weapon_dice)
    if bonus := dive.dive_dice(fighter):
        pool.append(bonus)
    minor.require_dice_for_minor_acts(total(pool), list(minor_acts))
    pool += minor.minor_act_cost(list(minor_acts))
    larger = charge.holds_larger_weapon(scene, cid)
    require(
        larger or not larger_weapon_charge,
        "VDA-INIT-07",
        f"{cid!r} holds the larger weapon of no charge announced this round",
    )
    difficulty = initiative.initiative_difficulty(scene, cid, larger, weapon)
    deaf_pool, deaf_difficulty = deafness_terms(scene, cid)  # VDA-GREN-10: initiative too
    return pool + deaf_pool, difficulty + deaf_difficulty


def preview_initiative(scene: Scene, cid: str) -> tuple[list[Modifier], list[Modifier]]:
    """The initiative a ``RollInitiative`` with no weapon named and no minor act rolls now."""
    check_initiative(scene, cid)
    return initiative_terms(scene, cid)


def roll_initiative(scene: Scene, command: RollInitiative) -> list[Emitted]:
    cid = command.combatant
    check_initiative(scene, cid)
    pool, difficulty = initiative_terms(
        scene, cid, command.weapon, command.minor_acts, command.larger_weapon_charge
    )
    weapon_dice = initiative.weapon_initiative_dice(scene, cid, command.weapon)
    regrip = regrip_at_initiative(scene, cid, command.weapon, command.minor_acts)  # before any die
    roll = scene.roll(pool, difficulty)
    emitted = [
        Emitted(
            ev.InitiativeRolled(
                combatant=cid,
                pool=pool,
                difficulty=difficulty,
                roll=roll,
                score=roll.successes,
                weapon=command.weapon,
                bound_weapon=initiative.bound_weapon(weapon_dice, difficulty),
                minor_acts=list(command.minor_acts),
            )
        )
    ]
    emitted += minor_act_effects(scene, cid, command.minor_acts, source="initiative")
    emitted += regrip
    emitted += averting_at_initiative(scene, cid, roll.successes)  # VDA-GAZE-03
    return emitted + order_when_all_rolled(dataclasses.replace(scene, state=fold(scene.state, emitted)))


def minor_act_effects(scene: Scene, cid: str, acts: list[str], source: str) -> list[Emitted]:
    """VDA-MINOR-03, VDA-MINOR-04: standing up clears « Au sol »; orientation rolls 2 dice."""
    emitted: list[Emitted] = []
    if "stand_up" in acts and "prone" in scene.fighter(cid).conditions:
        emitted.append(
            Emitted(
                ev.ConditionChanged(
                    combatant=cid, condition="prone", on=False, rule="VDA-MINOR-03", reason="stands_up"
                )
            )
        )
    if "orientation" in acts:
        emitted.append(roll_orientation(scene, cid, source))
    return emitted


def roll_orientation(scene: Scene, cid: str, source: str, opponents: int = 0) -> Emitted:
    """VDA-ORI-02, VDA-ORI-04, VDA-MINOR-04: the 2-dice orientation roll, its difficulty term by term."""
    difficulty = orientation.gesture_difficulty_terms(
        scene.options, scene.fighter(cid).circumstances, opponents
    )
    gesture = orientation.GESTURE_DICE
    roll = roll_pool(scene.roller, gesture, clamped_difficulty(difficulty), ones_cancel=scene.ones_cancel)
    rolled = ev.OrientationRolled(
        combatant=cid,
        source=source,  # type: ignore[arg-type]
        roll=roll,
        answers=roll.successes,
        difficulty=difficulty,
    )
    return Emitted(rolled)


def order_when_all_rolled(scene: Scene) -> list[Emitted]:
    """Once everyone rolled: the order (VDA-INIT-01, VDA-INIT-04), orientation (VDA-ORI-01), the
    action budget (VDA-ACT-01, VDA-ACT-02, VDA-ACT-04, VDA-ACT-07) and sequence 1 (VDA-SEQ-03)."""
    state = scene.state
    if not initiative.all_rolled(state):
        return []
    ranks = initiative.ranking(state)
    emitted = [
        Emitted(ev.InitiativeOrderSet(order=ranks)),
        Emitted(
            ev.OrientationSet(levels=orientation.orientation_levels({r.combatant: r.score for r in ranks}))
        ),
    ]
    for cid in state.combatants:
        fighter = state.fighters[cid]
        physical, sources = actions.granted_physical(state, fighter)
        formed = actions.form_actions(fighter, scene.sheet(cid))  # VDA-ACT-06, an active form
        physical, sources = physical + len(formed), sources + formed
        prepaid = actions.prepaid_by_celerity(
            fighter, state.round, state.options.celerity_prepays_every_round
        )
        cap = actions.action_cap(scene.sheet(cid), state.options.action_cap)
        emitted.append(
            Emitted(
                ev.ActionsGranted(
                    combatant=cid, physical=physical, cap=cap, prepaid_power=prepaid, sources=sources
                )
            )
        )
    state = fold(state, emitted)
    return [*emitted, Emitted(start_sequence(state, 1))]
