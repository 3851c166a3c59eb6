"""The stake and the stuck weapon through ``decide``: each threshold of VDA-STAKE-01,
VDA-STAKE-02, VDA-STAKE-03 and each condition of VDA-STUCK-01 at its edge, whole
``StakeChecked`` events. Written against the mutants of ``rules/stake`` that survived the
mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve
from tests.systems.vda.test_rules_in_play import A_INIT, B_INIT


def strike(weapon: str, zone: str | None, faces: list[int], fortitude: int = 0) -> tuple[Table, list[Any]]:
    """Alma (Dex 3, Melee 3, Strength 4) strikes Bors, a vampire of Stamina 1 who does nothing.
    The faces are the attack's 6 dice, then the damage's (Strength 4 + 1, less the margin),
    then the soak's single die; Fortitude soaks automatically."""
    bors = (
        sheet(kind="vampire", melee=1, fortitude=fortitude) if fortitude else sheet(kind="vampire", melee=1)
    )
    t = fight(alma=sheet(melee=3, strength=4, weapons=["pieu", "dague_de_chasse", "lance"]), bors=bors)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon=weapon, zone=zone))
    t.declare("bors", act("none"))
    return t, resolve(t, "alma", faces)


def checked(
    mode: str, threshold: int, hits: int, high: int, before: int, unsoaked: int, **flags: bool
) -> Any:
    return ev.StakeChecked(
        attacker="alma",
        target="bors",
        mode=mode,  # type: ignore[arg-type]
        hit_threshold=threshold,
        damage_threshold=threshold,
        hits=hits,
        high_dice=high,
        damage_before_soak=before,
        unsoaked=unsoaked,
        success=flags.get("success", False),
        stuck=flags.get("stuck", False),
        awaiting_ruling=False,
    )


def test_vda_stake_01__a_heart_shot_needs_no_9_or_10() -> None:
    """VDA-STAKE-01: « 3 succès » on a heart shot, whatever the faces: four 8s at difficulty 7
    and 4 unsoaked stake Bors; nothing stays stuck in him."""
    _, events = strike("pieu", "heart", [8, 8, 8, 8, 2, 2, 2, 2])
    assert of(events, ev.StakeChecked) == [checked("targeted", 3, 4, 0, 4, 4, success=True)]
    assert of(events, ev.WeaponStuck) == []


def test_vda_stake_02__a_lucky_strike_at_4_needs_two_9s_or_10s() -> None:
    """VDA-STAKE-02: the lucky strike at 4 successes needs two dice of 9 or 10: a lance's four
    successes with a single 9 do not stake, with exactly two 9s they do."""
    _, events = strike("lance", None, [8, 8, 8, 9, 2, 2, 2, 2, 2, 2])
    assert of(events, ev.StakeChecked) == [checked("lucky4", 4, 4, 1, 4, 4)]
    _, events = strike("lance", None, [8, 8, 9, 9, 2, 2, 2, 2, 2, 2])
    assert of(events, ev.StakeChecked) == [checked("lucky4", 4, 4, 2, 4, 4, success=True)]


def test_vda_stuck_01__soak_with_a_1_at_the_thresholds_edge_sticks_the_weapon() -> None:
    """VDA-STUCK-01: damage just at the threshold before soak (3), one level soaked (Fortitude 1)
    and a 1 on the soak roll: the stake stays stuck, its pool 2 + 1 // 2 (VDA-STUCK-02)."""
    _, events = strike("pieu", "heart", [8, 8, 8, 2, 2, 2, 2, 2, 1], fortitude=1)
    assert of(events, ev.StakeChecked) == [checked("targeted", 3, 3, 0, 3, 2, stuck=True)]
    assert of(events, ev.WeaponStuck) == [
        ev.WeaponStuck(owner="alma", item="pieu", target="bors", pool=2, projectile=False)
    ]


def test_vda_stuck_01__soaked_without_a_1_nothing_sticks() -> None:
    """VDA-STUCK-01: the same blow soaked without a 1 on the soak roll leaves nothing stuck."""
    _, events = strike("pieu", "heart", [8, 8, 8, 2, 2, 2, 2, 2, 2], fortitude=1)
    assert of(events, ev.StakeChecked) == [checked("targeted", 3, 3, 0, 3, 2)]
    assert of(events, ev.WeaponStuck) == []


def test_vda_stuck_01__a_blow_short_of_the_hit_threshold_never_sticks() -> None:
    """VDA-STUCK-01: two successes on a heart shot miss the stake's 3, even with the damage
    at 3 before soak, a level soaked and a 1 on the soak roll."""
    _, events = strike("pieu", "heart", [8, 8, 2, 2, 2, 2, 9, 2, 2, 1], fortitude=1)
    assert of(events, ev.StakeChecked) == [checked("targeted", 3, 2, 0, 3, 2)]
    assert of(events, ev.WeaponStuck) == []


def test_vda_stake_02__a_blade_that_does_not_impale_stakes_nobody() -> None:
    """VDA-STAKE-02: only an impaling weapon may stake by a lucky strike: six 9s of Alma's
    hunting dagger on Bors's body check no stake."""
    _, events = strike("dague_de_chasse", None, [9] * 6 + [9] * 8)
    assert of(events, ev.StakeChecked) == []


def test_vda_stuck_01__fists_that_meet_the_thresholds_leave_nothing_stuck() -> None:
    """VDA-STUCK-01: what stays stuck is a weapon of the sheet: Alma's fists at Bors's heart
    meet the stuck conditions (3 successes, 3 before soak, 1 soaked with a 1), yet nothing
    sticks."""
    t = fight(
        alma=sheet(brawl=3, strength=4, weapons=["pieu"]), bors=sheet(kind="vampire", melee=1, fortitude=1)
    )
    t.declare("alma", act("attack", skill="brawl", target="bors", weapon="poings", zone="heart"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 8, 8, 2, 2, 2, 2, 1])
    assert of(events, ev.StakeChecked) == [checked("targeted", 3, 3, 0, 3, 2, stuck=True)]
    assert of(events, ev.WeaponStuck) == []


def stuck_in_bors() -> Table:
    """Alma's stake stuck in Bors (VDA-STUCK-01); round 2 rolled."""
    t, _ = strike("pieu", "heart", [8, 8, 8, 2, 2, 2, 2, 2, 1], fortitude=1)
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    return t


def test_vda_stuck_03__the_stuck_stake_lowers_the_next_heart_shots_thresholds() -> None:
    """VDA-STUCK-03: with Alma's stake stuck in Bors (pool 2), her dagger's heart shot next round
    needs max(1, 3 − 2) successes and unsoaked levels: one success and one level stake him."""
    t = stuck_in_bors()
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse", zone="heart"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 2, 2, 2, 2, 2] + [9, 9, 9, 9, 9] + [2])
    [check] = of(events, ev.StakeChecked)
    assert (check.hit_threshold, check.damage_threshold, check.success) == (1, 1, True)


def test_vda_stuck_04__working_loose_looks_where_the_action_points() -> None:
    """VDA-STUCK-04: a removal without a target works on the actor's own body: nothing is
    stuck in Alma, so hers is refused though her stake is in Bors."""
    t = stuck_in_bors()
    full = act("other", skill="melee", intent="unstick")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=full))
    assert (refused.rule, refused.message) == ("VDA-STUCK-04", "no weapon is stuck in 'alma'")


def test_vda_stake_04__a_staked_vampires_refusal_says_why() -> None:
    """VDA-STAKE-04: Bors, staked (by the GM's ruling), is refused an attack: paralysed."""
    t = fight(bors=sheet(kind="vampire", melee=2))
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    t.declare("alma", act("none"))
    refused = t.refuse(c.DeclareAction(combatant="bors", action=act("attack", skill="melee", target="alma")))
    assert (refused.rule, refused.message) == (
        "VDA-STAKE-04",
        "'bors' has a stake through the heart: paralysed",
    )


def test_vda_stuck_04__two_dice_work_loose_only_what_is_in_the_actor_or_its_target() -> None:
    """VDA-STUCK-04: Alma's stake is stuck in Cole; her attack on Bors cannot spend 2 dice
    working it loose: it is neither in her nor in her target."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=4, weapons=["pieu", "dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.add("cole", sheet(kind="vampire", melee=1, fortitude=1))

    def rolled() -> None:
        t.start()
        t.initiative("alma", A_INIT)
        t.initiative("cole", [7, 7, 2, 2, 2])
        t.initiative("bors", B_INIT)

    rolled()
    t.declare("alma", act("attack", skill="melee", target="cole", weapon="pieu", zone="heart"))
    t.declare("cole", act("none"))
    t.declare("bors", act("none"))
    assert of(resolve(t, "alma", [8, 8, 8, 2, 2, 2, 2, 2, 1]), ev.WeaponStuck)
    rolled()
    minor = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", minor_acts=["unstick"])
    refused = t.refuse(c.DeclareAction(combatant="alma", action=minor))
    assert (refused.rule, refused.message) == ("VDA-STUCK-04", "no weapon is stuck in 'alma' or its target")
