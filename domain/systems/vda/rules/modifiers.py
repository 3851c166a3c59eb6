"""Situational dice and difficulty modifiers of a fight.

Chapters VDA-MOD, VDA-WATER and VDA-COVER of ``rules/vda.md``, from seed 000
« Malus de difficulté pendant un combat », « Sous l'eau » and « Couverture ».
Every function returns :class:`~domain.systems.wod.Terms`: the
:class:`~domain.systems.wod.Modifier` terms (the one modifier type, the one the roll
events carry) it adds to a roll's pool and difficulty, so that a roll can show which
rule moved what; ``NONE`` means "nothing".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from domain.errors import require
from domain.systems.vda.data import (
    ANCHORABLE,
    FIRST_OUTNUMBERING,
    IGNORES_SHIELD,
    MeleeWeapon,
    Size,
    Weapon,
)
from domain.systems.wod import NONE, Terms, terms

# --- VDA-MOD ------------------------------------------------------------------

TerrainRuling = Literal["none", "minus_one_die", "minus_two_dice", "plus_one_difficulty"]


def terrain_modifiers(ruling: TerrainRuling, common_to_all: bool) -> Terms:
    """VDA-MOD-01: slope, crowding or a cramped weapon cost dice or difficulty, by the GM's ruling.

    −1 or −2 dice, or +1 difficulty; nothing when every combatant suffers it alike.

    000 « Malus de difficulté pendant un combat »."""
    if common_to_all or ruling == "none":
        return NONE
    dice = {"minus_one_die": -1, "minus_two_dice": -2}.get(ruling, 0)
    difficulty = 1 if ruling == "plus_one_difficulty" else 0
    return terms("VDA-MOD-01", dice=dice, difficulty=difficulty)


def moving_target_modifiers(target_moving: bool) -> Terms:
    """VDA-MOD-02: striking a moving target is at +1 difficulty.

    000 « Malus de difficulté pendant un combat »."""
    return terms("VDA-MOD-02", difficulty=1) if target_moving else NONE


def moving_horse_modifiers(weapon: Weapon | None, anchored: bool, ruling_dice: int) -> Terms:
    """VDA-MOD-03: striking a moving horse is +2, and up to −2 dice by the GM's ruling.

    It replaces VDA-MOD-02. An anchored G lance suffers nothing; a dagger thrust is +2 and −2 dice.

    000 « Malus de difficulté pendant un combat »."""
    require(0 <= ruling_dice <= 2, "VDA-MOD-03", "the horse's speed costs 0 to 2 dice")
    if anchored and isinstance(weapon, MeleeWeapon) and ANCHORABLE in weapon.tags:
        return NONE
    # « un coup de poignard »: size P blades (catalogue).
    if isinstance(weapon, MeleeWeapon) and weapon.size == "P":
        ruling_dice = 2
    return terms("VDA-MOD-03", dice=-ruling_dice, difficulty=2)


def shield_modifiers(target_defensive_weapon: bool, attacker_weapon: Weapon) -> Terms:
    """VDA-MOD-04: a shield or defensive weapon in the target's hand puts its adversary at +1.

    The two-handed axe and sword ignore it.

    000 « Malus de difficulté pendant un combat », « Armes de taille G › Note »."""
    if not target_defensive_weapon:
        return NONE
    if isinstance(attacker_weapon, MeleeWeapon) and IGNORES_SHIELD in attacker_weapon.tags:
        return NONE
    return terms("VDA-MOD-04", difficulty=1)


def outnumbered_modifiers(
    adversaries: int, adversaries_melee: Iterable[int], organised: bool, weapon: Weapon | None
) -> Terms:
    """VDA-MOD-05: a lone fighter is at +1 per organised adversary beyond the first.

    Generally no more than their mean Melee; the two-handed sword cancels the first point (VDA-MELEE-11).

    000 « Malus de difficulté pendant un combat »."""
    scores = list(adversaries_melee)
    if not organised or adversaries < 2:
        return NONE
    malus = adversaries - 1
    if scores:
        malus = min(malus, sum(scores) // len(scores))
    if isinstance(weapon, MeleeWeapon) and FIRST_OUTNUMBERING in weapon.tags:
        malus -= 1
    return terms("VDA-MOD-05", difficulty=malus) if malus > 0 else NONE


# --- VDA-WATER ----------------------------------------------------------------

_WATER_ATTRIBUTES = {"dexterity": 2, "strength": 1, "perception": 1}
_WATER_SIZES: dict[Size, int] = {"G": 2, "M": 1, "P": 0}


def underwater_attribute_modifiers(attribute: str, turbidity_ruling: int = 0) -> Terms:
    """VDA-WATER-01: underwater, Dexterity rolls are +2, Strength +1, Perception +1 or more.

    The GM rules on murky water (``turbidity_ruling``).

    000 « Sous l'eau »."""
    require(turbidity_ruling >= 0, "VDA-WATER-01", "murky water only adds difficulty")
    base = _WATER_ATTRIBUTES.get(attribute, 0)
    if attribute == "perception":
        base += turbidity_ruling
    return terms("VDA-WATER-01", difficulty=base) if base else NONE


def underwater_weapon_modifiers(size: Size | None) -> Terms:
    """VDA-WATER-02: a weapon used underwater adds +2 (size G) or +1 (size M).

    000 « Sous l'eau »."""
    malus = _WATER_SIZES.get(size, 0) if size else 0
    return terms("VDA-WATER-02", difficulty=malus) if malus else NONE


# --- VDA-COVER ----------------------------------------------------------------

CoverRuling = Literal["dice_and_difficulty", "dice", "difficulty"]


def cover_modifiers(level: int, ruling: CoverRuling = "dice_and_difficulty") -> Terms:
    """VDA-COVER-01: each level of cover gives a defensive action a die and/or −1 difficulty.

    Levels: 1 light, 2 medium, 3 nearly complete; the « et/ou » is the GM's ruling.

    000 « Couverture » (« +1 dé et/ou −1 en difficulté »): the « et/ou » is the GM's."""
    require(0 <= level <= 3, "VDA-COVER-01", "cover is 0 (none) to 3 (nearly complete)")
    if level == 0:
        return NONE
    dice = level if ruling != "difficulty" else 0
    difficulty = -level if ruling != "dice" else 0
    return terms("VDA-COVER-01", dice=dice, difficulty=difficulty)
