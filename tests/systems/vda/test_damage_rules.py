"""VDA-FORPOT, VDA-DMG, VDA-DEF and VDA-GEN-03 (``rules/damage.py``)."""

from __future__ import annotations

from domain.systems.vda.data import MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules import damage

DEFAULTS = DamageOptions()


# --- VDA-FORPOT ---------------------------------------------------------------------


def test_vda_forpot_01__fortitude_strips_armour_dice_down_to_zero() -> None:
    """VDA-FORPOT-01: fortitude strips armour dice down to zero."""
    assert damage.armour_dice_after_fortitude(4, 1) == 3  # plate, Fortitude 1
    assert damage.armour_dice_after_fortitude(2, 3) == 0  # mail, Fortitude 3
    assert damage.armour_dice_lost_to_fortitude(2, 3) == 2
    assert damage.armour_dice_lost_to_fortitude(4, 0) == 0


def test_vda_forpot_02__catalogue_reading_removes_a_1_from_soak_once_per_combat() -> None:
    """VDA-FORPOT-02: catalogue reading removes a 1 from soak once per combat."""
    catalogue = DamageOptions(fortitude_ones_once_per_combat=True)
    # Plate (4) under Fortitude 4: 4 dice lost, 2 tokens, one a roll.
    assert damage.fortitude_ones_removable(4, 4, tokens_used=0, options=catalogue) == 1
    assert damage.fortitude_ones_removable(4, 4, tokens_used=1, options=catalogue) == 1
    assert damage.fortitude_ones_removable(4, 4, tokens_used=2, options=catalogue) == 0
    # Leather under Fortitude 3: 1 die lost, no token.
    assert damage.fortitude_ones_removable(1, 3, tokens_used=0, options=catalogue) == 0


def test_vda_forpot_02__by_default_every_soak_roll_loses_a_1_per_two_lost_dice() -> None:
    """VDA-FORPOT-02: The seed's literal reading (000 l.113): no once-per-combat limit on the soak
    sentence."""
    assert damage.fortitude_ones_removable(4, 4, tokens_used=5, options=DEFAULTS) == 2
    assert damage.fortitude_ones_removable(1, 3, tokens_used=0, options=DEFAULTS) == 0


def test_vda_forpot_02__lost_armour_dice_remove_a_1_from_ones_damage_roll_once_per_combat() -> None:
    """VDA-FORPOT-02: « Chaque deux dés perdus, permet de retirer un "1" d'un jet dommage (… une fois par
    combat)»."""
    assert damage.fortitude_damage_ones_removable(2, 3, tokens_used=0, options=DEFAULTS) == 1
    assert damage.fortitude_damage_ones_removable(2, 3, tokens_used=1, options=DEFAULTS) == 0
    assert damage.fortitude_damage_ones_removable(1, 3, tokens_used=0, options=DEFAULTS) == 0
    off = DamageOptions(fortitude_removes_damage_ones=False)
    assert damage.fortitude_damage_ones_removable(4, 4, tokens_used=0, options=off) == 0


def test_vda_forpot_03__potence_strips_the_weapon_bonus() -> None:
    """VDA-FORPOT-03: potence strips the weapon bonus."""
    assert damage.weapon_bonus_after_potence(5, 2) == 3  # two-handed sword, Potence 2
    assert damage.weapon_bonus_after_potence(2, 4) == 0
    assert damage.weapon_dice_lost_to_potence(2, 4) == 2


def test_vda_forpot_03__natural_weapons_keep_their_bonus_by_default() -> None:
    """VDA-FORPOT-03: natural weapons keep their bonus by default."""
    feet, sword = NATURAL_WEAPONS["pieds"], MELEE_WEAPONS["epee_a_deux_mains"]
    assert damage.potence_strips_weapon(sword, DEFAULTS)
    assert not damage.potence_strips_weapon(feet, DEFAULTS)
    assert damage.potence_strips_weapon(feet, DamageOptions(potence_reduces_natural_weapons=True))


def test_vda_forpot_04__two_lost_weapon_dice_remove_a_1_from_damage_once_per_combat() -> None:
    """VDA-FORPOT-04: two lost weapon dice remove a 1 from damage once per combat."""
    assert damage.potence_ones_removable(weapon_dice_lost=4, tokens_used=0) == 1
    assert damage.potence_ones_removable(weapon_dice_lost=4, tokens_used=2) == 0
    assert damage.potence_ones_removable(weapon_dice_lost=1, tokens_used=0) == 0


def test_vda_forpot_05__potence_is_automatic_in_melee_dice_when_thrown_nothing_for_bows() -> None:
    """VDA-FORPOT-05: potence is automatic in melee dice when thrown nothing for bows."""
    assert damage.potence_on_damage(3, MELEE_WEAPONS["lance"]) == (3, 0)
    assert damage.potence_on_damage(3, NATURAL_WEAPONS["poings"]) == (3, 0)
    assert damage.potence_on_damage(3, RANGED_WEAPONS["hachette"]) == (0, 3)
    assert damage.potence_on_damage(3, RANGED_WEAPONS["arc_long"]) == (0, 0)
    assert damage.potence_on_damage(3, RANGED_WEAPONS["pistolet"]) == (0, 0)


def test_vda_forpot_06__fortitude_soaks_piercing_and_bashing_automatically() -> None:
    """VDA-FORPOT-06: fortitude soaks piercing and bashing automatically."""
    for weapon_id in ("stylet", "rapiere", "matraque_courte", "masse"):
        model = damage.soak_model(MELEE_WEAPONS[weapon_id])
        assert damage.fortitude_automatic_soak(3, model) == 3, weapon_id
    for weapon_id in ("epee_a_deux_mains", "glaive"):
        model = damage.soak_model(MELEE_WEAPONS[weapon_id])
        assert damage.fortitude_automatic_soak(3, model) == 0, weapon_id


# --- VDA-GEN-03 ---------------------------------------------------------------------


def test_vda_gen_03__vampires_halve_bashing_rounding_up() -> None:
    """VDA-GEN-03: vampires halve bashing rounding up."""
    assert damage.bashing_taken(5, "vampire") == 3
    assert damage.bashing_taken(4, "vampire") == 2
    assert damage.bashing_taken(1, "vampire") == 1
    assert damage.bashing_taken(0, "vampire") == 0
    assert damage.bashing_taken(5, "mortal") == 5
    assert damage.bashing_taken(5, "ghoul") == 5


# --- VDA-DMG ------------------------------------------------------------------------


def test_vda_dmg_01__margin_is_attack_less_allocated_defence() -> None:
    """VDA-DMG-01: margin is attack less allocated defence."""
    assert damage.hit_margin(4, 1) == 3
    assert damage.hit_margin(2, 3) == -1


def test_vda_dmg_02__without_fortitude_each_success_converts_a_die() -> None:
    """VDA-DMG-02: without fortitude each success converts a die."""
    assert damage.automatic_damage(margin=3, divisor=1, damage_dice=5) == 3
    assert damage.automatic_damage(margin=7, divisor=1, damage_dice=5) == 5


def test_vda_dmg_03__margin_two_turns_two_dice_into_automatic_damage() -> None:
    """VDA-DMG-03: margin two turns two dice into automatic damage."""
    assert damage.automatic_damage(margin=2, divisor=1, damage_dice=6) == 2


def test_vda_dmg_03__fortitude_sets_how_many_successes_convert_a_die() -> None:
    """VDA-DMG-03: fortitude sets how many successes convert a die."""
    assert damage.automatic_damage(margin=5, divisor=1, damage_dice=8) == 5  # F1: unchanged
    assert damage.automatic_damage(margin=5, divisor=2, damage_dice=8) == 2  # F2: every 2
    assert damage.automatic_damage(margin=5, divisor=3, damage_dice=8) == 1  # F3: every 3
    assert damage.automatic_damage(margin=2, divisor=3, damage_dice=8) == 0


def test_vda_dmg_04__armour_counts_like_fortitude_and_the_higher_wins() -> None:
    """VDA-DMG-04: armour counts like fortitude and the higher wins."""
    assert damage.conversion_divisor(fortitude=0, armour_dice=2) == 2  # « 2 pour une cotte »
    assert damage.conversion_divisor(fortitude=0, armour_dice=4) == 4  # « 4 pour une plaque »
    assert damage.conversion_divisor(fortitude=3, armour_dice=2) == 3
    assert damage.conversion_divisor(fortitude=0, armour_dice=0) == 1


def test_vda_dmg_05__conversion_never_takes_more_dice_than_the_pool_holds() -> None:
    """VDA-DMG-05: conversion never takes more dice than the pool holds."""
    assert damage.convert_damage_dice(3, margin=6, divisor=1, options=DEFAULTS) == (0, 3)
    assert damage.convert_damage_dice(7, margin=5, divisor=2, options=DEFAULTS) == (5, 2)


def test_vda_dmg_05__v20_reading_does_not_count_the_first_success() -> None:
    """VDA-DMG-05: v20 reading does not count the first success."""
    v20 = DamageOptions(first_success_converts=False)
    assert damage.convert_damage_dice(7, margin=3, divisor=1, options=v20) == (5, 2)


def test_vda_dmg_07__damage_types_choose_the_soak_model() -> None:
    """VDA-DMG-07: damage types choose the soak model."""
    club = damage.soak_model(MELEE_WEAPONS["matraque_courte"])
    assert club.fortitude_automatic and club.armour_malus_automatic and club.halved_for_vampires
    rapier = damage.soak_model(MELEE_WEAPONS["rapiere"])
    assert rapier.fortitude_automatic and rapier.armour_malus_automatic
    assert not rapier.halved_for_vampires
    mace = damage.soak_model(MELEE_WEAPONS["masse"])
    assert mace.fortitude_automatic and mace.halved_for_vampires
    assert not mace.armour_malus_automatic  # size M, not a small weapon
    axe = damage.soak_model(MELEE_WEAPONS["hache_a_deux_mains"])
    assert not (axe.fortitude_automatic or axe.armour_malus_automatic or axe.halved_for_vampires)
    bite = damage.soak_model(NATURAL_WEAPONS["morsure"])
    assert bite.armour_malus_automatic and not bite.fortitude_automatic


# --- VDA-DEF ------------------------------------------------------------------------


def test_vda_def_01__each_defence_success_turns_a_soak_die_automatic() -> None:
    """VDA-DEF-01: each defence success turns a soak die automatic."""
    assert damage.defence_soak_conversion(2, convertible_dice=4, damage_type="lethal") == 2
    assert damage.defence_soak_conversion(5, convertible_dice=3, damage_type="bashing") == 3


def test_vda_def_01__not_against_aggravated_damage() -> None:
    """VDA-DEF-01: not against aggravated damage."""
    assert damage.defence_soak_conversion(2, convertible_dice=4, damage_type="aggravated") == 0


def test_vda_def_02__a_defence_cancelling_every_success_cancels_the_attack() -> None:
    """VDA-DEF-02: a defence cancelling every success cancels the attack."""
    assert damage.attack_cancelled(0)
    assert damage.attack_cancelled(-2)
    assert not damage.attack_cancelled(1)


def test_vda_def_03__a_partial_defence_lowers_the_margin() -> None:
    """VDA-DEF-03: a partial defence lowers the margin."""
    assert damage.margin_after_defence(4, 1, DEFAULTS) == 3
    assert damage.margin_after_defence(4, 4, DEFAULTS) == 0


def test_vda_def_03__by_option_a_partial_defence_only_helps_soak() -> None:
    """VDA-DEF-03: by option a partial defence only helps soak."""
    soak_only = DamageOptions(partial_defence_lowers_margin=False)
    assert damage.margin_after_defence(4, 1, soak_only) == 4
    assert damage.margin_after_defence(4, 5, soak_only) == -1
