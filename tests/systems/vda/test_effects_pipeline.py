"""One modifier pipeline for every roll: the grapple's contact, escape, control,
opposition and flight, the bite and drinking meet the situational terms an attack meets
(``handlers/situation.common_terms``), through ``decide`` with fixed dice."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act, roll
from tests.systems.vda.test_grapple_rules import A_INIT, CONTACT, NOTHING, begin, fight, held

BASE = Modifier(rule="A-7", value=6, why="difficulté de base")
ESCAPE = act("other", skill="brawl", attribute="dexterity", grapple="escape", target="alma")


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_vda_prone_01__a_fighter_taken_down_escapes_at_7() -> None:
    """VDA-PRONE-01, VDA-GRAP-20: a held fighter put on the ground escapes at 6 + 1 = 7."""
    t = held(4)
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [])
    assert "prone" in t.state.fighters["bors"].conditions
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [9, 9, 2, 2, 2])
    t.declare("alma", NOTHING)
    t.declare("bors", ESCAPE)
    rolled = of(t.resolve("bors", [8, 6, 2, 2]), ev.GrappleRolled)
    assert rolled == [
        ev.GrappleRolled(
            combatant="bors",
            sequence=1,
            move="escape",
            target="alma",
            pair="dexterity+brawl",
            check=GrappleRoll(
                pool=[
                    Modifier(rule="VDA-GRAP-08", value=2, why="dexterity"),
                    Modifier(rule="VDA-GRAP-08", value=2, why="brawl"),
                ],
                difficulty=[BASE, Modifier(rule="VDA-PRONE-01", value=1)],
                roll=roll([8, 6, 2, 2], 7),
                successes=1,
            ),
        )
    ]


def test_vda_water_01__a_contact_under_water_is_a_dexterity_roll_at_plus_2() -> None:
    """VDA-WATER-01: a contact under water (Dexterity + Brawl) is at +2."""
    t = fight()
    t.send(c.SetCondition(combatant="alma", condition="under_water", reason="dans la rivière"))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [9, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-WATER-01", value=2)]
    assert rolled.check.roll == roll([9, 8, 2, 2, 2, 2], 8)


def test_vda_mod_01__terrain_weighs_on_an_opposition_roll() -> None:
    """VDA-MOD-01: the GM's terrain ruling (−2 dice) weighs on the grappler's opposition
    roll (VDA-GRAP-09) as on any other roll."""
    t = held(3)
    t.send(
        c.SetCircumstances(
            combatant="alma", circumstances=Circumstances(terrain="minus_two_dice"), reason="pente"
        )
    )
    t.declare("alma", act("defend", defence="block", skill="brawl", grapple="oppose", target="bors"))
    t.declare("bors", ESCAPE)
    rolled = of(t.resolve("alma", [8, 8, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.pool[-1] == Modifier(rule="VDA-MOD-01", value=-2)
    assert rolled.check.roll == roll([8, 8, 2, 2], 6)
    assert rolled.check.roll.dice == 4  # Dexterity 3 + Brawl 3 − 2


def test_vda_gaze_03__averted_eyes_weigh_on_control() -> None:
    """VDA-GAZE-03: a fighter who averts the eyes is at +1 on every active roll: the
    grapple's control (VDA-GRAP-12) included."""
    t = held(
        3, kind="vampire", dominate=1, powers={"regard": VdaPower(discipline="dominate", requires="gaze")}
    )
    t.send(c.AvertGaze(combatant="alma"), as_="ann")
    t.declare("alma", act("other", skill="brawl", attribute="dexterity", grapple="control", target="bors"))
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [8, 8, 2, 2, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-GAZE-03", value=1)]


def test_vda_prone_01__a_bite_from_the_ground_is_at_plus_1() -> None:
    """VDA-PRONE-01: a vampire on the ground bites (Dexterity + Brawl) at 5 + 1."""
    t = held(3)
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="glissade"))
    t.declare("alma", act("attack", skill="brawl", weapon="morsure", target="bors"))
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [2, 2, 2, 2, 2, 2]), ev.ActionRolled)[0]
    assert rolled.difficulty == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-PRONE-01", value=1),
    ]


def test_vda_water_01__flight_under_water_is_a_strength_roll_at_plus_1() -> None:
    """VDA-WATER-01: fleeing a grapple (Strength + Athletics, VDA-GRAP-11) under water is
    at +1 more (Strength)."""
    t = held(1)
    t.send(c.SetCondition(combatant="bors", condition="under_water", reason="noyade"))
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics", attribute="strength", grapple="flee", target="alma"))
    rolled = of(t.resolve("bors", [8, 8, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty[-1] == Modifier(rule="VDA-WATER-01", value=1)
