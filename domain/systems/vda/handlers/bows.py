"""Bows in the round (VDA-BOW-01, VDA-BOW-03, VDA-BOW-05): the bow's own strength comes from the sheet
(``VdaSheet.bows``), is checked against the archer's Strength + Potence when the shot is
declared, sets the damage dice, and makes a heavy bow harder to shoot."""

from __future__ import annotations

from domain.systems.vda.data import RangedWeapon
from domain.systems.vda.rules import ranged
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import NONE, Terms


def bow_of(scene: Scene, combatant: str, action: PhysicalAction) -> RangedWeapon | None:
    """The bow an action shoots, if it shoots one."""
    weapon = scene.weapon(combatant, action.weapon)
    return weapon if isinstance(weapon, RangedWeapon) and weapon.kind == "bow" else None


def bow_strength(scene: Scene, combatant: str, weapon_id: str) -> int:
    """VDA-BOW-03: the bow's strength from the sheet; a bow the sheet does not rate is one
    made for its archer, as strong as its Strength (engine default, the seeds rate no bow)."""
    sheet = scene.sheet(combatant)
    return sheet.bows.get(weapon_id, scene.trait(combatant, "strength"))


def check_bow(scene: Scene, combatant: str, action: PhysicalAction) -> None:
    """VDA-BOW-01 at the declaration: no shot with a bow stronger than Strength + Potence."""
    if action.offensive and action.weapon and bow_of(scene, combatant, action) is not None:
        ranged.require_bow_drawable(
            bow_strength(scene, combatant, action.weapon),
            scene.trait(combatant, "strength"),
            scene.trait(combatant, "potence"),
        )


def heavy_shot_terms(scene: Scene, combatant: str, action: PhysicalAction) -> Terms:
    """VDA-BOW-05 on the shot's roll: a bow of 5 damage dice or more is at +1 difficulty."""
    bow = bow_of(scene, combatant, action)
    if not action.offensive or bow is None or not action.weapon:
        return NONE
    dice = ranged.weapon_damage_dice(bow, bow_strength=bow_strength(scene, combatant, action.weapon))
    return ranged.heavy_shot_modifiers(bow, dice)


def striker_bow_strength(scene: Scene, combatant: str, action: PhysicalAction) -> int:
    """VDA-BOW-03: the strength the damage pipeline reads (0 when no bow is shot)."""
    if bow_of(scene, combatant, action) is None or not action.weapon:
        return 0
    return bow_strength(scene, combatant, action.weapon)
