"""What the ``vtm`` projection carries for the pages, through ``decide`` and ``evolve``:
the pools left beside the sheet's maximums, the declared actions still to come, and a
turn order and a waiting list that name only those still at the table, as the guards
see them (VTM-DEF-06, VTM-INIT-03, VTM-INIT-04)."""

from __future__ import annotations

from domain.base import GM, Viewer
from domain.commands import RemoveCombatant, Rewind, UpdateCombatant
from domain.events import Combatant, Hidden
from domain.systems.vtm import commands as c
from domain.systems.vtm.decide import MOVES
from domain.systems.vtm.state import Rank
from domain.table import system_view, view_record, view_state
from tests.systems.vtm.conftest import OTHER, Table, attack, sheet


def duel() -> Table:
    """Alma (Ann's, Willpower 6, blood 12) against Bors (an NPC), initiative rolled:
    Alma 14, Bors 6; Bors declares first."""
    t = Table()
    t.add("alma", sheet(brawl=2, willpower=6, blood=12), player="ann")
    t.add("bors", sheet(brawl=2))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_def_06__the_willpower_spent_shows_beside_the_sheets_maximum() -> None:
    """VTM-DEF-06: the point Bors spends to give up his attack for a dodge leaves him 4 of
    his 5; a sheet's new maximum shows at once; a rewind gives the point back."""
    t = duel()
    assert t.state.fighters["alma"].pools == {"willpower": 6, "blood": 12}
    assert t.state.fighters["bors"].pools == {"willpower": 5, "blood": 10}
    t.declare("bors", attack("alma"))
    t.declare("alma", attack("bors"))
    position = len(t.log)
    t.send(c.AbortForDefence(combatant="bors", defence="dodge", spend=True))
    assert t.state.fighters["bors"].pools == {"willpower": 4, "blood": 10}
    t.send(
        UpdateCombatant(
            combatant=Combatant(id="bors", name="Bors", sheet=sheet(brawl=2, willpower=7)), reason="r"
        )
    )
    assert t.state.fighters["bors"].pools == {"willpower": 6, "blood": 10}
    t.send(Rewind(to=position, reason="on revient"))
    assert t.state.fighters["bors"].pools == {"willpower": 5, "blood": 10}


def test_vtm_init_04__the_actions_left_count_down_as_they_are_made() -> None:
    """VTM-INIT-04: Alma's two declared actions are both to come, then one once she made
    her first; none before anyone declares."""
    t = duel()
    assert [f.left for f in t.state.fighters.values()] == [0, 0]
    t.declare("bors", OTHER)
    t.declare("alma", OTHER, attack("bors"))
    assert (t.state.fighters["alma"].left, t.state.fighters["bors"].left) == (2, 1)
    t.resolve("alma", [])
    assert (t.state.fighters["alma"].left, t.state.fighters["bors"].left) == (1, 1)


def test_vtm_init_03__a_combatant_removed_mid_turn_leaves_the_order_and_the_waiting_list() -> None:
    """VTM-INIT-03: Bors, the slowest, is the one the declarations wait for; once he leaves
    the table, neither the order nor the waiting list names him, the phase is the one
    the guards see, and Alma is waited for as the guards say."""
    t = duel()
    assert t.state.acting == ["bors"]
    t.send(RemoveCombatant(combatant_id="bors"))
    assert t.state.order == [Rank(combatant="alma", score=14)]
    assert t.state.acting == ["alma"]
    assert MOVES.may(system_view(t.timeline.head, GM), "alma") == ["vtm.DeclareActions"]
    assert t.state.fighters["bors"].pools == {}
    t.declare("alma", OTHER)
    assert (t.state.phase, t.state.acting) == ("resolution", ["alma"])
    assert [cid for cid in t.state.fighters if MOVES.may(system_view(t.timeline.head, GM), cid)] == ["alma"]


def test_vtm_init_04__removed_during_resolution_the_next_to_act_is_one_still_there() -> None:
    """VTM-INIT-04: Alma (faster) would act first; removed, the turn waits for Bors, and
    coming back she is in the order again, her declared action still to come."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert t.state.acting == ["alma"]
    t.send(RemoveCombatant(combatant_id="alma"))
    assert (t.state.order, t.state.acting) == ([Rank(combatant="bors", score=6)], ["bors"])
    t.add("alma", sheet(brawl=2, willpower=6, blood=12))
    assert (t.state.acting, t.state.fighters["alma"].left) == (["alma"], 1)
    assert [r.combatant for r in t.state.order] == ["alma", "bors"]


def test_vtm_init_03__declarations_are_made_aloud_so_every_viewer_sees_them() -> None:
    """VTM-INIT-03: actions are declared aloud, slowest first: a spectator's view of the
    state holds the same declarations, pools and actions left as the GM's."""
    t = duel()
    t.declare("bors", attack("alma"))
    spectator = Viewer(id="obs", role="spectator")
    seen = view_state(t.timeline.head, spectator).fight
    assert seen is not None and seen.system == t.state


def test_vtm_dice_03__a_hidden_test_leaves_nothing_in_what_players_see() -> None:
    """VTM-DICE-03: the one vtm event only the GM sees, a hidden test, changes nothing of
    the state a player or a spectator is sent (the frame itself is a placeholder)."""
    t = duel()
    viewers = [Viewer(id="ann", role="player"), Viewer(id="obs", role="spectator")]
    before = [view_state(t.timeline.head, v).fight for v in viewers]
    t.send(c.RollTest(combatant="bors", attribute="perception", ability="alertness", hidden=True), dice=[8])
    assert [view_state(t.timeline.head, v).fight for v in viewers] == before
    assert [type(view_record(t.log[-1], v).event) for v in viewers] == [Hidden, Hidden]
