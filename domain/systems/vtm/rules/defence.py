"""Seed 003 « Résolution » → « Défense » and the defensive maneuvers: which declared
defence answers an attack, and its pool."""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from domain.errors import require
from domain.systems.vtm.rules.attack import CLOSE
from domain.systems.vtm.state import Defence, Fighter, Maneuver, Weapon
from domain.systems.wod import DamageType

DEFENCE_TRAITS: dict[Defence, tuple[str, str]] = {
    "dodge": ("dexterity", "dodge"),
    "parry": ("dexterity", "melee"),
    "block": ("dexterity", "brawl"),
}


def defence_traits(defence: Defence) -> tuple[str, str]:
    """VTM-DEF-02: esquive Dex + Esquive, parade Dex + Mêlée, blocage Dex + Bagarre."""
    return DEFENCE_TRAITS[defence]


def stops(
    defence: Defence,
    maneuver: Maneuver,
    damage_type: DamageType,
    armoured: bool,
    conditions: Collection[str] = (),
) -> bool:
    """VTM-DEF-07: a block stops only bashing close attacks (lethal or aggravated ones
    only in armour); a parry stops close attacks; a dodge any attack. VTM-DEF-08: no
    dodge without room (``cramped``); a block or a parry is no use to one who cannot
    tell where the blow comes from (``blinded``)."""
    if defence == "dodge":
        return "cramped" not in conditions
    if "blinded" in conditions:
        return False
    if maneuver not in CLOSE:
        return False
    return defence == "parry" or damage_type == "bashing" or armoured


def answering_defence(
    fighter: Fighter,
    attacker: str,
    maneuver: Maneuver,
    damage_type: DamageType,
    armoured: bool,
    conditions: Collection[str] = (),
) -> tuple[int, Defence] | None:
    """VTM-INIT-06: a defence is rolled in the window of the attack it answers, whatever
    the initiative. VTM-DEF-10: a dodge that names no attacker answers the first attack
    of the turn; a parry or a block answers the attacker it names. VTM-DEF-13: a desperate
    defence answers every attack. (Index of the declared action, defence.)"""
    for index, action in enumerate(fighter.declared or []):
        if index in fighter.resolved or action.kind != "defend" or action.defence is None:
            continue
        named = action.target in (None, attacker) if action.defence == "dodge" else action.target == attacker
        if (named or fighter.desperate) and stops(
            action.defence, maneuver, damage_type, armoured, conditions
        ):
            return index, action.defence
    return None


def require_room(defence: Defence, conditions: Collection[str]) -> None:
    """VTM-DEF-08: a dodge needs room: in a narrow corridor (``cramped``) one blocks or
    parries instead."""
    require(defence != "dodge" or "cramped" not in conditions, "VTM-DEF-08", "no room to dodge here")


def dives_for_cover(defence: Defence, maneuver: Maneuver, cover: str) -> bool:
    """VTM-DEF-09: dodging a shot or a throw means moving a metre and dropping prone or
    into cover: one in the open lies down (light cover) for the shots that follow."""
    return defence == "dodge" and maneuver not in CLOSE and cover == "none"


def parrying_weapon(carried: list[tuple[str, Weapon]]) -> str | None:
    """VTM-DEF-02: a parry stops a weapon with a weapon: the first melee weapon carried."""
    return next((name for name, weapon in carried if weapon.kind == "melee"), None)


def riposte_bonus(defence: Defence, parry: int, attack: int) -> int:
    """VTM-DEF-12: a parry with more successes than the attack allows a normal attack at
    once, with the successes left over as extra dice (VTM-DEF-11: with the parrying
    weapon, which is how a lethal blade hurts a bare-handed attacker)."""
    return parry - attack if defence == "parry" and parry > attack else 0


def parry_on_brawler(
    defence: Defence, attack_ability: str, weapon: Weapon | None, parry: int, attack: int, reading: str
) -> Literal["wound", "ask"] | None:
    """VTM-DEF-11: « l'attaquant sera probablement blessé par la parade »: a Brawl attack
    parried with a weapon dealing lethal damage. The catalogue's reading (``riposte``): the
    blade hurts through the riposte of a winning parry (VTM-DEF-12), and a parry that does
    not win asks the Storyteller (``ask``); by the table's ``weapon_damage``, a parry with a
    success deals the weapon's damage to the attacker (``wound``)."""
    if defence != "parry" or attack_ability != "brawl" or weapon is None or weapon.damage_type == "bashing":
        return None
    if reading == "weapon_damage":
        return "wound" if parry >= 1 else None
    return "ask" if parry <= attack else None
