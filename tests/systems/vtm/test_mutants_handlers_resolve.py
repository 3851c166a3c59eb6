"""Resolving declared actions through ``decide`` with scripted dice: the move that comes
with the first action, grapples that stop an action, defences that answer or not, the
blows without an attack roll, and damage with the table's readings (VTM-MOVE-04,
VTM-GRP-03, VTM-GRP-04, VTM-DEF-04, VTM-DEF-07, VTM-DEF-09, VTM-DEF-11, VTM-ATK-06,
VTM-ACT-04, VTM-ACT-07, VTM-FIRE-14, VTM-HR-03, VTM-DMG-09)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Movement, Weapon
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

NO_DIE = "the penalties leave no die to roll"
SINGLE_SHOT = Weapon(kind="firearm", damage=4, short_range=10, capacity=1, pistol=True)
WALK = Movement(pace="walk", metres=2)


def duel(options: VtmOptions | None = None, alma: dict[str, Any] | None = None, **bors: Any) -> Table:
    """Alma (Dex 3, Brawl 2, Melee 2, Firearms 2, a knife, a revolver and a one-shot
    pistol) faster than Bors (mortal, Dex 3, Dodge 2); initiative rolled."""
    t = Table(options)
    traits = {
        "brawl": 2,
        "melee": 2,
        "firearms": 2,
        "weapons": ["couteau", "revolver", "monocoup"],
        "own_weapons": {"monocoup": SINGLE_SHOT},
    }
    t.add("alma", sheet(**(traits | (alma or {}))))
    t.add("bors", sheet(**({"kind": "mortal", "dodge": 2} | bors)))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def refusal(t: Table, command: object, dice: list[int] | None = None) -> tuple[str, str]:
    refused = t.refuse(command, dice)
    return refused.rule, refused.message


def moving(t: Table, *actions: Action) -> None:
    t.declare("bors", OTHER)
    t.send(c.DeclareActions(combatant="alma", actions=list(actions), move=WALK))


# --- VTM-MOVE-04: the move comes with the first action, whatever it is ---------------------


def test_vtm_move_04__the_move_comes_with_a_reload() -> None:
    """VTM-MOVE-04 / VTM-FIRE-09: Alma walks then reloads."""
    t = duel()
    moving(t, Action(kind="reload", weapon="monocoup"))
    assert t.resolve("alma", []) == [
        ev.Moved(combatant="alma", move=WALK),
        ev.Reloaded(combatant="alma", weapon="monocoup"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_move_04__the_move_comes_with_aiming() -> None:
    """VTM-MOVE-04 / VTM-FIRE-14: Alma walks then aims at Bors."""
    t = duel()
    moving(t, Action(kind="aim", target="bors", weapon="revolver"))
    assert t.resolve("alma", []) == [
        ev.Moved(combatant="alma", move=WALK),
        ev.AimTaken(combatant="alma", target="bors", weapon="revolver", turns=1),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_move_04__the_move_comes_with_readying_a_weapon() -> None:
    """VTM-MOVE-04 / VTM-ACT-07: Alma walks then draws her sheathed knife."""
    t = duel(alma={"sheathed": ["couteau"]})
    moving(t, Action(kind="ready", weapon="couteau"))
    assert t.resolve("alma", []) == [
        ev.Moved(combatant="alma", move=WALK),
        ev.WeaponReadied(combatant="alma", weapon="couteau"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_move_04__the_move_comes_with_getting_up() -> None:
    """VTM-MOVE-04 / VTM-ACT-09: Alma, down, crawls two metres and gets up."""
    t = duel()
    t.send(c.SetCondition(combatant="alma", condition="knocked_down", reason="glisse"))
    moving(t, Action(kind="stand"))
    assert t.resolve("alma", []) == [
        ev.Moved(combatant="alma", move=WALK),
        ev.ConditionChanged(combatant="alma", condition="knocked_down", on=False, rule="VTM-ACT-09"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


# --- grapples that stop an action ---------------------------------------------------------


def held(maneuver: str) -> Table:
    """Round 1: Alma grabs Bors; round 2 opened, initiative rolled (Alma faster)."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", maneuver))
    t.resolve("alma", [9, 9, 9, 9] + ([] if maneuver == "hold" else [2, 2, 9, 9]))
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_move_04__the_move_comes_with_breaking_free() -> None:
    """VTM-MOVE-04 / VTM-GRP-04: Bors, held, declares a two-metre move and breaks free."""
    t = held("hold")
    t.send(c.DeclareActions(combatant="bors", actions=[Action(kind="escape")], move=WALK))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    events = t.resolve("bors", [8, 8] + [2, 2, 2, 2])
    assert events[0] == ev.Moved(combatant="bors", move=WALK)
    assert isinstance(events[1], ev.EscapeRolled)


def test_vtm_grp_03__an_escape_from_a_grip_already_gone_ends_with_nothing_to_do() -> None:
    """VTM-GRP-03: Alma breaks free of the clinch before Bors's escape comes: it ends, by
    VTM-GRP-03."""
    t = held("clinch")
    t.declare("bors", Action(kind="escape"))
    t.declare("alma", Action(kind="escape"))
    t.resolve("alma", [8, 8, 8, 8] + [2, 2])
    assert t.resolve("bors", []) == [ev.ActionEnded(combatant="bors", action=0, rule="VTM-GRP-03")]


def test_vtm_grp_04__a_hold_taken_after_the_declaration_stops_the_held_ones_punch() -> None:
    """VTM-GRP-04: Bors declared a punch at Alma; Alma, faster, holds him first: the
    punch ends unmade."""
    t = duel()
    t.declare("bors", attack("alma"))
    t.declare("alma", attack("bors", "hold"))
    t.resolve("alma", [9, 9, 9, 9])
    assert t.resolve("bors", []) == [ev.ActionEnded(combatant="bors", action=0, rule="VTM-GRP-04")]


# --- refusals -------------------------------------------------------------------------------


def test_vtm_dmg_09__damage_from_the_sun_says_why() -> None:
    """VTM-DMG-09: the GM's damage needs a reason."""
    command = c.InflictDamage(combatant="bors", damage_type="aggravated", dice=2, reason=" ")
    assert refusal(duel(), command) == ("vtm.reason", "a GM override says why")


def test_vtm_def_12__no_riposte_without_a_winning_parry() -> None:
    """VTM-DEF-12: Alma has no riposte to make."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert refusal(t, c.Riposte(combatant="alma")) == ("VTM-DEF-12", "alma has no riposte to make")


def test_vtm_act_04__an_attack_with_no_die_left_at_resolution_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 after the declaration leaves the punch no die."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="entravée"))
    assert refusal(t, c.ResolveAction(combatant="alma")) == ("VTM-ACT-04", f"the attack: {NO_DIE}")


def test_vtm_act_04__a_reload_or_a_draw_among_actions_with_no_die_is_refused_at_resolution() -> None:
    """VTM-ACT-04 / VTM-ACT-07: the GM's -9 after the declaration leaves the readiness roll
    of a reload, or of drawing a weapon, no die."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="reload", weapon="monocoup"), OTHER)
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="gelée"))
    assert refusal(t, c.ResolveAction(combatant="alma")) == ("VTM-ACT-04", f"reloading: {NO_DIE}")
    drawn = duel(alma={"sheathed": ["couteau"]})
    drawn.declare("bors", OTHER)
    drawn.declare("alma", Action(kind="ready", weapon="couteau"), OTHER)
    drawn.send(c.AdjustRoll(combatant="alma", dice=-9, reason="gelée"))
    assert refusal(drawn, c.ResolveAction(combatant="alma")) == ("VTM-ACT-04", f"readying a weapon: {NO_DIE}")


# --- which defence answers ----------------------------------------------------------------


def test_vtm_grp_02__one_grabbed_after_declaring_a_dodge_no_longer_dodges() -> None:
    """VTM-GRP-02: Cleo clinches Bors first; his dodge declared against Alma does not answer
    her punch."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", dodge=2))
    t.add("cleo", sheet(brawl=2))
    t.start()
    for cid, die in (("cleo", 10), ("alma", 5), ("bors", 1)):
        t.initiative(cid, die)
    t.declare("bors", defend("dodge", "alma"))
    t.declare("alma", attack("bors"))
    t.declare("cleo", attack("bors", "clinch"))
    t.resolve("cleo", [9, 9, 9, 9] + [2, 2, 9, 9])
    events = t.resolve("alma", [2] * 7)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_07__a_block_in_light_armour_stops_a_knife() -> None:
    """VTM-DEF-07: in armour (rating 1) Bors's block answers the knife."""
    t = duel(brawl=1, armour="vetements_renforces")
    t.declare("bors", defend("block", "alma"))
    t.declare("alma", attack("bors", "strike", "couteau"))
    events = t.resolve("alma", [2] * 5 + [2] * 4)
    assert events[1] == ev.DefenceRolled(
        defender="bors",
        attacker="alma",
        action=0,
        defence="block",
        pool=[m("VTM-DEF-02", 3, "dexterity"), m("VTM-DEF-02", 1, "brawl")],
        difficulty=[m("VTM-DEF-03", 6, "block")],
        roll=roll([2] * 4, 6, first=5),
    )


def test_vtm_def_04__a_one_die_dodge_is_rolled_and_a_no_die_one_is_not() -> None:
    """VTM-DEF-04 / VTM-ACT-04: Bors (Dex 1, no Dodge) dodges with his one die; with the
    GM's -9 his dodge has none and is not rolled."""
    t = duel(dexterity=1, dodge=0)
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [7])
    assert events[1].roll == roll([7], 6, first=5)
    empty = duel(dexterity=1, dodge=0)
    empty.declare("bors", defend("dodge"))
    empty.declare("alma", attack("bors"))
    empty.send(c.AdjustRoll(combatant="bors", dice=-9, reason="paralysé de peur"))
    events = empty.resolve("alma", [2] * 5)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_09__one_already_in_cover_does_not_dive_when_dodging_a_shot() -> None:
    """VTM-DEF-09: Bors, behind good cover, dodges Alma's shot without diving again."""
    t = duel()
    t.send(c.SetCover(combatant="bors", cover="good", reason="voiture"))
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors", "shoot", "revolver"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.DefenceRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_dice_06__a_dodge_specialty_re_rolls_the_defences_tens() -> None:
    """VTM-DICE-06: Bors's Dodge specialty re-rolls his 10."""
    t = duel(dodge=4, specialties=["dodge:roulade"])
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [10, 2, 2, 2, 2, 2, 2, 7])
    assert events[1].roll == roll([10, 2, 2, 2, 2, 2, 2, 7], 6, dice=7, tens_again=True, first=5)


def test_vtm_mel_06__a_disarm_that_misses_without_a_botch_drops_nothing() -> None:
    """VTM-MEL-06: Alma's disarm misses, no botch: she keeps her knife."""
    t = duel(weapons=["couteau"])
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "disarm", "couteau"))
    events = t.resolve("alma", [2] * 5)
    assert events[1:] == [
        ev.AttackMissed(attacker="alma", target="bors"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_def_11__a_knife_parry_wounds_a_puncher_with_the_knifes_damage() -> None:
    """VTM-DEF-11 by the table's ``weapon_damage``: Bors parries Alma's punch with his
    knife: she takes the knife's normal damage, Strength 2 + 1, lethal."""
    t = duel(VtmOptions(parry_brawl_injures="weapon_damage"), melee=2, weapons=["couteau"])
    t.declare("bors", defend("parry", "alma"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [7, 2, 2, 2, 2] + [2, 2, 2] + [2, 2])
    assert events[2] == ev.DamageRolled(
        attacker="bors",
        target="alma",
        remaining=0,
        damage_type="lethal",
        pool=[m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-05", 1, "weapon")],
        difficulty=[m("VTM-DMG-03", 6, "damage")],
        roll=roll([2, 2, 2], 6, first=10, ones_cancel=False, tens_again=True),
        minimum=1,
        damage=1,
    )


def test_vtm_fire_14__aiming_at_another_target_starts_over() -> None:
    """VTM-FIRE-14: Alma aims at Bors one turn, at Cleo the next: one turn of aim."""
    t = Table()
    t.add("alma", sheet(firearms=2, weapons=["revolver"]))
    t.add("bors", sheet())
    t.add("cleo", sheet())
    for target in ("bors", "cleo"):
        t.start()
        for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
            t.initiative(cid, die)
        t.declare("bors", OTHER)
        t.declare("cleo", OTHER)
        t.declare("alma", Action(kind="aim", target=target, weapon="revolver"))
        aimed = t.resolve("alma", [])
        t.resolve("cleo", [])
        t.resolve("bors", [])
    assert aimed[0] == ev.AimTaken(combatant="alma", target="cleo", weapon="revolver", turns=1)


def test_vtm_atk_06__a_shot_at_a_helpless_target_spends_its_round() -> None:
    """VTM-ATK-06: no roll at a helpless Bors, the shot still spends a round (VTM-FIRE-13)."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="helpless", reason="ligoté"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "shoot", "revolver"))
    events = t.resolve("alma", [2] * 9)
    assert events[0].rounds == 1


# --- the tied ambush's braced defence ------------------------------------------------------


def braced(defence: str, **bors: Any) -> Table:
    """A tied ambush: Alma (Stealth 3, Melee 2, a knife) and Bors (mortal, Perception 2,
    Alertness 1, Brawl 1) who braced with ``defence``."""
    t = Table()
    t.add("alma", sheet(stealth=3, melee=2, weapons=["couteau"]))
    t.add("bors", sheet(**({"kind": "mortal", "perception": 2, "alertness": 1, "brawl": 1} | bors)))
    t.start()
    t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 2, 2, 2, 2, 2] + [7, 2, 2])
    t.send(c.Brace(combatant="bors", defence=defence))
    return t


def surprise_knife(t: Table, dice: list[int]) -> list[Any]:
    return t.send(c.SurpriseAttack(combatant="alma", attack=attack("bors", "strike", "couteau")), dice=dice)


def test_vtm_amb_03__a_braced_block_meets_the_knife_only_in_armour() -> None:
    """VTM-AMB-03 / VTM-DEF-07: bare, Bors's braced block does not answer Alma's knife; in
    light armour (rating 1) it does."""
    bare = surprise_knife(braced("block"), [2] * 5)
    assert [type(e) for e in bare] == [ev.AttackRolled, ev.AttackMissed]
    armoured = surprise_knife(braced("block", armour="vetements_renforces"), [2] * 5 + [2] * 4)
    assert armoured[1] == ev.DefenceRolled(
        defender="bors",
        attacker="alma",
        action=-1,
        defence="block",
        pool=[m("VTM-DEF-02", 3, "dexterity"), m("VTM-DEF-02", 1, "brawl")],
        difficulty=[m("VTM-DEF-03", 6, "block")],
        roll=roll([2] * 4, 6, first=5),
    )


def test_vtm_amb_03__a_braced_dodge_of_one_die_is_rolled() -> None:
    """VTM-AMB-03: Bors (Dex 1, no Dodge) dodges the surprise knife with his one die."""
    events = surprise_knife(braced("dodge", dexterity=1), [2] * 5 + [7])
    assert events[1].roll == roll([7], 6, first=5)


# --- damage with the table's readings ------------------------------------------------------


def test_vtm_hr_03__after_soak_the_floor_bounds_the_levels_not_the_damage_roll() -> None:
    """VTM-HR-03 with ``minimum_damage_stage=after_soak``: Alma's punch hits Bors (already
    hurt once) with two successes; the damage roll gets none and stays 0, nothing is
    soaked, and the floor of 1 is the level he takes."""
    t = duel(VtmOptions(minimum_damage_stage="after_soak"))
    t.send(c.AdjustHealth(combatant="bors", bashing=1, reason="chute"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [8, 8, 2, 2, 2] + [2, 2, 2] + [2, 2])
    assert events[1:] == [
        ev.DamageRolled(
            attacker="alma",
            target="bors",
            remaining=2,
            damage_type="bashing",
            pool=[m("VTM-DMG-02", 2, "strength"), m("VTM-ATK-08", 1, "extra successes")],
            difficulty=[m("VTM-DMG-03", 6, "damage")],
            roll=roll([2, 2, 2], 6, first=5, ones_cancel=False, tens_again=True),
            minimum=1,
            damage=0,
        ),
        ev.Soaked(
            target="bors",
            damage_type="bashing",
            pool=[
                m("VTM-DMG-04", 2, "stamina"),
                m("VTM-DMG-04", 0, "fortitude"),
                m("VTM-DMG-04", 0, "armour"),
            ],
            difficulty=6,
            roll=roll([2, 2], 6, first=8, ones_cancel=False),
            soaked=0,
        ),
        ev.Wounded(target="bors", damage_type="bashing", levels=1, health=Health(bashing=2)),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_dmg_09__armour_soaks_the_fire_the_gm_inflicts() -> None:
    """VTM-DMG-09 / VTM-DMG-05: the GM's lethal damage on Bors, a mortal in a kevlar vest:
    his armour alone soaks it (rating 3)."""
    t = duel(armour="gilet_kevlar")
    events = t.send(
        c.InflictDamage(combatant="bors", damage_type="lethal", dice=2, reason="incendie"),
        dice=[2, 2, 2, 2, 2],
    )
    assert events[1] == ev.Soaked(
        target="bors",
        damage_type="lethal",
        pool=[m("VTM-DMG-05", 3, "armour only")],
        difficulty=6,
        roll=roll([2, 2, 2], 6, first=2, ones_cancel=False),
        soaked=0,
    )


def strafer(options: VtmOptions | None = None) -> Table:
    t = Table(options)
    t.add("alma", sheet(firearms=2, weapons=["mitraillette"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare(
        "alma", Action(kind="attack", maneuver="shoot", target="bors", weapon="mitraillette", fire="strafe")
    )
    return t


def test_vtm_fire_06__a_lone_target_of_a_strafe_takes_half_of_two_damage_successes() -> None:
    """VTM-FIRE-06: two damage successes on the lone target, halved: one."""
    events = strafer().resolve("alma", [9, 9] + [2] * 13 + [9, 9, 2, 2, 2])
    assert (events[2].damage, events[2].halved) == (1, True)


def test_vtm_fire_06__halving_three_attack_successes_leaves_one() -> None:
    """VTM-FIRE-06 with ``strafe_alone_halves=attack``: three attack successes, halved
    rounded down: one."""
    events = strafer(VtmOptions(strafe_alone_halves="attack")).resolve(
        "alma", [9, 9, 9] + [2] * 12 + [9, 9, 9, 2]
    )
    assert events[2].remaining == 1 and events[2].pool == [m("VTM-MEL-05", 4, "weapon")]


# --- sweeps ----------------------------------------------------------------------------------


def test_vtm_mel_01__a_swept_target_who_keeps_its_feet_is_not_off_balance() -> None:
    """VTM-MEL-01: Bors, swept and hurt, keeps his feet: nothing more (off balance follows
    only a tackle, VTM-CPX-09)."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", athletics=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "sweep"))
    events = t.resolve("alma", [7, 2, 2, 2, 2] + [9, 9] + [2, 2] + [8, 2, 2, 2])
    assert events[-2:] == [
        ev.FootingRolled(
            combatant="bors",
            pool=[m("VTM-MEL-01", 3, "dexterity"), m("VTM-MEL-01", 1, "athletics")],
            difficulty=[m("VTM-MEL-01", 8, "keep one's feet")],
            roll=roll([8, 2, 2, 2], 8, first=9),
        ),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_mel_01__a_sweep_with_a_staff_rolls_melee_and_its_specialty() -> None:
    """VTM-MEL-01 / VTM-DICE-06: Alma sweeps with a bat: Dex + Melee, whose specialty
    re-rolls her 10."""
    t = Table()
    t.add("alma", sheet(melee=4, specialties=["melee:bâton"], weapons=["batte"]))
    t.add("bors", sheet(kind="mortal", dodge=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors", "sweep", "batte"))
    events = t.resolve("alma", [10, 2, 2, 2, 2, 2, 2, 2] + [8, 8, 8, 2])
    assert events[0].roll == roll([10, 2, 2, 2, 2, 2, 2, 2], 7, dice=7, tens_again=True)


def test_vtm_def_11__parrying_a_sweep_with_a_bat_is_no_brawl_attack_parried() -> None:
    """VTM-DEF-11: Alma's sweep with a bat is a Melee attack: Bors's knife parry that does
    not win asks the GM nothing."""
    t = Table()
    t.add("alma", sheet(melee=2, weapons=["batte"]))
    t.add("bors", sheet(kind="mortal", melee=1, weapons=["couteau"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", defend("parry", "alma"))
    t.declare("alma", attack("bors", "sweep", "batte"))
    events = t.resolve("alma", [8, 2, 2, 2, 2] + [2, 2, 2, 2] + [2, 2, 2, 2] + [2, 2] + [2, 2, 2])
    assert [type(e) for e in events] == [
        ev.AttackRolled,
        ev.DefenceRolled,
        ev.DamageRolled,
        ev.Soaked,
        ev.Wounded,
        ev.FootingRolled,
        ev.ConditionChanged,
        ev.ActionEnded,
    ]


def test_vtm_amb_03__a_braced_block_meets_a_punch_but_not_when_blinded() -> None:
    """VTM-AMB-03 / VTM-DEF-07: Bors's braced block answers Alma's surprise punch (bashing);
    VTM-DEF-08: blinded, his block is of no use even in armour against the knife (which
    gains two dice against him, VTM-CPX-04)."""
    t = braced("block")
    events = t.send(c.SurpriseAttack(combatant="alma", attack=attack("bors")), dice=[2] * 3 + [2] * 4)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.DefenceRolled, ev.AttackMissed]
    blind = braced("block", armour="vetements_renforces")
    blind.send(c.SetCondition(combatant="bors", condition="blinded", reason="farine"))
    events = surprise_knife(blind, [2] * 7)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed]
