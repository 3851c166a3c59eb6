"""VDA-MELEE, VDA-ARMOR, VDA-NAT and VDA-CONC in play (``rules/equipment.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.dice import ScriptedRoller, roll_pool
from domain.errors import RuleViolation
from domain.systems.vda.data import ARMOURS, MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules import equipment as eq
from domain.systems.wod import NONE, terms

DEFAULTS = DamageOptions()
W, N = MELEE_WEAPONS, NATURAL_WEAPONS


def refused(rule_id: str, call: Callable[[], object]) -> None:
    with pytest.raises(RuleViolation) as raised:
        call()
    assert raised.value.rule == rule_id


# --- VDA-MELEE ----------------------------------------------------------------------


def test_vda_melee_01__small_weapons_special_attacks_minus_one_in_ambush_or_on_the_ground() -> None:
    """VDA-MELEE-01: small weapons special attacks minus one in ambush or on the ground."""
    special = eq.small_weapon_special_modifiers
    minus_one = terms("VDA-MELEE-01", difficulty=-1)
    assert special(W["stylet"], "targeted", ambush=True, target_prone=False) == minus_one
    assert special(W["couteau"], "disarm", ambush=False, target_prone=True) == minus_one
    assert special(W["couteau"], None, ambush=True, target_prone=True) == NONE
    assert special(W["lance"], "targeted", ambush=True, target_prone=True) == NONE
    assert special(W["stylet"], "stake", ambush=False, target_prone=False) == NONE


def test_vda_melee_03__small_weapons_parry_others_at_plus_one() -> None:
    """VDA-MELEE-03: small weapons parry others at plus one."""
    plus_one = terms("VDA-MELEE-03", difficulty=1)
    assert eq.small_parry_modifiers(W["couteau"], W["lance"], DEFAULTS) == plus_one
    assert eq.small_parry_modifiers(W["couteau"], W["stylet"], DEFAULTS) == NONE
    assert eq.small_parry_modifiers(W["dague_de_chasse"], W["lance"], DEFAULTS) == NONE
    assert eq.small_parry_modifiers(W["couteau"], N["poings"], DEFAULTS) == plus_one
    no_natural = DamageOptions(small_parry_against_natural=False)
    assert eq.small_parry_modifiers(W["couteau"], N["poings"], no_natural) == NONE


def test_vda_melee_04__parrying_weapons_and_shields_are_defensive() -> None:
    """VDA-MELEE-04: parrying weapons and shields are defensive."""
    assert eq.is_defensive_weapon(W["dague_de_parade"])
    assert eq.is_defensive_weapon(W["bouclier"])
    assert not eq.is_defensive_weapon(W["dague_de_chasse"])
    assert not eq.is_defensive_weapon(N["poings"])


def test_vda_melee_05__club_knockout_only_in_ambush_on_the_weaker_non_vampire() -> None:
    """VDA-MELEE-05: club knockout only in ambush on the weaker non vampire."""
    assert eq.club_knockout_possible(
        True, attacker_strength=3, target_stamina=2, target_armour_dice=1, target_kind="mortal"
    )
    assert not eq.club_knockout_possible(True, 3, 2, 2, "mortal")  # 4 is not > 4
    assert not eq.club_knockout_possible(False, 5, 1, 0, "mortal")
    assert not eq.club_knockout_possible(True, 5, 1, 0, "vampire")


def test_vda_melee_05__stamina_at_8_or_unconscious_ghouls_may_pay_willpower() -> None:
    """VDA-MELEE-05: stamina at 8 or unconscious ghouls may pay willpower."""
    failed = roll_pool(ScriptedRoller([7, 5]), 2, eq.KNOCKOUT_DIFFICULTY)
    resisted = roll_pool(ScriptedRoller([8, 5]), 2, eq.KNOCKOUT_DIFFICULTY)
    assert eq.club_knocks_out(failed, "mortal", ghoul_spends_willpower=False)
    assert not eq.club_knocks_out(resisted, "mortal", ghoul_spends_willpower=False)
    assert not eq.club_knocks_out(failed, "ghoul", ghoul_spends_willpower=True)
    assert eq.club_knocks_out(failed, "ghoul", ghoul_spends_willpower=False)
    assert not eq.club_knocks_out(failed, "vampire", ghoul_spends_willpower=False)


def test_vda_melee_07__size_m_weapons_without_numbers_are_refused() -> None:
    """VDA-MELEE-07: size m weapons without numbers are refused."""
    refused("VDA-MELEE-07", lambda: eq.require_weapon_stats(W["epee"]))
    refused("VDA-MELEE-07", lambda: eq.require_weapon_stats(W["masse"]))
    eq.require_weapon_stats(W["pilum"])
    eq.require_weapon_stats(N["poings"])


def test_vda_melee_08__size_g_with_the_initiative_against_small_weapons() -> None:
    """VDA-MELEE-08: size g with the initiative against small weapons."""
    mine, theirs = eq.large_weapon_modifiers(W["lance"], W["couteau"], 5, 3, DEFAULTS)
    assert mine == terms("VDA-MELEE-08", difficulty=-1)
    assert theirs == terms("VDA-MELEE-08", difficulty=1)
    assert eq.large_weapon_modifiers(W["lance"], N["poings"], 4, 4, DEFAULTS) == (NONE, NONE)
    ties = DamageOptions(large_weapon_needs_strictly_higher_initiative=False)
    assert eq.large_weapon_modifiers(W["lance"], N["poings"], 4, 4, ties)[0] != NONE
    assert eq.large_weapon_modifiers(W["lance"], W["epieu"], 5, 1, DEFAULTS) == (NONE, NONE)


def test_vda_res_03__bonus_capped_by_current_resistance() -> None:
    """VDA-RES-03: bonus capped by current resistance."""
    assert eq.weapon_bonus_capped_by_resistance(5, 3) == 3
    assert eq.weapon_bonus_capped_by_resistance(5, None) == 5


# --- VDA-ARMOR ----------------------------------------------------------------------


def test_vda_armor_03__armour_soaks_lethal_and_bashing_never_aggravated() -> None:
    """VDA-ARMOR-03: armour soaks lethal and bashing never aggravated."""
    assert eq.armour_soaks("lethal", DEFAULTS)
    assert eq.armour_soaks("bashing", DEFAULTS)
    assert not eq.armour_soaks("aggravated", DEFAULTS)
    assert not eq.armour_soaks("bashing", DamageOptions(armour_soaks_bashing=False))


def test_vda_armor_04__the_malus_comes_off_stealth_and_perception() -> None:
    """VDA-ARMOR-04: the malus comes off stealth and perception."""
    assert eq.armour_roll_modifiers(ARMOURS["plaque"], "perception") == terms("VDA-ARMOR-04", dice=-2)
    assert eq.armour_roll_modifiers(ARMOURS["plaque"], "melee") == NONE
    assert eq.armour_roll_modifiers(ARMOURS["cuir"], "stealth") == NONE


def test_vda_armor_05__coverage_is_the_malus() -> None:
    """VDA-ARMOR-05: coverage is the malus."""
    assert [eq.armour_coverage(ARMOURS[i]) for i in ("cuir", "maille", "plaque")] == [0, 1, 2]
    assert eq.armour_coverage(None) == 0


def test_vda_armor_06__the_malus_soaks_automatically_against_small_and_natural() -> None:
    """VDA-ARMOR-06: the malus soaks automatically against small and natural."""
    assert eq.armour_malus_automatic_soak(2, armour_dice=4, applies=True) == 2
    assert eq.armour_malus_automatic_soak(2, armour_dice=1, applies=True) == 1
    assert eq.armour_malus_automatic_soak(2, armour_dice=4, applies=False) == 0


def test_vda_armor_07__the_shield_armour_bonus_is_a_table_option() -> None:
    """VDA-ARMOR-07: the shield armour bonus is a table option."""
    assert eq.shield_armour_dice(True, DEFAULTS) == 1
    assert eq.shield_armour_dice(True, DamageOptions(shield_armour_dice=2)) == 2
    assert eq.shield_armour_dice(False, DEFAULTS) == 0
    assert W["bouclier"].armour_bonus is None  # the seed never gives it


# --- VDA-NAT ------------------------------------------------------------------------


def test_vda_nat_01__everyone_has_head_fists_feet_vampires_fangs_too() -> None:
    """VDA-NAT-01: everyone has head fists feet vampires fangs too."""
    assert [w.id for w in eq.natural_weapons_of("mortal")] == ["tete", "poings", "pieds"]
    assert [w.id for w in eq.natural_weapons_of("vampire")] == ["tete", "poings", "pieds", "morsure"]


def test_vda_nat_02__head_and_fists_minus_two_initiative_dice_plus_two_in_a_grapple() -> None:
    """VDA-NAT-02: head and fists minus two initiative dice plus two in a grapple."""
    assert eq.natural_initiative_dice(N["poings"], grappling=False) == -2
    assert eq.natural_initiative_dice(N["tete"], grappling=True) == 2
    assert eq.natural_initiative_dice(N["pieds"], grappling=True) == 1


def test_vda_nat_03__only_a_vampire_holding_its_victim_bites() -> None:
    """VDA-NAT-03: only a vampire holding its victim bites."""
    eq.require_bite_hold(N["morsure"], "vampire", grapple_value=1)
    refused("VDA-NAT-03", lambda: eq.require_bite_hold(N["morsure"], "vampire", grapple_value=0))
    refused("VDA-NAT-03", lambda: eq.require_bite_hold(N["morsure"], "ghoul", grapple_value=3))
    eq.require_bite_hold(N["poings"], "mortal", grapple_value=0)


# --- VDA-CONC -----------------------------------------------------------------------


def test_vda_conc_01__concealment_adds_to_hiding_and_comes_off_searching() -> None:
    """VDA-CONC-01: concealment adds to hiding and comes off searching."""
    assert eq.hiding_difficulty(W["stylet"], DEFAULTS) == 4
    assert eq.searching_difficulty(W["stylet"], DEFAULTS) == 8
    assert eq.hiding_difficulty(W["dague_de_chasse"], DEFAULTS) == 7
    assert eq.hiding_difficulty(RANGED_WEAPONS["hachette"], DEFAULTS) == 8


def test_vda_conc_01__size_g_and_unrated_weapons_cannot_be_hidden() -> None:
    """VDA-CONC-01: size g and unrated weapons cannot be hidden."""
    refused("VDA-CONC-01", lambda: eq.hiding_difficulty(W["lance"], DEFAULTS))
    refused("VDA-CONC-01", lambda: eq.hiding_difficulty(RANGED_WEAPONS["javelot"], DEFAULTS))
    refused("VDA-CONC-01", lambda: eq.hiding_difficulty(W["rapiere"], DEFAULTS))


def test_vda_conc_02__sword_and_shield_cost_two_stealth_dice() -> None:
    """VDA-CONC-02: sword and shield cost two stealth dice."""
    assert eq.stealth_modifiers([W["epee"], W["bouclier"]], None) == terms("VDA-CONC-02", dice=-2)
    assert eq.stealth_modifiers([W["glaive"], RANGED_WEAPONS["pistolet"]], None) == NONE
    assert eq.stealth_modifiers([W["lance"], RANGED_WEAPONS["fusil"]], ARMOURS["plaque"]) == terms(
        "VDA-CONC-02", dice=-5
    )
