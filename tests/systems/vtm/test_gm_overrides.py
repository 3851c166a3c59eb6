"""The GM overrides a pool, a difficulty, a wound, a condition or the turn order, each
with a reason, as an event; and always has a command that moves the fight on."""

from __future__ import annotations

import msgspec

from domain.commands import RemoveCombatant, Rewind
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, m, options_for, sheet


def duel() -> Table:
    t = Table()
    t.add("alma", sheet(brawl=2), player="ann")
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_the_gm_changes_the_next_roll_with_a_reason() -> None:
    """An AdjustRoll adds its dice and difficulty to the combatant's next roll, once."""
    t = duel()
    assert t.refuse(c.AdjustRoll(combatant="alma", dice=2, reason=" ")).rule == "vtm.reason"
    assert t.refuse(c.AdjustRoll(combatant="alma", dice=1, reason="r"), as_="ann").rule == "role.gm-only"
    t.send(c.AdjustRoll(combatant="alma", dice=2, difficulty=1, reason="appui du décor"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 7)
    assert events[0].pool[-1] == m("gm-dice", 2, "appui du décor")
    assert events[0].difficulty[-1] == m("gm-difficulty", 1, "appui du décor")
    assert t.state.fighters["alma"].adjustment == []


def test_the_gm_sets_wounds_and_conditions() -> None:
    t = duel()
    assert t.send(c.AdjustHealth(combatant="bors", bashing=2, reason="chute")) == [
        ev.HealthAdjusted(combatant="bors", health=Health(bashing=2), reason="chute")
    ]
    t.send(c.SetCondition(combatant="bors", condition="blinded", rounds=1, reason="éclair"))
    assert t.state.fighters["bors"].conditions == {"blinded": 1}
    t.send(c.SetCondition(combatant="bors", condition="blinded", on=False, reason="passé"))
    assert t.state.fighters["bors"].conditions == {}


def test_the_gm_moves_a_combatant_in_the_turn_order() -> None:
    """VTM-INIT-03: after the GM's +10, Bors declares last and acts first."""
    t = duel()
    t.send(c.AdjustInitiative(combatant="bors", delta=10, reason="réflexes surnaturels"))
    t.declare("alma", OTHER)
    t.declare("bors", OTHER)
    assert t.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-INIT-04"


def test_the_gm_passes_over_an_action_that_cannot_be_carried_out() -> None:
    """VTM-ACT-04 at resolution: Alma's pool is emptied after her declaration; the GM
    passes over her action and the turn goes on."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors"))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="entravée"))
    assert t.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-ACT-04"
    assert t.send(c.SkipAction(reason="entravée")) == [
        ev.ActionEnded(combatant="alma", action=0, reason="entravée")
    ]
    t.resolve("bors", [])


def test_a_combatant_removed_mid_turn_blocks_nobody() -> None:
    """Bors leaves the table before rolling initiative: the declarations open without him
    and the turn ends without him."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.send(RemoveCombatant(combatant_id="bors"))
    assert options_for(t.timeline.head, "alma") == ["vtm.DeclareActions"]
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    assert t.start() == [ev.RoundStarted(round=2, combatants=["alma"])]


def test_every_override_needs_a_reason_and_a_rewind_undoes_it() -> None:
    """A pool, a difficulty, a wound, a condition, the turn order, cover, a distance: each
    override without a reason is refused, and each is an event a rewind takes back."""
    overrides = [
        c.AdjustRoll(combatant="alma", dice=2, difficulty=-1, reason="r"),
        c.AdjustHealth(combatant="alma", lethal=2, reason="r"),
        c.SetCondition(combatant="alma", condition="dazed", reason="r"),
        c.AdjustInitiative(combatant="bors", delta=5, reason="r"),
        c.SetCover(combatant="alma", cover="good", reason="r"),
        c.SetDistance(combatant="alma", other="bors", metres=12, reason="r"),
    ]
    for override in overrides:
        t = duel()
        silent = msgspec.structs.replace(override, reason="  ")
        assert t.refuse(silent).rule == "vtm.reason", type(override).__name__
        before, position = t.state, len(t.log)
        t.send(override)
        assert t.state != before, type(override).__name__
        t.send(Rewind(to=position, reason="on revient"))
        assert t.state == before, type(override).__name__
