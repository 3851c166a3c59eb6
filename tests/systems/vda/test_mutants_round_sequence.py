"""The order of a sequence's declarations at equal initiative, by the actions each has
left (VDA-INIT-04, table option ``tie_counts``), and who held the initiative when the
round ends (VDA-INIT-08), through ``decide`` with exact events. Written against the
mutants of ``handlers/advance`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaPower
from tests.systems.vda.conftest import Table, act, sheet

AUSPEX = {"auspex-1": VdaPower(discipline="auspex")}


def tied(options: VdaOptions | None = None) -> Table:
    """Alma and Bors, Celerity 1 each (two physical actions), tie at 2; Alma used Auspex 1
    in sequence 1's power step, Bors did not: sequence 2's declarations begin."""
    t = Table(options)
    t.add("alma", sheet(celerity=1, auspex=1, powers=AUSPEX))
    t.add("bors", sheet(celerity=1))
    t.start()
    for cid in ("alma", "bors"):
        t.send(c.ActivateCelerity(combatant=cid))
        t.initiative(cid, [7, 7, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.UsePower(combatant="alma", power="auspex-1", paid_by="willpower"))
    assert t.state.sequence is not None and t.state.sequence.number == 2
    return t


def test_vda_init_04__by_default_only_physical_actions_left_break_a_tie() -> None:
    """VDA-INIT-04 (``tie_counts = "physical_remaining"``): one physical action left each,
    Alma's power used does not count: they declare together, sealed."""
    t = tied()
    assert t.state.sequence is not None and t.state.sequence.declaring == [["alma", "bors"]]


def test_vda_init_04__counting_every_action_left_the_one_with_fewer_declares_first() -> None:
    """VDA-INIT-04 (``tie_counts = "all_remaining"``): Alma, who spent her power action,
    has fewer actions left than Bors: she declares first, on her own."""
    t = tied(VdaOptions(tie_counts="all_remaining"))
    assert t.state.sequence is not None and t.state.sequence.declaring == [["alma"], ["bors"]]


def test_vda_init_08__everyone_tied_at_the_top_held_the_initiative() -> None:
    """VDA-INIT-08: Alma and Bors tied at the top of a quiet round: both held the initiative."""
    t = Table().add("alma", sheet()).add("bors", sheet())
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.send(c.DeclareAction(combatant="alma", action=act("none")))
    ended = t.send(c.DeclareAction(combatant="bors", action=act("none")))
    assert ended[-1] == ev.RoundEnded(round=1, holders=["alma", "bors"])
