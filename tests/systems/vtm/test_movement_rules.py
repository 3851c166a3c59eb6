"""Movement through ``decide``: paces, moving then acting, acting while moving, wounds that
slow, and aiming at a moving target (VTM-MOVE-01..05/07, VTM-DMG-12, VTM-FIRE-14)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.state import Action, Movement
from tests.systems.vtm.conftest import OTHER, Table, attack, m, options_for, sheet


def duel(**alma: Any) -> Table:
    """Alma (Dex 3, Brawl 2, Firearms 2, a rifle) acts before Bors (mortal); the GM put
    them 30 m apart."""
    t = Table()
    t.add("alma", sheet(**({"brawl": 2, "firearms": 2, "weapons": ["fusil", "revolver"]} | alma)))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.send(c.SetDistance(combatant="alma", other="bors", metres=30, reason="au bout du quai"))
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def declare(t: Table, *actions: Action, **move: Any) -> Any:
    return c.DeclareActions(combatant="alma", actions=list(actions), move=Movement(**move))


def test_vtm_move_01_02_03__how_far_each_pace_goes() -> None:
    """VTM-MOVE-01: a walk is 6 m; VTM-MOVE-02: hurrying 10 + Dex (13); VTM-MOVE-03:
    running 18 + 3 × Dex (27)."""
    t = duel()
    t.declare("bors", OTHER)
    assert t.refuse(declare(t, OTHER, pace="walk", metres=7)).rule == "VTM-MOVE-01"
    assert t.refuse(declare(t, OTHER, pace="hurry", metres=14)).rule == "VTM-MOVE-01"
    assert t.refuse(declare(t, OTHER, pace="run", metres=28)).rule == "VTM-MOVE-01"
    t.send(declare(t, OTHER, pace="run", metres=27, toward="bors"))
    events = t.resolve("alma", [])
    assert events[0] == ev.Moved(combatant="alma", move=Movement(pace="run", metres=27, toward="bors"))
    assert t.state.distances == {"alma|bors": 3}


def test_vtm_move_04__half_a_run_then_an_action_without_penalty() -> None:
    """VTM-MOVE-04: up to half a run (13.5 m) one still acts, without penalty; past it
    the move is the whole turn. The punch comes from where the run ended."""
    t = duel()
    t.declare("bors", OTHER)
    far = declare(t, attack("bors"), pace="run", metres=14, toward="bors")
    assert t.refuse(far).rule == "VTM-MOVE-04"
    t.send(declare(t, attack("bors", "shoot", "revolver"), pace="run", metres=13, toward="bors"))
    events = t.resolve("alma", [2] * 5)
    assert isinstance(events[0], ev.Moved)
    assert events[1].pool == [m("VTM-ATK-03", 3, "dexterity"), m("VTM-ATK-03", 2, "firearms")]
    assert t.state.distances == {"alma|bors": 17}


def test_vtm_move_05__acting_while_moving_costs_a_die_a_metre() -> None:
    """VTM-MOVE-05: acting while still moving, each metre covered takes a die (a walk's
    6 m cost nothing)."""
    t = duel(dexterity=5, firearms=5)
    t.declare("bors", OTHER)
    shot = attack("bors", "shoot", "revolver")
    t.send(declare(t, shot, pace="hurry", metres=8, toward="bors", while_acting=True))
    events = t.resolve("alma", [2] * 2)
    assert events[1].pool[-1] == m("VTM-MOVE-05", -8, "moving 8 m")
    walker = duel()
    walker.declare("bors", OTHER)
    walker.send(declare(walker, shot, pace="walk", metres=6, toward="bors", while_acting=True))
    assert all(t.rule != "VTM-MOVE-05" for t in walker.resolve("alma", [2] * 5)[1].pool)


def test_vtm_move_07_dmg_12__wounds_slow_a_character() -> None:
    """VTM-MOVE-07 / VTM-DMG-12: at « Blessé gravement » one no longer runs; « Handicapé »
    hobbles 3 m a turn (the health track's data, outside the seed)."""
    t = duel()
    t.send(c.AdjustHealth(combatant="alma", lethal=4, reason="blessée"))
    t.declare("bors", OTHER)
    assert t.refuse(declare(t, OTHER, pace="run", metres=10)).rule == "VTM-MOVE-07"
    t.send(c.AdjustHealth(combatant="alma", lethal=1, reason="encore"))
    assert t.refuse(declare(t, OTHER, pace="walk", metres=4)).rule == "VTM-MOVE-07"
    t.send(declare(t, OTHER, pace="walk", metres=3))


def test_vtm_fire_14__no_aiming_at_a_target_faster_than_a_walk_without_a_laser() -> None:
    """VTM-FIRE-14: Bors hurries this turn: Alma cannot aim at him with a scope."""
    t = duel()
    t.send(
        c.DeclareActions(
            combatant="bors", actions=[OTHER], move=Movement(pace="hurry", metres=10, toward="alma")
        )
    )
    aim = c.DeclareActions(combatant="alma", actions=[Action(kind="aim", target="bors", weapon="fusil")])
    assert t.refuse(aim).rule == "VTM-FIRE-14"


def test_vtm_move_06__the_gm_rules_how_many_actions_a_jump_counts_for() -> None:
    """VTM-MOVE-06: « selon leur complexité »: Alma walks and vaults the car bonnet, then
    punches: the engine asks the GM, Alma cannot act before the ruling; the GM rules one
    separate action, added after the punch, and the punch now pays VTM-ACT-02 for two
    actions; a move slot is never declared by hand, and a ruling needs a complex move."""
    t = duel()
    t.declare("bors", OTHER)
    by_hand = c.DeclareActions(combatant="alma", actions=[Action(kind="move")])
    assert t.refuse(by_hand).rule == "VTM-MOVE-06"
    ruling = c.RuleComplexMove(combatant="alma", slots=1, reason="le capot est haut")
    assert t.refuse(ruling).rule == "VTM-MOVE-06"
    vault = declare(
        t, attack("bors"), pace="walk", metres=6, toward="bors", complex="saute par-dessus le capot"
    )
    assert t.send(vault) == [
        ev.ActionsDeclared(
            combatant="alma",
            actions=[attack("bors")],
            move=Movement(pace="walk", metres=6, toward="bors", complex="saute par-dessus le capot"),
        ),
        ev.RulingRequested(rule="VTM-MOVE-06", combatant="alma", question="saute par-dessus le capot"),
    ]
    assert t.refuse(c.ResolveAction(combatant="alma"), dice=[2] * 5).rule == "VTM-MOVE-06"
    assert "vtm.ResolveAction" not in options_for(t.timeline.head, "alma")
    assert t.refuse(c.RuleComplexMove(combatant="alma", slots=1, reason=" ")).rule == "vtm.reason"
    assert t.send(ruling) == [ev.ComplexMoveRuled(combatant="alma", slots=1, reason="le capot est haut")]
    assert t.state.fighters["alma"].declared == [attack("bors"), Action(kind="move")]
    assert "vtm.ResolveAction" in options_for(t.timeline.head, "alma")
    events = t.resolve("alma", [2, 2, 2])
    assert events[1].pool[-1] == m("VTM-ACT-02", -2, "action 1 of 2")
    t.resolve("bors", [])
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=1)]


def test_vtm_move_06__a_ruling_that_empties_a_pool_is_refused_and_none_costs_nothing() -> None:
    """VTM-MOVE-06 with VTM-ACT-04: Alma (Dex 1, Brawl 1) punches while sliding down the
    ramp; three separate actions would leave the punch no die, so that ruling is refused
    before any die; the GM rules that the slide costs no action and she punches whole."""
    t = duel(dexterity=1, brawl=1)
    t.declare("bors", OTHER)
    t.send(declare(t, attack("bors"), pace="walk", metres=2, complex="se laisse glisser sur la rampe"))
    heavy = c.RuleComplexMove(combatant="alma", slots=3, reason="rampe très raide")
    assert t.refuse(heavy).rule == "VTM-ACT-04"
    t.send(c.RuleComplexMove(combatant="alma", slots=0, reason="une glissade simple"))
    events = t.resolve("alma", [2, 2])
    assert not [term for term in events[1].pool if term.rule == "VTM-ACT-02"]
