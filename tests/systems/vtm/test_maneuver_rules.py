"""General maneuvers through ``decide``: flank and rear, aiming, several opponents
(VTM-GEN-01/02, VTM-MEL-11, VTM-DEF-14)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet


def duel() -> Table:
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    return t


def test_vtm_gen_01__from_behind_two_more_dice_from_the_flank_one() -> None:
    """VTM-GEN-01: Alma strikes from behind: two more attack dice."""
    t = duel()
    t.declare("alma", Action(kind="attack", maneuver="strike", target="bors", weapon="epee", side="rear"))
    events = t.resolve("alma", [2] * 8)
    assert events[0].pool[-1] == m("VTM-GEN-01", 2, "rear")


def test_vtm_gen_02__aiming_at_a_precise_part_is_plus_three_and_two_damage_dice() -> None:
    """VTM-GEN-02: the heart is precise: difficulty +3, and two more damage dice."""
    t = duel()
    t.declare("alma", Action(kind="attack", maneuver="strike", target="bors", weapon="epee", aim="precise"))
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [2] * 6)
    assert events[0].difficulty[-1] == m("VTM-GEN-02", 3, "precise")
    assert events[1].pool[-1] == m("VTM-GEN-02", 2, "precise")


def test_vtm_mel_11__each_close_opponent_after_the_first_adds_one_to_attack_and_defence() -> None:
    """VTM-MEL-11 / VTM-DEF-14: three fighters punch Dora: her attack and her dodge are at +2."""
    t = Table()
    for cid in ("alma", "bors", "cleo"):
        t.add(cid, sheet(brawl=2))
    t.add("dora", sheet(brawl=3, dodge=3))
    t.start()
    for cid, die in (("alma", 9), ("bors", 8), ("cleo", 7), ("dora", 1)):
        t.initiative(cid, die)
    t.declare("dora", attack("alma"), defend("dodge"))
    for cid in ("cleo", "bors", "alma"):
        t.declare(cid, attack("dora"))
    events = t.resolve("alma", [2] * 5 + [2] * 3)
    assert events[1].difficulty[-1] == m("VTM-MEL-11", 2, "3 opponents")
    t.resolve("bors", [2] * 5)
    t.resolve("cleo", [2] * 5)
    events = t.resolve("dora", [2] * 4)
    assert m("VTM-MEL-11", 2, "3 opponents") in events[0].difficulty


def test_vtm_mel_01__a_swept_target_who_misses_its_footing_roll_falls() -> None:
    """VTM-MEL-01 / VTM-CPX-01: a sweep is Dex + Brawl at +1 and does Strength bashing; the
    target then rolls Dex + Athlétisme at difficulty 8 and, without a success, is down."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", athletics=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "sweep"))
    events = t.resolve("alma", [7, 2, 2, 2, 2] + [2, 2] + [2, 2] + [7, 7, 2, 2])
    assert events[0].difficulty == [m("VTM-ATK-05", 6, "attack"), m("VTM-MEL-01", 1, "sweep")]
    assert events[1].damage_type == "bashing"
    assert events[-3:] == [
        ev.FootingRolled(
            combatant="bors",
            pool=[m("VTM-MEL-01", 3, "dexterity"), m("VTM-MEL-01", 1, "athletics")],
            difficulty=[m("VTM-MEL-01", 8, "keep one's feet")],
            roll=roll([7, 7, 2, 2], 8, first=9),
        ),
        ev.ConditionChanged(combatant="bors", condition="knocked_down", on=True, rule="VTM-MEL-01"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    assert "knocked_down" in t.state.fighters["bors"].conditions


def test_vtm_act_09__getting_up_alone_takes_the_action_and_no_roll() -> None:
    """VTM-ACT-09: Bors, down, gets up with his whole action, no die."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.send(c.StartRound())
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    refused = t.refuse(c.DeclareActions(combatant="bors", actions=[Action(kind="stand")]))
    assert refused.rule == "VTM-ACT-09"
    t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="glissade"))
    t.declare("bors", Action(kind="stand"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    assert t.resolve("bors", []) == [
        ev.ConditionChanged(combatant="bors", condition="knocked_down", on=False, rule="VTM-ACT-09"),
        ev.ActionEnded(combatant="bors", action=0),
    ]


def test_vtm_act_09__getting_up_among_other_actions_needs_dex_athletics_at_4() -> None:
    """VTM-ACT-09: getting up and striking: Dex + Athlétisme at difficulty 4, less 2 dice
    (first of two actions); without a success Bors stays down."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet(athletics=2, brawl=3))
    t.send(c.StartRound())
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="glissade"))
    t.declare("bors", Action(kind="stand"), attack("alma"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    events = t.resolve("bors", [3, 2, 1])
    assert events[0].pool[-1] == m("VTM-ACT-02", -2, "action 1 of 2")
    assert events[0].difficulty == [m("VTM-ACT-09", 4, "stand up")]
    assert events[1:] == [ev.ActionEnded(combatant="bors", action=0)]
    assert "knocked_down" in t.state.fighters["bors"].conditions


def test_vtm_fire_01_02__cover_hinders_the_shot_and_the_return_fire_and_both_add_up() -> None:
    """VTM-FIRE-01: Bors behind a wall (medium) is +2 to hit; VTM-FIRE-02: Alma firing from
    behind a pole (light) adds its return-fire 0; Bors firing back from the wall adds +1 to
    Alma's light +1: +2 both ways, as the seed's example says."""
    t = Table()
    t.add("alma", sheet(firearms=2, weapons=["revolver"]))
    t.add("bors", sheet(firearms=2, weapons=["revolver"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.send(c.SetCover(combatant="alma", cover="light", reason="poteau"))
    t.send(c.SetCover(combatant="bors", cover="medium", reason="mur"))
    t.declare("bors", attack("alma", "shoot", "revolver"))
    t.declare("alma", attack("bors", "shoot", "revolver"))
    shot = t.resolve("alma", [2] * 5)
    back = t.resolve("bors", [2] * 5)
    assert shot[0].difficulty[1:] == [m("VTM-FIRE-01", 2, "target behind medium cover")]
    assert back[0].difficulty[1:] == [
        m("VTM-FIRE-01", 1, "target behind light cover"),
        m("VTM-FIRE-02", 1, "firing from medium cover"),
    ]


def test_vtm_fire_01__one_lying_down_is_in_light_cover_against_shots_by_the_tables_option() -> None:
    """VTM-FIRE-01: the seed's cover table: « Léger (couché, …) »: Bors, down (VTM-CPX-03: a
    die to his attackers), is +1 to shoot at; with ``prone_cover_vs_ranged`` off, only the
    die."""
    for counts, cover in ((True, [m("VTM-FIRE-01", 1, "target behind light cover")]), (False, [])):
        t = Table(VtmOptions(prone_cover_vs_ranged=counts))
        t.add("alma", sheet(firearms=2, weapons=["revolver"]))
        t.add("bors", sheet(kind="mortal"))
        t.start()
        t.initiative("alma", 9)
        t.initiative("bors", 1)
        t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="il a trébuché"))
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors", "shoot", "revolver"))
        shot = t.resolve("alma", [2] * 6)
        assert shot[0].pool[-1] == m("VTM-CPX-03", 1, "target down")
        assert shot[0].difficulty[1:] == cover, counts
