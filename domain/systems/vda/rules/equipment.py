"""What the weapon tables mean in play: melee sizes, armour, natural weapons and
concealment.

Chapters VDA-MELEE, VDA-ARMOR, VDA-NAT and VDA-CONC of ``rules/vda.md``, from
seed 000 « Armes de corps à corps », « Armures », « Armes naturelles » and
« Dissimulation ». The numbers themselves are in :mod:`domain.systems.vda.data`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.data import (
    NATURAL_WEAPONS,
    PARRYING,
    SHIELD,
    SMALL_PARRY,
    Armour,
    MeleeWeapon,
    NaturalWeapon,
    RangedWeapon,
    Weapon,
)
from domain.systems.vda.options import DamageOptions
from domain.systems.wod import NONE, DamageType, Kind, Terms, terms

# --- VDA-MELEE ----------------------------------------------------------------

SpecialAttack = Literal["targeted", "stake", "disarm", "vandalism", "grapple", "knockout"]


def small_weapon_special_modifiers(
    weapon: Weapon, special: SpecialAttack | None, ambush: bool, target_prone: bool
) -> Terms:
    """VDA-MELEE-01: size-P special attacks are at −1 in an ambush or against a prone opponent.

    000 « Armes de taille P › Avantage »."""
    small = isinstance(weapon, MeleeWeapon) and weapon.size == "P"
    if not small or special is None or not (ambush or target_prone):
        return NONE
    return terms("VDA-MELEE-01", difficulty=-1)


def small_parry_modifiers(parrying: Weapon, attacking: Weapon, options: DamageOptions) -> Terms:
    """VDA-MELEE-03: a ¤ weapon parrying anything but another ¤ weapon is at +1.

    000 « Armes de taille P » (« ¤ Ces armes utilisées pour parer autre chose que des
    armes ayant ce symbole ont +1 difficulté sur la parade »)."""
    if not isinstance(parrying, MeleeWeapon) or SMALL_PARRY not in parrying.tags:
        return NONE
    if isinstance(attacking, MeleeWeapon) and SMALL_PARRY in attacking.tags:
        return NONE
    if isinstance(attacking, NaturalWeapon) and not options.small_parry_against_natural:
        return NONE
    return terms("VDA-MELEE-03", difficulty=1)


def is_defensive_weapon(weapon: Weapon) -> bool:
    """VDA-MELEE-04: parrying weapons work like the shield, without its armour bonus.

    They put the adversary at +1 like a shield (VDA-MOD-04).

    000 « Armes de taille P » (« Armes de parade : comme le bouclier mais sans le
    bonus d'armure »)."""
    return isinstance(weapon, MeleeWeapon) and bool({PARRYING, SHIELD} & weapon.tags)


def club_knockout_possible(
    ambush: bool,
    attacker_strength: int,
    target_stamina: int,
    target_armour_dice: int,
    target_kind: Kind,
) -> bool:
    """VDA-MELEE-05: in an ambush the club can knock out a non-vampire weaker than Strength + 1.

    Weaker: the target's Stamina + armour dice are below the attacker's Strength + 1.

    000 « Armes de taille P » (the * note on the « Matraque courte »)."""
    return ambush and target_kind != "vampire" and attacker_strength + 1 > target_stamina + target_armour_dice


def club_knocks_out(stamina_roll: PoolRoll, target_kind: Kind, ghoul_spends_willpower: bool) -> bool:
    """VDA-MELEE-05: a clubbed target falls unconscious without a Stamina success at difficulty 8.

    A ghoul may spend 1 Willpower to succeed; a vampire is immune.

    000 « Armes de taille P » (the * note)."""
    if target_kind == "vampire":
        return False
    if target_kind == "ghoul" and ghoul_spends_willpower:
        return False
    return stamina_roll.successes == 0


KNOCKOUT_DIFFICULTY = 8


def require_conscious(conditions: Iterable[str], combatant: str) -> None:
    """VDA-MELEE-05: an unconscious combatant acts no more until the GM wakes it
    (``vda.SetCondition``); the duration is not stated (catalogue: the rest of the scene)."""
    require("unconscious" not in conditions, "VDA-MELEE-05", f"{combatant!r} is unconscious")


def require_weapon_stats(weapon: Weapon) -> None:
    """VDA-MELEE-07: a size-M weapon strikes only once the table supplies its damage and difficulty.

    The seeds name size-M weapons but give them no numbers.

    000 « Armes de taille M »."""
    if isinstance(weapon, MeleeWeapon):
        require(
            weapon.damage_bonus is not None and weapon.difficulty is not None,
            "VDA-MELEE-07",
            f"{weapon.name}: les graines ne donnent ni dommages ni difficulté / "
            "the seeds give no damage or difficulty; supply campaign data",
        )


def large_weapon_modifiers(
    wielder_weapon: Weapon,
    opponent_weapon: Weapon,
    wielder_initiative: int,
    opponent_initiative: int,
    options: DamageOptions,
) -> tuple[Terms, Terms]:
    """VDA-MELEE-08: a size-G wielder with the initiative is at −1, its small opponents at +1.

    Small: P weapons, claws, fists, fangs or touch. Returns (wielder's, opponent's) modifiers.

    000 « Armes de taille G › Avantage »."""
    large = isinstance(wielder_weapon, MeleeWeapon) and wielder_weapon.size == "G"
    small = isinstance(opponent_weapon, NaturalWeapon) or (
        isinstance(opponent_weapon, MeleeWeapon) and opponent_weapon.size == "P"
    )
    ahead = (
        wielder_initiative > opponent_initiative
        if options.large_weapon_needs_strictly_higher_initiative
        else wielder_initiative >= opponent_initiative
    )
    if not (large and small and ahead):
        return NONE, NONE
    return (
        terms("VDA-MELEE-08", difficulty=-1),
        terms("VDA-MELEE-08", difficulty=1),
    )


def weapon_bonus_capped_by_resistance(weapon_bonus: int, resistance: int | None) -> int:
    """VDA-RES-03: a weapon's damage bonus never exceeds its current resistance.

    000 « Résistance »."""
    return weapon_bonus if resistance is None else max(0, min(weapon_bonus, resistance))


# --- VDA-ARMOR ----------------------------------------------------------------


def armour_soaks(damage_type: DamageType, options: DamageOptions) -> bool:
    """VDA-ARMOR-03: armour soaks lethal damage, never aggravated.

    Bashing too by the V20 default (``armour_soaks_bashing``).

    000 « Armures » (« utilisés contre les dommages létaux, mais pas contre l'aggravé »)."""
    if damage_type == "aggravated":
        return False
    return damage_type == "lethal" or options.armour_soaks_bashing


def armour_roll_modifiers(armour: Armour | None, trait: str) -> Terms:
    """VDA-ARMOR-04: the armour's malus comes off every Stealth and Perception roll.

    000 « Armures » (« le malus se fait sur tous les jets de Discrétion et Perception »)."""
    if armour is None or armour.malus == 0 or trait not in ("stealth", "perception"):
        return NONE
    return terms("VDA-ARMOR-04", dice=-armour.malus)


def armour_coverage(armour: Armour | None) -> int:
    """VDA-ARMOR-05: the armour's malus is how much it covers, added to targeted attacks.

    1, or 2 for plate; VDA-TGT-02 adds it.

    000 « Armures »."""
    return armour.malus if armour else 0


def armour_malus_automatic_soak(malus: int, armour_dice: int, applies: bool) -> int:
    """VDA-ARMOR-06: against size-P and natural weapons the malus makes armour dice automatic.

    000 « Armures » (« Le malus convertit aussi les dés d'armure en encaissement
    automatique contre les armes de Taille P ou naturelles »)."""
    return max(0, min(malus, armour_dice)) if applies else 0


def shield_armour_dice(carries_shield: bool, options: DamageOptions) -> int:
    """VDA-ARMOR-07: a shield's armour bonus (never given by the seed; 1 die by default).

    000 « Armes de taille P » (« comme le bouclier mais sans le bonus d'armure »)."""
    return options.shield_armour_dice if carries_shield else 0


# --- VDA-NAT ------------------------------------------------------------------


def natural_weapons_of(kind: Kind) -> list[NaturalWeapon]:
    """VDA-NAT-01: everyone fights with head, fists and feet; a vampire has its fangs too.

    000 « Armes naturelles »."""
    return [w for w in NATURAL_WEAPONS.values() if not w.vampire_only or kind == "vampire"]


def natural_initiative_dice(weapon: NaturalWeapon, grappling: bool) -> int:
    """VDA-NAT-02: head and fists strike with −2 initiative dice, +2 in a grapple.

    000 « Armes naturelles » (« * l'initiative est avec – 2 dés sauf en cas d'étreinte
    alors avec +2 dés »)."""
    if grappling and weapon.initiative_grappling is not None:
        return weapon.initiative_grappling
    return weapon.initiative


def require_bite_hold(weapon: Weapon, biter_kind: Kind, grapple_value: int) -> None:
    """VDA-NAT-03: only a vampire bites, and only a victim it holds in a grapple.

    000 « Armes naturelles » (« cela demande d'avoir étreint sa victime »), « La morsure »."""
    if not isinstance(weapon, NaturalWeapon) or not weapon.requires_grapple:
        return
    require(
        biter_kind == "vampire" or not weapon.vampire_only,
        "VDA-NAT-03",
        "seul un vampire a des crocs / only vampires bite",
    )
    require(grapple_value > 0, "VDA-NAT-03", "il faut d'abord étreindre sa victime")


# --- VDA-CONC -----------------------------------------------------------------


def require_concealable(weapon: MeleeWeapon | RangedWeapon) -> int:
    """VDA-CONC-01: only a weapon with a concealment rating can be hidden; returns the rating.

    000 « Dissimulation », « Armes de taille G › Défaut »."""
    require(weapon.concealable, "VDA-CONC-01", f"{weapon.name}: pas de dissimulation possible")
    require(
        weapon.concealment is not None,
        "VDA-CONC-01",
        f"{weapon.name}: les graines ne donnent pas sa dissimulation",
    )
    assert weapon.concealment is not None
    return weapon.concealment


def hiding_difficulty(weapon: MeleeWeapon | RangedWeapon, options: DamageOptions) -> int:
    """VDA-CONC-01: the concealment rating adds to the difficulty of hiding the weapon.

    The roll is Dexterity + Stealth.

    000 « Dissimulation »."""
    return options.concealment_base_difficulty + require_concealable(weapon)


def searching_difficulty(weapon: MeleeWeapon | RangedWeapon, options: DamageOptions) -> int:
    """VDA-CONC-01: the concealment rating comes off the difficulty of finding the weapon.

    000 « Dissimulation »."""
    return options.concealment_base_difficulty - require_concealable(weapon)


def stealth_modifiers(weapons: Iterable[MeleeWeapon | RangedWeapon], armour: Armour | None) -> Terms:
    """VDA-CONC-02: carried weapons and armour cost Stealth dice.

    Size M 1 (not glaive or khopesh), size G 2, musket and blunderbuss 1, armour its malus.

    000 « Armes de taille M › Défaut », « Armes de taille G », « Pour la guerre de 30
    ans », « Armures »."""
    dice = sum(weapon.stealth_malus for weapon in weapons)
    if armour is not None:
        dice += armour.malus
    return terms("VDA-CONC-02", dice=-dice) if dice else NONE
