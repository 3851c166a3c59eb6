"""What an attack rolls and what it does, through ``decide``: the pool, the difficulty
and the damage dice of each maneuver, the situation (side, opponents, conditions, the
Storyteller's complications), and the damage it leaves (VTM-ATK, VTM-MEL, VTM-GEN,
VTM-CPX, VTM-DMG)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Complication
from tests.systems.vtm.conftest import OTHER, Table, attack, m, sheet

ATTACK = m("VTM-ATK-05", 6, "attack")
STRENGTH = m("VTM-DMG-02", 2, "strength")


def duel(options: VtmOptions | None = None, alma: Any = None, bors: Any = None) -> Table:
    """Alma (Dex 3, Brawl 2, Melee 3, a knife) is faster than Bors (a mortal with a knife);
    initiative is rolled."""
    t = Table(options)
    t.add("alma", alma or sheet(brawl=2, melee=3, weapons=["couteau"]))
    t.add("bors", bors or sheet(kind="mortal", weapons=["couteau"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def strike(t: Table, action: Action, faces: list[int]) -> list[Any]:
    """Bors does nothing; Alma makes ``action`` with ``faces``."""
    t.declare("bors", OTHER)
    t.declare("alma", action)
    return t.resolve("alma", faces)


def test_vtm_mel_01__a_sweep_with_a_weapon_is_dex_melee_and_adds_the_weapon() -> None:
    """VTM-MEL-01: a sweep with a staff, a chain or any weapon is Dex + Mêlée at +1; its
    damage is Strength and the weapon's dice, bashing."""
    events = strike(duel(), attack("bors", "sweep", "couteau"), [9] + [2] * 13)
    assert events[0].pool == [m("VTM-MEL-01", 3, "dexterity"), m("VTM-MEL-01", 3, "melee")]
    assert events[0].difficulty == [ATTACK, m("VTM-MEL-01", 1, "sweep")]
    assert events[1].pool == [STRENGTH, m("VTM-MEL-01", 1, "weapon")]
    assert events[1].damage_type == "bashing"


def test_vtm_mel_04__claws_add_a_die_of_their_own_damage() -> None:
    """VTM-MEL-04: claws are Strength + 1 of the damage their source gives (aggravated here)."""
    t = duel(alma=sheet(brawl=2, claws="aggravated"))
    events = strike(t, attack("bors", "claws"), [9] + [2] * 7)
    assert events[1].pool == [STRENGTH, m("VTM-MEL-04", 1, "claws")]
    assert events[1].damage_type == "aggravated"


def test_vtm_mel_08_06__a_hold_and_a_bare_handed_disarm_are_bashing() -> None:
    """VTM-MEL-08: a hold does no damage (its roll says bashing); VTM-MEL-06: a disarm with
    bare hands does Strength, bashing."""
    hold = strike(duel(), attack("bors", "hold"), [2] * 4)
    assert hold[0].damage_type == "bashing"
    disarm = strike(duel(), attack("bors", "disarm"), [9] + [2] * 9)
    assert disarm[0].damage_type == "bashing"
    assert disarm[1].pool == [STRENGTH]
    assert disarm[1].damage_type == "bashing"


def test_vtm_atk_08__by_the_table_s_reading_every_success_adds_damage() -> None:
    """VTM-ATK-08 with ``extra_successes=all``: three successes add three damage dice."""
    t = duel(VtmOptions(extra_successes="all"))
    events = strike(t, attack("bors"), [9, 9, 9, 2, 2] + [2] * 7)
    assert events[1].pool == [STRENGTH, m("VTM-ATK-08", 3, "extra successes")]


def test_vtm_gen_01__from_the_flank_one_more_die() -> None:
    """VTM-GEN-01: from the flank, one more attack die."""
    flank = Action(kind="attack", maneuver="punch", target="bors", side="flank")
    events = strike(duel(), flank, [2] * 6)
    assert events[0].pool[-1] == m("VTM-GEN-01", 1, "flank")


def crowd(*attackers: str) -> Table:
    """Alma, fastest, and the slower ``attackers``, each declaring a punch at her."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    for cid in attackers:
        t.add(cid, sheet(kind="mortal", brawl=1))
    t.start()
    t.initiative("alma", 9)
    for cid in attackers:
        t.initiative(cid, 1)
    for cid in sorted(attackers, reverse=True):  # equal scores: the name decides, slowest first
        t.declare(cid, attack("alma"))
    return t


def test_vtm_mel_11__two_close_opponents_add_one_six_add_at_most_four() -> None:
    """VTM-MEL-11: each close opponent after the first adds 1 to the difficulty, at most 4."""
    t = crowd("bors", "cleo")
    t.declare("alma", attack("bors"))
    assert t.resolve("alma", [2] * 5)[0].difficulty == [ATTACK, m("VTM-MEL-11", 1, "2 opponents")]
    t = crowd(*(f"foe{i}" for i in range(6)))
    t.declare("alma", attack("foe0"))
    assert t.resolve("alma", [2] * 5)[0].difficulty == [ATTACK, m("VTM-MEL-11", 4, "6 opponents")]


def test_vtm_mel_11__only_close_attacks_at_her_engage_her() -> None:
    """VTM-MEL-11: Bors punching Cleo does not engage Alma; Cleo punching her alone does,
    and one opponent adds nothing."""
    t = Table()
    for cid in ("alma", "bors", "cleo"):
        t.add(cid, sheet(brawl=1))
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", attack("cleo"))
    t.declare("cleo", attack("alma"))
    t.declare("alma", attack("bors"))
    assert t.resolve("alma", [2] * 4)[0].difficulty == [ATTACK]


def test_vtm_cpx_03_04_06__each_condition_of_the_target_adds_its_dice() -> None:
    """VTM-CPX-03 down +1, VTM-CPX-04 blinded +2, VTM-CPX-06 immobilized +2: all three at once."""
    t = duel()
    for condition in ("knocked_down", "blinded", "immobilized"):
        t.send(c.SetCondition(combatant="bors", condition=condition, reason="ligoté au sol"))
    events = strike(t, attack("bors"), [2] * 10)
    assert events[0].pool == [
        m("VTM-ATK-01", 3, "dexterity"),
        m("VTM-ATK-01", 2, "brawl"),
        m("VTM-CPX-03", 1, "target down"),
        m("VTM-CPX-04", 2, "target blinded"),
        m("VTM-CPX-06", 2, "target immobilized"),
    ]


def test_vtm_cpx_04_09__blinded_and_off_balance_add_up_on_one_s_own_rolls() -> None:
    """VTM-CPX-04: blinded, +2; VTM-CPX-09: off balance, +1 more."""
    t = duel()
    for condition in ("blinded", "off_balance"):
        t.send(c.SetCondition(combatant="alma", condition=condition, reason="sonnée"))
    rolled = t.send(c.RollTest(combatant="alma", attribute="wits"), dice=[2, 2])
    assert rolled[0].difficulty == [
        m("VTM-DICE-02", 6, "test"),
        m("VTM-CPX-04", 2, "blinded"),
        m("VTM-CPX-09", 1, "off balance"),
    ]


def test_vtm_cpx_10__every_complication_of_the_storyteller_counts() -> None:
    """VTM-CPX-10: smoke (-1 die, +1) and mud (-2 dice) both weigh on Alma's test; on
    Bors, they give his attackers one and two dice."""
    rows = {
        "fumee": Complication(dice=-1, difficulty=1, attackers_dice=1),
        "boue": Complication(dice=-2, attackers_dice=2),
    }
    t = duel(VtmOptions(complications=rows))
    for cid in ("alma", "bors"):
        for name in ("fumee", "boue"):
            t.send(c.SetComplication(combatant=cid, name=name, reason="la ruelle"))
    rolled = t.send(c.RollTest(combatant="alma", attribute="dexterity", ability="melee"), dice=[2] * 3)
    assert rolled[0].pool == [
        m("VTM-DICE-01", 3, "dexterity"),
        m("VTM-DICE-01", 3, "melee"),
        m("VTM-CPX-10", -1, "fumee"),
        m("VTM-CPX-10", -2, "boue"),
    ]
    assert rolled[0].difficulty == [m("VTM-DICE-02", 6, "test"), m("VTM-CPX-10", 1, "fumee")]
    events = strike(t, attack("bors"), [2] * 5)
    assert events[0].pool[2:4] == [m("VTM-CPX-10", 1, "fumee"), m("VTM-CPX-10", 2, "boue")]


def test_vtm_cpx_07__an_unconscious_target_is_hit_without_a_roll() -> None:
    """VTM-CPX-07 / VTM-ATK-06: Bors, incapacitated, is hit without a roll."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="incapacitated", reason="assommé"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 9)
    assert isinstance(events[0], ev.AttackLanded)


def test_vtm_cpx_07__a_helpless_target_s_damage_gains_the_attack_dice_if_any() -> None:
    """VTM-CPX-07: the attack's one die joins the damage; an attack of no die (attempted by
    the table's ``zero_pool_means_no_action=false``) adds none."""
    t = duel(alma=sheet(dexterity=1))
    t.send(c.SetCondition(combatant="bors", condition="helpless", reason="ligoté"))
    events = strike(t, attack("bors"), [2] * 5)
    assert events[1].pool == [STRENGTH, m("VTM-CPX-07", 1, "helpless target")]
    t = duel(VtmOptions(zero_pool_means_no_action=False), alma=sheet(dexterity=2))
    t.send(c.SetCondition(combatant="bors", condition="helpless", reason="ligoté"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"), OTHER)
    events = t.resolve("alma", [2] * 4)
    assert events[1].pool == [STRENGTH]


def test_vtm_gen_05__in_total_darkness_one_places_the_target_by_ear() -> None:
    """VTM-GEN-05: total darkness is as good as blindness: Alma may try to place Bors by ear."""
    t = duel()
    t.send(c.SetCondition(combatant="alma", condition="darkness", reason="panne de courant"))
    rolled = t.send(c.SenseBlind(combatant="alma"), dice=[2])
    assert isinstance(rolled[0], ev.BlindSenseRolled)


def test_vtm_mel_14__a_long_blade_need_not_close_in_a_metre_is_not_close_enough() -> None:
    """VTM-MEL-14: Alma's sword is as long as Bors's bat: no die lost; bare-handed at 1 m
    from the bat she still closes in (within a metre means under one)."""
    t = duel(alma=sheet(melee=3, weapons=["epee"]), bors=sheet(kind="mortal", weapons=["batte"]))
    assert strike(t, attack("bors", "strike", "epee"), [2] * 6)[0].pool == [
        m("VTM-ATK-02", 3, "dexterity"),
        m("VTM-ATK-02", 3, "melee"),
    ]
    t = duel(bors=sheet(kind="mortal", weapons=["batte"]))
    t.send(c.SetDistance(combatant="alma", other="bors", metres=1, reason="à bout de bras"))
    assert strike(t, attack("bors"), [2] * 4)[0].pool[-1] == m("VTM-MEL-14", -1, "closing in")


def test_vtm_cpx_08__three_levels_of_a_stake_in_the_heart_paralyse() -> None:
    """VTM-CPX-08: a stake aimed at Bors's heart (the precise part) that leaves exactly three
    lethal levels after soak stakes him."""
    t = duel(alma=sheet(melee=3, weapons=["pieu"]), bors=sheet(kind="vampire"))
    heart = Action(kind="attack", maneuver="strike", target="bors", weapon="pieu", aim="precise")
    events = strike(t, heart, [9, 9, 2, 2, 2, 2] + [9, 9, 9, 2, 2, 2] + [2, 2])
    assert events[3].levels == 3
    assert events[4] == ev.ConditionChanged(combatant="bors", condition="staked", on=True, rule="VTM-CPX-08")
