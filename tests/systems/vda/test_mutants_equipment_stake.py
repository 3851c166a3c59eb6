"""Stakes, stuck weapons and strikes at items through ``decide`` with fixed dice and whole
events: the stake's thresholds against Fortitude (VDA-STAKE-01, VDA-STUCK-01), 2 dice of
an attack working a stuck stake loose (VDA-STUCK-04) and the margin a deliberate strike at
an item needs (VDA-VAND-01, VDA-VAND-03, VDA-VAND-04)."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve
from tests.systems.vda.test_rules_in_play import rolled_both

STAKE = act("attack", skill="melee", target="bors", weapon="pieu", zone="heart")


def staked_at_heart(options: VdaOptions | None = None, fortitude: int = 3) -> tuple[Table, list[object]]:
    """Alma (Strength 4) drives her stake at the heart of Bors (a vampire in mail, Fortitude
    ``fortitude``): 4 hits, 3 damage successes, and a 1 on his soak."""
    t = Table(options)
    t.add("alma", sheet(melee=3, strength=4, weapons=["pieu"]), player="ann")
    t.add("bors", sheet(kind="vampire", melee=1, fortitude=fortitude, armour="maille"))
    rolled_both(t)
    t.declare("alma", STAKE)
    t.declare("bors", act("none"))
    return t, t.resolve("alma", [9, 9, 9, 9, 2, 2] + [9] * 4 + [1])


def test_fortitude_above_three_raises_the_damage_a_targeted_stake_needs() -> None:
    """VDA-STAKE-01: a targeted stake needs 3 hits and max(3, Fortitude) unsoaked damage:
    against Bors's Fortitude 4 it needs 4 (his soak leaves less: the stake fails)."""
    _, events = staked_at_heart(fortitude=4)
    [checked] = of(events, ev.StakeChecked)
    assert (checked.mode, checked.hit_threshold, checked.damage_threshold, checked.success) == (
        "targeted",
        3,
        4,
        False,
    )


def unsticking(options: VdaOptions | None, faces: list[int]) -> list[ev.StuckPoolReduced]:
    """The stake stuck in Bors (pool 3); next round Alma punches him, giving 2 dice of her
    attack to work it loose (``faces``: the punch's die, then the 2 dice at 5)."""
    t, _ = staked_at_heart(options)
    assert [s.pool for s in t.state.stuck] == [3]
    rolled_both(t)
    t.declare("alma", act("attack", skill="brawl", target="bors", minor_acts=["unstick"]))
    t.declare("bors", act("none"))
    return of(resolve(t, "alma", faces), ev.StuckPoolReduced)


def reduced(faces: list[int], pool: int) -> list[ev.StuckPoolReduced]:
    return [
        ev.StuckPoolReduced(
            combatant="alma",
            owner="alma",
            item="pieu",
            target="bors",
            roll=roll(faces, 5, first=1),
            pool=pool,
            freed=False,
        )
    ]


@pytest.mark.parametrize(
    ("stuck_minor_act", "pool"),
    [("per_success", 1), ("one", 2)],
)
def test_two_dice_of_an_attack_take_one_off_the_pool_per_success(stuck_minor_act: str, pool: int) -> None:
    """VDA-STUCK-04: « 2 dés pris sur une action simple, difficulté 5 »: two successes take 2
    off the stake's pool of 3 by default; at a table where the 2 dice take 1 on any
    success, only 1."""
    options = VdaOptions(tactics=TacticsOptions(stuck_minor_act=stuck_minor_act))  # type: ignore[arg-type]
    assert unsticking(options, [2, 5, 6]) == reduced([5, 6], pool)


def test_a_one_cancels_the_success_of_the_two_unsticking_dice() -> None:
    """VDA-STUCK-04, A-3: the 2 dice roll [5, 1]: the 1 cancels the success, the pool stays 3."""
    found = unsticking(None, [2, 5, 1])
    assert [(e.roll.successes, e.pool, e.freed) for e in found] == [(0, 3, False)]


# --- VDA-VAND-01: a deliberate strike at an item ---------------------------------------------


def strike_at_the_knife(parry: list[int], strike: list[int]) -> list[ev.ResistanceReduced]:
    """Alma (Strength 4, no Potence) strikes at Bors's knife, which Bors parries with."""
    t = fight(
        alma=sheet(melee=3, strength=4, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", melee=2, weapons=["couteau"]),
    )
    strike_act = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism", item="couteau"
    )
    t.declare("alma", strike_act)
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="couteau", target="alma"))
    resolve(t, "bors", parry)
    return of(resolve(t, "alma", strike), ev.ResistanceReduced)


def test_a_strike_at_an_item_the_parry_matches_does_nothing() -> None:
    """VDA-VAND-01: Bors's parry (1 success) matches Alma's strike at his knife (1): no
    margin, no loss."""
    assert strike_at_the_knife([9], [9]) == []


def test_a_strike_at_an_item_by_one_success_wears_it_by_strength_without_potence() -> None:
    """VDA-VAND-03, VDA-VAND-04: a margin of 1 is enough: base 2; Alma's Strength 4 without
    Potence stays under 5, so nothing more."""
    assert strike_at_the_knife([2], [9]) == [
        ev.ResistanceReduced(
            combatant="bors",
            item="couteau",
            loss=[Modifier(rule="VDA-VAND-03", value=2, why="base")],
            resistance=2,
            max_resistance=4,
        )
    ]


def test_a_stake_stuck_in_its_target_cannot_strike_again() -> None:
    """VDA-STUCK-01: Alma's stake is stuck in Bors: her next attack with it is refused at
    the declaration, under the stuck weapon's rule, saying where it is."""
    t, _ = staked_at_heart()
    rolled_both(t)
    refused = t.refuse(c.DeclareAction(combatant="alma", action=STAKE))
    assert (refused.rule, refused.message) == ("VDA-STUCK-01", "'alma' no longer holds 'pieu' (stuck)")


def test_two_dice_work_loose_the_stake_in_the_actors_own_body() -> None:
    """VDA-STUCK-04: the 2 dice work on a weapon stuck in the actor first: Bors, the stake
    in him (pool 3), punches Alma and gives 2 dice to it: 2 successes, pool 1."""
    t, _ = staked_at_heart()
    rolled_both(t)
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="brawl", target="alma", minor_acts=["unstick"]))
    found = of(resolve(t, "bors", [2, 5, 6]), ev.StuckPoolReduced)
    assert [(e.combatant, e.owner, e.item, e.target, e.pool) for e in found] == [
        ("bors", "alma", "pieu", "bors", 1)
    ]


def test_where_ones_do_not_cancel_the_unsticking_dice_keep_their_success() -> None:
    """VDA-STUCK-04, A-3: at a table where 1s cancel nothing, the 2 dice [5, 1] keep their
    success: the pool goes from 3 to 2."""
    found = unsticking(VdaOptions(ones_cancel=False), [2, 5, 1])
    assert [(e.roll.successes, e.pool) for e in found] == [(1, 2)]


def test_a_crossbow_bolt_sticks_in_the_vampire_it_failed_to_stake() -> None:
    """VDA-STAKE-02, VDA-STUCK-01, VDA-STUCK-02: Alma's heavy crossbow (impaling) hits Bors
    with two 10s, a lucky strike at 4; its 4 damage reach the threshold before soak, but his
    soak (with a 1) leaves 2: no stake, and the bolt (not the crossbow) stays stuck, pool 2
    unsoaked + half of 2 soaked = 3."""
    t = fight(
        alma=sheet(dex=4, archery=3, weapons=["arbalete_lourde"]),
        bors=sheet(kind="vampire", fortitude=3, armour="maille"),
    )
    t.declare(
        "alma", act("attack", skill="archery", target="bors", weapon="arbalete_lourde", ranged="crossbow")
    )
    t.declare("bors", act("none"))
    shot = [10, 10, 9, 9, 2, 2, 2] + [9, 9, 9, 9, 2, 2, 2, 2, 2, 2] + [9, 9, 1, 2]
    events = t.send(c.ResolveAction(combatant="alma"), shot)
    [checked] = of(events, ev.StakeChecked)
    assert (checked.mode, checked.success, checked.stuck) == ("lucky4", False, True)
    assert of(events, ev.WeaponStuck) == [
        ev.WeaponStuck(owner="alma", item="carreau", target="bors", pool=3, projectile=True)
    ]
