"""What the server offers a vtm combatant's controls: the pool and difficulty an
attack would roll, found by the code the roll uses (``pools.attack_terms``)."""

from __future__ import annotations

from typing import Any

from domain.base import GM
from domain.systems.vtm import events as ev
from domain.systems.vtm.decide import MOVES
from domain.table import system_view
from tests.systems.vtm.conftest import OTHER, Table, attack, m


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
