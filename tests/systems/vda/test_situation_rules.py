"""VDA-MOD, VDA-PRONE, VDA-WATER, VDA-COVER, VDA-CHARGE, VDA-HORSE and VDA-TGT
(``rules/modifiers.py``, ``rules/movement.py``, ``rules/targeting.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.dice import ScriptedRoller, roll_pool
from domain.errors import RuleViolation
from domain.systems.vda.data import ARMOURS, MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules import modifiers as mod
from domain.systems.vda.rules import movement as mv
from domain.systems.vda.rules import targeting as tgt
from domain.systems.wod import NONE, Modifier, Terms, terms, total_dice, total_difficulty

DEFAULTS = DamageOptions()
W = MELEE_WEAPONS


def refused(rule_id: str, call: Callable[[], object]) -> None:
    with pytest.raises(RuleViolation) as raised:
        call()
    assert raised.value.rule == rule_id


# --- VDA-MOD ------------------------------------------------------------------------


def test_vda_mod_01__gm_rules_dice_or_difficulty_unless_everyone_suffers_it() -> None:
    """VDA-MOD-01: gm rules dice or difficulty unless everyone suffers it."""
    assert mod.terrain_modifiers("minus_two_dice", common_to_all=False) == terms("VDA-MOD-01", dice=-2)
    assert mod.terrain_modifiers("plus_one_difficulty", common_to_all=False) == terms(
        "VDA-MOD-01", difficulty=1
    )
    assert mod.terrain_modifiers("minus_one_die", common_to_all=True) == NONE


def test_vda_mod_02__moving_target_is_plus_one() -> None:
    """VDA-MOD-02: moving target is plus one."""
    assert mod.moving_target_modifiers(True) == terms("VDA-MOD-02", difficulty=1)
    assert mod.moving_target_modifiers(False) == NONE


def test_vda_mod_03__moving_horse_plus_two_anchored_lance_nothing_dagger_two_and_two() -> None:
    """VDA-MOD-03: moving horse plus two anchored lance nothing dagger two and two."""
    assert mod.moving_horse_modifiers(W["epee_a_deux_mains"], False, 1) == terms(
        "VDA-MOD-03", dice=-1, difficulty=2
    )
    assert mod.moving_horse_modifiers(W["lance"], anchored=True, ruling_dice=2) == NONE
    assert mod.moving_horse_modifiers(W["dague_de_chasse"], False, 0) == terms(
        "VDA-MOD-03", dice=-2, difficulty=2
    )
    refused("VDA-MOD-03", lambda: mod.moving_horse_modifiers(W["lance"], False, 3))


def test_vda_mod_04__shield_plus_one_unless_two_handed_axe_or_sword() -> None:
    """VDA-MOD-04: shield plus one unless two handed axe or sword."""
    assert mod.shield_modifiers(True, W["lance"]) == terms("VDA-MOD-04", difficulty=1)
    assert mod.shield_modifiers(True, W["hache_a_deux_mains"]) == NONE
    assert mod.shield_modifiers(True, W["epee_a_deux_mains"]) == NONE
    assert mod.shield_modifiers(False, W["lance"]) == NONE


def test_vda_mod_05__outnumbered_one_per_extra_adversary_up_to_their_mean_melee() -> None:
    """VDA-MOD-05: outnumbered one per extra adversary up to their mean melee."""
    assert mod.outnumbered_modifiers(3, [3, 3, 3], True, W["lance"]) == terms("VDA-MOD-05", difficulty=2)
    assert mod.outnumbered_modifiers(4, [1, 2, 1, 2], True, None) == terms("VDA-MOD-05", difficulty=1)
    assert mod.outnumbered_modifiers(3, [3, 3, 3], False, None) == NONE
    assert mod.outnumbered_modifiers(1, [5], True, None) == NONE


def test_vda_melee_11__two_handed_sword_cancels_the_first_outnumbering_point() -> None:
    """VDA-MELEE-11: two handed sword cancels the first outnumbering point."""
    assert mod.outnumbered_modifiers(3, [3, 3, 3], True, W["epee_a_deux_mains"]) == terms(
        "VDA-MOD-05", difficulty=1
    )
    assert mod.outnumbered_modifiers(2, [3, 3], True, W["epee_a_deux_mains"]) == NONE


# --- VDA-WATER / VDA-COVER -----------------------------------------------------------


def test_vda_water_01__dexterity_two_strength_one_perception_one_or_more() -> None:
    """VDA-WATER-01: dexterity two strength one perception one or more."""

    def water(difficulty: int) -> Terms:
        return terms("VDA-WATER-01", difficulty=difficulty)

    assert mod.underwater_attribute_modifiers("dexterity") == water(2)
    assert mod.underwater_attribute_modifiers("strength") == water(1)
    assert mod.underwater_attribute_modifiers("perception", turbidity_ruling=2) == terms(
        "VDA-WATER-01", difficulty=3
    )
    assert mod.underwater_attribute_modifiers("wits") == NONE


def test_vda_water_02__size_g_plus_two_size_m_plus_one() -> None:
    """VDA-WATER-02: size g plus two size m plus one."""
    assert mod.underwater_weapon_modifiers("G") == terms("VDA-WATER-02", difficulty=2)
    assert mod.underwater_weapon_modifiers("M") == terms("VDA-WATER-02", difficulty=1)
    assert mod.underwater_weapon_modifiers("P") == NONE
    assert mod.underwater_weapon_modifiers(None) == NONE


def test_vda_cover_01__a_die_and_a_difficulty_per_cover_level() -> None:
    """VDA-COVER-01: a die and a difficulty per cover level."""
    assert mod.cover_modifiers(2) == terms("VDA-COVER-01", dice=2, difficulty=-2)
    assert mod.cover_modifiers(3, "dice") == terms("VDA-COVER-01", dice=3)
    assert mod.cover_modifiers(1, "difficulty") == terms("VDA-COVER-01", difficulty=-1)
    assert mod.cover_modifiers(0) == NONE
    refused("VDA-COVER-01", lambda: mod.cover_modifiers(4))


def test_modifier_totals() -> None:
    """VDA-COVER-01, VDA-MOD-02: cover and a moving target add up term by term."""
    both = mod.cover_modifiers(2) + mod.moving_target_modifiers(True)
    assert (total_dice(both), total_difficulty(both)) == (2, -1)
    assert both.difficulty == [Modifier(rule="VDA-COVER-01", value=-2), Modifier(rule="VDA-MOD-02", value=1)]


# --- VDA-PRONE ----------------------------------------------------------------------


def test_vda_prone_01__prone_fighter_plus_one_on_brawl_melee_dodge() -> None:
    """VDA-PRONE-01: prone fighter plus one on brawl melee dodge."""
    assert mv.prone_actor_modifiers(True, "dodge") == terms("VDA-PRONE-01", difficulty=1)
    assert mv.prone_actor_modifiers(True, "archery") == NONE
    assert mv.prone_actor_modifiers(False, "melee") == NONE


def test_vda_prone_01__adversaries_minus_one_in_melee_only_by_default() -> None:
    """VDA-PRONE-01: adversaries minus one in melee only by default."""
    assert mv.prone_target_modifiers(True, ranged=False, options=DEFAULTS) == terms(
        "VDA-PRONE-01", difficulty=-1
    )
    assert mv.prone_target_modifiers(True, ranged=True, options=DEFAULTS) == NONE
    assert mv.prone_target_modifiers(
        True, ranged=True, options=DamageOptions(prone_helps_ranged_attackers=True)
    ) == terms("VDA-PRONE-01", difficulty=-1)


def test_vda_prone_03__starting_a_round_prone_is_plus_two_on_initiative() -> None:
    """VDA-PRONE-03: starting a round on the ground puts the initiative roll at +2."""
    assert mv.prone_initiative_modifiers(True) == terms(
        "VDA-PRONE-03", difficulty=2, why="au sol en début de round"
    )
    assert mv.prone_initiative_modifiers(False) == NONE


def test_vda_prone_04__a_fall_costs_one_initiative_point() -> None:
    """VDA-PRONE-04: a fall costs one initiative point."""
    assert mv.initiative_lost_on_fall() == 1


def test_vda_prone_05__a_critical_fall_costs_one_point_per_1() -> None:
    """VDA-PRONE-05: a critical fall costs one point per 1."""
    roll = roll_pool(ScriptedRoller([1, 1, 3, 1]), 4, 6)
    assert roll.botch
    assert mv.initiative_lost_on_critical_fall(roll.ones) == 3


# --- VDA-CHARGE / VDA-HORSE --------------------------------------------------------


def test_vda_charge_01__a_round_of_movement_or_five_straight_successes() -> None:
    """VDA-CHARGE-01: a round of movement or five straight successes."""
    mv.require_charge_run_up(1, 0, DEFAULTS)
    mv.require_charge_run_up(0, 5, DEFAULTS)
    refused("VDA-CHARGE-01", lambda: mv.require_charge_run_up(0, 4, DEFAULTS))
    literal = DamageOptions(charge_straight_line_successes=6)
    refused("VDA-CHARGE-01", lambda: mv.require_charge_run_up(0, 5, literal))


def test_vda_charge_02__size_m_or_g_mounted_size_g_on_foot() -> None:
    """VDA-CHARGE-02: size m or g mounted size g on foot."""
    mv.require_charge_weapon(W["lance"], mounted=False)
    mv.require_charge_weapon(W["pilum"], mounted=True)
    refused("VDA-CHARGE-02", lambda: mv.require_charge_weapon(W["pilum"], mounted=False))
    refused("VDA-CHARGE-02", lambda: mv.require_charge_weapon(W["couteau"], mounted=True))
    refused("VDA-CHARGE-02", lambda: mv.require_charge_weapon(NATURAL_WEAPONS["poings"], mounted=True))


def test_vda_charge_04__mid_round_charge_adds_the_weapons_initiative_bonus() -> None:
    """VDA-CHARGE-04: mid round charge adds the weapons initiative bonus."""
    assert mv.mid_round_charge_bonus(W["lance"], DEFAULTS) == 3
    assert mv.mid_round_charge_bonus(W["hache_a_deux_mains"], DEFAULTS) == 0
    assert mv.mid_round_charge_bonus(W["lance"], DamageOptions(charge_initiative_bonus="damage")) == 3
    assert mv.mid_round_charge_bonus(W["epieu"], DamageOptions(charge_initiative_bonus="damage")) == 4


def test_vda_charge_05__on_foot_one_bashing_still_one_against_a_vampire() -> None:
    """VDA-CHARGE-05: on foot one bashing still one against a vampire."""
    assert mv.charge_bashing_on_foot("mortal") == 1
    assert mv.charge_bashing_on_foot("vampire") == 1


def test_vda_charge_06__mounted_two_bashing_one_against_a_vampire() -> None:
    """VDA-CHARGE-06: mounted two bashing one against a vampire."""
    assert mv.charge_bashing_mounted("mortal") == 2
    assert mv.charge_bashing_mounted("vampire") == 1


def test_vda_charge_07__mounted_rider_uses_the_horses_strength_and_potence() -> None:
    """VDA-CHARGE-07: mounted rider uses the horses strength and potence."""
    horse = Mount(strength=5, potence=1)
    assert mv.charge_strength(2, 3, horse, DEFAULTS) == (5, 1)
    assert mv.charge_strength(2, 3, horse, DamageOptions(mounted_potence="rider")) == (5, 3)
    assert mv.charge_strength(2, 3, None, DEFAULTS) == (2, 3)


def test_vda_charge_08__lance_and_boar_spear_counter_a_qualified_charge() -> None:
    """VDA-CHARGE-08: lance and boar spear counter a qualified charge."""
    assert mv.counter_charge(W["lance"], charger_qualified=True)
    assert mv.counter_charge(W["epieu"], charger_qualified=True)
    assert not mv.counter_charge(W["lance"], charger_qualified=False)
    assert not mv.counter_charge(W["epee_a_deux_mains"], charger_qualified=True)


def test_vda_charge_09__size_then_initiative_bonus_decides_the_larger_weapon() -> None:
    """VDA-CHARGE-09: size then initiative bonus decides the larger weapon."""
    assert mv.larger_weapon(W["lance"], W["epieu"]) == "first"  # +3 beats +1
    assert mv.larger_weapon(W["hache_a_deux_mains"], W["epee_a_deux_mains"]) == "second"
    assert mv.larger_weapon(W["pilum"], W["lance"]) == "second"  # G beats M
    assert mv.larger_weapon(W["lance"], W["lance"]) is None


# --- VDA-TGT ------------------------------------------------------------------------


def test_vda_tgt_01__heart_or_a_bare_zone() -> None:
    """VDA-TGT-01: heart or a bare zone."""
    assert tgt.require_target_zone("heart") == "heart"
    assert tgt.require_target_zone("unarmoured") == "unarmoured"
    refused("VDA-TGT-01", lambda: tgt.require_target_zone("left_foot"))


def test_vda_tgt_02__plus_one_plus_the_armours_malus() -> None:
    """VDA-TGT-02: plus one plus the armours malus."""

    def diff(armour_id: str | None) -> int:
        return total_difficulty(tgt.targeted_attack_modifiers(ARMOURS[armour_id] if armour_id else None))

    armours = [None, "cuir", "maille", "maille_de_damas", "plaque"]
    assert [diff(armour) for armour in armours] == [1, 1, 2, 2, 3]


def test_vda_tgt_03__a_bare_zone_cancels_armour_and_tens_and_ones_aggravate() -> None:
    """VDA-TGT-03: a bare zone cancels armour and tens and ones aggravate."""
    assert tgt.armour_dice_against_zone(4, vulnerable_zone=True) == 0
    assert tgt.armour_dice_against_zone(4, vulnerable_zone=False) == 4
    damage = roll_pool(ScriptedRoller([10, 10, 3]), 3, 6)
    soak = roll_pool(ScriptedRoller([1, 1, 7]), 3, 6)
    assert tgt.vulnerable_zone_aggravated(damage, soak, 0, inflicted=5, options=DEFAULTS) == 4
    assert tgt.vulnerable_zone_aggravated(damage, soak, 1, inflicted=5, options=DEFAULTS) == 3
    assert tgt.vulnerable_zone_aggravated(damage, soak, 0, inflicted=2, options=DEFAULTS) == 2
    once = DamageOptions(vulnerable_zone_aggravated="once")
    assert tgt.vulnerable_zone_aggravated(damage, soak, 0, inflicted=5, options=once) == 1


def test_ranged_weapons_are_not_sized_for_charges() -> None:
    """VDA-CHARGE-02: a charge needs a melee weapon of a charge's size, not a javelin."""
    refused("VDA-CHARGE-02", lambda: mv.require_charge_weapon(RANGED_WEAPONS["javelot"], mounted=True))


def test_vda_horse_02__a_mount_lends_its_strength_and_potence_and_moving_horses_are_hard() -> None:
    """VDA-HORSE-02: a mount lends its strength and potence and moving horses are hard."""
    assert mv.charge_strength(1, 0, Mount(strength=6), DEFAULTS) == (6, 0)
    assert total_difficulty(mod.moving_horse_modifiers(W["epieu"], anchored=False, ruling_dice=0)) == 2
