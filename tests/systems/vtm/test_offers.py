"""What the server offers a vtm combatant's controls: the pool and difficulty an
attack would roll, found by the code the roll uses (``pools.attack_terms``); what the
projection tells the pages (the turn order, whom the turn waits for)."""

from __future__ import annotations

from typing import Any

from domain.base import GM
from domain.systems.vtm import events as ev
from domain.systems.vtm.decide import MOVES
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Rank
from domain.table import system_view
from tests.systems.vtm.conftest import OTHER, Table, attack, m, sheet


def terms(found: list[Any]) -> list[tuple[str, int, str]]:
    return [(t.rule, t.value, t.why) for t in found]


def resolve_offer(t: Table, cid: str) -> object:
    found = {o.label: o for o in MOVES.offers(system_view(t.timeline.head, GM), cid)}
    return found["vtm.ResolveAction"]


def test_vtm_atk_03__the_offered_resolution_shows_the_attack_pool_it_then_rolls(duel: Table) -> None:
    """VTM-ATK-03: Bors's shot offers Dex + Firearms at the maneuver's difficulty, the
    terms the ``AttackRolled`` it writes then carries, rule ID by rule ID."""
    duel.declare("bors", attack("alma", "shoot", "revolver"))
    duel.declare("alma", OTHER)
    assert resolve_offer(duel, "alma").pool is None  # type: ignore[attr-defined]  # no roll
    duel.resolve("alma", [])
    offered = resolve_offer(duel, "bors")
    rolled = duel.resolve("bors", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2])[0]
    assert isinstance(rolled, ev.AttackRolled)
    assert rolled.pool == [m("VTM-ATK-03", 2, "dexterity"), m("VTM-ATK-03", 2, "firearms")]
    assert terms(offered.pool) == terms(rolled.pool)  # type: ignore[attr-defined]
    assert terms(offered.difficulty) == terms(rolled.difficulty)  # type: ignore[attr-defined]


def test_vtm_init_03_04__the_projection_shows_the_order_and_whom_the_turn_waits_for() -> None:
    """VTM-INIT-03, VTM-INIT-04: the state the pages draw carries the turn order, fastest
    first with its scores, and whom the turn waits for: those yet to roll, then the
    slowest yet to declare, then the next to act, by the table's VTM-ACT-03 reading
    (``consecutive``: Alma's second action before Bors's first), as the guards see it."""
    for scheduling, after_first in (("passes", "bors"), ("consecutive", "alma")):
        t = Table(VtmOptions(multi_action_scheduling=scheduling))  # type: ignore[arg-type]
        t.add("alma", sheet())
        t.add("bors", sheet())
        t.start()
        assert t.state.acting == ["alma", "bors"] and t.state.order == []
        t.initiative("alma", 9)
        assert t.state.acting == ["bors"]
        t.initiative("bors", 2)
        assert t.state.order == [Rank(combatant="alma", score=14), Rank(combatant="bors", score=7)]
        assert t.state.acting == ["bors"]  # the slowest declares first
        t.declare("bors", OTHER)
        assert t.state.acting == ["alma"]
        t.declare("alma", OTHER, OTHER)
        assert t.state.acting == ["alma"]
        t.resolve("alma", [])
        assert t.state.acting == [after_first], scheduling
        assert MOVES.may(system_view(t.timeline.head, GM), after_first) != []
