"""Shooting through ``decide``: what a shot leaves its weapon (reloading owed, a firearm's
1s), the reload's refusals, and the blunderbuss's spread when the hit is small; exact
events or the whole refusal. Written against the mutants of ``handlers/shots`` that
survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import of, resolve, scripted
from tests.systems.vda.test_round_weapons import fight
from tests.systems.vda.test_rules_in_play import PISTOL_SHOT, RELOAD, crowd, declare_and_pass, gunner


def refusal(t: Table, command: object) -> str:
    return str(t.refuse(command))


def test_vda_fire_06__a_reload_names_a_weapon_that_owes_reloading() -> None:
    """VDA-FIRE-06: a reload is an « other » action with a firearm of the sheet; a ready
    pistol has nothing to reload; a fired one owes two actions before it shoots again."""
    t = gunner()
    for wrong in (
        act("other", intent="reload"),
        act("attack", skill="archery", target="bors", weapon="pistolet", intent="reload"),
    ):
        assert refusal(t, c.DeclareAction(combatant="alma", action=wrong)) == (
            "VDA-FIRE-06: a reload is an « other » action naming a bow, crossbow or firearm of the sheet"
        )
    assert refusal(t, c.DeclareAction(combatant="alma", action=RELOAD)) == (
        "VDA-FIRE-06: 'pistolet' is ready to shoot: nothing to reload"
    )
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    resolve(t, "alma", [2] * 6)
    assert refusal(t, c.DeclareAction(combatant="alma", action=PISTOL_SHOT)) == (
        "VDA-FIRE-06: 'pistolet' shoots again after 2 more physical action(s) of reloading"
    )


def test_vda_fire_07__a_firearms_1s_add_to_those_it_kept() -> None:
    """VDA-FIRE-07: the pistol kept a 1 from an earlier shot; a shot with another 1 leaves it
    two, and the two reloading actions owed."""
    t = gunner()
    t.send(c.AdjustItem(combatant="alma", item="pistolet", state=Item(ones=1), reason="encrassé"))
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 8, 1, 2, 2, 2])
    assert of(events, ev.ItemChanged) == [
        ev.ItemChanged(
            combatant="alma",
            item="pistolet",
            state=Item(ones=2, unready=2),
            rule="VDA-FIRE-06",
            reason="shot",
        )
    ]


def test_vda_bow_06__a_crossbow_owes_its_reloading_and_a_bow_keeps_no_1s() -> None:
    """VDA-BOW-06, VDA-FIRE-07: a light crossbow (« 1 tir par 2 actions ») owes an action
    after its shot; a short bow's 1s are not kept (only firearms keep theirs)."""
    t = fight(sheet(archery=4, weapons=["arbalete_legere", "arc_court"]), sheet(kind="mortal"))
    t.declare(
        "alma", act("attack", skill="archery", target="bors", weapon="arbalete_legere", ranged="crossbow")
    )
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [2] * 6)
    assert of(events, ev.ItemChanged) == [
        ev.ItemChanged(
            combatant="alma", item="arbalete_legere", state=Item(unready=1), rule="VDA-BOW-06", reason="shot"
        )
    ]
    t = fight(sheet(archery=4, weapons=["arc_court"]), sheet(kind="mortal"))
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    t.declare("bors", act("none"))
    assert of(resolve(t, "alma", [8, 1, 2, 2, 2, 2]), ev.ItemChanged) == []


def test_vda_fire_04__the_shooter_is_not_one_of_the_people_its_blunderbuss_also_hits() -> None:
    """VDA-FIRE-04: the people a blunderbuss also hits are neither its shooter nor its target."""
    t, shot = crowd(also=["alma"])
    assert refusal(t, c.DeclareAction(combatant="alma", action=shot)) == (
        "VDA-FIRE-04: the other people hit are distinct, and neither the shooter nor its target"
    )


def test_vda_fire_04__only_a_blunderbuss_spreads_and_to_people_of_the_fight() -> None:
    """VDA-FIRE-04: a pistol shot hits one person; a blunderbuss's others are in the fight."""
    t, shot = crowd(also=["cole"])
    pistol = act("attack", skill="archery", target="bors", weapon="pistolet", distance_m=8, also=["cole"])
    assert refusal(t, c.DeclareAction(combatant="alma", action=pistol)) == (
        "VDA-FIRE-04: only a blunderbuss shot hits several people"
    )
    t, shot = crowd(also=["zed"])
    assert (
        refusal(t, c.DeclareAction(combatant="alma", action=shot)) == "VDA-FIRE-04: 'zed' is not in the fight"
    )


def test_vda_fire_04__a_missed_blunderbuss_shot_spreads_to_nobody() -> None:
    """VDA-FIRE-04: a 10 and a 9 cancelled by two 1s leave no success: the shot misses and
    reaches nobody, whatever its 9s and 10s."""
    t, shot = crowd(also=["cole"])
    declare_and_pass(t, shot)
    events = scripted(t, c.ResolveAction(combatant="alma"), [10, 9, 1, 1, 2, 2])
    assert of(events, ev.SpreadHit) == []
    assert of(events, ev.AttackResolved) == []


def test_vda_fire_04__a_single_success_with_a_10_still_spreads() -> None:
    """VDA-FIRE-04: a 10 and a 9, one of them cancelled by a 1: one success left, yet two
    people reached: Cole is hit too, with that one success."""
    t, shot = crowd(also=["cole"])
    declare_and_pass(t, shot)
    events = scripted(t, c.ResolveAction(combatant="alma"), [10, 9, 1, 2, 2, 2])
    assert of(events, ev.SpreadHit) == [
        ev.SpreadHit(combatant="alma", targets=["cole"], mode="nines_and_tens", successes=1)
    ]


def test_vda_fire_07__a_pistol_used_to_parry_is_not_fired() -> None:
    """VDA-FIRE-07, VDA-FIRE-06: Alma parries with her pistol (which kept a 1): no shot, so
    its 1s are not read into the parry and it owes no reloading."""
    t = gunner()
    t.send(c.AdjustItem(combatant="alma", item="pistolet", state=Item(ones=1), reason="encrassé"))
    t.declare("alma", act("defend", skill="melee", defence="parry", weapon="pistolet"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    events = resolve(t, "alma", [8, 1, 2, 2, 2, 2])
    assert [type(e) for e in events] == [ev.ActionRolled, ev.StepStarted]
