"""An attack's damage: the hit roll of ``resolve.py``, the defence allocated to it, then
the damage side's pipeline (``rules/attack.py``) for damage, soak and health lost."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import PoolRoll, Roller
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.data import ARMOURS, SHIELD, MeleeWeapon, Weapon, find_weapon
from domain.systems.vda.rules import physical
from domain.systems.vda.rules.attack import Striker, Target, resolve_attack
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState

FISTS = "poings"


def require_defence_ready(scene: Scene, seq: SequenceState, attacker: str, action: PhysicalAction) -> None:
    """VDA-PHYS-03: a declared defence is rolled, and split when several attack, before
    the attack it meets lands."""
    target = action.target
    if target is None or attacker in scene.fighter(target).renounced:
        return
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
    require(
        not several or (defence is not None and bool(defence.allocations)),
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
    if defence.allocations:
        return defence.allocations.get(attacker, 0)
    return defence.rear_eligible if action.from_behind else defence.successes


def weapon_of(action: PhysicalAction) -> Weapon | None:
    if action.weapon is not None:
        return find_weapon(action.weapon)
    return find_weapon(FISTS) if action.skill == "brawl" else None


def damage(
    scene: Scene, seq: SequenceState, attacker: str, action: PhysicalAction, roll: PoolRoll, roller: Roller
) -> list[Emitted]:
    weapon = weapon_of(action)
    if roll.successes == 0 or weapon is None or action.target is None:
        return []
    a, t = scene.sheet(attacker), scene.sheet(action.target)
    carried = [find_weapon(w) for w in t.weapons]
    striker = Striker(
        strength=a.attributes.strength,
        potence=a.disciplines.get("potence", 0),
        potence_tokens_used=scene.fighter(attacker).potence_tokens,
    )
    target = Target(
        kind=t.kind,
        stamina=t.attributes.stamina,
        fortitude=t.disciplines.get("fortitude", 0),
        armour=ARMOURS.get(t.armour) if t.armour else None,
        shield=any(isinstance(w, MeleeWeapon) and SHIELD in w.tags for w in carried),
        fortitude_tokens_used=scene.fighter(action.target).fortitude_tokens,
    )
    resolution = resolve_attack(
        roller,
        striker=striker,
        target=target,
        weapon=weapon,
        attack_successes=roll.successes,
        defence_successes=defence_against(scene, seq, attacker, action),
        options=scene.options.damage,
    )
    resolved = ev.AttackResolved(
        attacker=attacker, target=action.target, sequence=seq.number, resolution=resolution
    )
    return [Emitted(resolved)]
