"""The turn's handlers through ``decide``: opening a turn, initiative, getting up,
placing a target by ear, declarations, delaying and abstaining, with the exact events
and refusals (VTM-INIT, VTM-CPX-02, VTM-GEN-05, VTM-ACT-04, VTM-ACT-08, VTM-MOVE-01)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Movement
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

NO_DIE = "the penalties leave no die to roll"


def duel(options: VtmOptions | None = None) -> Table:
    """Alma (Dex 3, Wits 2, Brawl 2) and Bors (Dex 3, Athletics 0), initiative rolled:
    Alma 14, Bors 6."""
    t = Table(options)
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def refusal(t: Table, command: object, dice: list[int] | None = None) -> tuple[str, str]:
    refused = t.refuse(command, dice)
    return refused.rule, refused.message


def test_vtm_init_02__no_new_turn_while_actions_wait() -> None:
    """VTM-INIT-02: the turn is over only once every declared action is resolved."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert refusal(t, c.StartRound()) == ("VTM-INIT-02", "this turn still has actions to resolve")


def test_vtm_init_02__one_who_joined_the_fight_rolls_initiative_even_when_it_is_kept() -> None:
    """VTM-INIT-02 with ``initiative_each_turn=False``: Cleo joins after the first turn
    without an initiative: the next turn does not keep the scores."""
    t = duel(VtmOptions(initiative_each_turn=False))
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    t.add("cleo", sheet())
    assert t.start() == [ev.RoundStarted(round=2, combatants=["alma", "bors", "cleo"], keep_initiative=False)]


def test_vtm_init_01__initiative_once_and_only_while_it_is_rolled() -> None:
    """VTM-INIT-01: a second roll, or a roll during the declarations, is refused."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    assert refusal(t, c.RollInitiative(combatant="alma"), [5]) == (
        "VTM-INIT-01",
        "alma already rolled initiative",
    )
    t.initiative("bors", 1)
    assert refusal(t, c.RollInitiative(combatant="alma"), [5]) == (
        "VTM-INIT-01",
        "initiative is not being rolled",
    )


def test_vtm_init_01__a_one_on_the_initiative_die_is_just_one() -> None:
    """VTM-INIT-01 / VTM-DICE-10: the die is read as its face, a 1 cancels nothing and
    botches nothing; VTM-INIT-08: by default the wounds do not slow initiative."""
    t = Table()
    t.add("alma", sheet())
    t.start()
    t.send(c.AdjustHealth(combatant="alma", bashing=3, reason="chute"))
    assert t.initiative("alma", 1) == [
        ev.InitiativeRolled(
            combatant="alma",
            roll=roll([1], 10, ones_cancel=False),
            rating=[m("VTM-INIT-01", 3, "dexterity"), m("VTM-INIT-01", 2, "wits")],
            score=6,
        )
    ]


def fallen() -> Table:
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="il a glissé"))
    return t


def test_vtm_cpx_02__no_recovery_roll_without_a_fall_nor_after_a_failed_one() -> None:
    """VTM-CPX-02: Alma is standing; Bors fell, failed his roll: no second try."""
    t = fallen()
    assert refusal(t, c.Recover(combatant="alma")) == ("VTM-CPX-02", "alma has no fall to recover from")
    t.send(c.Recover(combatant="bors"), dice=[2, 2, 2])
    assert refusal(t, c.Recover(combatant="bors")) == ("VTM-CPX-02", "bors has no fall to recover from")


def test_vtm_act_04__getting_up_with_no_die_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 leaves Bors no die to get up with."""
    t = fallen()
    t.send(c.AdjustRoll(combatant="bors", dice=-9, reason="sonné"))
    assert refusal(t, c.Recover(combatant="bors")) == ("VTM-ACT-04", f"getting up: {NO_DIE}")


def test_vtm_cpx_02__the_failed_recovery_binds_the_next_declaration() -> None:
    """VTM-CPX-02: after a failed roll Bors's next action is getting up."""
    t = fallen()
    t.send(c.Recover(combatant="bors"), dice=[2, 2, 2])
    assert refusal(t, c.DeclareActions(combatant="bors", actions=[attack("alma")])) == (
        "VTM-CPX-02",
        "bors failed to get up at once: the next action is getting up",
    )


def test_vtm_gen_05__placing_a_target_by_ear_once_a_turn_and_only_blind() -> None:
    """VTM-GEN-05: Alma sees: nothing to place; blinded, she tries once this turn, with
    no specialty (her 10 is one success, not re-rolled)."""
    t = duel()
    assert refusal(t, c.SenseBlind(combatant="alma")) == ("VTM-GEN-05", "alma can see")
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
    events = t.send(c.SenseBlind(combatant="alma"), dice=[10])
    assert events == [
        ev.BlindSenseRolled(
            combatant="alma",
            pool=[m("VTM-GEN-05", 1, "perception"), m("VTM-GEN-05", 0, "alertness")],
            difficulty=[m("VTM-GEN-05", 8, "place the target by ear")],
            roll=roll([10], 8),
        )
    ]
    assert refusal(t, c.SenseBlind(combatant="alma")) == ("VTM-GEN-05", "one try a turn")


def test_vtm_act_04__placing_by_ear_with_no_die_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 leaves blind Alma no die to listen with."""
    t = duel()
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="vacarme"))
    assert refusal(t, c.SenseBlind(combatant="alma")) == (
        "VTM-ACT-04",
        f"placing the target by ear: {NO_DIE}",
    )


def test_vtm_act_04__a_declared_action_with_no_die_is_refused_by_its_place() -> None:
    """VTM-ACT-04: the GM's -9 leaves Alma's first action no die: refused at once."""
    t = duel()
    t.declare("bors", OTHER)
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="entravée"))
    command = c.DeclareActions(combatant="alma", actions=[attack("bors")])
    assert refusal(t, command) == ("VTM-ACT-04", f"action 1: {NO_DIE}")


def test_vtm_move_01__one_moves_toward_another() -> None:
    """VTM-MOVE-01: a move toward oneself is refused."""
    t = duel()
    t.declare("bors", OTHER)
    move = Movement(pace="walk", metres=2, toward="alma")
    command = c.DeclareActions(combatant="alma", actions=[OTHER], move=move)
    assert refusal(t, command) == ("VTM-MOVE-01", "one moves toward another combatant")


def consecutive() -> Table:
    """With ``multi_action_scheduling=consecutive``: Bors (faster) one action, Alma two,
    Cleo (slowest) one."""
    t = Table(VtmOptions(multi_action_scheduling="consecutive"))
    t.add("alma", sheet(dexterity=4))
    t.add("bors", sheet())
    t.add("cleo", sheet())
    t.start()
    t.initiative("alma", 5)
    t.initiative("bors", 9)
    t.initiative("cleo", 1)
    t.declare("cleo", OTHER)
    t.declare("alma", OTHER, OTHER)
    t.declare("bors", OTHER)
    return t


def test_vtm_act_03__acting_in_a_row_one_waits_for_someone_after_its_second_action() -> None:
    """VTM-ACT-03 with ``consecutive``, VTM-INIT-05: after her first action Alma still acts
    before Cleo, and may wait for her."""
    t = consecutive()
    t.resolve("bors", [])
    t.resolve("alma", [])
    assert t.send(c.Delay(combatant="alma", after="cleo")) == [ev.Delayed(combatant="alma", after="cleo")]


def test_vtm_act_08__acting_in_a_row_when_all_left_abstain_the_turn_passes() -> None:
    """VTM-ACT-08 with ``consecutive``: Bors (faster, one action) abstained; Alma, after her
    first action, abstains too: nobody acts, both slots are given up."""
    t = Table(VtmOptions(multi_action_scheduling="consecutive"))
    t.add("alma", sheet(dexterity=4))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 5)
    t.initiative("bors", 9)
    t.declare("alma", OTHER, OTHER)
    t.declare("bors", OTHER)
    t.send(c.Abstain(combatant="bors"))
    t.resolve("alma", [])
    assert t.send(c.Abstain(combatant="alma")) == [
        ev.Abstained(combatant="alma"),
        ev.TurnPassed(combatants=["alma", "bors"]),
    ]


def test_vtm_init_02__the_first_turn_keeps_no_initiative_even_at_an_empty_table() -> None:
    """VTM-INIT-02 with ``initiative_each_turn=False``: the first turn has no score to keep,
    even before anyone sits at the table."""
    t = Table(VtmOptions(initiative_each_turn=False))
    assert t.start() == [ev.RoundStarted(round=1, combatants=[], keep_initiative=False)]


def test_vtm_def_13__a_desperate_defence_is_not_charged_for_multiple_actions_at_declaration() -> None:
    """VTM-DEF-13: Alma (Dex 2, Dodge 1) dodges all turn: three dodges would leave no die
    as multiple actions (VTM-ACT-02), but a desperate defence pays none: declared."""
    t = Table()
    t.add("alma", sheet(dexterity=2, dodge=1))
    t.add("bors", sheet(brawl=2))
    t.start()
    t.initiative("alma", 1)
    t.initiative("bors", 9)
    dodge = defend("dodge")
    assert t.send(c.DeclareActions(combatant="alma", actions=[dodge, dodge, dodge], desperate=True)) == [
        ev.ActionsDeclared(combatant="alma", actions=[dodge, dodge, dodge], desperate=True)
    ]


def test_vtm_init_08__getting_up_at_once_two_turns_running_costs_two_each_turn_only() -> None:
    """VTM-INIT-08 with ``initiative_each_turn=False``: Bors (kept score 10) gets up at once
    in turn 1 and again in turn 2: each next turn he acts at 8, two less than his score,
    not two less again."""
    t = Table(VtmOptions(initiative_each_turn=False))
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", dexterity=3, wits=3))
    t.start()
    t.initiative("alma", 5)
    t.initiative("bors", 4)
    # turn 1: both at 10, Bors first on the tie (VTM-INIT-07); turn 2: Bors at 8, after Alma
    for slower, faster in (("alma", "bors"), ("bors", "alma")):
        t.send(c.SetCondition(combatant="bors", condition="knocked_down", reason="il a glissé"))
        t.send(c.Recover(combatant="bors"), dice=[7, 2, 2])
        t.declare(slower, OTHER)
        t.declare(faster, OTHER)
        t.resolve(faster, [])
        t.resolve(slower, [])
        events = t.start()
    assert events == [
        ev.RoundStarted(round=3, combatants=["alma", "bors"], keep_initiative=True),
        ev.InitiativeSlowed(combatant="bors", lost=2, score=8),
    ]
