"""An attack's damage: the hit roll of ``resolve.py``, the defence allocated to it, then
the damage side's pipeline (``rules/attack.py``) for damage, soak and health lost."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.data import ARMOURS, SHIELD, MeleeWeapon, RangedWeapon
from domain.systems.vda.handlers import bows, equipment, situation
from domain.systems.vda.handlers.situation import weapon_used
from domain.systems.vda.rules import physical, ranged_defence, resistance
from domain.systems.vda.rules.attack import Striker, Target, resolve_attack
from domain.systems.vda.rules.ranged_defence import attack_class
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def require_defence_ready(scene: Scene, seq: SequenceState, attacker: str, action: PhysicalAction) -> None:
    """VDA-PHYS-03: a declared defence is rolled, and split when several attack, before
    the attack it meets lands."""
    target = action.target
    if target is None or attacker in scene.fighter(target).renounced:
        return
    weapon = weapon_used(scene, attacker, action)
    if isinstance(weapon, RangedWeapon) and weapon.kind == "grenade":
        return  # the grenade lands later; dodges before the blast count (VDA-GREN-04)
    declared = seq.declared.get(target)
    if declared is None or not declared.defensive:
        return
    require(
        target in seq.done_physical,
        "VDA-PHYS-03",
        f"{target!r} declared a defence: it is rolled before {attacker!r}'s attack lands",
    )
    defence = seq.defences.get(target)
    several = len(physical.attackers_of(seq, target)) > 1
    # A defence lost before its roll (``facts.lost_action``) has no successes to split.
    require(
        not several or defence is None or bool(defence.allocations),
        "VDA-PHYS-03",
        f"{target!r} faces several attacks: split the defence first (AllocateDefence)",
    )


def defence_against(scene: Scene, seq: SequenceState, attacker: str, action: PhysicalAction) -> int:
    """The defensive successes that meet this attack: none if the target renounced
    (VDA-INIT-03), its allocation (VDA-PHYS-03), or all of a lone attacker's share
    (only the 8+ ones from behind, VDA-PHYS-05)."""
    target = action.target or ""
    defence = seq.defences.get(target)
    if defence is None or attacker in scene.fighter(target).renounced:
        return 0
    declared = seq.declared.get(target)
    if declared is not None and not ranged_defence.parries(
        declared.defence, attack_class(weapon_used(scene, attacker, action))
    ):
        return 0  # VDA-RDEF-01: a parry never meets a firearm
    if defence.allocations:
        return defence.allocations.get(attacker, 0)
    return defence.rear_eligible if action.from_behind else defence.successes


def target_of(scene: Scene, cid: str) -> Target:
    """The defender's numbers, with only the armour and shield it still has (VDA-RES-02,
    VDA-DISARM-04)."""
    t, fighter = scene.sheet(cid), scene.fighter(cid)
    carried = [scene.weapon(cid, w) for w in t.weapons if resistance.in_hand(fighter, w)]
    worn = t.armour if t.armour and resistance.in_hand(fighter, t.armour) else None
    return Target(
        kind=t.kind,
        stamina=t.attributes.stamina,
        fortitude=t.disciplines.get("fortitude", 0),
        armour=ARMOURS.get(worn) if worn else None,
        shield=any(isinstance(w, MeleeWeapon) and SHIELD in w.tags for w in carried),
        fortitude_tokens_used=fighter.fortitude_tokens,
    )


def striker_of(scene: Scene, cid: str, action: PhysicalAction) -> Striker:
    """The attacker's numbers: Dexterity for a disarm that says so (VDA-DISARM-01), its own
    armour for Fortitude's damage token (VDA-FORPOT-02), its weapon's resistance (VDA-RES-03)."""
    a, fighter = scene.sheet(cid), scene.fighter(cid)
    own = ARMOURS.get(a.armour) if a.armour and resistance.in_hand(fighter, a.armour) else None
    attribute = action.damage_attribute if action.intent == "disarm" else "strength"
    return Striker(
        strength=scene.trait(cid, attribute),
        potence=a.disciplines.get("potence", 0),
        bow_strength=bows.striker_bow_strength(scene, cid, action),
        weapon_resistance=equipment.weapon_resistance(scene, cid, action),
        potence_tokens_used=fighter.potence_tokens,
        fortitude=a.disciplines.get("fortitude", 0),
        armour_dice=own.soak_dice if own else 0,
        fortitude_tokens_used=fighter.fortitude_damage_tokens,
    )


def damage(
    scene: Scene, seq: SequenceState, attacker: str, action: PhysicalAction, roll: PoolRoll
) -> list[Emitted]:
    """What a hit does: the damage pipeline (wounds, VDA-DMG…), a stake or a stuck weapon
    (VDA-STAKE, VDA-STUCK), worn items (VDA-VAND-06, VDA-VAND-07); or, for a disarm or a vandalism,
    their own effects (VDA-DISARM, VDA-VAND-01)."""
    weapon = situation.weapon_used(scene, attacker, action)  # the sheet's claws included
    if roll.successes == 0 or weapon is None or action.target is None:
        return []
    defence = defence_against(scene, seq, attacker, action)
    striker, target = striker_of(scene, attacker, action), target_of(scene, action.target)
    where = situation.situation(scene, seq, attacker, action)
    if action.intent == "vandalism":
        emitted = equipment.vandalise(scene, attacker, action, weapon, roll.successes - defence)
        held = action.item in scene.sheet(action.target).weapons
        if held and scene.options.equipment.vandalism_also_disarms and not _destroys(emitted):
            emitted += equipment.disarm(
                scene, seq, attacker, action, weapon, striker, target, roll.successes, defence, where
            )
        return emitted
    if action.intent == "disarm":
        emitted = equipment.disarm(
            scene, seq, attacker, action, weapon, striker, target, roll.successes, defence, where
        )
        if not scene.options.equipment.disarm_wounds:
            return emitted
    else:
        emitted = []
    resolution = resolve_attack(
        scene.roller,
        striker=striker,
        target=target,
        weapon=weapon,
        attack_successes=roll.successes,
        defence_successes=defence,
        situation=where,
        options=scene.options.damage,
    )
    resolved = ev.AttackResolved(
        attacker=attacker, target=action.target, sequence=seq.number, resolution=resolution
    )
    emitted.append(Emitted(resolved))
    emitted += equipment.stake_checks(scene, attacker, action, weapon, roll, resolution)
    emitted += equipment.wear(scene, seq, attacker, action, weapon, defence, resolution.hit)
    return emitted


def _destroys(emitted: list[Emitted]) -> bool:
    return any(isinstance(e.event, ev.ResistanceReduced) and e.event.destroyed for e in emitted)
