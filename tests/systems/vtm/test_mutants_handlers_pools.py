"""Pools and checks of declared actions through ``decide``: the refusals of a plan that
cannot be carried out, the exact pools of getting up, dodging blind and placing by ear,
moving while acting and attacking, and the declared attacks that end unmade at resolution
(VTM-ATK-07, VTM-MEL-05, VTM-MEL-06, VTM-MEL-14, VTM-DEF-02, VTM-DEF-10, VTM-GRP-02,
VTM-FIRE-01, VTM-FIRE-05, VTM-FIRE-08, VTM-FIRE-09, VTM-FIRE-10, VTM-FIRE-11, VTM-FIRE-13,
VTM-FIRE-14, VTM-MOVE-05, VTM-ACT-04, VTM-ACT-07, VTM-ACT-09, VTM-CPX-04, VTM-GEN-05)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Movement, Weapon
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

NO_DIE = "the penalties leave no die to roll"
BOW = Weapon(kind="firearm", damage=3, short_range=30)
"""A bow: a firearm row with no magazine (VTM-FIRE-13 counts no rounds)."""
SINGLE_SHOT = Weapon(kind="firearm", damage=4, short_range=10, capacity=1, pistol=True)
MINI_SMG = Weapon(kind="firearm", damage=4, short_range=20, rate=3, capacity=2, full_auto=True)
BURST_OF_TWO = Weapon(kind="firearm", damage=4, short_range=20, rate=3, capacity=2, burst=True)
BURST_OF_FOUR = Weapon(kind="firearm", damage=4, short_range=20, rate=3, capacity=4, burst=True)
LASER = Weapon(kind="firearm", damage=4, short_range=12, rate=3, capacity=6, sight="laser", pistol=True)


def duel(options: VtmOptions | None = None, alma: dict[str, Any] | None = None, **bors: Any) -> Table:
    """Alma (Dex 3, Brawl 2, Melee 2, Firearms 2, a knife and a revolver) faster than Bors
    (mortal, Dex 3, Dodge 2); initiative rolled."""
    t = Table(options)
    traits = {"brawl": 2, "melee": 2, "firearms": 2, "weapons": ["couteau", "revolver"]}
    t.add("alma", sheet(**(traits | (alma or {}))))
    t.add("bors", sheet(**({"kind": "mortal", "dodge": 2} | bors)))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def refusal(t: Table, command: object, dice: list[int] | None = None) -> tuple[str, str]:
    refused = t.refuse(command, dice)
    return refused.rule, refused.message


def alma_declares(t: Table, *actions: Action, move: Movement | None = None) -> c.DeclareActions:
    return c.DeclareActions(combatant="alma", actions=list(actions), move=move)


def accepted(t: Table, command: c.DeclareActions) -> None:
    """The declaration stands, as sent."""
    assert t.send(command) == [
        ev.ActionsDeclared(combatant=command.combatant, actions=command.actions, move=command.move)
    ]


# --- refusals at declaration -----------------------------------------------------------


def test_vtm_atk_07__an_attack_names_another_combatant() -> None:
    """VTM-ATK-07: an attack at oneself, or at no one, is refused."""
    t = duel()
    t.declare("bors", OTHER)
    expected = ("VTM-ATK-07", "an attack names another combatant")
    assert refusal(t, alma_declares(t, attack("alma"))) == expected
    assert refusal(t, alma_declares(t, Action(kind="attack", maneuver="punch"))) == expected


def test_vtm_mel_05__a_strike_needs_a_melee_weapon_and_says_which_one_was_named() -> None:
    """VTM-MEL-05: a strike with the revolver is refused, naming it."""
    t = duel()
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, attack("bors", "strike", "revolver"))) == (
        "VTM-MEL-05",
        "a strike needs a carried melee weapon, not 'revolver'",
    )


def test_vtm_mel_06__no_disarming_a_bare_handed_target() -> None:
    """VTM-MEL-06: Bors holds no weapon: there is nothing to disarm."""
    t = duel()
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, attack("bors", "disarm", "couteau"))) == (
        "VTM-MEL-06",
        "the target holds no weapon to disarm",
    )


def test_vtm_fire_05__a_strafe_does_not_cover_the_shooter() -> None:
    """VTM-FIRE-05: the strafe's other targets are others."""
    t = duel(alma={"weapons": ["mitraillette"]})
    t.declare("bors", OTHER)
    strafe = Action(
        kind="attack", maneuver="shoot", target="bors", targets=["alma"], weapon="mitraillette", fire="strafe"
    )
    assert refusal(t, alma_declares(t, strafe)) == ("VTM-FIRE-05", "a strafe's targets are others")


def test_vtm_fire_14__one_aims_at_another_and_at_a_runner_only_with_a_laser() -> None:
    """VTM-FIRE-14: no aiming at oneself nor at no one; Bors runs: the revolver cannot aim
    at him, a laser-sighted pistol can."""
    t = duel(alma={"weapons": ["revolver", "laser"], "own_weapons": {"laser": LASER}})
    t.send(c.DeclareActions(combatant="bors", actions=[OTHER], move=Movement(pace="run", metres=10)))
    expected = ("VTM-FIRE-14", "one aims at another combatant")
    assert refusal(t, alma_declares(t, Action(kind="aim", target="alma", weapon="revolver"))) == expected
    assert refusal(t, alma_declares(t, Action(kind="aim", weapon="revolver"))) == expected
    assert refusal(t, alma_declares(t, Action(kind="aim", target="bors", weapon="revolver"))) == (
        "VTM-FIRE-14",
        "bors moves faster than a walk: only a laser sight aims at it",
    )
    accepted(t, alma_declares(t, Action(kind="aim", target="bors", weapon="laser")))


def test_vtm_fire_09__only_a_carried_weapon_with_a_magazine_is_reloaded() -> None:
    """VTM-FIRE-09: a knife has no magazine; a single-shot pistol has one."""
    t = duel(alma={"weapons": ["couteau", "monocoup"], "own_weapons": {"monocoup": SINGLE_SHOT}})
    t.declare("bors", OTHER)
    expected = ("VTM-FIRE-09", "reloading needs a carried weapon with a magazine")
    assert refusal(t, alma_declares(t, Action(kind="reload", weapon="couteau"))) == expected
    accepted(t, alma_declares(t, Action(kind="reload", weapon="monocoup")))


def test_vtm_act_07__readying_what_is_in_hand_is_refused_and_an_own_weapon_is_drawn() -> None:
    """VTM-ACT-07: the knife is in hand, nothing to ready; the sheathed pistol of Alma's own
    table is drawn."""
    t = duel(
        alma={
            "weapons": ["couteau", "monocoup"],
            "own_weapons": {"monocoup": SINGLE_SHOT},
            "sheathed": ["monocoup"],
        }
    )
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, Action(kind="ready", weapon="couteau"))) == (
        "VTM-ACT-07",
        "alma has no sheathed or dropped 'couteau' to ready",
    )
    accepted(t, alma_declares(t, Action(kind="ready", weapon="monocoup")))


def test_vtm_act_09__getting_up_when_standing_is_refused() -> None:
    """VTM-ACT-09: Alma is not down."""
    t = duel()
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, Action(kind="stand"))) == ("VTM-ACT-09", "alma is not down")


def test_vtm_act_04__a_reload_with_no_die_is_refused_as_the_first_action() -> None:
    """VTM-ACT-04 / VTM-ACT-07: reloading then shooting: the GM's -9 leaves the readiness
    roll, the first action, no die."""
    t = duel(alma={"weapons": ["monocoup"], "own_weapons": {"monocoup": SINGLE_SHOT}})
    t.declare("bors", OTHER)
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="mains gelées"))
    plan = alma_declares(t, Action(kind="reload", weapon="monocoup"), attack("bors", "shoot", "monocoup"))
    assert refusal(t, plan) == ("VTM-ACT-04", f"action 1: {NO_DIE}")


def test_vtm_act_04__a_weapon_readied_with_no_die_is_refused_as_the_first_action() -> None:
    """VTM-ACT-04 / VTM-ACT-07: drawing then striking: no die for the draw, the first action."""
    t = duel(alma={"sheathed": ["couteau"]})
    t.declare("bors", OTHER)
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="mains gelées"))
    plan = alma_declares(t, Action(kind="ready", weapon="couteau"), attack("bors", "strike", "couteau"))
    assert refusal(t, plan) == ("VTM-ACT-04", f"action 1: {NO_DIE}")


def test_vtm_act_04__breaking_free_with_no_die_is_refused_at_declaration() -> None:
    """VTM-ACT-04: the GM's -9 leaves Bors no die to break free with."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "hold"))
    t.resolve("alma", [9, 9, 9, 9])
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.send(c.AdjustRoll(combatant="bors", dice=-9, reason="épuisé"))
    refused = refusal(t, c.DeclareActions(combatant="bors", actions=[Action(kind="escape")]))
    assert refused == ("VTM-ACT-04", f"action 1: {NO_DIE}")


def down(t: Table) -> None:
    t.send(c.SetCondition(combatant="alma", condition="knocked_down", reason="glisse"))


def test_vtm_act_09__getting_up_alone_needs_no_die_but_among_actions_it_does() -> None:
    """VTM-ACT-09: with the GM's -9, getting up as the only action is declared (no roll);
    getting up then punching is refused for the roll of getting up, the first action."""
    t = duel()
    down(t)
    t.declare("bors", OTHER)
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="sonnée"))
    assert refusal(t, alma_declares(t, Action(kind="stand"), attack("bors"))) == (
        "VTM-ACT-04",
        f"action 1: {NO_DIE}",
    )
    accepted(t, alma_declares(t, Action(kind="stand")))


# --- pools at resolution -----------------------------------------------------------------


def test_vtm_act_09__getting_up_among_actions_is_dex_athletics_at_four_with_its_place() -> None:
    """VTM-ACT-09: Alma gets up then punches: Dex 3 + Athletics 0 with the multiple-action
    -2, at difficulty 4, no specialty (a 10 is one success); one success, she is up."""
    t = duel()
    down(t)
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="stand"), attack("bors"))
    assert t.resolve("alma", [10]) == [
        ev.FootingRolled(
            combatant="alma",
            pool=[
                m("VTM-ACT-09", 3, "dexterity"),
                m("VTM-ACT-09", 0, "athletics"),
                m("VTM-ACT-02", -2, "action 1 of 2"),
            ],
            difficulty=[m("VTM-ACT-09", 4, "stand up")],
            roll=roll([10], 4),
        ),
        ev.ConditionChanged(combatant="alma", condition="knocked_down", on=False, rule="VTM-ACT-09"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_act_04__getting_up_among_actions_with_no_die_at_resolution_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 after the declaration leaves getting up no die."""
    t = duel()
    down(t)
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="stand"), attack("bors"))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="sonnée"))
    assert refusal(t, c.ResolveAction(combatant="alma")) == ("VTM-ACT-04", f"getting up: {NO_DIE}")


def test_vtm_cpx_04__a_blinded_defender_dodges_at_plus_two() -> None:
    """VTM-CPX-04: blindness adds 2 to every action but a shot: Bors's dodge too (and the
    attack at him gains two dice)."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="blinded", reason="sable"))
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 7 + [2] * 5)
    assert events[1].difficulty == [m("VTM-DEF-03", 6, "dodge"), m("VTM-CPX-04", 2, "blinded")]


def test_vtm_gen_05__placing_by_ear_counts_the_wounds_and_the_gms_word() -> None:
    """VTM-GEN-05: blind Alma, hurt (-1), with the GM's extra die, listens."""
    t = duel()
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
    t.send(c.AdjustHealth(combatant="alma", bashing=2, reason="coups"))
    t.send(c.AdjustRoll(combatant="alma", dice=1, reason="silence"))
    events = t.send(c.SenseBlind(combatant="alma"), dice=[2])
    assert events[0].pool == [
        m("VTM-GEN-05", 1, "perception"),
        m("VTM-GEN-05", 0, "alertness"),
        m("VTM-DMG-11", -1, "Blessé légèrement"),
        m("gm-dice", 1, "silence"),
    ]


# --- declared attacks that end unmade at resolution ----------------------------------------


def test_vtm_mel_06__a_strike_with_a_knife_knocked_away_ends_unmade() -> None:
    """VTM-MEL-06: Alma, faster, disarms Bors; his declared knife strike ends, its weapon
    named."""
    t = duel(melee=2, weapons=["couteau"])
    t.declare("bors", attack("alma", "strike", "couteau"))
    t.declare("alma", attack("bors", "disarm", "couteau"))
    t.resolve("alma", [9, 9, 9, 2, 2] + [9, 9, 9, 2, 2])
    assert t.resolve("bors", []) == [
        ev.ActionEnded(combatant="bors", action=0, rule="VTM-MEL-06", weapon="couteau")
    ]


def shooter(weapon: str, own: Weapon, options: VtmOptions | None = None) -> Table:
    return duel(options, alma={"weapons": [weapon], "own_weapons": {weapon: own}})


def next_turn(t: Table, *actions: Action) -> None:
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.send(alma_declares(t, *actions))


def test_vtm_fire_11__full_auto_short_of_its_share_after_a_failed_reload_ends_unmade() -> None:
    """VTM-FIRE-11 with ``full_auto_min_rounds_fraction=1``: one round left of two, Alma
    reloads then fires full auto; the readiness roll fails, so the burst ends unmade with
    its one round."""
    t = shooter("mini", MINI_SMG, VtmOptions(full_auto_min_rounds_fraction=1.0))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "shoot", "mini"))
    t.resolve("alma", [2] * 5)
    auto = Action(kind="attack", maneuver="shoot", target="bors", weapon="mini", fire="auto")
    next_turn(t, Action(kind="reload", weapon="mini"), auto)
    t.resolve("alma", [2, 2, 2])
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [
        ev.ActionEnded(combatant="alma", action=1, rule="VTM-FIRE-11", weapon="mini", loaded=1)
    ]


def test_vtm_fire_13__a_single_shot_pistol_not_reloaded_ends_its_shot_unmade() -> None:
    """VTM-FIRE-13: the one-shot pistol fired, the reload's roll fails: the shot ends."""
    t = shooter("monocoup", SINGLE_SHOT)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "shoot", "monocoup"))
    t.resolve("alma", [2] * 5)
    next_turn(t, Action(kind="reload", weapon="monocoup"), attack("bors", "shoot", "monocoup"))
    t.resolve("alma", [2, 2, 2])
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [
        ev.ActionEnded(combatant="alma", action=1, rule="VTM-FIRE-13", weapon="monocoup", loaded=0)
    ]


def test_vtm_fire_13__a_bow_has_no_rounds_to_count() -> None:
    """VTM-FIRE-13: a bow (no magazine in its row) shoots every turn without rounds."""
    t = shooter("arc", BOW)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "shoot", "arc"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].rounds == 0 and events[1:] == [
        ev.AttackMissed(attacker="alma", target="bors"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_gen_05__a_blind_throw_without_placing_the_target_ends_unmade() -> None:
    """VTM-GEN-05: blind Alma throws her knife without having placed Bors by ear: the
    throw ends."""
    t = duel(alma={"athletics": 2, "weapons": ["couteau_de_lancer"]})
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="fumée"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "throw", "couteau_de_lancer"))
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=0, rule="VTM-GEN-05")]


# --- attack pools ------------------------------------------------------------------------


def test_vtm_mel_14__a_sword_against_a_sword_closes_in_on_nothing() -> None:
    """VTM-MEL-14: Alma strikes with an épée at Bors holding one, three metres off: no
    die lost closing in, her blade is as long."""
    t = duel(alma={"weapons": ["epee"]}, melee=1, weapons=["epee"])
    t.send(c.SetDistance(combatant="alma", other="bors", metres=3, reason="salle"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "epee"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].pool == [m("VTM-ATK-02", 3, "dexterity"), m("VTM-ATK-02", 2, "melee")]


def test_vtm_mel_14__a_shot_at_a_swordsman_closes_in_on_nothing() -> None:
    """VTM-MEL-14: closing in is for close attacks: Alma's shot at Bors, sword in hand,
    ten metres off, loses no die."""
    t = duel(melee=1, weapons=["epee"])
    t.send(c.SetDistance(combatant="alma", other="bors", metres=10, reason="rue"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "shoot", "revolver"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].pool == [m("VTM-ATK-03", 3, "dexterity"), m("VTM-ATK-03", 2, "firearms")]


def test_vtm_fire_08__a_knife_thrown_point_blank_is_at_minus_two() -> None:
    """VTM-FIRE-08 / VTM-ATK-04: a throw a metre away is point blank, like a shot."""
    t = duel(alma={"athletics": 2, "weapons": ["couteau_de_lancer"]})
    t.send(c.SetDistance(combatant="alma", other="bors", metres=1, reason="corps à corps"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "throw", "couteau_de_lancer"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [m("VTM-ATK-05", 6, "attack"), m("VTM-FIRE-08", -2, "point blank (1 m)")]


def test_vtm_gen_05__a_blind_throw_is_at_plus_three_not_plus_two_more() -> None:
    """VTM-GEN-05: blind Alma placed Bors by ear: her throw is at +3, blindness's +2 does
    not add to it."""
    t = duel(alma={"athletics": 2, "alertness": 2, "weapons": ["couteau_de_lancer"]})
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="fumée"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "throw", "couteau_de_lancer"))
    t.send(c.SenseBlind(combatant="alma"), dice=[9, 2, 2])
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [m("VTM-ATK-05", 6, "attack"), m("VTM-GEN-05", 3, "shooting blind")]


def test_vtm_fire_01__cover_does_not_shield_from_a_punch() -> None:
    """VTM-FIRE-01: cover is against shots: Bors behind a wall, punched, has none."""
    t = duel()
    t.send(c.SetCover(combatant="bors", cover="good", reason="muret"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [m("VTM-ATK-05", 6, "attack")]


def test_vtm_fire_13__a_surprise_burst_needs_the_rounds_of_a_burst() -> None:
    """VTM-FIRE-13 / VTM-FIRE-10: Alma's gun holds two rounds; her surprise attack cannot be
    a three-round burst."""
    t = Table()
    t.add("alma", sheet(stealth=3, firearms=2, weapons=["rafale"], own_weapons={"rafale": BURST_OF_TWO}))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=1))
    t.start()
    t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 8, 8, 2, 2, 2] + [7, 2, 2])
    burst = Action(kind="attack", maneuver="shoot", target="bors", weapon="rafale", fire="burst")
    assert refusal(t, c.SurpriseAttack(combatant="alma", attack=burst)) == (
        "VTM-FIRE-13",
        "rafale has 2 rounds loaded, 3 needed",
    )


HURRYING = Movement(pace="hurry", metres=7, while_acting=True)


def test_vtm_move_05__a_dodge_while_still_moving_loses_a_die_a_metre() -> None:
    """VTM-MOVE-05: Alma (Dex 5, Dodge 5) dodges Bors's punch while hurrying 7 m: -7."""
    t = duel(alma={"dexterity": 5, "dodge": 5}, brawl=2)
    t.declare("bors", attack("alma"))
    t.send(alma_declares(t, defend("dodge"), move=HURRYING))
    events = t.resolve("bors", [2] * 5 + [2] * 3)
    assert events[1].pool == [
        m("VTM-DEF-02", 5, "dexterity"),
        m("VTM-DEF-02", 5, "dodge"),
        m("VTM-MOVE-05", -7, "moving 7 m"),
    ]


def test_vtm_move_05__drawing_a_weapon_while_still_moving_loses_a_die_a_metre() -> None:
    """VTM-MOVE-05 / VTM-ACT-07: Alma (Dex 5, Melee 5) draws her knife among two actions
    while hurrying 7 m: the draw pays the move and its place."""
    t = duel(alma={"dexterity": 5, "melee": 5, "sheathed": ["couteau"]})
    t.declare("bors", OTHER)
    t.send(alma_declares(t, Action(kind="ready", weapon="couteau"), OTHER, move=HURRYING))
    events = t.resolve("alma", [7])
    assert events[1] == ev.ReadyRolled(
        combatant="alma",
        weapon="couteau",
        pool=[
            m("VTM-ACT-07", 5, "dexterity"),
            m("VTM-ACT-07", 5, "melee"),
            m("VTM-ACT-02", -2, "action 1 of 2"),
            m("VTM-MOVE-05", -7, "moving 7 m"),
        ],
        difficulty=[m("VTM-ACT-07", 4, "ready a weapon")],
        roll=roll([7], 4),
    )


def test_vtm_mel_05__a_sheathed_weapon_no_table_knows_cannot_be_drawn() -> None:
    """VTM-MEL-05: Alma's sheet sheathes a « bidule » neither table describes."""
    t = duel(alma={"weapons": ["bidule"], "sheathed": ["bidule"]})
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, Action(kind="ready", weapon="bidule"))) == (
        "VTM-MEL-05",
        "no weapon 'bidule' in the table's or the sheet's tables",
    )


def test_vtm_grp_02__a_squeeze_rolls_nothing_so_needs_no_die() -> None:
    """VTM-GRP-02: Alma holds Bors in a clinch; with the GM's -9 she may still declare the
    squeeze, which rolls no attack."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    t.resolve("alma", [9, 9, 9, 9] + [2, 2, 9, 9])
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", Action(kind="escape"))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="épuisée"))
    squeeze = attack("bors", "clinch")
    assert t.send(alma_declares(t, squeeze)) == [ev.ActionsDeclared(combatant="alma", actions=[squeeze])]


def test_vtm_move_05__getting_up_while_still_moving_loses_a_die_a_metre() -> None:
    """VTM-MOVE-05 / VTM-ACT-09: Alma (Dex 5, Athletics 5), down, gets up among two actions
    while hurrying 7 m: the roll pays the move and its place."""
    t = duel(alma={"dexterity": 5, "athletics": 5})
    t.send(c.SetCondition(combatant="alma", condition="knocked_down", reason="glisse"))
    t.declare("bors", OTHER)
    t.send(alma_declares(t, Action(kind="stand"), OTHER, move=HURRYING))
    events = t.resolve("alma", [7])
    assert events[1].pool == [
        m("VTM-ACT-09", 5, "dexterity"),
        m("VTM-ACT-09", 5, "athletics"),
        m("VTM-ACT-02", -2, "action 1 of 2"),
        m("VTM-MOVE-05", -7, "moving 7 m"),
    ]


def test_vtm_def_10_02__a_declared_defence_answers_another_and_a_parry_needs_a_blade() -> None:
    """VTM-DEF-10: Alma's dodge cannot name herself; VTM-DEF-02: bare-handed, no parry."""
    t = duel(alma={"weapons": []})
    t.declare("bors", OTHER)
    assert refusal(t, alma_declares(t, defend("dodge", "alma"))) == (
        "VTM-DEF-10",
        "a defence answers another combatant",
    )
    assert refusal(t, alma_declares(t, defend("parry", "bors"))) == (
        "VTM-DEF-02",
        "a parry needs a melee weapon in hand",
    )


def test_vtm_fire_13__a_throw_spends_no_round_even_from_a_row_with_a_magazine() -> None:
    """VTM-FIRE-13: only shots spend rounds: Alma's throwing stars (her sheet's row gives
    them a « magazine » of six) are thrown without counting one."""
    stars = Weapon(kind="thrown", damage=1, short_range=10, capacity=6)
    t = duel(alma={"athletics": 2, "weapons": ["etoiles"], "own_weapons": {"etoiles": stars}})
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "throw", "etoiles"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].rounds == 0
    assert t.state.fighters["alma"].fired == {}


def test_vtm_fire_13__a_burst_short_of_rounds_after_a_failed_reload_ends_unmade() -> None:
    """VTM-FIRE-13 / VTM-FIRE-10: one round left of four after a burst; the reload's roll
    fails: the next burst, short of rounds, ends unmade (by VTM-FIRE-13, not full auto's
    VTM-FIRE-11)."""
    t = shooter("rafale", BURST_OF_FOUR)
    t.declare("bors", OTHER)
    burst = Action(kind="attack", maneuver="shoot", target="bors", weapon="rafale", fire="burst")
    t.declare("alma", burst)
    t.resolve("alma", [2] * 7)
    next_turn(t, Action(kind="reload", weapon="rafale"), burst)
    t.resolve("alma", [2, 2, 2])
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [
        ev.ActionEnded(combatant="alma", action=1, rule="VTM-FIRE-13", weapon="rafale", loaded=1)
    ]
