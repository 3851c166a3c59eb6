"""Firearms through ``decide``: range, two guns, bursts, full auto, strafing, multiple
shots, reloading, ammunition and aiming (VTM-FIRE-03..14, VTM-ACT-07)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Weapon
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, m, roll, sheet

SHOT_POOL = [m("VTM-ATK-03", 3, "dexterity"), m("VTM-ATK-03", 2, "firearms")]
ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]
DAMAGE_DIFF = [m("VTM-DMG-03", 6, "damage")]
DERRINGER = Weapon(kind="firearm", damage=3, short_range=8, rate=2, capacity=2, pistol=True)
GUNS = ["revolver", "pistolet_lourd", "mitraillette", "fusil", "derringer"]


def shot(target: str, weapon: str = "revolver", **more: Any) -> Action:
    return Action(kind="attack", maneuver="shoot", target=target, weapon=weapon, **more)


def table(options: VtmOptions | None = None, **alma: Any) -> Table:
    """Alma (Dex 3, Firearms 2, Perception 2) shoots first; Bors and Cleo are mortals."""
    t = Table(options)
    traits = {"firearms": 2, "perception": 2, "weapons": GUNS, "own_weapons": {"derringer": DERRINGER}}
    t.add("alma", sheet(**(traits | alma)))
    t.add("bors", sheet(kind="mortal"))
    t.add("cleo", sheet(kind="mortal"))
    return t


def turn(t: Table, *actions: Action) -> None:
    """A new turn in which Alma declares ``actions`` and the others do nothing."""
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.initiative("cleo", 2)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", *actions)


def finish(t: Table) -> None:
    for cid in ("cleo", "bors"):
        t.resolve(cid, [])


def test_vtm_fire_07_08__range_bands_from_the_distance_the_gm_set() -> None:
    """VTM-FIRE-07: past the revolver's 12 m short range a shot is at difficulty 8, past 24 m
    it cannot be made; VTM-FIRE-08: closer than 2 m it is at 4."""
    t = table()
    t.start()
    t.send(c.SetDistance(combatant="bors", other="alma", metres=30, reason="across the car park"))
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    refused = t.refuse(c.DeclareActions(combatant="alma", actions=[shot("bors")]))
    assert refused.rule == "VTM-FIRE-07"
    t.send(c.SetDistance(combatant="alma", other="bors", metres=20, reason="he came closer"))
    t.declare("alma", shot("bors"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-FIRE-07", 2, "long range (20 m)")]
    finish(t)
    t.send(c.SetDistance(combatant="alma", other="bors", metres=1, reason="face to face"))
    turn(t, shot("bors"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-FIRE-08", -2, "point blank (1 m)")]
    finish(t)
    t.send(c.SetDistance(combatant="alma", other="bors", metres=2, reason="deux pas"))
    turn(t, shot("bors"))
    assert t.resolve("alma", [2] * 5)[0].difficulty == ATTACK_DIFF  # 2 m is no longer point blank


def test_vtm_fire_12__no_more_shots_a_turn_than_the_rate_of_fire() -> None:
    """VTM-FIRE-12: the revolver fires three shots a turn at most; each shot pays the
    multiple-action penalty (VTM-ACT-02)."""
    t = table()
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    four = c.DeclareActions(combatant="alma", actions=[shot("bors")] * 4)
    assert t.refuse(four).rule == "VTM-FIRE-12"
    t.declare("alma", shot("bors"), shot("cleo"))
    events = t.resolve("alma", [2] * 3)
    assert events[0].pool == [*SHOT_POOL, m("VTM-ACT-02", -2, "action 1 of 2")]


def test_vtm_fire_13_09__shots_spend_rounds_and_reloading_alone_takes_no_roll() -> None:
    """VTM-FIRE-13: each shot spends a round, and a gun with none left cannot fire (a plan
    firing more than is loaded is refused); VTM-FIRE-09: reloading alone takes the turn
    and no roll."""
    t = table()
    turn(t, shot("bors", "derringer"), shot("cleo", "derringer"))
    events = t.resolve("alma", [2] * 3)
    assert events[0].rounds == 1
    finish(t)
    t.resolve("alma", [2] * 2)
    assert t.state.fighters["alma"].fired == {"derringer": 2}
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    empty = c.DeclareActions(combatant="alma", actions=[shot("bors", "derringer")])
    assert t.refuse(empty).rule == "VTM-FIRE-13"
    t.declare("alma", Action(kind="reload", weapon="derringer"))
    assert t.resolve("alma", []) == [
        ev.Reloaded(combatant="alma", weapon="derringer"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    assert t.state.fighters["alma"].fired == {}


def test_vtm_act_07__reloading_among_other_actions_takes_the_readiness_roll() -> None:
    """VTM-ACT-07 / VTM-FIRE-09: reloading and shooting in one turn: Dex + Armes à feu at
    difficulty 4 with the multiple-action penalty; without a success nothing is loaded,
    and the plan that counted on it is cut short (VTM-FIRE-13)."""
    t = table()
    turn(t, shot("bors", "derringer"), shot("cleo", "derringer"))
    t.resolve("alma", [2] * 3)
    finish(t)
    t.resolve("alma", [2] * 2)
    turn(t, Action(kind="reload", weapon="derringer"), shot("bors", "derringer"))
    events = t.resolve("alma", [2, 2, 4])
    assert events == [
        ev.ReadyRolled(
            combatant="alma",
            weapon="derringer",
            pool=[
                m("VTM-ACT-07", 3, "dexterity"),
                m("VTM-ACT-07", 2, "firearms"),
                m("VTM-ACT-02", -2, "action 1 of 2"),
            ],
            difficulty=[m("VTM-ACT-07", 4, "ready a weapon")],
            roll=roll([2, 2, 4], 4),
        ),
        ev.Reloaded(combatant="alma", weapon="derringer"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    failed = table()
    turn(failed, shot("bors", "derringer"), shot("cleo", "derringer"))
    failed.resolve("alma", [2] * 3)
    finish(failed)
    failed.resolve("alma", [2] * 2)
    turn(failed, Action(kind="reload", weapon="derringer"), shot("bors", "derringer"))
    assert [type(e) for e in failed.resolve("alma", [2, 2, 3])] == [ev.ReadyRolled, ev.ActionEnded]
    finish(failed)
    assert failed.resolve("alma", []) == [
        ev.ActionEnded(combatant="alma", action=1, rule="VTM-FIRE-13", weapon="derringer", loaded=0)
    ]
    no_test = table(VtmOptions(reload_test_in_multiple_actions=False))
    turn(no_test, Action(kind="reload", weapon="derringer"), shot("bors", "derringer"))
    assert isinstance(no_test.resolve("alma", [])[0], ev.Reloaded)


def test_vtm_fire_10__a_short_burst_two_dice_at_plus_one_three_rounds() -> None:
    """VTM-FIRE-10: only a gun made for it bursts; two more dice, +1 difficulty, three
    rounds; the damage is one bullet's."""
    t = table()
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    no_burst = c.DeclareActions(combatant="alma", actions=[shot("bors", "revolver", fire="burst")])
    assert t.refuse(no_burst).rule == "VTM-FIRE-10"
    t.declare("alma", shot("bors", "mitraillette", fire="burst"))
    events = t.resolve("alma", [2] * 7)
    assert events[0].pool == [*SHOT_POOL, m("VTM-FIRE-10", 2, "burst")]
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-FIRE-10", 1, "burst")]
    assert (events[0].fire, events[0].rounds) == ("burst", 3)
    assert t.state.fighters["alma"].fired == {"mitraillette": 3}


def test_vtm_fire_11__full_auto_ten_dice_at_plus_two_empties_the_magazine_and_aims_at_nothing() -> None:
    """VTM-FIRE-11: ten more dice at +2; the whole magazine is spent; no part aimed at;
    extra successes add damage dice as always."""
    t = table()
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    aimed = c.DeclareActions(
        combatant="alma", actions=[shot("bors", "mitraillette", fire="auto", aim="small")]
    )
    assert t.refuse(aimed).rule == "VTM-FIRE-11"
    pistol = c.DeclareActions(combatant="alma", actions=[shot("bors", "revolver", fire="auto")])
    assert t.refuse(pistol).rule == "VTM-FIRE-11"
    t.declare("alma", shot("bors", "mitraillette", fire="auto"))
    events = t.resolve("alma", [9, 9] + [2] * 13 + [2] * 5)
    assert events[0].pool[-1] == m("VTM-FIRE-11", 10, "auto")
    assert events[0].difficulty[-1] == m("VTM-FIRE-11", 2, "auto")
    assert events[0].rounds == 31
    assert events[1].pool == [m("VTM-MEL-05", 4, "weapon"), m("VTM-ATK-08", 1, "extra successes")]


def test_vtm_fire_04_05__a_strafe_shares_its_successes_among_the_targets() -> None:
    """VTM-FIRE-04: ten more dice at +2, the magazine emptied; VTM-FIRE-05: five successes
    on two targets: two each, the one left to the first named; each share adds its extra
    successes to that target's damage and sets its floor."""
    t = table()
    turn(t, shot("bors", "mitraillette", fire="strafe", targets=["cleo"]))
    faces = [9] * 5 + [2] * 10
    events = t.resolve("alma", faces + [2] * 6 + [2] * 5)
    assert events[0].pool[-1] == m("VTM-FIRE-04", 10, "strafe")
    assert events[0].difficulty[-1] == m("VTM-FIRE-04", 2, "strafe")
    assert events[1] == ev.StrafeShared(attacker="alma", shares={"bors": 3, "cleo": 2})
    assert events[2:] == [
        ev.DamageRolled(
            attacker="alma",
            target="bors",
            remaining=3,
            damage_type="lethal",
            pool=[m("VTM-MEL-05", 4, "weapon"), m("VTM-ATK-08", 2, "extra successes")],
            difficulty=DAMAGE_DIFF,
            roll=roll([2] * 6, 6, first=15, ones_cancel=False, tens_again=True),
            minimum=2,
            damage=2,
        ),
        ev.Soaked(target="bors", damage_type="lethal"),
        ev.Wounded(target="bors", damage_type="lethal", levels=2, health=Health(lethal=2)),
        ev.DamageRolled(
            attacker="alma",
            target="cleo",
            remaining=2,
            damage_type="lethal",
            pool=[m("VTM-MEL-05", 4, "weapon"), m("VTM-ATK-08", 1, "extra successes")],
            difficulty=DAMAGE_DIFF,
            roll=roll([2] * 5, 6, first=21, ones_cancel=False, tens_again=True),
            minimum=1,
            damage=1,
        ),
        ev.Soaked(target="cleo", damage_type="lethal"),
        ev.Wounded(target="cleo", damage_type="lethal", levels=1, health=Health(lethal=1)),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    two = [9, 9] + [2] * 13
    fewer = table()
    turn(fewer, shot("bors", "mitraillette", fire="strafe", targets=["cleo"]))
    events = fewer.resolve("alma", [9] + [2] * 14 + [2] * 4)
    assert events[1] == ev.StrafeShared(attacker="alma", shares={"bors": 1, "cleo": 0})
    assert events[-2] == ev.AttackMissed(attacker="alma", target="cleo")
    assert len(two) == 15


def test_vtm_fire_06__a_lone_target_in_the_strafed_area_takes_half() -> None:
    """VTM-FIRE-06: strafing an area with one target in it: half the damage successes,
    rounded down (the option ``attack`` halves the attack successes instead)."""
    t = table()
    turn(t, shot("bors", "mitraillette", fire="strafe"))
    events = t.resolve("alma", [9, 9] + [2] * 13 + [9, 9, 9, 2, 2])
    assert (events[2].damage, events[2].halved) == (1, True)
    assert events[4] == ev.Wounded(target="bors", damage_type="lethal", levels=1, health=Health(lethal=1))
    by_attack = table(VtmOptions(strafe_alone_halves="attack"))
    turn(by_attack, shot("bors", "mitraillette", fire="strafe"))
    events = by_attack.resolve("alma", [9, 9] + [2] * 13 + [9, 9, 9, 2])
    assert events[2].remaining == 1 and events[2].pool == [m("VTM-MEL-05", 4, "weapon")]
    assert (events[2].damage, events[2].halved) == (3, False)


def test_vtm_fire_03__the_second_gun_fires_from_the_off_hand() -> None:
    """VTM-FIRE-03: two guns in a turn: the shots of the second are at +1, unless the
    shooter is ambidextrous."""
    t = table()
    turn(t, shot("bors", "revolver"), shot("cleo", "pistolet_lourd"))
    t.resolve("alma", [2] * 3)
    finish(t)
    events = t.resolve("alma", [2] * 2)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-FIRE-03", 1, "off hand")]
    both = table(ambidextrous=True)
    turn(both, shot("bors", "revolver"), shot("cleo", "pistolet_lourd"))
    both.resolve("alma", [2] * 3)
    finish(both)
    assert both.resolve("alma", [2] * 2)[0].difficulty == ATTACK_DIFF


def test_vtm_fire_14__each_turn_aiming_adds_a_die_up_to_perception_and_a_scope_two() -> None:
    """VTM-FIRE-14 (« Viser », seed 003): aiming takes the whole turn and a dot of Armes à
    feu; each turn adds a die, at most the Perception (2); the rifle's scope two more."""
    t = table()
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    aim = Action(kind="aim", target="bors", weapon="fusil")
    busy = c.DeclareActions(combatant="alma", actions=[aim, OTHER])
    assert t.refuse(busy).rule == "VTM-FIRE-14"
    t.declare("alma", aim)
    assert t.resolve("alma", [])[0] == ev.AimTaken(combatant="alma", target="bors", weapon="fusil", turns=1)
    finish(t)
    for turns in (2, 3):
        turn(t, aim)
        assert t.resolve("alma", [])[0].turns == turns
        finish(t)
    turn(t, shot("bors", "fusil"))
    events = t.resolve("alma", [2] * 9)
    assert events[0].pool == [*SHOT_POOL, m("VTM-FIRE-14", 2, "aimed"), m("VTM-FIRE-14", 2, "scope")]
    assert t.state.fighters["alma"].aiming is None
    untrained = table(firearms=0)
    untrained.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        untrained.initiative(cid, die)
    untrained.declare("bors", OTHER)
    untrained.declare("cleo", OTHER)
    assert untrained.refuse(c.DeclareActions(combatant="alma", actions=[aim])).rule == "VTM-FIRE-14"


def test_vtm_fire_14__any_other_action_loses_the_aim() -> None:
    """VTM-FIRE-14: « les attaquants ne peuvent rien faire d'autre lorsqu'ils visent »."""
    t = table()
    turn(t, Action(kind="aim", target="bors", weapon="fusil"))
    t.resolve("alma", [])
    finish(t)
    turn(t, OTHER)
    t.resolve("alma", [])
    assert t.state.fighters["alma"].aiming is None


def test_vtm_fire_04__a_strafe_covers_three_metres_at_most() -> None:
    """VTM-FIRE-04: « Une zone de trois mètres au maximum »: with Bors and Cleo 5 m apart
    (the GM's distance) a strafe at both is refused before any die; 3 m apart it is made;
    the GM moving them apart after the declaration refuses it when it resolves."""
    t = table()
    t.start()
    t.send(c.SetDistance(combatant="bors", other="cleo", metres=5, reason="de part et d'autre"))
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.initiative("cleo", 2)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    strafe = shot("bors", "mitraillette", fire="strafe", targets=["cleo"])
    refused = t.refuse(c.DeclareActions(combatant="alma", actions=[strafe]))
    assert refused.rule == "VTM-FIRE-04"
    t.send(c.SetDistance(combatant="bors", other="cleo", metres=3, reason="ils se rapprochent"))
    t.declare("alma", strafe)
    t.send(c.SetDistance(combatant="cleo", other="bors", metres=4, reason="Cleo s'écarte"))
    assert t.refuse(c.ResolveAction(combatant="alma"), dice=[2] * 15).rule == "VTM-FIRE-04"
    t.send(c.SetDistance(combatant="cleo", other="bors", metres=3, reason="elle revient"))
    assert t.resolve("alma", [2] * 15)[0].fire == "strafe"
