"""The damage pipeline ``resolve_attack`` (catalogue §41.2/§41.3), with scripted dice.

Each test says in its docstring how the numbers come out, so a failure shows
which step moved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from domain.dice import ScriptedRoller
from domain.errors import RuleViolation
from domain.systems.vda.data import ARMOURS, MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS, NaturalWeapon
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules.attack import Situation, Striker, Target, resolve_attack
from domain.systems.wod import HealthLoss

MORTAL = Target(kind="mortal", stamina=2)
VAMPIRE = Target(kind="vampire", stamina=2)


def _resolve(faces: Sequence[int], **kwargs: Any) -> tuple[AttackResolution, ScriptedRoller]:
    roller = ScriptedRoller(faces)
    kwargs.setdefault("striker", Striker(strength=3))
    kwargs.setdefault("target", MORTAL)
    result = resolve_attack(roller, **kwargs)
    assert roller.unused == 0, "the script gave more dice than the attack drew"
    return result, roller


def test_vda_def_02__a_cancelled_attack_rolls_nothing() -> None:
    """VDA-DEF-02: a cancelled attack rolls nothing."""
    result, roller = _resolve([], weapon=MELEE_WEAPONS["lance"], attack_successes=2, defence_successes=2)
    assert not result.hit and result.margin == 0
    assert result.damage_roll is None and result.soak_roll is None
    assert result.health == HealthLoss()
    assert roller.drawn == 0


def test_vda_dmg_04__two_handed_sword_against_a_mortal_in_mail() -> None:
    """VDA-DMG-04: Str 3 + 5 = 8 dice. Margin 3 − 1 = 2, divisor 2 (mail): 1 die automatic, 7 rolled:
    7 7 3 1 10 2 6 = 4 hits − one 1 = 3, +1 = 4. Soak: no Stamina against lethal (mortal),
    mail 2 dice, the defence success turns one automatic: 1 die (6) + 1 = 2. Lethal 2."""
    result, _ = _resolve(
        [7, 7, 3, 1, 10, 2, 6, 6],
        target=Target(kind="mortal", stamina=2, armour=ARMOURS["maille"]),
        weapon=MELEE_WEAPONS["epee_a_deux_mains"],
        attack_successes=3,
        defence_successes=1,
    )
    assert (result.margin, result.base_dice, result.divisor, result.margin_automatic) == (2, 8, 2, 1)
    assert result.damage_roll is not None and result.damage_roll.dice == 7
    assert result.damage == 4
    assert (result.armour_dice, result.armour_dice_effective, result.soak_from_defence) == (2, 2, 1)
    assert result.soak_roll is not None and result.soak_roll.dice == 1
    assert (result.soak, result.unsoaked) == (2, 2)
    assert result.health == HealthLoss(lethal=2)


def test_vda_gen_03__club_against_a_vampire_fortitude_automatic_bashing_halved() -> None:
    """VDA-GEN-03: Str 3 + 1 = 4 dice; margin 3 against Fortitude 2: 1 die automatic, 3 rolled
    (8 7 10) = 3, damage 4. Soak: Stamina 2 rolled (3 3 → 0), Fortitude 2 automatic
    (VDA-FORPOT-06): 2. Unsoaked bashing 2, halved for a vampire: 1."""
    result, _ = _resolve(
        [8, 7, 10, 3, 3],
        target=Target(kind="vampire", stamina=2, fortitude=2),
        weapon=MELEE_WEAPONS["matraque_courte"],
        attack_successes=3,
    )
    assert (result.divisor, result.margin_automatic, result.damage) == (2, 1, 4)
    assert (result.soak_from_fortitude, result.soak) == (2, 2)
    assert result.unsoaked == 2
    assert result.health == HealthLoss(bashing=1)


def test_vda_bite_01__first_bite_level_is_aggravated_and_potence_is_automatic() -> None:
    """VDA-BITE-01: Fangs: Str 3 + 1 = 4 dice, Potence 1 automatic (natural weapons keep their bonus).
    Margin 2: 2 dice automatic, 2 rolled (6 2) = 1 → damage 1 + 2 + 1 = 4. A mortal does
    not soak lethal with Stamina: nothing rolled. 4 levels: 1 aggravated, 3 lethal."""
    result, _ = _resolve(
        [6, 2],
        striker=Striker(strength=3, potence=1),
        weapon=NATURAL_WEAPONS["morsure"],
        attack_successes=2,
    )
    assert (result.weapon_bonus, result.weapon_dice_lost, result.potence_automatic) == (1, 0, 1)
    assert result.damage == 4
    assert result.soak_roll is not None and result.soak_roll.dice == 0
    assert result.health == HealthLoss(lethal=3, aggravated=1)


def test_vda_rmar_04__pistol_against_a_vampire_in_plate() -> None:
    """VDA-RMAR-04: Pistol 2 dice, cancels 1 plate die (4 → 3), never Fortitude. Divisor max(1, 1, 3) = 3.
    Margin 5 → tiers 2/2/1: +2 automatic, +2 dice, tier 3 (1) < 3 converts nothing.
    4 dice: 10 6 1 3 → 1, damage 3. Soak: Stamina 3 + Fortitude 1 + plate 3 − 1 (VDA-FORPOT-01)
    = 6 dice: 6 6 2 2 2 1 → 1. Lethal 2."""
    result, _ = _resolve(
        [10, 6, 1, 3, 6, 6, 2, 2, 2, 1],
        target=Target(kind="vampire", stamina=3, fortitude=1, armour=ARMOURS["plaque"]),
        weapon=RANGED_WEAPONS["pistolet"],
        attack_successes=5,
    )
    assert result.tiers is not None
    assert (result.tiers.first, result.tiers.second, result.tiers.third) == (2, 2, 1)
    assert (result.divisor, result.margin_automatic, result.damage) == (3, 2, 3)
    assert (result.armour_dice, result.armour_dice_effective) == (4, 2)
    assert (result.soak, result.soak_ones_removed) == (1, 0)
    assert result.health == HealthLoss(lethal=2)


def test_vda_tgt_03__vulnerable_zone_ignores_plate_and_tens_and_ones_turn_aggravated() -> None:
    """VDA-TGT-03: Knife Str 3 + 1 = 4 dice; plate ignored: divisor 1, margin 1 → 1 automatic, 3 rolled
    (10 5 4) = 1, damage 2. Vampire soak: Stamina 2 (1 6 → 0); no Fortitude. Unsoaked 2,
    one 10 and one 1: both aggravated."""
    result, _ = _resolve(
        [10, 5, 4, 1, 6],
        target=Target(kind="vampire", stamina=2, armour=ARMOURS["plaque"]),
        weapon=MELEE_WEAPONS["couteau"],
        attack_successes=1,
        situation=Situation(vulnerable_zone=True),
    )
    assert (result.divisor, result.armour_dice, result.armour_dice_effective) == (1, 4, 0)
    assert (result.damage, result.soak, result.aggravated_from_zone) == (2, 0, 2)
    assert result.health == HealthLoss(aggravated=2)


def test_vda_tgt_03__once_reading_gives_a_single_aggravated_level() -> None:
    """VDA-TGT-03: once reading gives a single aggravated level."""
    result, _ = _resolve(
        [10, 5, 4, 1, 6],
        target=Target(kind="vampire", stamina=2, armour=ARMOURS["plaque"]),
        weapon=MELEE_WEAPONS["couteau"],
        attack_successes=1,
        situation=Situation(vulnerable_zone=True),
        options=DamageOptions(vulnerable_zone_aggravated="once"),
    )
    assert result.health == HealthLoss(lethal=1, aggravated=1)


def test_vda_forpot_04__a_potence_token_removes_a_1_from_the_damage_roll() -> None:
    """VDA-FORPOT-04: Potence 4 strips the two-handed sword's +5 to +1 (4 dice lost: 2 tokens, 1 a roll).
    Str 3 + 1 = 4 dice, margin 1 → 1 automatic; 7 1 8 = 2 hits, the 1 removed: 2;
    + 1 + Potence 4 automatic = 7. Nothing soaks: 7 lethal."""
    result, _ = _resolve(
        [7, 1, 8],
        striker=Striker(strength=3, potence=4),
        weapon=MELEE_WEAPONS["epee_a_deux_mains"],
        attack_successes=1,
    )
    assert (result.weapon_bonus, result.weapon_dice_lost, result.potence_automatic) == (1, 4, 4)
    assert (result.damage_ones_removed, result.damage) == (1, 7)
    assert result.health == HealthLoss(lethal=7)


def test_vda_forpot_02__a_fortitude_token_removes_a_1_from_the_strikers_damage_roll() -> None:
    """VDA-FORPOT-02: A Fortitude 2 striker in mail (2 dice lost: 1 token). Lance Str 3 + 3 = 6 dice,
    margin 1 → 1 automatic, 5 rolled: 7 1 8 2 2 = 2 hits, the 1 removed: 2 + 1 = 3."""
    striker = Striker(strength=3, fortitude=2, armour_dice=2)
    result, _ = _resolve([7, 1, 8, 2, 2], striker=striker, weapon=MELEE_WEAPONS["lance"], attack_successes=1)
    assert (result.damage_ones_removed, result.damage_ones_removed_by_fortitude, result.damage) == (0, 1, 3)
    spent = msgspec.structs.replace(striker, fortitude_tokens_used=1)
    result, _ = _resolve([7, 1, 8, 2, 2], striker=spent, weapon=MELEE_WEAPONS["lance"], attack_successes=1)
    assert (result.damage_ones_removed_by_fortitude, result.damage) == (0, 2)


def test_vda_forpot_02__the_fortitude_token_does_not_stack_with_potence() -> None:
    """VDA-FORPOT-02: Potence 4 and Fortitude 4 in plate, two 1s on the damage roll: only one is removed
    (« ne peut se cumuler »), Potence's. Str 5 + 1 = 6 dice, margin 1: 1 automatic,
    5 rolled 8 8 1 1 2: 2 hits, one 1 removed: 2 − 1 = 1; + 1 + Potence 4 = 6."""
    striker = Striker(strength=5, potence=4, fortitude=4, armour_dice=4)
    weapon = MELEE_WEAPONS["epee_a_deux_mains"]
    result, _ = _resolve([8, 8, 1, 1, 2], striker=striker, weapon=weapon, attack_successes=1)
    assert (result.damage_ones_removed, result.damage_ones_removed_by_fortitude, result.damage) == (1, 0, 6)


def test_vda_forpot_04__no_token_left_means_the_1_cancels() -> None:
    """VDA-FORPOT-04: no token left means the 1 cancels."""
    result, _ = _resolve(
        [7, 1, 8],
        striker=Striker(strength=3, potence=4, potence_tokens_used=2),
        weapon=MELEE_WEAPONS["epee_a_deux_mains"],
        attack_successes=1,
    )
    assert (result.damage_ones_removed, result.damage) == (0, 6)


def test_vda_forpot_02__a_fortitude_token_removes_a_1_from_the_soak_roll() -> None:
    """VDA-FORPOT-02: Fortitude 4 in plate: the plate's 4 dice are lost (2 tokens). Lance Str 3 + 3 = 6,
    divisor 4, margin 1: 6 dice rolled (6 6 6 6 2 2) = 4. Soak: Stamina 3 + Fortitude 4
    = 7 dice: 6 6 1 2 2 2 2 → 2 hits, the 1 removed: 2. Lethal 2."""
    result, _ = _resolve(
        [6, 6, 6, 6, 2, 2, 6, 6, 1, 2, 2, 2, 2],
        target=Target(kind="vampire", stamina=3, fortitude=4, armour=ARMOURS["plaque"]),
        weapon=MELEE_WEAPONS["lance"],
        attack_successes=1,
    )
    assert (result.divisor, result.armour_dice_effective) == (4, 0)
    assert (result.soak_ones_removed, result.soak) == (1, 2)
    assert result.health == HealthLoss(lethal=2)


def test_vda_armor_06__mail_malus_soaks_automatically_against_a_dagger() -> None:
    """VDA-ARMOR-06: Hunting dagger Str 3 + 2 = 5, mail divisor 2, margin 2: 1 automatic, 4 rolled
    (6 6 6 2) = 3, damage 4. Soak: mail 2 dice, its malus 1 automatic (VDA-ARMOR-06), 1
    rolled (8): 2. Lethal 2."""
    result, _ = _resolve(
        [6, 6, 6, 2, 8],
        target=Target(kind="mortal", stamina=2, armour=ARMOURS["maille"]),
        weapon=MELEE_WEAPONS["dague_de_chasse"],
        attack_successes=2,
    )
    assert (result.soak_from_armour_malus, result.soak) == (1, 2)
    assert result.health == HealthLoss(lethal=2)


def test_vda_armor_07__a_shield_adds_its_armour_die() -> None:
    """VDA-ARMOR-07: a shield adds its armour die."""
    result, _ = _resolve(
        [6, 6, 6, 6, 6, 6, 6, 6, 2, 2],
        target=Target(kind="mortal", stamina=2, armour=ARMOURS["cuir"], shield=True),
        weapon=MELEE_WEAPONS["epee_a_deux_mains"],
        attack_successes=1,
    )
    assert (result.armour_dice, result.divisor) == (2, 2)
    assert result.soak_roll is not None and result.soak_roll.dice == 2


def test_vda_def_01__defence_turns_soak_dice_automatic_but_not_against_aggravated() -> None:
    """Claws of a power (aggravated, Str +1): armour and Stamina do not soak, Fortitude does,
    and the defence converts nothing (VDA-DEF-01)."""
    claws = NaturalWeapon(
        id="griffes",
        name="Griffes",
        name_en="Claws",
        damage_bonus=1,
        difficulty=6,
        damage_type="aggravated",
        wound="slashing",
    )
    result, _ = _resolve(
        [6, 6, 6, 6, 2],
        target=Target(kind="vampire", stamina=3, fortitude=2, armour=ARMOURS["maille"]),
        weapon=claws,
        attack_successes=3,
        defence_successes=1,
    )
    # Str 3 + 1 = 4, margin 2, divisor 2: 1 automatic, 3 rolled (6 6 6) = 3 → 4.
    # Soak: Fortitude 2 dice only (6 2): 1, no defence conversion. Aggravated 3.
    assert result.soak_from_defence == 0
    assert result.soak_roll is not None and result.soak_roll.dice == 2
    assert result.health == HealthLoss(aggravated=4 - 1)


def test_vda_def_03__soak_only_option_keeps_the_margin_but_converts_soak() -> None:
    """VDA-DEF-03: soak only option keeps the margin but converts soak."""
    result, _ = _resolve(
        [6, 6, 6, 6, 6, 2],
        weapon=MELEE_WEAPONS["lance"],
        target=Target(kind="mortal", stamina=2, armour=ARMOURS["maille"]),
        attack_successes=3,
        defence_successes=1,
        options=DamageOptions(partial_defence_lowers_margin=False),
    )
    assert result.margin == 3
    assert result.soak_from_defence == 1


def test_vda_melee_07__a_size_m_weapon_without_stats_is_refused() -> None:
    """VDA-MELEE-07: a size m weapon without stats is refused."""
    with pytest.raises(RuleViolation) as refused:
        resolve_attack(
            ScriptedRoller([]),
            striker=Striker(strength=3),
            target=MORTAL,
            weapon=MELEE_WEAPONS["epee"],
            attack_successes=2,
        )
    assert refused.value.rule == "VDA-MELEE-07"


def test_vda_charge_05__on_foot_charge_adds_one_bashing_even_to_a_vampire() -> None:
    """VDA-CHARGE-05: Lance Str 3 + 3 = 6 dice, margin 1 → 1 automatic, 5 rolled all 2: damage 1.
    Vampire soak Stamina 2 (6 6): 2. Nothing through; the charge still adds 1 bashing."""
    result, _ = _resolve(
        [2, 2, 2, 2, 2, 6, 6],
        target=VAMPIRE,
        weapon=MELEE_WEAPONS["lance"],
        attack_successes=1,
        situation=Situation(charge="on_foot"),
    )
    assert (result.unsoaked, result.charge_bashing) == (0, 1)
    assert result.health == HealthLoss(bashing=1)


def test_vda_charge_06_07__mounted_charge_uses_the_horse_and_adds_two_bashing() -> None:
    """VDA-CHARGE-06, VDA-CHARGE-07: Mounted with the mount's Strength 5 and Potence 1: lance 5 + (3 −
    1) = 7 dice, Potence
    1 automatic. Margin 1 → 1 automatic, 6 rolled all 2 → damage 2. A mortal: no soak for
    lethal. Lethal 2, then 2 bashing from the charge."""
    result, _ = _resolve(
        [2, 2, 2, 2, 2, 2],
        weapon=MELEE_WEAPONS["lance"],
        attack_successes=1,
        situation=Situation(charge="mounted", mount=Mount(strength=5, potence=1)),
    )
    assert (result.strength, result.weapon_bonus, result.potence_automatic) == (5, 2, 1)
    assert result.health == HealthLoss(bashing=2, lethal=2)


def test_vda_throw_03__thrown_hatchet_potence_as_dice_and_bow_margins() -> None:
    """VDA-THROW-03: Hatchet Str 3, bonus 2 stripped by Potence 2 to 0, Potence 2 as dice: 5 dice.
    Margin 4: tier 1 = 4 → +2 dice = 7 rolled (all 6) = 7. Mortal, no soak: lethal 7."""
    result, _ = _resolve(
        [6] * 7,
        striker=Striker(strength=3, potence=2),
        weapon=RANGED_WEAPONS["hachette"],
        attack_successes=4,
    )
    assert (result.base_dice, result.weapon_bonus, result.potence_automatic) == (5, 0, 0)
    assert result.damage_roll is not None and result.damage_roll.dice == 7
    assert result.health == HealthLoss(lethal=7)


def test_vda_throw_02__beyond_range_halves_the_base_dice() -> None:
    """VDA-THROW-02: Light crossbow 4 dice halved to 2; margin 1 adds 1 die (VDA-RMAR-03): 3 rolled."""
    result, _ = _resolve(
        [6, 6, 6],
        weapon=RANGED_WEAPONS["arbalete_legere"],
        attack_successes=1,
        situation=Situation(beyond_range=True),
    )
    assert (result.base_dice, result.halved_beyond_range) == (2, True)
    assert result.damage_roll is not None and result.damage_roll.dice == 3
    assert result.health == HealthLoss(lethal=3)


def test_vda_bow_03__a_long_bow_uses_its_own_strength() -> None:
    """VDA-BOW-03: Long bow of strength 3: 3 + 2 = 5 dice (Str and Potence do not count). Margin 2:
    +1 die → 6 rolled."""
    result, _ = _resolve(
        [6, 6, 6, 2, 2, 2],
        striker=Striker(strength=1, potence=3, bow_strength=3),
        weapon=RANGED_WEAPONS["arc_long"],
        attack_successes=2,
    )
    assert (result.base_dice, result.potence_automatic, result.strength) == (5, 0, 0)
    assert result.health == HealthLoss(lethal=3)


def test_vda_res_03__the_weapon_bonus_is_capped_by_its_resistance() -> None:
    """VDA-RES-03: the weapon bonus is capped by its resistance."""
    result, _ = _resolve(
        [2, 2, 2, 2],
        striker=Striker(strength=3, weapon_resistance=2),
        weapon=MELEE_WEAPONS["epee_a_deux_mains"],
        attack_successes=1,
    )
    assert (result.weapon_bonus, result.base_dice) == (2, 5)


def test_attack_resolution_is_an_event_payload() -> None:
    result, _ = _resolve(
        [10, 5, 4, 1, 6],
        target=Target(kind="vampire", stamina=2, armour=ARMOURS["plaque"]),
        weapon=MELEE_WEAPONS["couteau"],
        attack_successes=1,
        situation=Situation(vulnerable_zone=True),
    )
    encoded = msgspec.json.encode(result)
    assert msgspec.json.decode(encoded, type=AttackResolution) == result


def test_vda_forpot_02__on_a_bare_zone_the_fortitude_token_removes_a_harmful_soak_1() -> None:
    """VDA-FORPOT-02: Knife 4 dice; mail ignored, divisor = Fortitude 2, margin 2: 1 automatic, 3 rolled
    (6 6 4) → damage 3. Soak: Fortitude 2 automatic against piercing, Stamina 2 rolled
    (1 3): no hit, but the 1 would be an aggravated level (VDA-TGT-03); mail under
    Fortitude 2 gives one token, spent on it. Unsoaked 1, lethal."""
    vampire = Target(kind="vampire", stamina=2, fortitude=2, armour=ARMOURS["maille"])
    kwargs: dict[str, Any] = dict(
        weapon=MELEE_WEAPONS["couteau"],
        attack_successes=2,
        situation=Situation(vulnerable_zone=True),
    )
    spent, _ = _resolve([6, 6, 4, 1, 3], target=vampire, **kwargs)
    assert (spent.soak_ones_removed, spent.soak, spent.unsoaked) == (1, 2, 1)
    assert spent.health == HealthLoss(lethal=1)
    exhausted = msgspec.structs.replace(vampire, fortitude_tokens_used=1)
    again, _ = _resolve([6, 6, 4, 1, 3], target=exhausted, **kwargs)
    assert again.soak_ones_removed == 1  # the seed's soak sentence has no per-combat limit
    catalogue = DamageOptions(fortitude_ones_once_per_combat=True)
    kept, _ = _resolve([6, 6, 4, 1, 3], target=exhausted, options=catalogue, **kwargs)
    assert kept.soak_ones_removed == 0
    assert kept.health == HealthLoss(aggravated=1)
