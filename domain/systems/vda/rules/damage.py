"""Fortitude and Potence against equipment, the hit margin and its conversion
into automatic damage, and what a defence does to soak.

Chapters VDA-FORPOT, VDA-DMG and VDA-DEF of ``rules/vda.md``, from seed 000
(« La fortitude ne se cumule pas… », « Marge de touché et dommages »,
« Actions défensives ») and seed 001 (« Marge de touché et dommages »).
VDA-GEN-03 (vampires halve bashing) is here too because the damage pipeline
is its only reader.
"""

from __future__ import annotations

import msgspec

from domain.systems.vda.data import NaturalWeapon, RangedWeapon, Weapon
from domain.systems.vda.options import DamageOptions
from domain.systems.wod import DamageType, Kind

# --- VDA-FORPOT ---------------------------------------------------------------


def armour_dice_after_fortitude(armour_dice: int, fortitude: int) -> int:
    """VDA-FORPOT-01: each Fortitude dot removes one die of the armour's soak bonus.

    000 « La fortitude ne se cumule pas avec les armures… »."""
    return max(0, armour_dice - fortitude)


def armour_dice_lost_to_fortitude(armour_dice: int, fortitude: int) -> int:
    """VDA-FORPOT-01: how many armour dice Fortitude took away (at most all of them).

    000 « La fortitude ne se cumule pas avec les armures… »."""
    return max(0, min(armour_dice, fortitude))


def fortitude_ones_removable(
    nominal_armour_dice: int, fortitude: int, tokens_used: int, options: DamageOptions
) -> int:
    """VDA-FORPOT-02: every two armour dice lost to Fortitude remove one 1 from a soak roll.

    000 « La fortitude ne se cumule pas… » (« Chaque deux dés perdus, permet de
    retirer un "1" d'un jet d'encaissement »). Tokens come from the armour's
    nominal dice. The seed puts no limit on this sentence: by default every soak
    roll may lose that many 1s; ``fortitude_ones_once_per_combat`` is the
    catalogue's reading (each token once per combat, one per roll; ``tokens_used``
    is how many this combatant already spent)."""
    tokens = armour_dice_lost_to_fortitude(nominal_armour_dice, fortitude) // 2
    if not options.fortitude_ones_once_per_combat:
        return tokens
    return 1 if tokens_used < tokens else 0


def fortitude_damage_ones_removable(
    own_armour_dice: int, fortitude: int, tokens_used: int, options: DamageOptions
) -> int:
    """VDA-FORPOT-02: every two armour dice lost to Fortitude also remove a 1 from one's damage roll.

    Once per combat per token, one per roll, and never on top of a Potence token on the
    same roll (« ne peut se cumuler », VDA-FORPOT-04). The armour is the striker's own.

    000 « La fortitude ne se cumule pas… » (« Chaque deux dés perdus, permet de retirer
    un "1" d'un jet dommage (ce bonus ne fonctionne qu'une fois par combat) et ne peut se
    cumuler »). ``fortitude_removes_damage_ones=False`` is the catalogue's reading (a
    copy of the Potence sentence, nothing for Fortitude)."""
    if not options.fortitude_removes_damage_ones:
        return 0
    tokens = armour_dice_lost_to_fortitude(own_armour_dice, fortitude) // 2
    return 1 if tokens_used < tokens else 0


def weapon_bonus_after_potence(weapon_bonus: int, potence: int) -> int:
    """VDA-FORPOT-03: each Potence dot removes one die of the weapon's damage bonus.

    000 « La puissance ne se cumule pas avec les dommages des armes… »."""
    return max(0, weapon_bonus - potence)


def weapon_dice_lost_to_potence(weapon_bonus: int, potence: int) -> int:
    """VDA-FORPOT-03: how many weapon bonus dice Potence took away.

    000 « La puissance ne se cumule pas avec les dommages des armes… »."""
    return max(0, min(weapon_bonus, potence))


def potence_strips_weapon(weapon: Weapon, options: DamageOptions) -> bool:
    """VDA-FORPOT-03: Potence strips manufactured weapons (natural ones by table option).

    000 « … des armes utilisées »."""
    return not isinstance(weapon, NaturalWeapon) or options.potence_reduces_natural_weapons


def potence_ones_removable(weapon_dice_lost: int, tokens_used: int) -> int:
    """VDA-FORPOT-04: every two weapon dice lost to Potence remove a 1 from a damage roll.

    Once per combat per token, one per roll.

    000 « La puissance ne se cumule pas… » (« ce bonus ne fonctionne qu'une fois par
    combat) et ne peut se cumuler »)."""
    return 1 if tokens_used < weapon_dice_lost // 2 else 0


def potence_on_damage(potence: int, weapon: Weapon) -> tuple[int, int]:
    """VDA-FORPOT-05: Potence adds automatic successes to Strength damage, dice when thrown.

    Returns (automatic successes, damage dice); nothing for bows, crossbows and firearms.

    000 « Désarmement » (« comme d'habitude sa Potence en succès automatique »),
    « Dégât des armes à distances »."""
    if not isinstance(weapon, RangedWeapon):
        return potence, 0
    if weapon.kind == "thrown":
        return 0, potence  # VDA-THROW-03
    return 0, 0


class SoakModel(msgspec.Struct, frozen=True, kw_only=True):
    """How a weapon's damage is soaked (VDA-DMG-07)."""

    fortitude_automatic: bool
    """VDA-FORPOT-06: piercing and bashing damage."""
    armour_malus_automatic: bool
    """VDA-ARMOR-06: size-P and natural weapons."""
    halved_for_vampires: bool
    """VDA-GEN-03: bashing damage."""


def soak_model(weapon: Weapon) -> SoakModel:
    """VDA-DMG-07: a weapon's damage type decides how its damage is soaked.

    Piercing (size P, rapier, pilum) and bashing: Fortitude automatic; size P and
    natural: armour malus automatic; bashing: halved for vampires.

    000 « Armes de taille P », « Armes de taille M », « Armures »."""
    size = None if isinstance(weapon, NaturalWeapon) else weapon.size
    small = isinstance(weapon, NaturalWeapon) or size == "P"
    return SoakModel(
        fortitude_automatic=weapon.damage_type == "bashing" or weapon.wound == "piercing",
        armour_malus_automatic=small or weapon.wound == "piercing",
        halved_for_vampires=weapon.damage_type == "bashing",
    )


def fortitude_automatic_soak(fortitude: int, model: SoakModel) -> int:
    """VDA-FORPOT-06: against piercing and bashing damage, Fortitude soaks automatically.

    000 « Armes de taille P » (« la discipline Fortitude fournit pour chaque niveau
    possédé un encaissement automatique »), « Armes de taille M »."""
    return fortitude if model.fortitude_automatic else 0


# --- VDA-GEN-03 ---------------------------------------------------------------


def bashing_taken(levels: int, kind: Kind) -> int:
    """VDA-GEN-03: vampires take half the bashing damage left after soak, rounded up.

    000 « Les vampires sont peu sujets à la contusion… arrondissement au supérieur »."""
    return -(-levels // 2) if kind == "vampire" else levels


# --- VDA-DMG ------------------------------------------------------------------


def hit_margin(attack_successes: int, defence_successes: int) -> int:
    """VDA-DMG-01: the hit margin is the attack's successes less the defence allocated to it.

    000 « Marge de touché et dommages », « Actions défensives »."""
    return attack_successes - defence_successes


def automatic_damage(margin: int, divisor: int, damage_dice: int) -> int:
    """VDA-DMG-03: every ``divisor`` hit successes turn one damage die into automatic damage.

    ``divisor`` is the target's Fortitude (at least 1); never more dice than the pool.

    000/001 « Marge de touché et dommages » (« 2 en Fortitude fait passer à tous les
    deux de toucher 1 dé »)."""
    return max(0, min(damage_dice, margin // max(1, divisor)))


def conversion_divisor(fortitude: int, armour_dice: int) -> int:
    """VDA-DMG-04: armour counts like Fortitude for the conversion; with both, the higher.

    max(F, A) = F + the armour dice Fortitude leaves (VDA-FORPOT-01).

    000/001 « Marge de touché et dommages » (« 2 pour une cotte de maille, 4 pour une
    armure de plaque »)."""
    return max(1, fortitude, armour_dice)


def convert_damage_dice(
    damage_dice: int, margin: int, divisor: int, options: DamageOptions
) -> tuple[int, int]:
    """VDA-DMG-05: the margin converts dice, never more than the pool holds.

    Returns (dice left to roll, automatic damage).

    000 « Marge de touché et dommages », « Armes à distance » (« Marge 3 »)."""
    counted = margin if options.first_success_converts else margin - 1
    converted = automatic_damage(counted, divisor, damage_dice)
    return damage_dice - converted, converted


# --- VDA-DEF ------------------------------------------------------------------


def defence_soak_conversion(defence_successes: int, convertible_dice: int, damage_type: DamageType) -> int:
    """VDA-DEF-01: each defence success turns an armour or Fortitude die into automatic soak.

    Never against aggravated damage.

    000 « Actions défensives »."""
    if damage_type == "aggravated":
        return 0
    return max(0, min(defence_successes, convertible_dice))


def attack_cancelled(margin: int) -> bool:
    """VDA-DEF-02: a defence that cancels every success cancels all the attack's effects.

    000 « Actions défensives » (« elle en annule entièrement les effets »)."""
    return margin <= 0


def margin_after_defence(attack_successes: int, defence_successes: int, options: DamageOptions) -> int:
    """VDA-DEF-03: defence successes cancel attack successes one for one.

    By table option a defence that falls short only improves soak.

    000 « Actions défensives » (inferred from « annule tous les succès »)."""
    margin = hit_margin(attack_successes, defence_successes)
    if margin > 0 and not options.partial_defence_lowers_margin:
        return attack_successes
    return margin
