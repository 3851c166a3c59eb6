"""The World of Darkness pool roll and its terms (``domain.systems.wod``): engine
pieces both d10 systems call, tested as pure functions with scripted dice."""

from __future__ import annotations

import pytest

from domain.dice import ScriptedRoller
from domain.systems.wod import (
    NONE,
    Modifier,
    PoolSpec,
    Terms,
    clamped_difficulty,
    dice,
    plain_pool_roll,
    roll_terms,
    terms,
    total_dice,
    total_difficulty,
)


def m(value: int, rule: str = "TEST") -> Modifier:
    return Modifier(rule=rule, value=value)


def test_terms__a_zero_adds_no_term_and_each_term_keeps_its_rule() -> None:
    found = terms("VDA-MOD-01", dice=-1, why="pente") + terms("VDA-MOD-02", difficulty=1)
    assert found == Terms(
        pool=[Modifier(rule="VDA-MOD-01", value=-1, why="pente")],
        difficulty=[Modifier(rule="VDA-MOD-02", value=1)],
    )
    assert (total_dice(found), total_difficulty(found)) == (-1, 1)
    assert terms("X") == NONE
    assert not NONE and found


@pytest.mark.parametrize(("values", "expected"), [([6], 6), ([6, 5], 10), ([6, 6], 10), ([6, -5], 2)])
def test_a_2__the_difficulty_stays_within_2_and_10(values: list[int], expected: int) -> None:
    assert clamped_difficulty([m(v) for v in values]) == expected


def test_a_5__a_pool_reduced_below_nothing_rolls_no_die() -> None:
    assert dice([m(3), m(-5)]) == 0
    roll = roll_terms(ScriptedRoller([]), [m(3), m(-5)], [m(6)])
    assert (roll.dice, roll.faces, roll.botch) == (0, [], False)


def test_a_3__ones_cancel_successes_unless_the_system_says_not() -> None:
    cancelled = roll_terms(ScriptedRoller([7, 8, 1]), [m(3)], [m(6)])
    kept = roll_terms(ScriptedRoller([7, 8, 1]), [m(3)], [m(6)], ones_cancel=False)
    assert (cancelled.successes, kept.successes) == (1, 2)


def test_vtm_dice_06__with_tens_again_each_ten_adds_a_die() -> None:
    roll = roll_terms(ScriptedRoller([10, 3, 10, 6]), [m(2)], [m(6)], tens_again=True)
    assert roll.faces == [10, 3, 10, 6]
    assert (roll.dice, roll.hits, roll.tens_again) == (2, 3, True)


def test_roll_terms__rolls_the_clamped_difficulty() -> None:
    roll = roll_terms(ScriptedRoller([9, 10]), [m(2)], [m(6), m(7)])
    assert (roll.difficulty, roll.successes) == (10, 1)


def test_vtm_dice_08__a_plain_roll_with_no_hit_and_a_one_is_a_botch() -> None:
    roll = plain_pool_roll(ScriptedRoller([1, 4]), PoolSpec(dice=2))
    assert (roll.difficulty, roll.successes, roll.botch) == (6, 0, True)


def test_vtm_dice_06__a_plain_roll_with_a_specialty_rerolls_tens() -> None:
    roll = plain_pool_roll(ScriptedRoller([10, 2]), PoolSpec(dice=1, specialty=True))
    assert (roll.faces, roll.successes) == ([10, 2], 1)
