"""A charge begun mid-round (VDA-CHARGE-04): the larger weapon's initiative bonus joins the
charger's current score, from the next sequence's order on (VDA-INIT-10)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.data import MeleeWeapon, Weapon, find_weapon
from domain.systems.vda.handlers.situation import FISTS, weapon_of
from domain.systems.vda.rules import movement, resistance
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def held_weapons(scene: Scene, combatant: str) -> list[Weapon]:
    """The weapons a combatant still holds (its fists when it holds none)."""
    fighter = scene.fighter(combatant)
    held = [
        w
        for item in scene.sheet(combatant).weapons
        if resistance.in_hand(fighter, item) and (w := find_weapon(item)) is not None
    ]
    fists = find_weapon(FISTS)
    return held or ([fists] if fists is not None else [])


def check_mid_round_charge(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> None:
    """VDA-CHARGE-04: the guards of a charge that claims the initiative bonus."""
    if action.charge is None or not action.charge.initiative_bonus or action.target is None:
        return
    weapon = weapon_of(action)
    require(isinstance(weapon, MeleeWeapon), "VDA-CHARGE-04", "a charge's bonus is its melee weapon's")
    assert weapon is not None
    movement.require_mid_round_charge(seq.number, weapon, held_weapons(scene, action.target))


def mid_round_charge(scene: Scene, combatant: str, action: PhysicalAction, score: int) -> list[Emitted]:
    """VDA-CHARGE-04: once declared (or revealed), the bonus is added to ``score``, the
    charger's current initiative."""
    weapon = weapon_of(action)
    if action.charge is None or not action.charge.initiative_bonus or not isinstance(weapon, MeleeWeapon):
        return []
    bonus = movement.mid_round_charge_bonus(weapon, scene.options.damage)
    if bonus == 0:
        return []
    adjusted = ev.InitiativeAdjusted(
        combatant=combatant,
        delta=bonus,
        score=score + bonus,
        rule="VDA-CHARGE-04",
        reason=f"charge en cours de round ({action.weapon})",
    )
    return [Emitted(adjusted)]
