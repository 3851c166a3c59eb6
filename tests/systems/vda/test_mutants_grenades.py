"""Grenade deafening bought off with blood, through ``decide``: the exact events of
``ClearDeafness`` and its refusals. Written against the mutants that survived the
mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Deafness
from domain.systems.wod.health import Health, HealthLoss
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted
from tests.systems.vda.test_gaze_two_weapons import grenade_round_two


def deafened(**bors: Any) -> Table:
    """Alma's grenade bursts by Bors, a vampire of the 8th generation (3 blood a round)
    without Auspex nor Fortitude: he is deafened at +2 difficulty and -1 die
    (VDA-GREN-06, VDA-GREN-11)."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(dodge=1, generation=8, **bors))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.send(c.StartRound())
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}), [8] * 4)
    assert t.state.fighters["bors"].deafness == Deafness(difficulty=2, dice=1)
    return t


def spent(points: int) -> ev.ResourceSpent:
    return ev.ResourceSpent(
        combatant="bors", pool="blood", amount=points, purpose="assourdissement", rule="VDA-GREN-09"
    )


@pytest.mark.parametrize(
    ("points", "left"),
    [
        (1, Deafness(difficulty=1, dice=1)),
        (2, Deafness(difficulty=0, dice=1)),
        (3, None),
    ],
)
def test_blood_buys_off_the_difficulty_first_then_the_dice(points: int, left: Deafness | None) -> None:
    """VDA-GREN-09: each blood point removes 1 malus point, difficulty first; with none
    left, the fighter is no longer deafened."""
    t = deafened()
    events = t.send(c.ClearDeafness(combatant="bors", points=points))
    assert events == [spent(points), ev.Deafened(combatant="bors", deafness=left, reason="blood_spent")]
    assert t.state.fighters["bors"].deafness == left


@pytest.mark.parametrize("points", [0, 4])
def test_blood_buys_off_one_to_all_of_the_malus_points(points: int) -> None:
    """VDA-GREN-09: 1 blood point a malus point, no fewer than 1 and no more than the
    maluses left."""
    t = deafened()
    refused = t.refuse(c.ClearDeafness(combatant="bors", points=points))
    assert refused.rule == "VDA-GREN-09"
    assert "1 blood point a malus point" in str(refused)


def test_only_a_deafened_fighter_buys_off_deafening() -> None:
    """VDA-GREN-09: nothing to buy off for a fighter the grenade did not deafen."""
    t = deafened()
    refused = t.refuse(c.ClearDeafness(combatant="alma", points=1))
    assert refused.rule == "VDA-GREN-09"
    assert "'alma' is not deafened" in str(refused)


def test_the_blood_must_be_there() -> None:
    """VDA-GREN-09: the blood spent is blood the fighter has left."""
    t = deafened(current={"blood": 1})
    refused = t.refuse(c.ClearDeafness(combatant="bors", points=2))
    assert refused.rule == "VDA-GREN-09"
    assert "'bors' has 1 blood left, 2 needed" in str(refused)


def test_the_grave_zone_takes_half_the_damage_rounded_up() -> None:
    """VDA-GREN-06: in the grave zone (4-5 m) a mortal takes half the unsoaked damage,
    rounded up (A-9): 5 levels (3 damage successes and the margin's 2) become 3, one of
    them aggravated by the fire."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.send(c.StartRound())
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "grave"}), [8, 8, 8, 2])
    [resolved] = [e for e in events if isinstance(e, ev.AttackResolved)]
    resolution = resolved.resolution
    assert (resolution.damage, resolution.soak, resolution.unsoaked) == (5, 0, 3)
    assert resolution.fire_aggravated == 1
    assert resolution.health == HealthLoss(bashing=0, lethal=2, aggravated=1)
    assert t.state.fighters["bors"].health == Health(bashing=0, lethal=2, aggravated=1)


def test_only_a_grenade_with_a_problem_awaits_the_gms_ruling() -> None:
    """VDA-GREN-03: Alma's grenade, thrown without two 1s, had no problem: the GM's ruling on
    a problem is refused, naming the grenade."""
    t = grenade_round_two()
    refused = t.refuse(c.RuleGrenadeProblem(grenade="alma-1-1", outcome="delayed"))
    assert (refused.rule, refused.message) == ("VDA-GREN-03", "grenade 'alma-1-1' had no problem")


@pytest.mark.parametrize(("weapon", "named"), [(None, ""), ("dague_de_chasse", " ('dague_de_chasse')")])
def test_regripping_at_initiative_without_a_weakened_grip_says_which_weapon(
    weapon: str | None, named: str
) -> None:
    """VDA-DISARM-03: 2 initiative dice spent to regrip when no grip is weakened buy
    nothing: refused, naming the weapon when one was named at the roll."""
    t = Table().add("bors", sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    t.start()
    refused = t.refuse(
        c.RollInitiative(combatant="bors", weapon=weapon, minor_acts=["regrip"]), dice=[7, 7, 2]
    )
    assert (refused.rule, refused.message) == (
        "VDA-DISARM-03",
        f"'bors' holds no weapon with a weakened grip{named}",
    )
