"""The ambush's surprise attack before round 1 (VDA-AMB-01, VDA-AMB-03, VDA-AMB-06): the target's capped
defence, then the ambusher's attack through the same damage path as the round."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import PoolRoll, roll_pool
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import SurpriseAttack, SurpriseDefence
from domain.systems.vda.data import ARMOURS, KNOCKOUT, MeleeWeapon
from domain.systems.vda.handlers import attack, facts, resolve, situation
from domain.systems.vda.rules import ambush, equipment, general, physical
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import AmbushState, Defence, PhysicalAction, SequenceState
from domain.systems.wod import Modifier, total


def _surprise(scene: Scene) -> AmbushState:
    state = scene.state
    found = state.ambush
    require(
        state.round == 0 and found is not None and not found.detected,
        "VDA-AMB-01",
        "a surprise attack follows an undetected ambush, before the first round",
    )
    assert found is not None
    require(not found.attacked, "VDA-AMB-01", "the surprise attack was already made")
    return found


def check_defence(scene: Scene, combatant: str) -> AmbushState:
    """VDA-AMB-03, VDA-AMB-06: only the ambushed target, once, and only if it can react."""
    found = _surprise(scene)
    require(found.target == combatant, "VDA-AMB-03", f"{combatant!r} is not the ambush's target")
    require(found.defence is None, "VDA-AMB-03", f"{combatant!r} already answered the surprise")
    require(
        found.awareness is not None and found.awareness > 0,
        "VDA-AMB-06",
        f"{combatant!r} saw nothing coming and cannot react",
    )
    return found


def check_attack(scene: Scene, combatant: str) -> AmbushState:
    """VDA-AMB-01, VDA-AMB-03: the ambusher attacks once; a target able to react answers first
    (defends, or lets it come)."""
    found = _surprise(scene)
    require(found.ambusher == combatant, "VDA-AMB-01", f"{combatant!r} did not set the ambush")
    reacts = found.awareness is not None and found.awareness > 0
    require(
        not reacts or found.defence is not None,
        "VDA-AMB-03",
        f"{found.target!r} first rolls its defence (or lets the attack come)",
    )
    return found


def capped_pool(pool: list[Modifier], cap: int, caps_pool: bool) -> list[Modifier]:
    """VDA-AMB-03: the awareness successes are the dice available for the defence: a cap on
    the usual pool (``ambush_awareness_caps_pool``), or the pool itself."""
    dice = total(pool)
    if caps_pool and dice <= cap:
        return pool
    return [*pool, Modifier(rule="VDA-AMB-03", value=cap - dice, why="surprise: succès de vigilance")]


def surprise_defence(scene: Scene, command: SurpriseDefence) -> list[Emitted]:
    cid, action = command.combatant, command.action
    found = check_defence(scene, cid)
    require(action.kind in ("defend", "none"), "VDA-AMB-03", "the surprise allows a defence, nothing else")
    if action.kind == "none":
        return [Emitted(ev.SurpriseDefenceRolled(combatant=cid, kind="none"))]
    physical.require_well_formed(action)
    seq = SequenceState(number=0)
    situation.require_carried(scene, cid, action.weapon)
    action = facts.declared(scene, seq, cid, action)
    extra = resolve.situational_terms(scene, seq, cid, action)
    pool = capped_pool(
        resolve.action_pool(scene, cid, action, extra),
        ambush.defence_cap_of(found),
        scene.options.ambush_awareness_caps_pool,
    )
    difficulty = resolve.action_difficulty(scene, seq, cid, action, extra)
    roll = scene.roll(pool, difficulty)
    rolled = ev.SurpriseDefenceRolled(
        combatant=cid, kind="defend", pool=pool, difficulty=difficulty, roll=roll
    )
    return [Emitted(rolled)]


def surprise_attack(scene: Scene, command: SurpriseAttack) -> list[Emitted]:
    cid, action = command.combatant, command.action
    found = check_attack(scene, cid)
    require(action.offensive, "VDA-AMB-01", "the surprise is an attack")
    physical.require_well_formed(action)
    require(action.target == found.target, "VDA-AMB-01", f"the ambush is on {found.target!r}")
    action = facts.declared(scene, SequenceState(number=0), cid, action)
    situation.require_declarable(scene, cid, action)
    defence = Defence(successes=found.defence or 0, rear_eligible=found.defence_rear)
    seq = SequenceState(number=0, defences={found.target: defence})
    extra = resolve.situational_terms(scene, seq, cid, action)
    pool = resolve.action_pool(scene, cid, action, extra)
    difficulty = resolve.action_difficulty(scene, seq, cid, action, extra)
    roll = scene.roll(pool, difficulty)
    rolled = ev.SurpriseAttackRolled(
        combatant=cid, target=found.target, action=action, pool=pool, difficulty=difficulty, roll=roll
    )
    emitted = [Emitted(rolled)]
    if general.is_critical_failure(roll, True, scene.options.critical_on_net_successes):
        return emitted + resolve.critical_failure(scene, cid, roll.ones)
    return emitted + attack.damage(scene, seq, cid, action, roll) + knockout(scene, seq, cid, action, roll)


def knockout(
    scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction, roll: PoolRoll
) -> list[Emitted]:
    """VDA-MELEE-05: « sur une embuscade l'attaquant à la matraque peut assommer son
    adversaire, si sa (Force +1) est supérieure à la (Constitution + dés d'armure) de sa
    cible »: once the attack succeeds (a hit past the defence), the target rolls Stamina at
    8 and on a failure falls unconscious; a ghoul with Willpower left spends 1 to succeed (in
    its favour, the engine spends it), a vampire is immune.

    Seed 000 « Armes de taille P » (the * note)."""
    weapon = situation.weapon_used(scene, cid, action)
    target = action.target or ""
    if not isinstance(weapon, MeleeWeapon) or KNOCKOUT not in weapon.tags:
        return []
    sheet = scene.sheet(target)
    armour = ARMOURS.get(sheet.armour) if sheet.armour else None
    possible = equipment.club_knockout_possible(
        True,
        scene.trait(cid, "strength"),
        sheet.attributes.stamina,
        armour.soak_dice if armour else 0,
        sheet.kind,
    )
    if not possible or roll.successes - attack.defence_against(scene, seq, cid, action) <= 0:
        return []
    if sheet.kind == "ghoul" and scene.pool_left(target, "willpower") >= 1:
        spent = ev.ResourceSpent(
            combatant=target, pool="willpower", amount=1, purpose="résiste à l'assommoir", rule="VDA-MELEE-05"
        )
        rolled = ev.KnockoutRolled(attacker=cid, target=target, willpower=True, unconscious=False)
        return [Emitted(spent), Emitted(rolled)]
    stamina = roll_pool(
        scene.roller, sheet.attributes.stamina, equipment.KNOCKOUT_DIFFICULTY, ones_cancel=scene.ones_cancel
    )
    out = equipment.club_knocks_out(stamina, sheet.kind, ghoul_spends_willpower=False)
    emitted = [Emitted(ev.KnockoutRolled(attacker=cid, target=target, roll=stamina, unconscious=out))]
    if out:
        down = ev.ConditionChanged(
            combatant=target,
            condition="unconscious",
            on=True,
            rule="VDA-MELEE-05",
            reason="knocked_out",
        )
        emitted.append(Emitted(down))
    return emitted
