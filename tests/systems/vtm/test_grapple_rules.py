"""Grapples through ``decide``: clinch, hold, breaking free, letting go, the bite and the
Kiss (VTM-GRP, VTM-MEL-07..10)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.state import Action, Grapple
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

CLINCH_POOL = [m("VTM-MEL-07", 2, "strength"), m("VTM-MEL-07", 2, "brawl")]
ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]
DAMAGE_DIFF = [m("VTM-DMG-03", 6, "damage")]
MORTAL_SOAK = [m("VTM-DMG-04", 2, "stamina"), m("VTM-DMG-04", 0, "fortitude"), m("VTM-DMG-04", 0, "armour")]


def table(bors_kind: str = "mortal") -> Table:
    """Alma (vampire, Str 2, Brawl 2) faster than Bors (Str 2, Brawl 1, Dodge 2) and Cleo."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind=bors_kind, brawl=1, dodge=2))
    t.add("cleo", sheet(kind="mortal", brawl=2))
    return t


def new_round(t: Table) -> None:
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.initiative("cleo", 5)


SQUEEZE_SOAKED = [2, 2, 9, 9]
"""A squeeze's two damage dice, and a two-die soak that takes it all."""


def clinched(t: Table, maneuver: str = "clinch") -> None:
    """Round 1: Alma grabs Bors (four successes; Bors soaks the damage)."""
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", maneuver))
    t.resolve("alma", [9, 9, 9, 9] + ([] if maneuver == "hold" else SQUEEZE_SOAKED))
    t.resolve("cleo", [])
    t.resolve("bors", [])


def test_vtm_grp_01__a_clinch_grabs_and_does_strength_alone_the_first_turn() -> None:
    """VTM-MEL-07 / VTM-GRP-01: Force + Bagarre at normal difficulty; on a hit the damage
    is Strength dice, bashing, and no more for the extra successes; the clinch holds."""
    t = table()
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    events = t.resolve("alma", [9, 9, 9, 9, 2, 2, 2, 2])
    assert events == [
        ev.AttackRolled(
            attacker="alma",
            target="bors",
            action=0,
            maneuver="clinch",
            damage_type="bashing",
            pool=CLINCH_POOL,
            difficulty=ATTACK_DIFF,
            roll=roll([9, 9, 9, 9], 6),
        ),
        ev.DamageRolled(
            attacker="alma",
            target="bors",
            remaining=4,
            damage_type="bashing",
            pool=[m("VTM-GRP-01", 2, "strength")],
            difficulty=DAMAGE_DIFF,
            roll=roll([2, 2], 6, first=4, ones_cancel=False, tens_again=True),
            minimum=2,
            damage=2,
        ),
        ev.Soaked(
            target="bors",
            damage_type="bashing",
            pool=MORTAL_SOAK,
            roll=roll([2, 2], 6, first=6, ones_cancel=False),
        ),
        ev.Wounded(target="bors", damage_type="bashing", levels=2, health=Health(bashing=2)),
        ev.GrappleEstablished(kind="clinch", attacker="alma", target="bors", round=1),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    assert t.state.grapples == [Grapple(kind="clinch", attacker="alma", target="bors", round=1)]


def test_vtm_grp_02__in_a_clinch_only_squeezing_biting_or_escaping_and_a_squeeze_needs_no_roll() -> None:
    """VTM-GRP-02: the next turn the clinched may not punch a third party nor dodge; a
    squeeze is Strength damage with no attack roll, at the floor of a hit (VTM-HR-04)."""
    t = table()
    clinched(t)
    new_round(t)
    refused = t.refuse(c.DeclareActions(combatant="bors", actions=[attack("cleo")]))
    assert refused.rule == "VTM-GRP-02"
    assert t.refuse(c.DeclareActions(combatant="bors", actions=[defend("dodge")])).rule == "VTM-GRP-02"
    t.declare("bors", attack("alma", "clinch"))
    t.declare("cleo", OTHER)
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[OTHER])).rule == "VTM-GRP-02"
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", SQUEEZE_SOAKED)
    t.resolve("cleo", [])
    events = t.resolve("bors", [2, 2, 2, 2])
    assert events[:2] == [
        ev.AttackLanded(
            attacker="bors", target="alma", action=0, maneuver="clinch", damage_type="bashing", pool=[]
        ),
        ev.DamageRolled(
            attacker="bors",
            target="alma",
            remaining=0,
            damage_type="bashing",
            pool=[m("VTM-GRP-01", 2, "strength")],
            difficulty=DAMAGE_DIFF,
            roll=roll([2, 2], 6, ones_cancel=False, tens_again=True),
            minimum=1,
            damage=1,
        ),
    ]


def test_vtm_grp_02__a_grab_stops_an_action_declared_before_it() -> None:
    """VTM-GRP-02: Bors declared a punch at Cleo before Alma grabbed him: it ends unrolled."""
    t = table()
    new_round(t)
    t.declare("bors", attack("cleo"))
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", [9, 9, 9, 9, 2, 2, 2, 2])
    t.resolve("cleo", [])
    events = t.resolve("bors", [])
    assert events == [ev.ActionEnded(combatant="bors", action=0, rule="VTM-GRP-02")]


def test_vtm_grp_03__more_successes_break_a_clinch_and_a_tie_does_not() -> None:
    """VTM-GRP-03: resisted Force + Bagarre rolls; a tie leaves the clinch, more successes
    end it."""
    t = table()
    clinched(t)
    new_round(t)
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", SQUEEZE_SOAKED)
    t.resolve("cleo", [])
    events = t.resolve("bors", [8, 2, 2] + [8, 2, 2, 2])
    assert events == [
        ev.EscapeRolled(
            combatant="bors",
            holder="alma",
            pool=[m("VTM-GRP-03", 2, "strength"), m("VTM-GRP-03", 1, "brawl")],
            difficulty=[m("VTM-GRP-03", 6, "grapple")],
            roll=roll([8, 2, 2], 6),
            holder_pool=[m("VTM-GRP-03", 2, "strength"), m("VTM-GRP-03", 2, "brawl")],
            holder_difficulty=[m("VTM-GRP-03", 6, "grapple")],
            holder_roll=roll([8, 2, 2, 2], 6, first=3),
            escaped=False,
        ),
        ev.ActionEnded(combatant="bors", action=0),
    ]
    new_round(t)
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", SQUEEZE_SOAKED)
    t.resolve("cleo", [])
    events = t.resolve("bors", [8, 8, 2] + [8, 2, 2, 2])
    assert events[1:] == [
        ev.GrappleReleased(attacker="alma", target="bors", by="bors", rule="VTM-GRP-03"),
        ev.ActionEnded(combatant="bors", action=0),
    ]
    assert t.state.grapples == []


def test_vtm_grp_04__a_hold_does_no_damage_and_the_held_can_only_break_free() -> None:
    """VTM-MEL-08: a hold is Force + Bagarre at +1 and does no damage; VTM-GRP-04: the held
    one takes no physical action but breaking free (which a tie does not do), and the
    holder acts only against the one held."""
    t = table()
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "hold"))
    events = t.resolve("alma", [9, 9, 9, 9])
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-MEL-08", 1, "hold")]
    assert events[1:] == [
        ev.GrappleEstablished(kind="hold", attacker="alma", target="bors", round=1),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    t.resolve("cleo", [])
    t.resolve("bors", [])
    new_round(t)
    assert t.refuse(c.DeclareActions(combatant="bors", actions=[attack("alma")])).rule == "VTM-GRP-04"
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[attack("cleo")])).rule == "VTM-GRP-04"
    t.declare("alma", attack("bors"))
    assert t.state.grapples != []


def test_vtm_grp_05__attacks_on_a_grappled_target_gain_two_dice() -> None:
    """VTM-GRP-05: Cleo punches Bors, held by Alma: immobilized but struggling, +2 dice."""
    t = table()
    clinched(t, "hold")
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", attack("bors"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    events = t.resolve("cleo", [2] * 7)
    assert events[0].pool[-1] == m("VTM-GRP-05", 2, "target grappled")
    assert events[1] == ev.AttackMissed(attacker="cleo", target="bors")


def test_vtm_grp_06__either_side_of_a_clinch_lets_go_but_not_the_held_one() -> None:
    """VTM-GRP-06: letting go takes no roll; the one held in a hold cannot let go."""
    t = table()
    clinched(t, "hold")
    assert t.refuse(c.LetGo(combatant="bors")).rule == "VTM-GRP-06"
    assert t.refuse(c.LetGo(combatant="cleo")).rule == "VTM-GRP-06"
    assert t.send(c.LetGo(combatant="alma")) == [
        ev.GrappleReleased(attacker="alma", target="bors", by="alma", rule="VTM-GRP-06")
    ]
    t2 = table()
    clinched(t2)
    assert t2.send(c.LetGo(combatant="bors")) == [
        ev.GrappleReleased(attacker="alma", target="bors", by="bors", rule="VTM-GRP-06")
    ]
    assert t2.state.grapples == []


def test_vtm_mel_09__a_vampire_bites_the_turn_after_a_grab() -> None:
    """VTM-MEL-09: no bite without a grab in an earlier turn; then Dex + Bagarre with one
    more die, Strength + 1 aggravated damage; a mortal never bites."""
    t = table()
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    bite = c.DeclareActions(combatant="alma", actions=[attack("bors", "bite")])
    assert t.refuse(bite).rule == "VTM-MEL-09"
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", [9, 9, 9, 9, *SQUEEZE_SOAKED])
    t.resolve("cleo", [])
    t.resolve("bors", [])
    new_round(t)
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "bite"))
    events = t.resolve("alma", [9] + [2] * 7 + [2, 2, 2])
    assert events[0].pool == [
        m("VTM-MEL-09", 3, "dexterity"),
        m("VTM-MEL-09", 2, "brawl"),
        m("VTM-MEL-09", 1, "bite"),
        m("VTM-GRP-05", 2, "target grappled"),
    ]
    assert events[1].pool == [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-09", 1, "bite")]
    assert events[1].damage_type == "aggravated"
    mortal = table()
    mortal.add("dede", sheet(kind="mortal", brawl=2))
    new_round(mortal)
    mortal.initiative("dede", 10)
    mortal.declare("bors", OTHER)
    mortal.declare("cleo", OTHER)
    mortal.declare("alma", OTHER)
    refused = mortal.refuse(c.DeclareActions(combatant="dede", actions=[attack("bors", "bite")]))
    assert refused.rule == "VTM-MEL-09"


def test_vtm_mel_10__the_kiss_drinks_instead_of_wounding() -> None:
    """VTM-MEL-10: a bite made as the Kiss does no damage: the vampire starts drinking;
    only a bite can be the Kiss."""
    t = table()
    clinched(t, "hold")
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    kiss_punch = Action(kind="attack", maneuver="punch", target="bors", kiss=True)
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[kiss_punch])).rule == "VTM-MEL-10"
    t.declare("alma", Action(kind="attack", maneuver="bite", target="bors", kiss=True))
    events = t.resolve("alma", [9] + [2] * 7)
    assert events[1:] == [
        ev.KissStarted(vampire="alma", victim="bors"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
