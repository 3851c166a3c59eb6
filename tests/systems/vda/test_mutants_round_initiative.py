"""The initiative roll through ``decide``: the terms offered before it are those it rolls,
and what each fighter is granted once all rolled (the cap by table option, the power
action Celerity prepays). Written against the mutants of
``handlers/round`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

import msgspec

from domain.base import GM
from domain.moves import Term
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.decide import MOVES
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.initiative import declaring_now
from domain.table import system_view
from tests.systems.vda.conftest import Table, act, sheet


def test_vda_init_01__the_offered_initiative_is_the_one_rolled() -> None:
    """VDA-INIT-01: before her roll, Alma's controls show the pool and difficulty that
    ``RollInitiative`` (no weapon, no minor act) then rolls, term by term."""
    t = Table().add("alma", sheet(wits=3, alertness=2)).add("bors", sheet())
    t.start()
    offered = {o.label: o for o in MOVES.offers(system_view(t.timeline.head, GM), "alma")}[
        "vda.RollInitiative"
    ]
    [rolled] = [e for e in t.initiative("alma", [2] * 5) if isinstance(e, ev.InitiativeRolled)]
    as_terms = msgspec.convert(msgspec.to_builtins([rolled.pool, rolled.difficulty]), list[list[Term]])
    assert [offered.pool, offered.difficulty] == as_terms
    assert sum(term.value for term in offered.pool) == 5


def granted(options: VdaOptions | None = None) -> ev.ActionsGranted:
    t = Table(options).add("alma", sheet(dex=2, wits=3)).add("bors", sheet(dex=3, wits=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    events = t.initiative("bors", [7, 2, 2, 2, 2])
    return next(e for e in events if isinstance(e, ev.ActionsGranted) and e.combatant == "alma")


def test_vda_act_02__the_cap_granted_follows_the_tables_reading() -> None:
    """VDA-ACT-02: Dexterity 2, Wits 3: a cap of 3 (the higher, by default), of 2 at a table
    taking the lower."""
    assert granted().cap == 3
    assert granted(VdaOptions(action_cap="lower")).cap == 2


def test_vda_act_07__active_celerity_prepays_a_power_action_every_round_it_lasts() -> None:
    """VDA-ACT-07 (``celerity_prepays_every_round``, the default): Celerity activated in
    round 1 still prepays Alma's power action in round 2."""
    t = Table().add("alma", sheet(celerity=1)).add("bors", sheet())
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    while (seq := t.state.sequence) is not None:
        waiting = [cid for cid in declaring_now(seq) if cid not in seq.declared and cid not in seq.sealed]
        t.declare(waiting[0], act("none"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    events = t.initiative("bors", [7, 2, 2, 2, 2])
    [alma] = [e for e in events if isinstance(e, ev.ActionsGranted) and e.combatant == "alma"]
    assert (alma.physical, alma.prepaid_power) == (2, 1)
