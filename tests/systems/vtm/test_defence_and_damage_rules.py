"""Room to dodge, dodging shots, damage from no attack, getting up after a fall, initiative
modifiers, vehicles and the Storyteller's tests, through ``decide`` (VTM-DEF-08/09,
VTM-DMG-09, VTM-CPX-02, VTM-INIT-08, VTM-ACT-06, VTM-DICE-03/04)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet


def duel() -> Table:
    """Alma (vampire: Brawl 2, a revolver, Firearms 2) acts before Bors (mortal: Dodge 2,
    Brawl 2, Melee 2, a knife)."""
    t = Table()
    t.add("alma", sheet(brawl=2, firearms=2, weapons=["revolver"]))
    t.add("bors", sheet(kind="mortal", dodge=2, brawl=2, melee=2, weapons=["couteau"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_def_08__no_dodge_without_room() -> None:
    """VTM-DEF-08: in a narrow corridor (``cramped``) a dodge is refused; a block still
    answers."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="cramped", reason="couloir étroit"))
    assert t.refuse(c.DeclareActions(combatant="bors", actions=[defend("dodge")])).rule == "VTM-DEF-08"
    t.declare("bors", defend("block", "alma"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert isinstance(events[1], ev.DefenceRolled) and events[1].defence == "block"


def test_vtm_def_08__a_dodge_declared_before_the_corridor_is_not_rolled() -> None:
    """VTM-DEF-08: a dodge declared, then the GM rules there is no room: not rolled."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    t.send(c.SetCondition(combatant="bors", condition="cramped", reason="acculé"))
    events = t.resolve("alma", [2] * 5)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_08__a_blinded_defender_cannot_block_or_parry() -> None:
    """VTM-DEF-08: a block or a parry is no use to one who cannot tell where the blow comes
    from: blinded, Bors's block is not rolled."""
    t = duel()
    t.declare("bors", defend("block", "alma"))
    t.declare("alma", attack("bors"))
    t.send(c.SetCondition(combatant="bors", condition="blinded", reason="poudre aux yeux"))
    events = t.resolve("alma", [2] * 7)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_09__dodging_a_shot_drops_one_into_light_cover() -> None:
    """VTM-DEF-09: dodging a shot means diving prone: light cover for the shots after."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors", "shoot", "revolver"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert events[2] == ev.CoverChanged(combatant="bors", cover="light", reason="", rule="VTM-DEF-09")
    assert t.state.fighters["bors"].cover == "light"


def test_vtm_def_09__dodging_a_punch_moves_no_one() -> None:
    """VTM-DEF-09: a dodge against a close attack changes no cover."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert not any(isinstance(e, ev.CoverChanged) for e in events)


def test_vtm_dmg_09__the_gm_sets_the_soak_difficulty_of_sun_or_fire() -> None:
    """VTM-DMG-09: fire does 3 aggravated dice; Alma soaks with Fortitude alone (VTM-DMG-08)
    at the difficulty the GM rules (9 for a whole body in flames); no attack, no floor."""
    t = Table()
    t.add("alma", sheet(fortitude=2))
    t.start()
    assert t.refuse(c.InflictDamage(combatant="alma", damage_type="aggravated", dice=3, reason=" ")).rule == (
        "vtm.reason"
    )
    events = t.send(
        c.InflictDamage(
            combatant="alma", damage_type="aggravated", dice=3, soak_difficulty=9, reason="incendie"
        ),
        dice=[2, 2, 2] + [9, 8],
    )
    assert events == [
        ev.DamageRolled(
            attacker="",
            target="alma",
            remaining=0,
            damage_type="aggravated",
            pool=[m("VTM-DMG-09", 3, "incendie")],
            difficulty=[m("VTM-DMG-03", 6, "damage")],
            roll=roll([2, 2, 2], 6, ones_cancel=False, tens_again=True),
            minimum=0,
            damage=0,
        ),
        ev.Soaked(
            target="alma",
            damage_type="aggravated",
            pool=[m("VTM-DMG-08", 2, "fortitude")],
            difficulty=9,
            roll=roll([9, 8], 9, first=3, ones_cancel=False),
            soaked=1,
        ),
        ev.Wounded(target="alma", damage_type="aggravated", levels=0, health=Health()),
    ]
    events = t.send(
        c.InflictDamage(
            combatant="alma", damage_type="aggravated", dice=2, soak_difficulty=9, reason="soleil"
        ),
        dice=[7, 7] + [2, 2],
    )
    assert events[-1] == ev.Wounded(
        target="alma", damage_type="aggravated", levels=2, health=Health(aggravated=2)
    )
    assert OTHER.kind == "other"


def fallen() -> Table:
    """Bors (Dex 3, Athlétisme 1) is down at the start of a turn."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="il a glissé"))
    return t


RECOVERY_POOL = [m("VTM-CPX-02", 3, "dexterity"), m("VTM-CPX-02", 0, "athletics")]


def test_vtm_cpx_02__a_successful_recovery_stands_at_once_and_costs_two_initiative() -> None:
    """VTM-CPX-02: Dex + Athlétisme at 6 (the seed gives none): up at once; VTM-INIT-08: his
    next initiative is two less; a second recovery roll is refused."""
    t = fallen()
    events = t.send(c.Recover(combatant="bors"), dice=[7, 2, 2])
    assert events == [
        ev.RecoveryRolled(
            combatant="bors",
            pool=RECOVERY_POOL,
            difficulty=[m("VTM-CPX-02", 6, "get up")],
            roll=roll([7, 2, 2], 6),
        ),
        ev.ConditionChanged(combatant="bors", condition="knocked_down", on=False, rule="VTM-CPX-02"),
    ]
    assert t.refuse(c.Recover(combatant="bors")).rule == "VTM-CPX-02"
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    t.start()
    events = t.send(c.RollInitiative(combatant="bors"), dice=[5])
    assert events[0].rating[-1] == m("VTM-INIT-08", -2, "got up at once")
    assert events[0].score == 5 + 3 + 2 - 2
    assert t.send(c.RollInitiative(combatant="alma"), dice=[5])[0].score == 10


def test_vtm_init_08__with_initiative_kept_getting_up_at_once_still_costs_two_that_turn() -> None:
    """VTM-INIT-08 with ``initiative_each_turn=False`` (VTM-INIT-02 read literally): no roll
    next turn, yet one who got up at once (VTM-CPX-02) acts two later that turn only, then
    keeps his first score again."""
    t = Table(VtmOptions(initiative_each_turn=False))
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", dexterity=3, wits=3))
    t.start()
    t.initiative("alma", 5)  # 5 + 3 + 2 = 10
    t.initiative("bors", 4)  # 4 + 3 + 3 = 10: Bors first on the tie (VTM-INIT-07)
    t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="il a glissé"))
    t.send(c.Recover(combatant="bors"), dice=[7, 2, 2])
    t.declare("alma", OTHER)
    t.declare("bors", OTHER)
    t.resolve("bors", [])
    t.resolve("alma", [])
    assert t.start() == [
        ev.RoundStarted(round=2, combatants=["alma", "bors"], keep_initiative=True),
        ev.InitiativeSlowed(combatant="bors", lost=2, score=8),
    ]
    assert t.state.fighters["bors"].initiative == 8
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[OTHER])).rule == "VTM-INIT-03"
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert t.refuse(c.ResolveAction(combatant="bors")).rule == "VTM-INIT-04"
    t.resolve("alma", [])
    t.resolve("bors", [])
    assert t.start() == [ev.RoundStarted(round=3, combatants=["alma", "bors"], keep_initiative=True)]
    assert t.state.fighters["bors"].initiative == 10


def test_vtm_cpx_02__a_failed_recovery_spends_the_next_action_getting_up_and_a_botch_hurts() -> None:
    """VTM-CPX-02: a failure binds the next action to getting up; a botch adds a bashing
    level, neither soaked nor halved."""
    t = fallen()
    events = t.send(c.Recover(combatant="bors"), dice=[1, 2, 2])
    assert events[1] == ev.Wounded(target="bors", damage_type="bashing", levels=1, health=Health(bashing=1))
    refused = t.refuse(c.DeclareActions(combatant="bors", actions=[attack("alma")]))
    assert refused.rule == "VTM-CPX-02"
    t.declare("bors", Action(kind="stand"))


def test_vtm_init_08__the_wound_penalty_slows_initiative_by_the_tables_option() -> None:
    """VTM-INIT-08 (outside the seed): with ``wounds_slow_initiative`` the wound penalty
    comes off initiative."""
    t = Table(VtmOptions(wounds_slow_initiative=True))
    t.add("alma", sheet())
    t.start()
    t.send(c.AdjustHealth(combatant="alma", lethal=3, reason="blessée"))
    events = t.send(c.RollInitiative(combatant="alma"), dice=[5])
    assert events[0].rating[-1] == m("VTM-INIT-08", -1, "Blessé")
    assert events[0].score == 5 + 3 + 2 - 1


def test_vtm_act_06__starting_a_vehicle_takes_an_action_and_no_roll() -> None:
    """VTM-ACT-06: « Démarrer un véhicule » — no test, one action."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="vehicle"))
    assert t.resolve("alma", []) == [
        ev.VehicleStarted(combatant="alma"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_dice_03_04__a_hidden_test_with_a_threshold_is_the_storytellers_alone() -> None:
    """VTM-DICE-03: the Storyteller rolls Bors's Perception + Vigilance in secret: only the
    GM's audience gets it; VTM-DICE-04: two successes against a threshold of 3 fail by 1."""
    t = Table()
    t.add("alma", sheet(), player="ann")
    t.add("bors", sheet(kind="mortal", perception=3, alertness=2))
    test = c.RollTest(combatant="bors", attribute="perception", ability="alertness", threshold=3, hidden=True)
    assert t.refuse(test, as_="ann").rule != ""
    emitted = t.emitted(test, dice=[8, 7, 2, 2, 2])
    assert emitted[0].audience == "gm"
    assert emitted[0].event == ev.TestRolled(
        combatant="bors",
        pool=[m("VTM-DICE-01", 3, "perception"), m("VTM-DICE-01", 2, "alertness")],
        difficulty=[m("VTM-DICE-02", 6, "test")],
        threshold=3,
        roll=roll([8, 7, 2, 2, 2], 6),
        passed=False,
        margin=-1,
        hidden=True,
    )
    shown = t.emitted(c.RollTest(combatant="bors", attribute="perception", difficulty=7), dice=[8, 2, 2])
    assert shown[0].audience == "all" and shown[0].event.passed
    assert t.refuse(c.RollTest(combatant="bors", attribute="brawl")).rule == "vtm.trait-unknown"
