"""Firearms through ``decide``: a pistol's accumulated 1s read into a later shot that hits.
Written against the mutants that survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

import pytest

from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.payloads import MarginTiers
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import of, resolve
from tests.systems.vda.test_round_weapons import fight
from tests.systems.vda.test_rules_in_play import PISTOL_SHOT, RELOAD, _rolled, crowd, declare_and_pass, gunner


@pytest.mark.parametrize(("ones_cancel", "successes"), [(True, 1), (False, 2)])
def test_an_accumulated_1_cancels_a_hit_of_the_next_shot_when_1s_cancel(
    ones_cancel: bool, successes: int
) -> None:
    """VDA-FIRE-07: the pistol keeps the 1 of its first shot; the next shot, two hits and no
    1 of its own, counts it: one success left when 1s cancel (A-3), both otherwise, and no
    critical failure either way since the roll hit (VDA-GEN-02)."""
    t = gunner(options=VdaOptions(ones_cancel=ones_cancel))
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    resolve(t, "alma", [7, 1, 2, 2, 2, 2])
    for _ in range(2):
        t.declare("alma", RELOAD)
        t.resolve("alma", [])
    t.start()
    _rolled(t)
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 8, 2, 2, 2, 2])
    assert events[1] == ev.AccumulatedOnesCounted(
        combatant="alma", item="pistolet", accumulated=1, ones=1, successes=successes
    )
    assert not of(events, ev.CriticalFailure)
    [resolved] = of(events, ev.AttackResolved)
    assert resolved.resolution.attack_successes == successes


def test_a_crossbows_second_tier_adds_a_die_per_two_successes() -> None:
    """VDA-RMAR-03: Alma's light crossbow (4 dice) hits by 6: the first tier (4) adds 4
    dice, the second (2) one more: 9 damage dice."""
    t = fight(sheet(archery=4, weapons=["arbalete_legere"]), sheet(kind="mortal"))
    t.declare(
        "alma", act("attack", skill="archery", target="bors", weapon="arbalete_legere", ranged="crossbow")
    )
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [8] * 6 + [2] + [2] * 9), ev.AttackResolved)
    assert resolved.resolution.tiers == MarginTiers(first=4, second=2, third=0)
    assert (resolved.resolution.base_dice, resolved.resolution.damage_roll.dice) == (4, 9)


def test_a_blunderbuss_hit_too_small_to_pay_for_another_person_hits_its_target_only() -> None:
    """VDA-FIRE-04: spending 2 successes per extra person, Alma's 2 successes pay for
    nobody else: Bors alone is hit, with both, and no refusal after the dice."""
    t, shot = crowd(also=["cole"], spread="spend_successes")
    declare_and_pass(t, shot)
    events = resolve(t, "alma", [8, 8, 2, 2, 2, 2])
    assert of(events, ev.SpreadHit) == []
    assert [(e.target, e.resolution.attack_successes) for e in of(events, ev.AttackResolved)] == [("bors", 2)]


def test_a_bows_odd_second_tier_converts_no_half_die() -> None:
    """VDA-RMAR-02: Alma's short bow (2 dice, her Strength) hits by 3: the first tier (2)
    adds a die, the second (1) converts none: 3 dice rolled, no automatic damage."""
    t = fight(sheet(dex=4, archery=5, weapons=["arc_court"]), sheet(kind="mortal"))
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [8, 8, 8] + [2] * 6 + [2] * 3), ev.AttackResolved)
    assert resolved.resolution.tiers == MarginTiers(first=2, second=1, third=0)
    assert (resolved.resolution.margin_automatic, resolved.resolution.damage_roll.dice) == (0, 3)
