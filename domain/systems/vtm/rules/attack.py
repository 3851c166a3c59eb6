"""Seed 003 « L'Attaque », the melee maneuvers and « Résolution » → « Défense »: the
pool and difficulty of an attack, what it hits with and the damage dice it adds."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Literal

from domain.errors import require
from domain.systems.vtm.rules.melee import belly_damage
from domain.systems.vtm.state import Fighter, Maneuver, VtmSheet, Weapon
from domain.systems.wod import NONE, DamageType, Modifier, Terms, terms

TRAITS: dict[Maneuver, tuple[str, str, str]] = {
    "punch": ("dexterity", "brawl", "VTM-ATK-01"),
    "kick": ("dexterity", "brawl", "VTM-ATK-01"),
    "claws": ("dexterity", "brawl", "VTM-ATK-01"),
    "strike": ("dexterity", "melee", "VTM-ATK-02"),
    "sweep": ("dexterity", "brawl", "VTM-MEL-01"),
    "shoot": ("dexterity", "firearms", "VTM-ATK-03"),
    "throw": ("dexterity", "athletics", "VTM-ATK-04"),
    "clinch": ("strength", "brawl", "VTM-MEL-07"),
    "hold": ("strength", "brawl", "VTM-MEL-08"),
    "bite": ("dexterity", "brawl", "VTM-MEL-09"),
    "disarm": ("dexterity", "melee", "VTM-MEL-06"),
    "belly": ("dexterity", "melee", "VTM-MEL-12"),
    "tackle": ("dexterity", "brawl", "VTM-MEL-13"),
}
WEAPON_KIND: dict[Maneuver, str] = {
    "strike": "melee",
    "shoot": "firearm",
    "throw": "thrown",
    "belly": "firearm",
}
CLOSE: frozenset[Maneuver] = frozenset(
    {"punch", "kick", "claws", "strike", "sweep", "clinch", "hold", "bite", "disarm", "belly", "tackle"}
)
"""Brawl and Melee maneuvers: what a parry or a block can stop, and what being down hinders."""


def attack_traits(maneuver: Maneuver, weapon: Weapon | None = None) -> tuple[str, str, str]:
    """VTM-ATK-01: bare hands roll Dex + Bagarre; VTM-ATK-02: a melee weapon Dex + Mêlée;
    VTM-ATK-03: a firearm Dex + Armes à feu; VTM-ATK-04: a thrown weapon Dex + Athlétisme.
    (attribute, ability, rule). VTM-MEL-01: a sweep with a staff or a chain is Dex + Mêlée."""
    if maneuver == "sweep" and weapon is not None:
        return ("dexterity", "melee", "VTM-MEL-01")
    return TRAITS[maneuver]


def require_weapon_fits(maneuver: Maneuver, weapon: Weapon | None, name: str | None) -> None:
    """VTM-MEL-05: a weapon strike needs a melee weapon, a shot a firearm, a throw a
    thrown weapon; the bare-hand maneuvers use none."""
    wanted = WEAPON_KIND.get(maneuver)
    if maneuver in ("sweep", "disarm") and weapon is not None:
        wanted = "melee"  # VTM-MEL-01: a staff, a chain or any other weapon; VTM-MEL-06
    if wanted is None:
        require(name is None, "VTM-MEL-00", f"a {maneuver} uses no weapon")
        return
    require(
        weapon is not None and weapon.kind == wanted,
        "VTM-MEL-05",
        f"a {maneuver} needs a carried {wanted} weapon, not {name!r}",
    )


def require_claws(sheet: VtmSheet) -> DamageType:
    """VTM-MEL-04: only a vampire with Griffes de fauve (Protéisme) or Vicissitude claws
    strikes with claws."""
    require(sheet.claws is not None, "VTM-MEL-04", "this character has no claws")
    assert sheet.claws is not None
    return sheet.claws


HARDER: dict[Maneuver, str] = {
    "kick": "VTM-MEL-02",
    "sweep": "VTM-MEL-01",
    "hold": "VTM-MEL-08",
    "disarm": "VTM-MEL-06",
}


def maneuver_difficulty(maneuver: Maneuver) -> list[Modifier]:
    """VTM-ATK-05: an attack is made at difficulty 6; VTM-MEL-02: a kick at +1;
    VTM-MEL-01: a sweep at +1; VTM-MEL-08: a hold at +1; VTM-MEL-06: a disarm at +1
    (VTM-MEL-07: a clinch, VTM-MEL-09: a bite and VTM-MEL-12: the gun in the belly at
    normal difficulty; a tackle: ``melee.tackle_difficulty``)."""
    terms = [Modifier(rule="VTM-ATK-05", value=6, why="attack")]
    if maneuver in HARDER:
        terms.append(Modifier(rule=HARDER[maneuver], value=1, why=maneuver))
    return terms


def accuracy(maneuver: Maneuver) -> Terms:
    """VTM-MEL-00: a maneuver's « Précision » adds attack dice; VTM-MEL-09: a bite +1."""
    return terms("VTM-MEL-09", dice=1, why="bite") if maneuver == "bite" else NONE


def damage_dice(
    maneuver: Maneuver, strength: int, weapon: Weapon | None, claws: DamageType | None
) -> tuple[list[Modifier], DamageType]:
    """VTM-DMG-01, VTM-DMG-02: the damage of each maneuver. VTM-MEL-03 a punch does
    Strength (bashing); VTM-MEL-02 a kick Strength + 1 (bashing); VTM-MEL-04 claws Strength + 1 (lethal or
    aggravated by their source); VTM-MEL-01 a sweep Strength, or the weapon's, bashing;
    VTM-GRP-01 a clinch Strength, bashing; VTM-MEL-08 a hold none; VTM-MEL-09 a bite
    Strength + 1, aggravated;
    VTM-MEL-05 a weapon by its kind (``weapon_damage``)."""
    strength_term = Modifier(rule="VTM-DMG-02", value=strength, why="strength")
    if maneuver == "punch":
        return [strength_term], "bashing"
    if maneuver == "kick":
        return [strength_term, Modifier(rule="VTM-MEL-02", value=1, why="kick")], "bashing"
    if maneuver == "claws":
        return [strength_term, Modifier(rule="VTM-MEL-04", value=1, why="claws")], claws or "lethal"
    if maneuver == "clinch":  # VTM-GRP-01: Strength, bashing
        return [Modifier(rule="VTM-GRP-01", value=strength, why="strength")], "bashing"
    if maneuver == "hold":  # VTM-MEL-08: no damage
        return [], "bashing"
    if maneuver == "tackle":  # VTM-MEL-13: Strength + 1, bashing
        return [strength_term, Modifier(rule="VTM-MEL-13", value=1, why="tackle")], "bashing"
    if maneuver == "disarm" and weapon is None:  # VTM-MEL-06: bare hands, Strength
        return [strength_term], "bashing"
    if maneuver == "belly":  # VTM-MEL-12: the pistol + 2 (rubber bullets: + 0), lethal
        assert weapon is not None
        return belly_damage(weapon), "lethal"
    if maneuver == "bite":  # VTM-MEL-09: Strength + 1, aggravated
        return [strength_term, Modifier(rule="VTM-MEL-09", value=1, why="bite")], "aggravated"
    if maneuver == "sweep":  # VTM-MEL-01: Strength, or the weapon's damage, bashing
        weapon_dice = [Modifier(rule="VTM-MEL-01", value=weapon.damage, why="weapon")] if weapon else []
        return [strength_term, *weapon_dice], "bashing"
    assert weapon is not None
    return weapon_damage(strength, weapon)


def weapon_damage(strength: int, weapon: Weapon) -> tuple[list[Modifier], DamageType]:
    """VTM-MEL-05: a melee weapon does Strength + the weapon; a firearm or a thrown weapon
    its own dice."""
    weapon_term = Modifier(rule="VTM-MEL-05", value=weapon.damage, why="weapon")
    if weapon.kind == "melee":
        return [Modifier(rule="VTM-DMG-02", value=strength, why="strength"), weapon_term], weapon.damage_type
    return [weapon_term], weapon.damage_type


def remaining_successes(attack: int, defence: int) -> int:
    """VTM-DEF-04: each defence success cancels one attack success; VTM-ATK-07: the
    attack hits, with what remains, when at least one remains."""
    return max(0, attack - defence)


def extra_damage(remaining: int, reading: Literal["beyond_first", "all"]) -> list[Modifier]:
    """VTM-ATK-08: the attack's extra successes add damage dice (beyond the first, which
    hits, by default)."""
    extra = remaining - 1 if reading == "beyond_first" else remaining
    return [Modifier(rule="VTM-ATK-08", value=extra, why="extra successes")] if extra > 0 else []


AIM: dict[str, tuple[int, int]] = {"medium": (1, 0), "small": (2, 1), "precise": (3, 2)}


def aimed(aim: str | None) -> Terms:
    """VTM-GEN-02: aiming at a medium, small or precise part adds 1, 2 or 3 to the
    difficulty (its damage dice: :func:`aimed_damage`)."""
    return terms("VTM-GEN-02", difficulty=AIM[aim][0], why=aim) if aim else NONE


def require_bypass(bypass: str | None, aim: str | None) -> None:
    """VTM-GEN-03: only an attack aimed at a part ignores cover or armour."""
    require(bypass is None or aim is not None, "VTM-GEN-03", "only an aimed attack gets past cover or armour")


def aimed_damage(aim: str | None) -> list[Modifier]:
    """VTM-GEN-02: a small part adds 1 damage die, a precise one 2 (dice, as every other
    damage bonus of the seed)."""
    bonus = AIM[aim][1] if aim else 0
    return [Modifier(rule="VTM-GEN-02", value=bonus, why=aim or "")] if bonus else []


def from_the_side(side: str) -> Terms:
    """VTM-GEN-01: from the flank, one more attack die; from behind, two."""
    return terms("VTM-GEN-01", dice={"front": 0, "flank": 1, "rear": 2}[side], why=side)


def opponents(count: int) -> Terms:
    """VTM-MEL-11 / VTM-DEF-14: each close opponent after the first adds 1 to the
    difficulty of every attack and defence, at most 4."""
    return terms("VTM-MEL-11", difficulty=min(count - 1, 4), why=f"{count} opponents") if count > 1 else NONE


def close_opponents(fighters: Mapping[str, Fighter], combatant: str) -> int:
    """VTM-MEL-11: the opponents engaging a combatant in melee are those who declared a
    Brawl or Melee attack against it this turn (the catalogue's reading)."""
    return sum(
        1
        for cid, fighter in fighters.items()
        if cid != combatant
        and any(
            a.kind == "attack" and a.target == combatant and a.maneuver in CLOSE
            for a in fighter.declared or []
        )
    )


SWEEP_FOOTING = 8
"""VTM-MEL-01: the swept target keeps its feet with Dex + Athlétisme at difficulty 8."""


def knocks_down(maneuver: Maneuver) -> bool:
    """VTM-CPX-01: sweeps and tackles (and, in the seed, throws) are made to knock a victim
    down; any other blow does so only by the GM's ruling."""
    return maneuver in ("sweep", "tackle")


COVER: dict[str, tuple[int, int]] = {"none": (0, 0), "light": (1, 0), "medium": (2, 1), "good": (3, 3)}


def lying_cover(cover: str, conditions: Collection[str], counts: bool) -> str:
    """VTM-FIRE-01: « Léger (couché, derrière un poteau téléphonique) »: one lying down
    (knocked down, VTM-CPX-03) is at least in light cover against shots, besides the die its
    attackers gain (the table's ``prone_cover_vs_ranged``)."""
    if counts and "knocked_down" in conditions and COVER[cover][0] < COVER["light"][0]:
        return "light"
    return cover


def cover(maneuver: Maneuver, target_cover: str, attacker_cover: str, bypass: str | None = None) -> Terms:
    """VTM-FIRE-01: cover makes a shooter's target harder to hit (+1, +2, +3) and a covered
    shooter's return fire harder (0, +1, +3); VTM-FIRE-02: both add up. VTM-GEN-03: a
    part aimed at past the target's cover ignores its cover."""
    if maneuver in CLOSE:
        return NONE
    if bypass == "cover":
        target_cover = "none"
    found = terms("VTM-FIRE-01", difficulty=COVER[target_cover][0], why=f"target behind {target_cover} cover")
    return found + terms(
        "VTM-FIRE-02", difficulty=COVER[attacker_cover][1], why=f"firing from {attacker_cover} cover"
    )
