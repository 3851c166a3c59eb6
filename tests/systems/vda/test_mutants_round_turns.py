"""Whose turn it is, through ``decide``: the refusals of a round's commands sent out of
turn (a roll before every declaration, a second action, an attack before the faster
fighter's, a power action in the physical step), each with the whole message the sender
reads. Written against the mutants of ``handlers/resolve``, ``handlers/declare``,
``handlers/budget`` and ``handlers/round`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted

STAB = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
PUNCH = act("attack", skill="melee", target="alma")


def refusal(t: Table, command: object) -> str:
    return str(t.refuse(command))


def test_vda_seq_02__no_roll_before_every_declaration_and_one_declaration_a_sequence() -> None:
    """VDA-SEQ-02, VDA-PHYS-01: Alma, faster, declared; Bors has not: she may not roll yet,
    nor declare a second action; nobody acts in the declaration step, so no power action either."""
    t = fight()
    t.declare("alma", STAB)
    assert refusal(t, c.ResolveAction(combatant="alma")) == (
        "VDA-SEQ-02: every declaration comes before the first roll"
    )
    assert refusal(t, c.DeclareAction(combatant="alma", action=STAB)) == (
        "VDA-PHYS-01: 'alma' already declared its physical action of sequence 1"
    )
    assert refusal(t, c.SkipPower(combatant="alma")) == (
        "VDA-SEQ-02: nobody acts now (declare step), not 'alma''s power action"
    )


def test_vda_seq_02__the_slower_attacker_waits_for_the_faster_and_resolves_once() -> None:
    """VDA-SEQ-02, VDA-PHYS-01: both attack; Bors, slower, may neither roll nor take a power
    action while Alma acts; once Alma rolled, she may not roll that sequence again."""
    t = fight()
    t.declare("alma", STAB)
    t.declare("bors", PUNCH)
    assert refusal(t, c.ResolveAction(combatant="bors")) == (
        "VDA-SEQ-02: alma acts now (physical step), not 'bors'"
    )
    assert refusal(t, c.SkipPower(combatant="bors")) == (
        "VDA-SEQ-02: alma acts now (physical step), not 'bors''s power action"
    )
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    assert refusal(t, c.ResolveAction(combatant="alma")) == (
        "VDA-PHYS-01: 'alma' already resolved sequence 1"
    )


def test_vda_seq_02__a_fighter_who_declared_nothing_has_nothing_to_resolve() -> None:
    """VDA-SEQ-02: Bors declared « none »: there is no action of his to roll."""
    t = fight()
    t.declare("alma", STAB)
    t.declare("bors", act("none"))
    assert refusal(t, c.ResolveAction(combatant="bors")) == (
        "VDA-SEQ-02: 'bors' declared no physical action to resolve"
    )


def test_vda_init_04__tied_fighters_act_together_and_the_third_waits_for_both() -> None:
    """VDA-INIT-04, VDA-SEQ-02: Alma and Bors tie at the top and act at once; Cole, slower,
    is told both names."""
    t = Table()
    t.add("alma", sheet(melee=3))
    t.add("bors", sheet(melee=3))
    t.add("cole", sheet(melee=2))
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cole", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="cole"))
    t.declare("bors", act("attack", skill="melee", target="cole"))
    t.declare("cole", act("attack", skill="melee", target="alma"))
    assert refusal(t, c.ResolveAction(combatant="cole")) == (
        "VDA-SEQ-02: alma, bors acts now (physical step), not 'cole'"
    )
    assert refusal(t, c.SkipPower(combatant="cole")) == (
        "VDA-SEQ-02: alma, bors acts now (physical step), not 'cole''s power action"
    )


def test_vda_act_05__an_action_bought_after_the_declarations_comes_too_late_to_declare() -> None:
    """VDA-SEQ-04, VDA-ACT-05, VDA-INIT-02: in sequence 2 only Alma, who bought a second
    action, declares; Bors, with one, is not in it; the action he buys once Alma declared
    finds the declarations over."""
    t = Table()
    t.add("alma", sheet(melee=3, anger=2, dominate=1))
    t.add("bors", sheet(melee=2, anger=2, dominate=1))
    t.start()
    t.send(c.SpendForAction(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    while (seq := t.state.sequence) is not None and seq.step == "power":
        t.send(c.SkipPower(combatant=seq.acting[0]))
    assert t.state.sequence is not None and t.state.sequence.number == 2
    assert refusal(t, c.DeclareAction(combatant="bors", action=act("none"))) == (
        "VDA-SEQ-04: 'bors' has 1 physical actions: none in sequence 2"
    )
    t.declare("alma", act("attack", skill="melee", target="bors"))
    t.send(c.SpendForAction(combatant="bors"))
    assert refusal(t, c.DeclareAction(combatant="bors", action=act("none"))) == (
        "VDA-INIT-02: the declarations of sequence 2 are over"
    )


def test_vda_act_04__celerity_dots_are_counted_and_paid_by_the_tables_price() -> None:
    """VDA-ACT-04: at least one dot, no more than the sheet's; each dot costs the table's
    price in blood (2 here), refused when the blood is not there."""
    t = Table(VdaOptions(celerity_blood_per_dot=2))
    t.add("alma", sheet(celerity=1, blood=5, generation=8))
    t.add("bors", sheet(celerity=1, blood=1, generation=8))
    t.start()
    assert refusal(t, c.ActivateCelerity(combatant="alma", dots=0)) == (
        "VDA-ACT-04: activate at least one Celerity dot"
    )
    spent = t.send(c.ActivateCelerity(combatant="alma"))
    assert spent[0] == ev.ResourceSpent(
        combatant="alma", pool="blood", amount=2, purpose="célérité", rule="VDA-ACT-04"
    )
    assert refusal(t, c.ActivateCelerity(combatant="alma")) == (
        "VDA-ACT-04: 'alma' has Celerity 1, 1 already active"
    )
    assert t.refuse(c.ActivateCelerity(combatant="bors")).rule == "VDA-ACT-04"


def test_vda_act_02__past_the_cap_only_none_is_declared() -> None:
    """VDA-ACT-02, VDA-ACT-04: Alma (Dexterity 2, Wits 2: 3 actions at most) has 4 physical
    actions with Celerity 3; after three attacks, a fourth is refused, « none » is not."""
    t = (
        Table()
        .add("alma", sheet(dex=2, wits=2, melee=2, celerity=3, generation=6))
        .add("bors", sheet(kind="mortal"))
    )
    t.start()
    t.send(c.ActivateCelerity(combatant="alma", dots=3))
    t.initiative("alma", [7, 7, 7, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    hit = act("attack", skill="melee", target="bors")
    t.declare("alma", hit)
    t.declare("bors", act("none"))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    for _ in range(2):
        t.declare("alma", hit)
        scripted(t, c.ResolveAction(combatant="alma"), [2])
    assert refusal(t, c.DeclareAction(combatant="alma", action=hit)) == (
        "VDA-ACT-02: 'alma' already took 3 actions, the most Dexterity/Wits allow this round (3)"
    )
    assert t.declare("alma", act("none"))[0] == ev.ActionDeclared(
        combatant="alma", sequence=4, action=act("none")
    )
