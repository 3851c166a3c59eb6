"""Waits that would loop, through ``decide``: one cannot wait for a combatant who already
waits for it, directly or through others (VTM-INIT-05)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from tests.systems.vtm.conftest import OTHER, Table, sheet
from tests.systems.vtm.test_mutants_rules_round import refused, resolving


def four() -> Table:
    """Alma (14), Bors (12), Cleo (10) and Dora (6), each with one action declared."""
    t = Table()
    for cid in ("alma", "bors", "cleo", "dora"):
        t.add(cid, sheet())
    t.start()
    for cid, die in zip(("alma", "bors", "cleo", "dora"), (9, 7, 5, 1), strict=True):
        t.initiative(cid, die)
    for cid in ("dora", "cleo", "bors", "alma"):
        t.declare(cid, OTHER)
    return t


def test_vtm_init_05__one_cannot_wait_for_the_one_who_waits_for_it() -> None:
    """VTM-INIT-05: Alma (fastest) waits for Cleo; Cleo, now first, cannot wait for Alma in
    turn (both would wait behind Bors, whom neither waited for); she may wait for Bors, and
    then Bors acts, then Cleo, then Alma."""
    t = resolving()
    assert t.send(c.Delay(combatant="alma", after="cleo")) == [ev.Delayed(combatant="alma", after="cleo")]
    assert refused(t, c.Delay(combatant="cleo", after="alma")) == (
        "VTM-INIT-05: cleo cannot wait for alma: alma already waits for cleo"
    )
    assert t.send(c.Delay(combatant="cleo", after="bors")) == [ev.Delayed(combatant="cleo", after="bors")]
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: bors acts before alma"
    t.resolve("bors", [])
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: cleo acts before alma"
    t.resolve("cleo", [])
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=0)]


def test_vtm_init_05__no_loop_of_waits_through_others() -> None:
    """VTM-INIT-05: Alma waits for Cleo, Bors for Alma; Cleo, now first, cannot wait for
    Bors (the refusal names the waits in a row) but may wait for Dora."""
    t = four()
    t.send(c.Delay(combatant="alma", after="cleo"))
    t.send(c.Delay(combatant="bors", after="alma"))
    assert refused(t, c.Delay(combatant="cleo", after="bors")) == (
        "VTM-INIT-05: cleo cannot wait for bors: bors already waits for alma, alma already waits for cleo"
    )
    assert t.send(c.Delay(combatant="cleo", after="dora")) == [ev.Delayed(combatant="cleo", after="dora")]
    assert refused(t, c.ResolveAction(combatant="cleo")) == "VTM-INIT-04: dora acts before cleo"


def test_vtm_init_05__a_stored_loop_of_waits_still_answers() -> None:
    """VTM-INIT-05: a turn stored before the loop was refused, where Alma and Cleo wait for
    each other: Alma comes first and is refused a wait for Cleo, the refusal naming the
    loop once round; she still acts."""
    t = Table()
    t.add("alma", sheet())
    t.add("cleo", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("cleo", 5)
    t.declare("cleo", OTHER)
    t.declare("alma", OTHER)
    t.timeline.append(ev.Delayed(combatant="alma", after="cleo"))
    t.timeline.append(ev.Delayed(combatant="cleo", after="alma"))
    assert refused(t, c.Delay(combatant="alma", after="cleo")) == (
        "VTM-INIT-05: alma cannot wait for cleo: cleo already waits for alma, alma already waits for cleo"
    )
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=0)]
