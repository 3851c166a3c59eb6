"""The turn through ``decide``: initiative, declarations slowest first, resolution
fastest first in passes, multiple actions, abstaining (VTM-INIT, VTM-ACT)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, options_for, roll, sheet


def three() -> Table:
    t = Table()
    t.add("alma", sheet(brawl=3))
    t.add("bors", sheet(brawl=3))
    t.add("cleo", sheet(brawl=3))
    t.start()
    return t


def test_vtm_init_01__initiative_is_one_d10_plus_dexterity_plus_wits() -> None:
    """VTM-INIT-01 / VTM-DICE-10: the die's face is added to Dex 3 + Wits 2."""
    t = three()
    assert t.initiative("alma", 7) == [
        ev.InitiativeRolled(
            combatant="alma",
            roll=roll([7], 10, ones_cancel=False),
            rating=[m("VTM-INIT-01", 3, "dexterity"), m("VTM-INIT-01", 2, "wits")],
            score=12,
        )
    ]
    assert t.refuse(c.RollInitiative(combatant="alma"), dice=[5]).rule == "VTM-INIT-01"


def test_vtm_init_03__the_slowest_declares_first() -> None:
    """VTM-INIT-03: Cleo (lowest) declares, then Bors, then Alma; anyone else is refused."""
    t = three()
    t.initiative("alma", 9)
    t.initiative("bors", 5)
    t.initiative("cleo", 2)
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[OTHER])).rule == "VTM-INIT-03"
    assert options_for(t.timeline.head, "cleo") == ["vtm.DeclareActions"]
    t.declare("cleo", OTHER)
    assert t.refuse(c.DeclareActions(combatant="alma", actions=[OTHER])).rule == "VTM-INIT-03"
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert t.state.phase == "resolution"


def test_vtm_init_04__actions_resolve_from_the_highest_initiative_down() -> None:
    """VTM-INIT-04: Alma (14) acts first; Bors may not resolve before her."""
    t = three()
    t.initiative("alma", 9)
    t.initiative("bors", 5)
    t.initiative("cleo", 2)
    for cid in ("cleo", "bors", "alma"):
        t.declare(cid, OTHER)
    assert t.refuse(c.ResolveAction(combatant="bors")).rule == "VTM-INIT-04"
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=0)]
    t.resolve("bors", [])
    t.resolve("cleo", [])
    assert t.refuse(c.ResolveAction(combatant="cleo")).rule == "VTM-INIT-04"


def test_vtm_init_07__a_tie_goes_to_the_higher_dex_plus_wits() -> None:
    """VTM-INIT-07: Bors and Alma both score 12; Bors's Dex + Wits 7 beats Alma's 5, so
    Alma declares first and Bors acts first."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet(dexterity=4, wits=3))
    t.start()
    t.initiative("alma", 7)
    t.initiative("bors", 5)
    assert options_for(t.timeline.head, "alma") == ["vtm.DeclareActions"]
    t.declare("alma", OTHER)
    t.declare("bors", OTHER)
    assert options_for(t.timeline.head, "bors")[0] == "vtm.ResolveAction"


def test_vtm_init_06__a_defence_answers_a_faster_attacker_whatever_the_order() -> None:
    """VTM-INIT-06: Cleo, the slowest, dodges Alma's attack when Alma acts first."""
    t = three()
    t.initiative("alma", 9)
    t.initiative("bors", 5)
    t.initiative("cleo", 2)
    t.declare("cleo", defend("dodge"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("cleo"))
    events = t.resolve("alma", [2] * 6 + [2] * 3)
    assert isinstance(events[1], ev.DefenceRolled) and events[1].defender == "cleo"


def test_vtm_act_02__n_actions_cost_n_dice_then_one_more_each() -> None:
    """VTM-ACT-02: Alma's three actions: the first loses 3 dice, the second 4, and a
    defence among them pays its place too (VTM-ACT-10)."""
    t = Table()
    t.add("alma", sheet(dexterity=5, brawl=5, dodge=5))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", attack("alma"))
    t.declare("alma", attack("bors"), defend("dodge"), attack("bors"))
    first = t.resolve("alma", [2] * 7)
    assert first[0].pool[-1] == m("VTM-ACT-02", -3, "action 1 of 3")
    answered = t.resolve("bors", [2] * 3 + [2] * 6)
    assert answered[1].pool[-1] == m("VTM-ACT-02", -4, "action 2 of 3")
    third = t.resolve("alma", [2] * 5)
    assert third[0].pool[-1] == m("VTM-ACT-02", -5, "action 3 of 3")


def test_vtm_act_03__multiple_actions_resolve_in_passes() -> None:
    """VTM-ACT-03: Alma's second action waits until Bors's first one is done."""
    t = Table()
    t.add("alma", sheet(dexterity=5, brawl=5))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", OTHER, OTHER)
    t.resolve("alma", [])
    assert t.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-INIT-04"
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=1)]


def test_vtm_act_04__a_plan_that_leaves_an_action_without_dice_is_refused() -> None:
    """VTM-ACT-04 / VTM-DICE-01: Dex 3 + Brawl 2 less 3 then 4 dice leaves the second
    attack without a die: refused at the declaration."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    actions = [attack("bors"), attack("bors"), attack("bors")]
    assert t.refuse(c.DeclareActions(combatant="alma", actions=actions)).rule == "VTM-ACT-04"


def test_vtm_act_08__an_abstainer_acts_after_everyone_else() -> None:
    """VTM-ACT-08: Alma abstains, Bors acts, then Alma acts at the end of the turn."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert t.send(c.Abstain(combatant="alma")) == [ev.Abstained(combatant="alma")]
    assert t.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-INIT-04"
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=0)]


def test_vtm_act_08__when_everyone_abstains_nobody_acts() -> None:
    """VTM-ACT-08: Alma then Bors abstain: nobody acts and the turn is over."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.send(c.Abstain(combatant="alma"))
    assert t.send(c.Abstain(combatant="bors")) == [
        ev.Abstained(combatant="bors"),
        ev.TurnPassed(combatants=["bors", "alma"]),
    ]
    assert t.start()[0].round == 2


def test_vtm_init_02__a_new_turn_waits_for_the_last_action() -> None:
    """VTM-INIT-02: the GM opens a new turn only once this one is resolved, and initiative
    is rolled again each turn by default."""
    t = Table()
    t.add("alma", sheet())
    t.start()
    assert t.refuse(c.StartRound()).rule == "VTM-INIT-02"
    t.initiative("alma", 9)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    assert t.start() == [ev.RoundStarted(round=2, combatants=["alma"])]
    assert t.state.phase == "initiative"


def test_vtm_init_02__read_literally_initiative_is_kept_for_the_fight() -> None:
    """VTM-INIT-02 with ``initiative_each_turn=False``: turn 2 opens on the declarations."""
    t = Table(VtmOptions(initiative_each_turn=False))
    t.add("alma", sheet())
    t.start()
    t.initiative("alma", 9)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    assert t.start() == [ev.RoundStarted(round=2, combatants=["alma"], keep_initiative=True)]
    assert t.state.phase == "declaration"


def test_vtm_act_01__a_turn_declares_one_to_ten_well_formed_actions() -> None:
    """VTM-ACT-01: no action at all, or an attack that names no maneuver, is refused;
    VTM-DEF-13: a desperate defence declares defences only."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    assert t.refuse(c.DeclareActions(combatant="bors", actions=[])).rule == "VTM-ACT-01"
    no_maneuver = c.DeclareActions(combatant="bors", actions=[Action(kind="attack", target="alma")])
    assert t.refuse(no_maneuver).rule == "VTM-ACT-01"
    desperate = c.DeclareActions(combatant="bors", actions=[attack("alma")], desperate=True)
    assert t.refuse(desperate).rule == "VTM-DEF-13"


def test_vtm_init_05__a_faster_combatant_delays_until_a_slower_one_has_acted() -> None:
    """VTM-INIT-05: Alma (fastest) waits for Bors: Bors acts, then Alma, then Cléo; one
    cannot wait for oneself nor for one who acts no later."""
    t = Table()
    for cid in ("alma", "bors", "cleo"):
        t.add(cid, sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 5)
    t.initiative("cleo", 1)
    for cid in ("cleo", "bors", "alma"):
        t.declare(cid, OTHER)
    assert t.refuse(c.Delay(combatant="alma", after="alma")).rule == "VTM-INIT-05"
    assert t.send(c.Delay(combatant="alma", after="bors")) == [ev.Delayed(combatant="alma", after="bors")]
    assert t.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-INIT-04"
    assert t.refuse(c.Delay(combatant="bors", after="bors")).rule == "VTM-INIT-05"
    t.resolve("bors", [])
    assert t.refuse(c.ResolveAction(combatant="cleo")).rule == "VTM-INIT-04"
    t.resolve("alma", [])
    t.resolve("cleo", [])
    assert t.state.fighters["alma"].delayed is None
