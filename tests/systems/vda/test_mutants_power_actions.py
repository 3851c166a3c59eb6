"""Power actions through ``decide`` (VDA-POW): the refusals with their words, reiteration by
block (VDA-POW-06) and how the activation is paid (VDA-POW-03): a slot prepaid with Anger,
Rage as the table allows it."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaPower
from tests.systems.vda.conftest import Table, act, sheet

TERROR = VdaPower(discipline="presence", level=2)
ORDER = VdaPower(discipline="dominate", level=1)


def alone(options: VdaOptions | None = None, celerity: int = 0, **traits: Any) -> Table:
    """Alma alone (Dexterity and Wits 8: room for many actions), Celerity active when she
    has it; she rolled 3 successes of initiative."""
    t = Table(options).add("alma", sheet(dex=8, wits=8, celerity=celerity, generation=6, **traits))
    t.start()
    if celerity:
        t.send(c.ActivateCelerity(combatant="alma", dots=celerity))
    t.initiative("alma", [7, 7, 7] + [2] * 7)
    return t


def use(t: Table, power: str, paid_by: str = "willpower") -> list[Any]:
    """Alma declares nothing, then uses ``power`` in her power step."""
    t.declare("alma", act("none"))
    return t.send(c.UsePower(combatant="alma", power=power, paid_by=paid_by))  # type: ignore[arg-type]


def refused(t: Table, power: str, paid_by: str = "willpower") -> tuple[str, str]:
    found = t.refuse(c.UsePower(combatant="alma", power=power, paid_by=paid_by))  # type: ignore[arg-type]
    return found.rule, found.message


def used(events: list[Any]) -> ev.PowerUsed:
    return next(e for e in events if isinstance(e, ev.PowerUsed))


def test_vda_pow_01__a_power_without_a_power_action_is_resolved_as_described() -> None:
    """VDA-POW-01: Alma's Fortitude power consumes no power action: refused as one, saying
    how it is resolved."""
    passive = VdaPower(discipline="fortitude", uses_power_action=False)
    t = alone(powers={"terror": TERROR, "peau": passive}, presence=2)
    t.declare("alma", act("none"))
    assert refused(t, "peau") == (
        "VDA-POW-01",
        "'peau' does not consume a power action: resolve it as its description says",
    )


def test_vda_pow_02__without_reiteration_a_power_once_a_round() -> None:
    """VDA-POW-02: at a table without 001's reiteration, Terror used in sequence 1 is
    refused in sequence 2, saying so."""
    t = alone(VdaOptions(reiteration=False), celerity=1, powers={"terror": TERROR}, presence=5)
    use(t, "terror")
    t.declare("alma", act("none"))
    assert refused(t, "terror") == ("VDA-POW-02", "'terror' was already used this round")


def test_vda_pow_06__a_power_is_reiterated_once_at_most() -> None:
    """VDA-POW-06: Presence 5 + Dominate 2 (7 in Mental Control) allow two reiterations a
    round, but one power is used twice at most: Terror's third use is refused."""
    t = alone(celerity=2, powers={"terror": TERROR}, presence=5, dominate=2)
    use(t, "terror")
    assert used(use(t, "terror")).reiteration
    t.declare("alma", act("none"))
    assert refused(t, "terror") == ("VDA-POW-06", "'terror' was already used twice this round")


def test_vda_pow_06__a_discipline_of_no_block_has_no_reiteration() -> None:
    """VDA-POW-06, VDA-POW-07: Quietus belongs to no block: its power is not reiterated."""
    power = VdaPower(discipline="quietus", level=1)
    t = alone(celerity=1, powers={"silence": power}, presence=5)
    use(t, "silence")
    t.declare("alma", act("none"))
    assert refused(t, "silence") == ("VDA-POW-06", "'quietus' belongs to no block: no reiteration")


def test_vda_pow_06__under_5_in_the_block_no_reiteration() -> None:
    """VDA-POW-06: Presence 2 (2 in Mental Control) allows no reiteration."""
    t = alone(celerity=1, powers={"terror": TERROR}, presence=2)
    use(t, "terror")
    t.declare("alma", act("none"))
    assert refused(t, "terror") == (
        "VDA-POW-06",
        "the mental_control block allows 0 reiterations a round, all used",
    )


def test_vda_pow_06__the_reiterations_are_counted_for_the_whole_block() -> None:
    """VDA-POW-06: 5 in Mental Control allow one reiteration a round for the block: Terror
    used twice spends it; Order, of the same block, is then used once only."""
    t = alone(celerity=3, powers={"terror": TERROR, "ordre": ORDER}, presence=3, dominate=2)
    use(t, "terror")
    use(t, "terror")
    assert not used(use(t, "ordre")).reiteration
    t.declare("alma", act("none"))
    assert refused(t, "ordre") == (
        "VDA-POW-06",
        "the mental_control block allows 1 reiterations a round, all used",
    )


def test_vda_pow_03__a_power_action_bought_with_anger_is_prepaid() -> None:
    """VDA-POW-03, VDA-ACT-05: Alma bought her power action with Anger: Terror costs no
    activation point, and the event says the slot was prepaid."""
    t = Table().add("alma", sheet(anger=2, dominate=1, presence=2, powers={"terror": TERROR}))
    t.start()
    t.send(c.SpendForAction(combatant="alma", gain="power"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    events = use(t, "terror")
    assert not [e for e in events if isinstance(e, ev.ResourceSpent)]
    assert used(events) == ev.PowerUsed(
        combatant="alma",
        sequence=1,
        power="terror",
        paid_by="prepaid",
        reiteration=False,
        block="mental_control",
    )


def test_vda_pow_03__rage_pays_a_power_like_anger_by_default() -> None:
    """VDA-POW-03: by default Rage pays the activation point like Anger."""
    t = alone(powers={"terror": TERROR}, presence=2, animalism=1, rage=2)
    events = use(t, "terror", "rage")
    assert events[0] == ev.ResourceSpent(
        combatant="alma", pool="rage", amount=1, purpose="terror", rule="VDA-POW-03"
    )
    assert used(events).paid_by == "rage"


def test_vda_pow_03__a_table_may_refuse_rage_for_powers() -> None:
    """VDA-POW-03: at a table where Rage does not pay like Anger, Terror paid with Rage is
    refused, saying so; paid with Blood it is used."""
    t = alone(
        VdaOptions(rage_pays_like_anger=False), powers={"terror": TERROR}, presence=2, animalism=1, rage=2
    )
    t.declare("alma", act("none"))
    assert refused(t, "terror", "rage") == ("VDA-POW-03", "this table does not let Rage pay powers")
    events = t.send(c.UsePower(combatant="alma", power="terror", paid_by="blood"))
    assert events[0] == ev.ResourceSpent(
        combatant="alma", pool="blood", amount=1, purpose="terror", rule="VDA-POW-03"
    )


def test_vda_pow_04__celeritys_slot_pays_celeritys_sequence_after_a_bought_power_action() -> None:
    """VDA-POW-04, VDA-ACT-05, VDA-ACT-07: in round, Alma buys a power action with Anger, then
    activates Celerity: sequence 1's power action is the bought one (prepaid), sequence 2's,
    opened by Celerity's physical action, is Celerity's prepaid slot."""
    t = Table().add("alma", sheet(anger=2, dominate=1, presence=5, celerity=1, powers={"terror": TERROR}))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.send(c.SpendForAction(combatant="alma", gain="power"))
    t.send(c.ActivateCelerity(combatant="alma"))
    assert used(use(t, "terror")).paid_by == "prepaid"
    assert used(use(t, "terror")).paid_by == "celerity"


def test_vda_pow_04__no_power_step_past_the_action_cap() -> None:
    """VDA-POW-04, VDA-ACT-02: Dexterity 1 and Wits 1 cap Alma's round at 2 actions; with
    Celerity 2 she has 3 physical actions: after her physical and power actions of sequence 1
    she declares nothing in sequence 2, and no power step opens for her."""
    t = Table().add(
        "alma",
        sheet(dex=1, wits=1, celerity=2, blood=10, generation=8, presence=2, powers={"terror": TERROR}),
    )
    t.start()
    t.send(c.ActivateCelerity(combatant="alma", dots=2))
    t.initiative("alma", [7, 7, 7])
    t.declare("alma", act("move", skill="athletics"))
    t.resolve("alma", [6])
    t.send(c.UsePower(combatant="alma", power="terror", paid_by="willpower"))
    assert t.declare("alma", act("none"))[1:] == [
        ev.SequenceEnded(sequence=2),
        ev.SequenceStarted(round=1, sequence=3, declaring=[["alma"]], resolving=[["alma"]]),
    ]


def test_vda_act_07__celerity_prepays_only_its_activation_round_under_the_option() -> None:
    """VDA-ACT-07, VDA-POW-03: at a table where Celerity prepays the power action only in the
    round it is activated, Alma's power action of round 2's sequence 2, opened by Celerity's
    physical action, costs its activation point."""
    t = Table(VdaOptions(celerity_prepays_every_round=False))
    t.add("alma", sheet(celerity=1, presence=2, powers={"terror": TERROR}))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    for _ in range(2):
        t.declare("alma", act("none"))
        t.send(c.SkipPower(combatant="alma"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", act("none"))
    t.send(c.SkipPower(combatant="alma"))
    events = use(t, "terror")
    assert events[0] == ev.ResourceSpent(
        combatant="alma", pool="willpower", amount=1, purpose="terror", rule="VDA-POW-03"
    )
    assert used(events) == ev.PowerUsed(
        combatant="alma",
        sequence=2,
        power="terror",
        paid_by="willpower",
        reiteration=False,
        block="mental_control",
    )
