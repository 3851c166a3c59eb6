"""Shots through ``decide``: range bands at their edges, the off hand, a strafe's rounds
and the aim that carries to the next shot (VTM-FIRE-03, VTM-FIRE-07, VTM-FIRE-13,
VTM-FIRE-14)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm.state import Action, Weapon
from tests.systems.vtm.conftest import OTHER, Table, attack, m
from tests.systems.vtm.test_firearm_rules import ATTACK_DIFF, SHOT_POOL, finish, shot, table, turn

NO_RANGE = Weapon(kind="firearm", damage=2, rate=1, capacity=6)
POCKET = Weapon(kind="firearm", damage=2, short_range=1, rate=1, capacity=6)
BURP = Weapon(kind="firearm", damage=3, short_range=20, rate=3, capacity=2, full_auto=True)
OWN = {"sans_portee": NO_RANGE, "poche": POCKET, "rafale": BURP}


def own_guns() -> Table:
    return table(own_weapons=OWN, weapons=["revolver", "couteau", *OWN])


def test_vtm_fire_07__the_short_range_reaches_its_last_metre() -> None:
    """VTM-FIRE-07: at exactly 12 m a revolver shot is still at short range; a gun whose
    short range is 1 m shoots 2 m away at long range (and from the off hand, VTM-FIRE-03);
    a gun without a short range in its row ignores the distance."""
    t = own_guns()
    turn(t, OTHER)  # a first turn: the GM sets distances between fighters
    t.resolve("alma", [])
    finish(t)
    t.send(c.SetDistance(combatant="alma", other="bors", metres=12, reason="le quai"))
    t.send(c.SetDistance(combatant="alma", other="cleo", metres=2, reason="à deux pas"))
    turn(t, shot("bors"), shot("cleo", "poche"))
    assert t.resolve("alma", [2] * 3)[0].difficulty == ATTACK_DIFF
    finish(t)
    assert t.resolve("alma", [2] * 2)[0].difficulty == [
        *ATTACK_DIFF,
        m("VTM-FIRE-07", 2, "long range (2 m)"),
        m("VTM-FIRE-03", 1, "off hand"),
    ]
    t.send(c.SetDistance(combatant="alma", other="bors", metres=40, reason="le parking"))
    turn(t, shot("bors", "sans_portee"))
    assert t.resolve("alma", [2] * 5)[0].difficulty == ATTACK_DIFF


def test_vtm_fire_03__a_knife_in_the_good_hand_leaves_the_gun_no_off_hand() -> None:
    """VTM-FIRE-03: only a second gun fires from the off hand: a knife strike then a
    revolver shot, the shot is at its plain difficulty."""
    t = own_guns()
    turn(t, attack("bors", "strike", "couteau"), shot("bors"))
    t.resolve("alma", [2])
    finish(t)
    events = t.resolve("alma", [2] * 2)
    assert events[0].pool == [*SHOT_POOL, m("VTM-ACT-02", -3, "action 2 of 2")]
    assert events[0].difficulty == ATTACK_DIFF


def test_vtm_fire_04_13__a_strafe_empties_the_last_round() -> None:
    """VTM-FIRE-04 / VTM-FIRE-13: a two-round automatic fires one shot, then strafes with
    the one round left, which the strafe spends."""
    t = own_guns()
    turn(t, shot("bors", "rafale"), shot("bors", "rafale", fire="strafe", targets=["cleo"]))
    assert t.resolve("alma", [2] * 3)[0].rounds == 1
    finish(t)
    assert t.resolve("alma", [2] * 12)[0].rounds == 1


def test_vtm_fire_14__the_aim_helps_only_that_gun_at_that_target_and_no_sight_adds_nothing() -> None:
    """VTM-FIRE-14: after a turn aiming the revolver (no sight) at Bors, the shot at him
    gains one die and nothing for a sight; a shot at Cleo gains nothing."""
    aim = Action(kind="aim", target="bors", weapon="revolver")
    for target, bonus in (("bors", [m("VTM-FIRE-14", 1, "aimed")]), ("cleo", [])):
        t = table()
        turn(t, aim)
        t.resolve("alma", [])
        finish(t)
        turn(t, shot(target))
        assert t.resolve("alma", [2] * (5 + len(bonus)))[0].pool == [*SHOT_POOL, *bonus]
