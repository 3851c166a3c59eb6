"""What holds do to rolls and powers, through ``decide`` (the VDA-GRAP chapter): the drag
on movement (VDA-GRAP-14) for the holder and the held, the dodge malus
(VDA-GRAP-19) with a hold of 0 beside it, the contact-strength pools (VDA-GRAP-04 with
Potence as dice or automatic successes), the magic and gaze thresholds (VDA-GRAP-22,
VDA-GRAP-23) and the projection of a hold's effects (VDA-GRAP-14, VDA-GRAP-22). Seed 000
« L'étreinte »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import GrappleOptions, VdaOptions
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.vda.state import GrappleEffects
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import resolve
from tests.systems.vda.test_grapple_rules import (
    A_INIT,
    B_INIT,
    CONTACT,
    HOLD_AT_3,
    NOTHING,
    POWERS,
    _power_held,
    begin,
    fight,
    finish,
    held,
    of,
)

C_INIT = [7, 7, 2, 2, 2]  # Cleo: 2
MOVE = act("move", skill="athletics")
HARD = [Modifier(rule="VDA-GRAP-04", value=6, why="force du contact")]


def trio() -> Table:
    """Alma and Cleo (each Dex 3, Str 3, Brawl 3, Potence 1) and Bors, a mortal; round 1
    has begun, Alma first, Cleo second."""
    t = fight()
    t.add("cleo", sheet(dex=3, strength=3, brawl=3, potence=1, athletics=2, dodge=2))
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.initiative("cleo", C_INIT)
    return t


def next_round(t: Table) -> None:
    finish(t)
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.initiative("cleo", C_INIT)


def drags(events: list[Any]) -> list[Modifier]:
    return [term for term in events[0].difficulty if term.rule == "VDA-GRAP-14"]


def test_the_held_fighter_drags_his_grappler_too() -> None:
    """VDA-GRAP-14: by default every grapple the mover is part of counts: Bors, held at 1,
    moves at +2 difficulty, dragging Alma."""
    t = held(1)
    t.declare("alma", NOTHING)
    t.declare("bors", MOVE)
    assert drags(resolve(t, "bors", [2])) == [
        Modifier(rule="VDA-GRAP-14", value=2, why="traîne 1 personne(s)")
    ]


def test_the_held_fighter_drags_nobody_when_only_holders_count() -> None:
    """VDA-GRAP-14: at a table where only the persons a mover holds count, Bors, held at 1,
    moves without the drag."""
    options = VdaOptions(grapple=GrappleOptions(drag_counts_every_grapple=False))
    t = held(1, options)
    t.declare("alma", NOTHING)
    t.declare("bors", MOVE)
    assert drags(resolve(t, "bors", [2])) == []


def test_the_mover_drags_only_the_persons_attached_to_her() -> None:
    """VDA-GRAP-14: +2 per person the mover is attached to: Cleo, held by Alma, drags Alma
    alone (Alma's hold on Bors is not Cleo's); Alma, holding Bors and Cleo, moves at +4."""
    t = trio()
    t.declare("alma", CONTACT)
    t.declare("cleo", NOTHING)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    next_round(t)
    t.declare("alma", act("attack", skill="brawl", target="cleo", grapple="contact"))
    t.declare("cleo", MOVE)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2, 2])
    assert t.state.grapples["alma>cleo"].value > 0
    assert drags(resolve(t, "cleo", [2])) == [
        Modifier(rule="VDA-GRAP-14", value=2, why="traîne 1 personne(s)")
    ]
    next_round(t)
    t.declare("alma", MOVE)
    t.declare("cleo", NOTHING)
    t.declare("bors", NOTHING)
    assert drags(resolve(t, "alma", [2])) == [
        Modifier(rule="VDA-GRAP-14", value=4, why="traîne 2 personne(s)")
    ]


def test_a_hold_of_0_drags_nobody() -> None:
    """VDA-GRAP-14: only a positive value drags: Alma, whose hold the GM brought to 0, moves
    freely."""
    t = held(3)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    t.declare("alma", MOVE)
    t.declare("bors", NOTHING)
    assert drags(resolve(t, "alma", [2])) == []


def test_a_hold_of_0_adds_no_dodge_malus() -> None:
    """VDA-GRAP-19: +2 on Bors's dodges per person holding him, a hold of 0 not counted:
    Alma holds him at his Strength 2, Cleo at 0: +2."""
    t = trio()
    t.declare("alma", CONTACT)
    t.declare("cleo", act("attack", skill="brawl", target="bors", grapple="contact"))
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    t.resolve("cleo", HOLD_AT_3)
    next_round(t)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-1, reason="test"))
    t.send(c.AdjustGrapple(grappler="cleo", target="bors", delta=-3, reason="test"))
    t.declare("alma", NOTHING)
    t.declare("cleo", NOTHING)
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    rolled = resolve(t, "bors", [2])[0]
    assert [term for term in rolled.difficulty if term.rule == "VDA-GRAP-19"] == [
        Modifier(rule="VDA-GRAP-19", value=2, why="agrippé par 1")
    ]


def _grip(t: Table, faces: list[int]) -> GrappleRoll:
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    [attempted] = of(t.resolve("alma", faces), ev.GrappleAttempted)
    assert attempted.grip is not None
    return attempted.grip


def test_potence_as_dice_joins_the_contact_strength_pool() -> None:
    """VDA-GRAP-04, VDA-FORPOT-05: at a table where Potence is dice, not automatic successes,
    Alma's contact strength rolls Strength 3 + Potence 1 dice, with no automatic success."""
    t = fight(VdaOptions(grapple=GrappleOptions(potence_automatic=False)))
    faces = [8, 8, 8, 2, 2, 2, 8, 8, 8, 8, 2, 2]
    assert _grip(t, faces) == GrappleRoll(
        pool=[
            Modifier(rule="VDA-GRAP-08", value=3, why="strength"),
            Modifier(rule="VDA-FORPOT-05", value=1, why="potence"),
        ],
        difficulty=HARD,
        roll=roll([8, 8, 8, 8], 6, first=6),
        automatic=0,
        successes=4,
    )


def test_potence_tips_the_larger_grip_to_strength() -> None:
    """VDA-GRAP-04: the grappler grips with the larger of Dexterity and Strength + Potence:
    Alma's Strength 2 + Potence 1 equals her Dexterity 3, and Strength wins the tie."""
    t = Table()
    t.add("alma", sheet(dex=3, strength=2, brawl=3, potence=1), player="ann")
    t.add("bors", sheet(kind="mortal", dex=2, strength=2, brawl=2))
    faces = [8, 8, 8, 2, 2, 2, 8, 8, 2, 2]
    assert _grip(t, faces) == GrappleRoll(
        pool=[Modifier(rule="VDA-GRAP-08", value=2, why="strength")],
        difficulty=HARD,
        roll=roll([8, 8], 6, first=6),
        automatic=1,
        successes=3,
    )


def test_magic_loses_a_die_from_a_hold_of_1() -> None:
    """VDA-GRAP-22: held at 1, Bors's magic path loses 1 die (no +1 difficulty below 4)."""
    assert of(_power_held(1, "voie-du-sang"), ev.PowerHindered) == [
        ev.PowerHindered(
            combatant="bors",
            power="voie-du-sang",
            terms=[Modifier(rule="VDA-GRAP-22", value=-1, why="dés perdus: valeur d'étreinte")],
        )
    ]


@pytest.mark.parametrize(
    ("power", "message"),
    [
        ("regard", "VDA-GRAP-23: 'regard': impossible étreint à 8 (8 ou plus) / impossible from 8"),
        (
            "voie-du-sang",
            "VDA-GRAP-22: 'voie-du-sang': impossible étreint à 8 (8 ou plus) / impossible from 8",
        ),
    ],
)
def test_gaze_and_magic_are_impossible_from_8(power: str, message: str) -> None:
    """VDA-GRAP-22, VDA-GRAP-23: held at 8, Bors can use neither a magic path nor a gaze
    power; the refusal names the power, the rule and the value."""
    t = held(8, powers=POWERS, kind="vampire", strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", MOVE)
    resolve(t, "bors", [2])
    assert str(t.refuse(c.UsePower(combatant="bors", power=power))) == message


def test_flight_ends_at_a_strength_of_1() -> None:
    """VDA-GRAP-19: Bors, Strength 1 and no Potence, held at 1, has reached his Strength +
    Potence: he may no longer flee."""
    t = held(1, strength=1)
    t.declare("alma", NOTHING)
    flee = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=flee))
    assert (
        str(refused)
        == "VDA-GRAP-19: 'bors' est étreint à 1 ≥ Force + Potence (1): plus de fuite / no more flight"
    )


@pytest.mark.parametrize(
    ("value", "effects"),
    [
        (1, GrappleEffects(bite=True, flight=True, power_dice=-1)),
        (
            8,
            GrappleEffects(
                bite=True,
                forbidden_sizes=["G", "M", "P"],
                bite_back_difficulty=2,
                no_attack_on_grappler=True,
                flight=False,
                dodge_malus=True,
                takedown=True,
                power_dice=-8,
                power_difficulty=1,
                powers_impossible=True,
            ),
        ),
    ],
)
def test_the_projection_of_a_hold_at_1_and_at_8(value: int, effects: GrappleEffects) -> None:
    """VDA-GRAP-14, VDA-GRAP-22: the effects the table's pages show for a hold: at 1 a bite
    and a die lost to magic; at 8 (Bors's Strength 3) every weapon, the attack on the
    grappler, flight and magic itself are gone."""
    t = held(value, strength=3)
    assert t.state.grapples["alma>bors"].effects == effects
