"""Weapons through the round (issue 3): the table's numbers as the round engine reads them,
with scripted dice. Bows (VDA-BOW-01, VDA-BOW-03, VDA-BOW-04, VDA-BOW-05), firearms (VDA-FIRE-02,
VDA-FIRE-03), polearms
(VDA-MOD-06, VDA-MELEE-12) and bashing against a vampire (VDA-GEN-03)."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import ANCHORABLE, COUNTER_CHARGE, IMPALING, MELEE_WEAPONS, find_weapon
from domain.systems.vda.gear import Charge
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules import modifiers as mod
from domain.systems.vda.state import VdaSheet
from domain.systems.wod import NONE, Health, HealthLoss, Modifier
from tests.systems.vda.conftest import Table, act, sheet

MISS = [2, 2, 2, 2, 2]


def fight(alma: VdaSheet, bors: VdaSheet, mover: str | None = None) -> Table:
    """Alma faster than Bors; both rolled initiative (after a round in which ``mover`` only
    moved, when given: a charge's run-up)."""
    t = Table()
    t.add("alma", alma)
    t.add("bors", bors)
    if mover is not None:
        t.moving_round(mover, [2] * 3)
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def shoot(t: Table, weapon: str, dice: list[int], **fields: Any) -> list[Any]:
    ranged = find_weapon(weapon)
    kind = getattr(ranged, "kind", None)
    t.declare("alma", act("attack", skill="archery", target="bors", weapon=weapon, ranged=kind, **fields))
    t.declare("bors", act("none"))
    return t.resolve("alma", dice)


def resolution(events: list[Any]) -> AttackResolution:
    return next(e.resolution for e in events if isinstance(e, ev.AttackResolved))


# --- bows ---------------------------------------------------------------------------


def test_vda_bow_03__the_sheets_bow_strength_sets_the_damage_dice_in_the_round() -> None:
    """VDA-BOW-03: the sheets bow strength sets the damage dice in the round."""
    t = fight(sheet(strength=3, archery=3, bows={"arc_long": 3}, weapons=["arc_long"]), sheet(kind="mortal"))
    events = shoot(t, "arc_long", [7, 2, 2, 2, 2, 2, *MISS])
    assert resolution(events).base_dice == 5  # « Arc Long, Force + 2 »: the bow's 3 + 2


def test_vda_bow_03__an_unrated_bow_is_as_strong_as_its_archer() -> None:
    """VDA-BOW-03: an unrated bow is as strong as its archer."""
    t = fight(sheet(strength=2, archery=3, weapons=["arc_court"]), sheet(kind="mortal"))
    events = shoot(t, "arc_court", [7, 2, 2, 2, 2, 2, 2, 2])
    assert resolution(events).base_dice == 2


def test_vda_bow_05__a_bow_of_five_dice_shoots_at_plus_one_in_the_round() -> None:
    """VDA-BOW-05: a bow of five dice shoots at plus one in the round."""
    t = fight(sheet(strength=3, archery=3, bows={"arc_long": 3}, weapons=["arc_long"]), sheet(kind="mortal"))
    rolled = shoot(t, "arc_long", [7, 2, 2, 2, 2, 2, *MISS])[0]
    assert rolled.difficulty == [
        Modifier(rule="A-7", value=6, why="arc_long"),
        Modifier(rule="VDA-BOW-05", value=1),
    ]
    assert rolled.roll.difficulty == 7
    weak = fight(
        sheet(strength=3, archery=3, bows={"arc_long": 2}, weapons=["arc_long"]), sheet(kind="mortal")
    )
    rolled = shoot(weak, "arc_long", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2])[0]
    assert rolled.difficulty == [Modifier(rule="A-7", value=6, why="arc_long")]


def test_vda_bow_05__the_heavy_crossbows_listed_seven_is_not_raised_again() -> None:
    """VDA-BOW-05: the heavy crossbows listed seven is not raised again."""
    t = fight(sheet(archery=3, weapons=["arbalete_lourde"]), sheet(kind="mortal"))
    rolled = shoot(t, "arbalete_lourde", [7, 2, 2, 2, 2, 2, *MISS, 2, 2])[0]
    assert rolled.difficulty == [Modifier(rule="A-7", value=7, why="arbalete_lourde")]


def test_vda_bow_01__the_sheets_bow_must_be_drawable_when_the_shot_is_declared() -> None:
    """VDA-BOW-01: the sheets bow must be drawable when the shot is declared."""
    t = fight(sheet(strength=2, potence=1, archery=3, bows={"arc_long": 4}, weapons=["arc_long"]), sheet())
    shot = act("attack", skill="archery", target="bors", weapon="arc_long", ranged="bow")
    assert t.refuse(c.DeclareAction(combatant="alma", action=shot)).rule == "VDA-BOW-01"


def test_vda_bow_04__a_short_bow_reaches_30_metres_then_each_quarter_adds_one() -> None:
    """VDA-BOW-04: a short bow reaches 30 metres then each quarter adds one."""
    t = fight(sheet(archery=3, weapons=["arc_court"]), sheet(kind="mortal"))
    rolled = shoot(t, "arc_court", [2] * 6, distance_m=30)[0]
    assert [m.rule for m in rolled.difficulty] == ["A-7"]
    far = fight(sheet(archery=3, weapons=["arc_court"]), sheet(kind="mortal"))
    rolled = shoot(far, "arc_court", [2] * 6, distance_m=31)[0]
    assert [m for m in rolled.difficulty if m.rule == "VDA-THROW-02"][0].value == 1


def test_vda_bow_04__the_light_crossbow_cancels_one_armour_die_within_60_metres() -> None:
    """VDA-BOW-04: the light crossbow cancels one armour die within 60 metres."""
    t = fight(sheet(archery=3, weapons=["arbalete_legere"]), sheet(kind="mortal", armour="maille"))
    events = shoot(t, "arbalete_legere", [7, 2, 2, 2, 2, 2, *MISS, 2], distance_m=60)
    assert [m.rule for m in events[0].difficulty] == ["A-7"]
    hit = resolution(events)
    assert (hit.base_dice, hit.armour_dice, hit.armour_dice_effective) == (4, 2, 1)


# --- firearms -----------------------------------------------------------------------


def test_vda_fire_02__the_musket_deals_three_dice_and_cancels_three_armour_dice() -> None:
    """VDA-FIRE-02: the musket deals three dice and cancels three armour dice."""
    t = fight(sheet(archery=3, weapons=["fusil"]), sheet(kind="mortal", armour="plaque"))
    hit = resolution(shoot(t, "fusil", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2], distance_m=30))
    assert (hit.base_dice, hit.armour_dice, hit.armour_dice_effective) == (3, 4, 1)
    assert hit.margin_automatic == 1  # firearm tier 1: the margin as successes (VDA-RMAR-04)


def test_vda_fire_02__beyond_30_metres_the_musket_is_at_plus_one() -> None:
    """VDA-FIRE-02: beyond 30 metres the musket is at plus one."""
    t = fight(sheet(archery=3, weapons=["fusil"]), sheet(kind="mortal"))
    rolled = shoot(t, "fusil", [2] * 6, distance_m=31)[0]
    assert [m.value for m in rolled.difficulty if m.rule == "VDA-THROW-02"] == [1]


def test_vda_fire_03__the_blunderbuss_deals_two_dice_cancels_no_armour_and_reaches_15_metres() -> None:
    """VDA-FIRE-03: the blunderbuss deals two dice cancels no armour and reaches 15 metres."""
    t = fight(sheet(archery=3, weapons=["tromblon"]), sheet(kind="mortal", armour="maille"))
    hit = resolution(shoot(t, "tromblon", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2], distance_m=15))
    assert (hit.base_dice, hit.armour_dice, hit.armour_dice_effective) == (2, 2, 2)
    far = fight(sheet(archery=3, weapons=["tromblon"]), sheet(kind="mortal"))
    rolled = shoot(far, "tromblon", [2] * 6, distance_m=16)[0]
    assert [m.value for m in rolled.difficulty if m.rule == "VDA-THROW-02"] == [1]


# --- polearms -----------------------------------------------------------------------


def test_vda_mod_06__a_polearms_bonuses_are_the_seeds_named_ones() -> None:
    """VDA-MOD-06: a polearms bonuses are the seeds named ones."""
    named = {COUNTER_CHARGE, ANCHORABLE, IMPALING}
    assert MELEE_WEAPONS["lance"].tags & named == {COUNTER_CHARGE, ANCHORABLE, IMPALING}
    assert MELEE_WEAPONS["epieu"].tags & named == {COUNTER_CHARGE, IMPALING}
    assert MELEE_WEAPONS["epee_a_deux_mains"].tags & named == set()
    # The anchored lance against a moving horse (VDA-MOD-03) is one of them.
    anchored = mod.moving_horse_modifiers(MELEE_WEAPONS["lance"], anchored=True, ruling_dice=0)
    assert anchored == NONE


def _counter_charged(weapon: str) -> HealthLoss:
    """Bors charges Alma, who meets him with ``weapon``; Alma strikes first."""
    alma, bors = (
        sheet(strength=3, melee=3, weapons=[weapon]),
        sheet(kind="mortal", melee=2, weapons=["lance"]),
    )
    t = fight(alma, bors, mover="bors")
    charge = act("attack", skill="melee", target="alma", weapon="lance", charge=Charge(rounds_moved=1))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon=weapon))
    t.declare("bors", charge)
    bonus = MELEE_WEAPONS[weapon].damage_bonus or 0
    dice = [7, 2, 2, 2, 2, 2] + [2] * (3 + bonus - 1)  # the hit, then Str 3 + bonus less one converted die
    return resolution(t.resolve("alma", dice)).health


def test_vda_melee_12__the_lance_and_the_boar_spear_counter_a_charge_in_the_round() -> None:
    # One hit converts one die (1 lethal); a counter-charge adds the charge's on-foot bashing
    # (VDA-CHARGE-05, VDA-CHARGE-08), which the two-handed sword, no polearm, does not get.
    """VDA-MELEE-12: the lance and the boar spear counter a charge in the round."""
    assert _counter_charged("lance") == HealthLoss(lethal=1, bashing=1)
    assert _counter_charged("epieu") == HealthLoss(lethal=1, bashing=1)
    assert _counter_charged("epee_a_deux_mains") == HealthLoss(lethal=1)


def test_vda_melee_12__the_seeds_notes_as_tags() -> None:
    """VDA-MELEE-12: the seeds notes as tags."""
    lance, spear = MELEE_WEAPONS["lance"], MELEE_WEAPONS["epieu"]
    assert {COUNTER_CHARGE, IMPALING, ANCHORABLE} <= lance.tags
    assert {COUNTER_CHARGE, IMPALING} <= spear.tags and ANCHORABLE not in spear.tags


# --- vampires and bashing -----------------------------------------------------------


def _clubbed(kind: str) -> tuple[HealthLoss, Health]:
    """Bors (Str 4) hits Alma with a club: 2 hits, 2 damage successes, no soak."""
    t = Table()
    t.add("alma", sheet(kind=kind, melee=2))
    t.add("bors", sheet(kind="mortal", strength=4, melee=3, weapons=["matraque_courte"]))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 2, 2])
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="matraque_courte"))
    t.declare("alma", act("none"))
    hit = resolution(t.resolve("bors", [8, 8, 2, 2, 2, 2, 6, 6, 2, 2]))
    assert (hit.damage_type, hit.damage, hit.soak, hit.unsoaked) == ("bashing", 4, 0, 4)
    return hit.health, t.state.fighters["alma"].health


def test_vda_gen_03__a_vampire_takes_half_the_clubs_bashing_through_the_round() -> None:
    """VDA-GEN-03: a vampire takes half the clubs bashing through the round."""
    assert _clubbed("vampire") == (HealthLoss(bashing=2), Health(bashing=2))
    assert _clubbed("mortal") == (HealthLoss(bashing=4), Health(bashing=4))
