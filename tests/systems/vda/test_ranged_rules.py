"""VDA-RMAR, VDA-THROW, VDA-BOW, VDA-FIRE and VDA-AIM (``rules/ranged.py``)."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.systems.vda.data import RANGED_WEAPONS
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules import ranged
from domain.systems.wod import NONE, terms

BOW, LONG_BOW = RANGED_WEAPONS["arc_court"], RANGED_WEAPONS["arc_long"]
LIGHT_XBOW, HEAVY_XBOW = RANGED_WEAPONS["arbalete_legere"], RANGED_WEAPONS["arbalete_lourde"]
PISTOL, MUSKET, BLUNDERBUSS = (RANGED_WEAPONS[i] for i in ("pistolet", "fusil", "tromblon"))


def _rule(rule_id: str, call: object) -> None:
    with pytest.raises(RuleViolation) as refused:
        call()  # type: ignore[operator]
    assert refused.value.rule == rule_id


# --- VDA-RMAR -----------------------------------------------------------------------


def test_vda_rmar_01__margin_splits_into_three_tiers_of_the_weapons_dice() -> None:
    """VDA-RMAR-01: margin splits into three tiers of the weapons dice."""
    tiers = ranged.ranged_margin_tiers(margin=9, weapon_dice=4)
    assert (tiers.first, tiers.second, tiers.third) == (4, 4, 1)
    tiers = ranged.ranged_margin_tiers(margin=3, weapon_dice=4)
    assert (tiers.first, tiers.second, tiers.third) == (3, 0, 0)
    tiers = ranged.ranged_margin_tiers(margin=-1, weapon_dice=4)
    assert (tiers.first, tiers.second, tiers.third) == (0, 0, 0)


def test_vda_rmar_02__bows_add_a_die_at_2_and_4_then_convert_per_even_success() -> None:
    """VDA-RMAR-02: bows add a die at 2 and 4 then convert per even success."""
    tiers = ranged.ranged_margin_tiers(margin=4, weapon_dice=5)  # « +1 dé à 2, puis 1 de plus à 4 »
    assert ranged.thrown_or_bow_margin(tiers, 5) == (7, 0)
    tiers = ranged.ranged_margin_tiers(margin=9, weapon_dice=5)  # tier 2 = 4 → 2 automatic
    assert ranged.thrown_or_bow_margin(tiers, 5) == (5, 2)


def test_vda_rmar_03__crossbows_add_the_margin_as_dice_then_a_die_per_even_success() -> None:
    """VDA-RMAR-03: crossbows add the margin as dice then a die per even success."""
    tiers = ranged.ranged_margin_tiers(margin=7, weapon_dice=4)  # tier 1 = 4, tier 2 = 3
    assert ranged.crossbow_margin(tiers, 4) == (4 + 4 + 1, 0)


def test_vda_rmar_04__firearms_add_tier_1_as_successes_and_tier_2_as_dice() -> None:
    """VDA-RMAR-04: firearms add tier 1 as successes and tier 2 as dice."""
    tiers = ranged.ranged_margin_tiers(margin=3, weapon_dice=2)  # tier 1 = 2, tier 2 = 1
    assert ranged.firearm_margin(tiers, 2) == (3, 2)


def test_vda_rmar_05__tier_3_converts_dice_by_armour_or_fortitude() -> None:
    """VDA-RMAR-05: tier 3 converts dice by armour or fortitude."""
    tiers = ranged.ranged_margin_tiers(margin=8, weapon_dice=2)  # tier 3 = 4
    assert ranged.ranged_conversion(tiers, dice=4, divisor=2) == 2
    assert ranged.ranged_conversion(tiers, dice=1, divisor=1) == 1
    whole = ranged.ranged_margin_damage("firearm", margin=8, weapon_dice=2, divisor=2)
    # tier 1: +2 automatic; tier 2: +2 dice; tier 3: 4 // 2 = 2 dice become automatic.
    assert (whole.dice, whole.tier_automatic, whole.converted, whole.automatic) == (2, 2, 2, 4)


def test_vda_rmar_06__armour_cancellation_removes_armour_dice_only() -> None:
    """VDA-RMAR-06: armour cancellation removes armour dice only."""
    assert ranged.armour_dice_after_cancellation(4, MUSKET) == 1
    assert ranged.armour_dice_after_cancellation(2, HEAVY_XBOW) == 0
    assert ranged.armour_dice_after_cancellation(2, BOW) == 2


# --- VDA-THROW ----------------------------------------------------------------------


def test_vda_throw_01__range_grows_with_strength_above_3_and_potence() -> None:
    """VDA-THROW-01: range grows with strength above 3 and potence."""
    dart, hatchet, javelin = (RANGED_WEAPONS[i] for i in ("dard", "hachette", "javelot"))
    assert ranged.throwing_range(dart, strength=5, potence=1, run_up=False) == 13
    assert ranged.throwing_range(hatchet, strength=2, potence=0, run_up=False) == 15
    assert ranged.throwing_range(javelin, strength=4, potence=2, run_up=True) == 50 + 2 * 3
    assert ranged.throwing_range(javelin, strength=4, potence=2, run_up=False) == 25 + 2 * 3
    _rule("VDA-THROW-01", lambda: ranged.throwing_range(BOW, 3, 0, False))


def test_vda_throw_02__beyond_range_adds_one_per_quarter_from_the_first_metre() -> None:
    """VDA-THROW-02: beyond range adds one per quarter from the first metre."""
    assert ranged.beyond_range_modifiers(30, 30) == NONE
    assert ranged.beyond_range_modifiers(31, 30) == terms("VDA-THROW-02", difficulty=1)
    assert ranged.beyond_range_modifiers(46, 30) == terms("VDA-THROW-02", difficulty=3)
    assert ranged.halve_beyond_range(5) == 3


def test_vda_throw_03__potence_becomes_damage_dice_when_thrown() -> None:
    """VDA-THROW-03: potence becomes damage dice when thrown."""
    assert ranged.thrown_damage_dice(strength=3, weapon_bonus_left=1, potence=2) == 6


# --- VDA-BOW ------------------------------------------------------------------------


def test_vda_bow_01__no_bow_stronger_than_strength_plus_potence() -> None:
    """VDA-BOW-01: no bow stronger than strength plus potence."""
    ranged.require_bow_drawable(bow_strength=5, strength=3, potence=2)
    _rule("VDA-BOW-01", lambda: ranged.require_bow_drawable(bow_strength=5, strength=3, potence=1))


def test_vda_bow_03__bows_use_their_strength_crossbows_fixed_dice() -> None:
    """VDA-BOW-03: bows use their strength crossbows fixed dice."""
    assert ranged.weapon_damage_dice(LONG_BOW, bow_strength=3) == 5
    assert ranged.weapon_damage_dice(BOW, bow_strength=3) == 3
    assert ranged.weapon_damage_dice(HEAVY_XBOW, bow_strength=3) == 6


def test_vda_bow_05__five_dice_or_more_cost_one_difficulty_for_bows_only() -> None:
    """VDA-BOW-05: five dice or more cost one difficulty for bows only."""
    assert ranged.heavy_shot_modifiers(LONG_BOW, 5) == terms("VDA-BOW-05", difficulty=1)
    assert ranged.heavy_shot_modifiers(LONG_BOW, 4) == NONE
    assert ranged.heavy_shot_modifiers(HEAVY_XBOW, 6) == NONE  # the listed 7 includes it


def test_vda_bow_06__rate_of_fire() -> None:
    """VDA-BOW-06: rate of fire."""
    assert ranged.reload_actions_after_shot(BOW) == 0
    assert ranged.reload_actions_after_shot(LONG_BOW) == 1
    assert ranged.reload_actions_after_shot(HEAVY_XBOW) == 2
    assert ranged.reload_actions_after_shot(RANGED_WEAPONS["serpentine"]) == 2


# --- VDA-FIRE -----------------------------------------------------------------------


def test_vda_fire_04__blunderbuss_hits_one_person_per_9_or_10_up_to_three() -> None:
    """VDA-FIRE-04: blunderbuss hits one person per 9 or 10 up to three."""
    assert ranged.blunderbuss_targets([9, 10, 10, 10, 6], 4, "nines_and_tens", 2) == (3, 4)
    assert ranged.blunderbuss_targets([6, 7, 2], 2, "nines_and_tens", 2) == (1, 2)


def test_vda_fire_04__or_spends_two_successes_per_extra_person_twice_at_most() -> None:
    """VDA-FIRE-04: or spends two successes per extra person, twice at most, for the people
    named, always leaving one success."""
    assert ranged.blunderbuss_targets([], 5, "spend_successes", 2) == (3, 1)
    assert ranged.blunderbuss_targets([], 9, "spend_successes", 2) == (3, 5)
    assert ranged.blunderbuss_targets([], 9, "spend_successes", 1) == (2, 7)
    assert ranged.blunderbuss_targets([], 4, "spend_successes", 2) == (2, 2)
    assert ranged.blunderbuss_targets([], 2, "spend_successes", 2) == (1, 2)


def test_vda_fire_05__initiative_6_or_5_with_a_lock() -> None:
    """VDA-FIRE-05: initiative 6 or 5 with a lock."""
    assert ranged.firearm_initiative_difficulty(PISTOL, lock=False) == 6
    assert ranged.firearm_initiative_difficulty(PISTOL, lock=True) == 5
    assert ranged.firearm_initiative_difficulty(BOW, lock=False) is None
    assert ranged.firearm_attack_difficulty(PISTOL, True, DamageOptions()) == 6
    reading = DamageOptions(firearm_initiative_reading="attack_difficulty")
    assert ranged.firearm_attack_difficulty(PISTOL, True, reading) == 5


def test_vda_fire_06__reloading_takes_two_actions_one_with_cartridges() -> None:
    """VDA-FIRE-06: reloading takes two actions one with cartridges."""
    assert ranged.firearm_reload_actions(MUSKET, cartridge=False) == 2
    assert ranged.firearm_reload_actions(MUSKET, cartridge=True) == 1
    assert ranged.reload_actions_after_shot(MUSKET, cartridge=True) == 1


def test_vda_fire_07__ones_accumulate_with_use() -> None:
    """VDA-FIRE-07: ones accumulate with use."""
    assert ranged.accumulated_ones(2, [1, 1, 6, 10]) == 4


# --- VDA-AIM ------------------------------------------------------------------------


def test_vda_aim_01__aiming_adds_perception_capped_by_archery() -> None:
    """VDA-AIM-01: aiming adds perception capped by archery."""
    assert ranged.aim_bonus_dice(4, 2, target_moving=False) == terms("VDA-AIM-01", dice=2)
    assert ranged.aim_bonus_dice(2, 5, target_moving=False) == terms("VDA-AIM-01", dice=2)
    assert ranged.aim_bonus_dice(3, 3, target_moving=True) == NONE
    _rule("VDA-AIM-01", lambda: ranged.require_still_target(True))
