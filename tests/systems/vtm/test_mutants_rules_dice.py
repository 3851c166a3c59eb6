"""Rolls through ``decide``: specialties on the sheet and on the roll, the house readings
of a rolled pool, the cap on a roll's dice and the no-botch rolls (VTM-DICE, VTM-HR,
VTM-ACT-04)."""

from __future__ import annotations

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vtm import commands as c
from domain.systems.vtm.options import VtmOptions
from tests.systems.vtm.conftest import attack, m, roll, sheet
from tests.systems.vtm.test_mutants_rules_attack import duel, strike


def test_vtm_dice_07__specialties_need_a_rating_of_four_one_or_five_two() -> None:
    """VTM-DICE-07: a specialty in an ability the sheet does not rate is refused (rated 0),
    so are three in a trait rated 5, and « melee:épées:longues » in a Melee of 3 (the trait is
    what comes before the first colon)."""
    t = duel()
    for specialties, melee, said in (
        (["melee:épées:longues"], 3, "1 specialties in melee rated 3: a 4 allows one, a 5 two"),
        (["occult:tarot"], 0, "1 specialties in occult rated 0: a 4 allows one, a 5 two"),
        (["melee:a", "melee:b", "melee:c"], 5, "3 specialties in melee rated 5: a 4 allows one, a 5 two"),
    ):
        added = AddCombatant(
            combatant=Combatant(id="dede", name="Dede", sheet=sheet(melee=melee, specialties=specialties))
        )
        assert str(t.refuse(added)) == f"VTM-DICE-07: {said}"


def test_vtm_dice_06__a_specialty_is_named_by_its_trait_before_the_first_colon() -> None:
    """VTM-DICE-06: « melee:épées:longues » is a Mêlée specialty: the test re-rolls its 10;
    by the table's ``explode_keeps_original=false`` that 10 counts for nothing, so with a 1
    and no other success the roll botches."""
    t = duel(
        VtmOptions(explode_keeps_original=False),
        alma=sheet(melee=4, specialties=["melee:épées:longues"], weapons=["couteau"]),
    )
    faces = [10, 1, 2, 2, 2, 2, 2, 2]
    rolled = t.send(c.RollTest(combatant="alma", attribute="dexterity", ability="melee"), dice=faces)
    assert rolled[0].roll == roll(faces, 6, dice=7, tens_again=True, botch=True).__replace__(hits=0)


def test_vtm_dice_02__past_difficulty_ten_each_point_takes_a_success() -> None:
    """VTM-DICE-02 with ``difficulty_cap=extra_successes``: at 10 + 1 (off balance), the one
    10 rolled is cancelled: no success, the test fails."""
    t = duel(VtmOptions(difficulty_cap="extra_successes"))
    t.send(c.SetCondition(combatant="alma", condition="off_balance", reason="déséquilibrée"))
    rolled = t.send(c.RollTest(combatant="alma", attribute="dexterity", difficulty=10), dice=[10, 2, 2])
    assert rolled[0].roll.successes == 0
    assert rolled[0].passed is False


def test_vtm_hr_01_02__neither_damage_nor_soak_botches() -> None:
    """VTM-HR-01: a damage roll of a 1 and no success is no botch; VTM-HR-02: nor is a soak."""
    events = strike(duel(), attack("bors"), [9, 2, 2, 2, 2] + [1, 2] + [1, 2])
    assert events[1].roll.botch is False
    assert events[2].roll.botch is False


def test_vtm_act_04__a_test_whose_penalties_leave_no_die_is_refused() -> None:
    """VTM-ACT-04: Alma, at Dexterity 3 and five dice lost to the GM's override, has no die."""
    t = duel()
    t.send(c.AdjustRoll(combatant="alma", dice=-5, reason="les mains liées"))
    test = c.RollTest(combatant="alma", attribute="dexterity")
    assert str(t.refuse(test)) == "VTM-ACT-04: the test: the penalties leave no die to roll"


def test_one_roll_takes_at_most_sixty_dice() -> None:
    """No rule of the seed: 61 dice (Dex 10 + Melee 10 + the GM's 41) are cut to 60, a term
    the log shows; 60 are rolled as they are."""
    t = duel(alma=sheet(dexterity=10, melee=10))
    for more in (20, 20, 1):
        t.send(c.AdjustRoll(combatant="alma", dice=more, reason="la foule l'aide"))
    test = c.RollTest(combatant="alma", attribute="dexterity", ability="melee")
    assert t.send(test, dice=[2] * 60)[0].pool[-1] == m("dice.pool-size", -1, "at most 60 dice")
    t = duel(alma=sheet(dexterity=10, melee=10))
    for more in (20, 20):
        t.send(c.AdjustRoll(combatant="alma", dice=more, reason="la foule l'aide"))
    assert t.send(test, dice=[2] * 60)[0].pool[-1] == m("gm-dice", 20, "la foule l'aide")
