"""Dice readings, wounds and conditions through ``decide`` (VTM-DICE, VTM-DMG-11, VTM-CPX)."""

from __future__ import annotations

import pytest

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, m, roll, sheet


def duel(alma: dict[str, object], bors: dict[str, object] | None = None) -> Table:
    t = Table()
    t.add("alma", sheet(**alma))
    t.add("bors", sheet(kind="mortal", **(bors or {})))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_dice_06__a_specialty_adds_a_die_for_each_ten() -> None:
    """VTM-DICE-06: with a Brawl specialty each 10 adds a die, again on a new 10; a 1 on
    the added die still cancels a success (VTM-DICE-05)."""
    t = duel({"brawl": 4, "specialties": ["brawl:coups de poing"]})
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [10, 2, 2, 2, 2, 2, 2, 10, 1, 2, 2, 2, 2])
    assert events[0].roll == roll([10, 2, 2, 2, 2, 2, 2, 10, 1], 6, dice=7, tens_again=True)
    assert events[0].roll.successes == 1


def test_vtm_dice_07__a_specialty_needs_a_trait_at_four() -> None:
    """VTM-DICE-07: a specialty in a trait rated 3 is refused when the sheet is added;
    a second one needs a 5."""
    t = Table()
    with_three = sheet(brawl=3, specialties=["brawl:poings"])
    refusal = t.refuse(AddCombatant(combatant=Combatant(id="a", name="A", sheet=with_three)))
    assert refusal.rule == "VTM-DICE-07"
    two_at_four = sheet(brawl=4, specialties=["brawl:poings", "brawl:pieds"])
    refusal = t.refuse(AddCombatant(combatant=Combatant(id="a", name="A", sheet=two_at_four)))
    assert refusal.rule == "VTM-DICE-07"
    t.add("a", sheet(brawl=5, specialties=["brawl:poings", "brawl:pieds"]))


def test_vtm_dice_08__no_success_and_a_one_is_a_botch_that_misses() -> None:
    """VTM-DICE-08 / VTM-ATK-09: no success and a 1: a botch, and the attack misses."""
    t = duel({"brawl": 2})
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [1, 2, 2, 2, 2])
    assert events[1:] == [
        ev.AttackMissed(attacker="alma", target="bors", botch=True),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_dice_08__a_success_cancelled_by_ones_is_a_plain_failure() -> None:
    """VTM-DICE-08: one success and four 1s is a failure, not a botch."""
    t = duel({"brawl": 2})
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [6, 1, 1, 1, 1])
    assert events[1] == ev.AttackMissed(attacker="alma", target="bors", botch=False)


def test_vtm_dmg_11__wounds_take_dice_from_every_action() -> None:
    """VTM-DMG-11 (outside the seed): three levels taken (Blessé) cost a die."""
    t = duel({"brawl": 2})
    t.send(c.AdjustHealth(combatant="alma", lethal=3, reason="blessée avant le combat"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2, 2, 2, 2])
    assert events[0].pool[-1] == m("VTM-DMG-11", -1, "Blessé")


def test_vtm_dmg_11__a_full_track_incapacitates() -> None:
    """VTM-DMG-11: the seventh level filled: incapacitated, no declaration any more."""
    t = duel({"melee": 5, "strength": 5, "weapons": ["hache"]})
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "hache"))
    events = t.resolve("alma", [9] * 8 + [9] * 15)
    assert (
        ev.ConditionChanged(combatant="bors", condition="incapacitated", on=True, rule="VTM-DMG-11") in events
    )
    assert events[-4] == ev.Wounded(target="bors", damage_type="lethal", levels=15, health=Health(lethal=15))


@pytest.mark.parametrize(
    ("condition", "rule", "dice"),
    [("knocked_down", "VTM-CPX-03", 1), ("blinded", "VTM-CPX-04", 2), ("immobilized", "VTM-CPX-06", 2)],
)
def test_vtm_cpx_03_04_06__attacks_against_a_hindered_target_gain_dice(
    condition: str, rule: str, dice: int
) -> None:
    """VTM-CPX-03: +1 die against someone down; VTM-CPX-04: +2 against the blinded;
    VTM-CPX-06: +2 against the immobilized who still struggle."""
    t = duel({"brawl": 2})
    t.send(c.SetCondition(combatant="bors", condition=condition, reason="le MJ le décide"))  # type: ignore[arg-type]
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * (5 + dice))
    assert events[0].pool[-1].rule == rule and events[0].pool[-1].value == dice


def test_vtm_cpx_03__someone_down_strikes_at_plus_two() -> None:
    """VTM-CPX-03: Brawl and Melee attacks from the ground are at +2 difficulty;
    VTM-CPX-04: blinded, +2 to every action."""
    t = duel({"brawl": 2})
    t.send(c.SetCondition(combatant="alma", condition="knocked_down", reason="glissade"))
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="fumée"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [
        m("VTM-ATK-05", 6, "attack"),
        m("VTM-CPX-04", 2, "blinded"),
        m("VTM-CPX-03", 2, "down"),
    ]


def test_vtm_cpx_07__a_helpless_target_is_hit_without_a_roll_and_the_pool_becomes_damage() -> None:
    """VTM-CPX-07 / VTM-ATK-06: Bors is tied up: no attack roll, no defence, Alma's six
    attack dice join the knife's damage; VTM-HR-04: the floor counts no success (1)."""
    t = duel({"melee": 3, "weapons": ["couteau"]}, {"dodge": 3})
    t.send(c.SetCondition(combatant="bors", condition="helpless", reason="saucissonné"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "couteau"))
    events = t.resolve("alma", [2] * 9)
    assert events[0] == ev.AttackLanded(
        attacker="alma",
        target="bors",
        action=0,
        maneuver="strike",
        weapon="couteau",
        damage_type="lethal",
        pool=[m("VTM-ATK-02", 3, "dexterity"), m("VTM-ATK-02", 3, "melee")],
    )
    damage = events[1]
    assert isinstance(damage, ev.DamageRolled)
    assert damage.pool[-1] == m("VTM-CPX-07", 6, "helpless target")
    assert (damage.remaining, damage.minimum, damage.damage) == (0, 1, 1)
