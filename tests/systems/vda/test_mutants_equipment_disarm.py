"""The disarm through ``decide`` with fixed dice and whole events (VDA-DISARM-01 to
VDA-DISARM-04): which weapon it goes for, the attack's damage measured without soak, and
the defender's reflexive roll with its attribute, Fortitude and Potence."""

from __future__ import annotations

import msgspec

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.wod import Modifier
from domain.systems.wod.health import HealthLoss
from tests.systems.vda.conftest import act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve

DISARM = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm")
BY_DEXTERITY = [
    Modifier(rule="VDA-DISARM-02", value=4, why="dexterity"),
    Modifier(rule="VDA-DISARM-02", value=2, why="melee"),
]


def damage(**fields: object) -> AttackResolution:
    """Alma's hunting dagger (Strength 3 + 2) on a disarm: damage rolled, never soaked."""
    found = dict(
        weapon_id="dague_de_chasse",
        hit=True,
        damage_type="lethal",
        strength=3,
        weapon_bonus=2,
        base_dice=5,
        divisor=1,
        health=HealthLoss(bashing=0, lethal=0, aggravated=0),
    )
    return AttackResolution(**(found | fields))  # type: ignore[arg-type]


def test_a_disarm_goes_for_the_weapon_the_defender_parries_with() -> None:
    """VDA-DISARM-01, VDA-DISARM-02, VDA-DISARM-03: Bors parries Alma's disarm (1 success)
    with his knife, his second weapon: the disarm goes for the knife. The margin 2 and 3
    damage successes make 5; Bors resists with Dexterity 4 (higher than his Strength 2) +
    Melee 2, at 6 − 1 for his Fortitude, and Potence adds nothing to Dexterity: 3
    successes, net 2: his grip is weakened."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["dague_de_chasse"]),
        bors=sheet(
            kind="vampire", melee=2, dex=4, fortitude=1, potence=2, weapons=["dague_de_chasse", "couteau"]
        ),
    )
    t.declare("alma", DISARM)
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="couteau", target="alma"))
    resolve(t, "bors", [9])
    events = resolve(t, "alma", [9, 9, 9, 2, 2, 2] + [8, 8, 8] + [8, 2, 2, 9, 9, 2])
    assert of(events, ev.DisarmResolved) == [
        ev.DisarmResolved(
            attacker="alma",
            defender="bors",
            item="couteau",
            damage=damage(
                attack_successes=3,
                defence_successes=1,
                margin=2,
                margin_automatic=2,
                damage_roll=roll([8, 8, 8], 6, first=6),
                damage=5,
            ),
            pool=BY_DEXTERITY,
            difficulty=[
                Modifier(rule="A-7", value=6, why="jet réflexe"),
                Modifier(rule="VDA-DISARM-02", value=-1, why="Fortitude"),
            ],
            roll=roll([8, 2, 2, 9, 9, 2], 5, first=9),
            automatic=0,
            net=2,
            result="weakened",
        )
    ]


def test_potence_holds_a_weapon_held_by_strength_at_a_table_where_ones_do_not_cancel_damage() -> None:
    """VDA-DISARM-01, VDA-DISARM-02, A-3: Bors's dagger lies on the ground, so Alma's
    disarm goes for his knife, the weapon he still holds. Her margin 3 and damage roll
    [8, 1] (the 1 cancels nothing at this table) make 4; Bors resists with Strength 3 +
    Melee 1 (2 successes) and his Potence 2 adds 2 automatic: net 0, nothing happens."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["dague_de_chasse"]),
        bors=sheet(
            kind="mortal", melee=1, strength=3, dex=2, potence=2, weapons=["dague_de_chasse", "couteau"]
        ),
        options=VdaOptions(damage=DamageOptions(ones_cancel_on_damage_and_soak=False)),
    )
    t.send(
        c.AdjustItem(combatant="bors", item="dague_de_chasse", state=Item(location="ground"), reason="lâchée")
    )
    t.declare("alma", DISARM)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 9, 2, 2, 2] + [8, 1] + [8, 9, 2, 2])
    one_counts = msgspec.structs.replace(roll([8, 1], 6, first=6), successes=1)
    assert of(events, ev.DisarmResolved) == [
        ev.DisarmResolved(
            attacker="alma",
            defender="bors",
            item="couteau",
            damage=damage(
                attack_successes=3,
                defence_successes=0,
                margin=3,
                margin_automatic=3,
                damage_roll=one_counts,
                damage=4,
            ),
            pool=[
                Modifier(rule="VDA-DISARM-02", value=3, why="strength"),
                Modifier(rule="VDA-DISARM-02", value=1, why="melee"),
            ],
            difficulty=[Modifier(rule="A-7", value=6, why="jet réflexe")],
            roll=roll([8, 9, 2, 2], 6, first=8),
            automatic=2,
            net=0,
            result="none",
        )
    ]


def disarm_after_drops(*dropped: str) -> list[tuple[str, str]]:
    """Bors (a dagger, then a knife) declares an attack with his knife; before Alma's
    disarm resolves, the GM rules ``dropped`` on the ground: what her disarm goes for."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse", "couteau"]),
    )
    t.declare("alma", DISARM)
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="couteau"))
    for item in dropped:
        t.send(c.AdjustItem(combatant="bors", item=item, state=Item(location="ground"), reason="lâché"))
    events = resolve(t, "alma", [9, 9, 9, 2, 2, 2] + [8, 8, 8] + [2])
    return [(e.item, e.result) for e in of(events, ev.DisarmResolved)]


def test_a_disarm_goes_for_the_weapon_the_defender_fights_with() -> None:
    """VDA-DISARM-01, VDA-DISARM-04: Bors fights with his knife, his second weapon: Alma's
    disarm takes the knife."""
    assert disarm_after_drops() == [("couteau", "disarmed")]


def test_a_disarm_goes_for_a_weapon_still_in_hand() -> None:
    """VDA-DISARM-01, VDA-DISARM-04: the knife Bors declared with fell before Alma's disarm:
    it takes the dagger he still holds."""
    assert disarm_after_drops("couteau") == [("dague_de_chasse", "disarmed")]


def test_a_disarm_finds_nothing_once_every_weapon_fell() -> None:
    """VDA-DISARM-01: both of Bors's weapons fell before Alma's disarm resolves: there is
    nothing left to disarm, and nothing is resolved."""
    assert disarm_after_drops("couteau", "dague_de_chasse") == []
