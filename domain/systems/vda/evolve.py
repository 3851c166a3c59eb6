"""Applying ``vda`` events to the state: total, never raises, never rolls.

Every decision was taken by the decider and written into the event; this module
only files it. An event about a combatant the state does not know yet starts a
blank :class:`Fighter` for it, so an odd log never makes the fold fail.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from typing import Any

from msgspec.structs import replace

from domain.systems.vda import equipment_evolve, grapple_evolve, tactics_evolve
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.state import (
    AmbushState,
    Defence,
    Fighter,
    Ruling,
    Sealed,
    SequenceState,
    TiedStart,
    VdaSheet,
    VdaState,
)
from domain.systems.wod import Modifier, wounded

RULINGS_KEPT = 20
NO_SEQUENCE = SequenceState(number=0)


def evolve(state: VdaState, event: Any) -> VdaState:
    # Situation, surprise attack and equipment events: equipment_evolve.py.
    handler = _HANDLERS.get(type(event)) or equipment_evolve.HANDLERS.get(type(event))
    # Gaze, two-weapon, stake-ruling and grenade-initiative events: tactics_evolve.py.
    handler = handler or tactics_evolve.HANDLERS.get(type(event))
    # The grapple, bite and Kiss events and their effects on others (grapple_evolve.py).
    return grapple_evolve.follow(state, handler(state, event) if handler else state, event)


def fold(state: VdaState, events: Iterable[Any]) -> VdaState:
    """The state after ``events`` (plain events or ``Emitted``)."""
    for item in events:
        state = evolve(state, getattr(item, "event", item))
    return state


# --- helpers -----------------------------------------------------------------


def _fighter(state: VdaState, cid: str) -> Fighter:
    return state.fighters.get(cid, Fighter())


def _with(state: VdaState, cid: str, **changes: Any) -> VdaState:
    return replace(state, fighters={**state.fighters, cid: replace(_fighter(state, cid), **changes)})


def _seq(state: VdaState) -> SequenceState:
    return state.sequence or NO_SEQUENCE


def _with_seq(state: VdaState, **changes: Any) -> VdaState:
    return replace(state, sequence=replace(_seq(state), **changes))


def _without(items: list[str], item: str) -> list[str]:
    return [x for x in items if x != item]


def _bump(counts: dict[str, int], key: str, by: int = 1) -> dict[str, int]:
    return {**counts, key: counts.get(key, 0) + by}


# --- the round -----------------------------------------------------------------


def _round_started(state: VdaState, e: ev.RoundStarted) -> VdaState:
    fighters = {}
    for cid in dict.fromkeys([*state.fighters, *e.combatants]):
        old = _fighter(state, cid)
        # VDA-SEQ-05: per-round counters reset; statuses, wounds and spending stay.
        fighters[cid] = Fighter(
            conditions=old.conditions,
            health=old.health,
            spent=old.spent,
            pools=e.pools.get(cid, old.pools),
            celerity=old.celerity,
            celerity_from_round=old.celerity_from_round,
            orientation=old.orientation,
            orientation_stale=old.orientation_stale,
            next_initiative=old.next_initiative,
            pending=old.pending,
            potence_tokens=old.potence_tokens,
            fortitude_tokens=old.fortitude_tokens,
            fortitude_damage_tokens=old.fortitude_damage_tokens,
            forms=old.forms,
            items=old.items,
            deafness=old.deafness,
            staked=old.staked,
            circumstances=old.circumstances,
            rounds_moving=_rounds_moving(old),
            run_successes=old.run_successes,
        )
    grapples = {k: v for k, v in state.grapples.items() if k not in e.ended_grapples}
    return replace(
        state,
        round=e.round,
        phase="initiative",
        combatants=list(e.combatants),
        fighters=fighters,
        order=[],
        sequence=None,
        grapples=grapples,
        ambush=None,
    )


def _rounds_moving(old: Fighter) -> int:
    """VDA-CHARGE-01: a round counts as a round of movement when every physical action
    resolved in it was a move."""
    return old.rounds_moving + 1 if old.moved_this_round and not old.stood_this_round else 0


def _moved(state: VdaState, cid: str, kind: str, successes: int) -> VdaState:
    """VDA-CHARGE-01: a move lengthens the run; any other physical action ends it."""
    f = _fighter(state, cid)
    if kind == "move":
        return _with(state, cid, moved_this_round=True, run_successes=f.run_successes + successes)
    return _with(state, cid, stood_this_round=True, run_successes=0)


def _dive(state: VdaState, e: ev.DiveDeclared) -> VdaState:
    return _with(state, e.combatant, dive=True)


def _initiative(state: VdaState, e: ev.InitiativeRolled) -> VdaState:
    return _with(
        state,
        e.combatant,
        initiative_rolled=True,
        initiative=e.score,
        bound_weapon=e.bound_weapon,
        initiative_weapon=e.weapon,
        initiative_roll=e.roll,
        next_initiative=[],
    )


def _order(state: VdaState, e: ev.InitiativeOrderSet) -> VdaState:
    return replace(state, order=list(e.order))


def _orientation(state: VdaState, e: ev.OrientationSet) -> VdaState:
    for cid, level in e.levels.items():
        state = _with(state, cid, orientation=level, orientation_stale=False)
    return state


def _granted(state: VdaState, e: ev.ActionsGranted) -> VdaState:
    f = _fighter(state, e.combatant)
    return _with(
        state,
        e.combatant,
        cap=e.cap,
        physical=e.physical + sum(1 for s in f.bought_early if not s.endswith("(pouvoir)")),
        prepaid_power=e.prepaid_power + sum(1 for s in f.bought_early if s.endswith("(pouvoir)")),
        celerity_prepaid=e.prepaid_power,
        action_sources=[*e.sources, *f.bought_early],
        bought_early=[],
    )


def _spent(state: VdaState, e: ev.ResourceSpent) -> VdaState:
    f = _fighter(state, e.combatant)
    blood = f.blood_this_round + (e.amount if e.pool == "blood" else 0)
    pools = _bump(f.pools, e.pool, -e.amount) if e.pool in f.pools else f.pools
    return _with(
        state, e.combatant, spent=_bump(f.spent, e.pool, e.amount), pools=pools, blood_this_round=blood
    )


def _pool_adjusted(state: VdaState, e: ev.PoolAdjusted) -> VdaState:
    f = _fighter(state, e.combatant)
    pools = _bump(f.pools, e.pool, e.delta) if e.pool in f.pools else f.pools
    return _with(state, e.combatant, spent=_bump(f.spent, e.pool, -e.delta), pools=pools)


def _gained(state: VdaState, e: ev.ActionGained) -> VdaState:
    f = _fighter(state, e.combatant)
    source = e.source if e.kind == "physical" else f"{e.source} (pouvoir)"
    if e.source.startswith("power:") and e.source[6:] not in f.forms:
        f = replace(f, forms=[*f.forms, e.source[6:]])  # VDA-ACT-06: the form stays active
        state = _with(state, e.combatant, forms=f.forms)
    if state.phase == "initiative":
        # VDA-ACT-05: bought before the round's grant, added to it (``_granted``).
        return _with(state, e.combatant, bought_early=[*f.bought_early, source])
    sources = [*f.action_sources, source]
    if e.kind == "physical":
        return _with(state, e.combatant, physical=f.physical + 1, action_sources=sources)
    return _with(state, e.combatant, prepaid_power=f.prepaid_power + 1, action_sources=sources)


def _celerity(state: VdaState, e: ev.CelerityActivated) -> VdaState:
    f = _fighter(state, e.combatant)
    state = _with(state, e.combatant, celerity=f.celerity + e.dots, celerity_from_round=e.from_round)
    if e.from_round <= state.round and f.physical > 0:
        # Actions of this round were already granted: the new dots count at once.
        state = _with(
            state,
            e.combatant,
            physical=f.physical + e.dots,
            prepaid_power=f.prepaid_power + e.dots,
            celerity_prepaid=f.celerity_prepaid + e.dots,
            action_sources=[*f.action_sources, *["celerity"] * e.dots],
        )
    return state


def _sequence_started(state: VdaState, e: ev.SequenceStarted) -> VdaState:
    # VDA-PHYS-06 and VDA-RDEF-04: defences and their ranged bonus last one sequence,
    # so each sequence starts with none.
    seq = SequenceState(number=e.sequence, declaring=e.declaring, resolving=e.resolving)
    state = replace(state, phase="sequence", sequence=seq)
    if state.options.renounced_defence_scope == "sequence":
        for cid, f in state.fighters.items():
            if f.renounced:
                state = _with(state, cid, renounced=[])
    return state


def _declared(state: VdaState, e: ev.ActionDeclared) -> VdaState:
    seq = _seq(state)
    state = _with_seq(state, declared={**seq.declared, e.combatant: e.action})
    return _count_physical(state, e.combatant, e.action.kind)


def _sealed(state: VdaState, e: ev.DeclarationSealed) -> VdaState:
    seq = _seq(state)
    sealed = {**seq.sealed, e.combatant: Sealed(action=e.action, audience=e.audience)}
    state = _with_seq(state, sealed=sealed)
    return _count_physical(state, e.combatant, e.action.kind)


def _count_physical(state: VdaState, cid: str, kind: str) -> VdaState:
    if kind == "none":
        return state
    return _with(state, cid, physical_used=_fighter(state, cid).physical_used + 1)


def _revealed(state: VdaState, e: ev.DeclarationsRevealed) -> VdaState:
    seq = _seq(state)
    sealed = {k: v for k, v in seq.sealed.items() if k not in e.actions}
    return _with_seq(state, declared={**seq.declared, **e.actions}, sealed=sealed)


def _renounced(state: VdaState, e: ev.DefenceRenounced) -> VdaState:
    f = _fighter(state, e.combatant)
    return _with(state, e.combatant, renounced=[*_without(f.renounced, e.opponent), e.opponent])


def _initiative_adjusted(state: VdaState, e: ev.InitiativeAdjusted) -> VdaState:
    f = _fighter(state, e.combatant)
    return _with(state, e.combatant, initiative=e.score, dive_turned=f.dive_turned or e.rule == "VDA-DIVE-03")


def _step(state: VdaState, e: ev.StepStarted) -> VdaState:
    tied = None
    if e.step == "physical" and len(e.combatants) > 1:  # VDA-INIT-04: a tied group acts
        tied = TiedStart(
            group=list(e.combatants),
            combatants=list(state.combatants),
            fighters=state.fighters,
            grapples=state.grapples,
            stuck=state.stuck,
            tactics=state.tactics,
        )
    return _with_seq(state, step=e.step, acting=list(e.combatants), tied=tied)


def _done(state: VdaState, cid: str) -> dict[str, Any]:
    seq = _seq(state)
    return {"done_physical": [*_without(seq.done_physical, cid), cid], "acting": _without(seq.acting, cid)}


def _rolled(state: VdaState, e: ev.ActionRolled) -> VdaState:
    f = _fighter(state, e.combatant)
    skills = _bump(f.skill_uses, e.skill) if e.skill else f.skill_uses
    state = _with(state, e.combatant, skill_uses=skills, pending=[])
    state = _moved(state, e.combatant, e.kind, e.roll.successes)
    seq = _seq(state)
    changes = _done(state, e.combatant)
    if e.kind == "defend":
        defence = Defence(successes=e.roll.successes, rear_eligible=e.rear_eligible)
        changes["defences"] = {**seq.defences, e.combatant: defence}
        changes["ranged_defended"] = [*_without(seq.ranged_defended, e.combatant), e.combatant]
    return _with_seq(state, **changes)


def _reloaded(state: VdaState, e: ev.WeaponReloaded) -> VdaState:
    """VDA-BOW-06 / VDA-FIRE-06: the action is spent, the weapon owes one action less."""
    f = _fighter(state, e.combatant)
    item = replace(f.items.get(e.item, Item()), unready=e.unready)
    state = _with(state, e.combatant, items={**f.items, e.item: item})
    state = _moved(state, e.combatant, "other", 0)
    return _with_seq(state, **_done(state, e.combatant))


def _lost(state: VdaState, e: ev.ActionLost) -> VdaState:
    state = _moved(state, e.combatant, "lost", 0)
    return _with_seq(state, **_done(state, e.combatant))


def _charge_announced(state: VdaState, e: ev.ChargeAnnounced) -> VdaState:
    return _with(state, e.combatant, charging=e.target, charging_with=e.weapon)


def _oriented(state: VdaState, e: ev.OrientationRolled) -> VdaState:
    if e.answers > 0 or e.source == "power":
        return _with(state, e.combatant, orientation_stale=False)
    return state


def _invalidated(state: VdaState, e: ev.OrientationInvalidated) -> VdaState:
    for cid in e.combatants:
        state = _with(state, cid, orientation_stale=True)
    return state


def _condition(state: VdaState, e: ev.ConditionChanged) -> VdaState:
    f = _fighter(state, e.combatant)
    kept = [c for c in f.conditions if c != e.condition]
    return _with(state, e.combatant, conditions=[*kept, e.condition] if e.on else kept)


def _allocated(state: VdaState, e: ev.DefenceAllocated) -> VdaState:
    seq = _seq(state)
    defence = seq.defences.get(e.combatant, Defence(successes=0, rear_eligible=0))
    defences = {**seq.defences, e.combatant: replace(defence, allocations=dict(e.allocations))}
    return _with_seq(state, defences=defences)


def _attack(state: VdaState, e: ev.AttackResolved) -> VdaState:
    r = e.resolution
    attacker = _fighter(state, e.attacker)
    state = _with(
        state,
        e.attacker,
        potence_tokens=attacker.potence_tokens + r.damage_ones_removed,
        fortitude_damage_tokens=attacker.fortitude_damage_tokens + r.damage_ones_removed_by_fortitude,
    )
    target = _fighter(state, e.target)
    state = _with(state, e.target, fortitude_tokens=target.fortitude_tokens + r.soak_ones_removed)
    loss = r.health
    return _health(
        state,
        ev.HealthAdjusted(
            combatant=e.target, bashing=loss.bashing, lethal=loss.lethal, aggravated=loss.aggravated
        ),
    )


def _power(state: VdaState, e: ev.PowerUsed) -> VdaState:
    f = _fighter(state, e.combatant)
    prepaid = f.prepaid_power - (1 if e.paid_by in ("prepaid", "celerity") else 0)
    celerity = f.celerity_prepaid - (1 if e.paid_by == "celerity" else 0)
    state = _with(
        state,
        e.combatant,
        celerity_prepaid=max(0, celerity),
        power_used=f.power_used + 1,
        power_uses=_bump(f.power_uses, e.power),
        reiterations=_bump(f.reiterations, e.block) if e.reiteration else f.reiterations,
        prepaid_power=max(0, prepaid),
    )
    return _power_done(state, e.combatant)


def _power_skipped(state: VdaState, e: ev.PowerSkipped) -> VdaState:
    return _power_done(state, e.combatant)


def _power_done(state: VdaState, cid: str) -> VdaState:
    seq = _seq(state)
    return _with_seq(
        state, done_power=[*_without(seq.done_power, cid), cid], acting=_without(seq.acting, cid)
    )


def _sequence_ended(state: VdaState, e: ev.SequenceEnded) -> VdaState:
    return replace(state, sequence=None)


def _round_ended(state: VdaState, e: ev.RoundEnded) -> VdaState:
    return replace(state, phase="between", sequence=None, previous_holders=list(e.holders))


# --- the GM and the ambush -----------------------------------------------------


def _ruling(state: VdaState, e: ev.RulingGiven) -> VdaState:
    ruling = Ruling(round=state.round, rule=e.rule, ruling=e.ruling, combatant=e.combatant)
    return replace(state, rulings=[*state.rulings[-(RULINGS_KEPT - 1) :], ruling])


def _difficulty_adjusted(state: VdaState, e: ev.DifficultyAdjusted) -> VdaState:
    f = _fighter(state, e.combatant)
    return _with(state, e.combatant, pending=[*f.pending, Modifier(rule="gm", value=e.delta, why=e.reason)])


def _health(state: VdaState, e: ev.HealthAdjusted) -> VdaState:
    health = wounded(
        _fighter(state, e.combatant).health, bashing=e.bashing, lethal=e.lethal, aggravated=e.aggravated
    )
    return _with(state, e.combatant, health=health)


def _ambush(state: VdaState, e: ev.AmbushResolved) -> VdaState:
    awareness = e.awareness.successes if e.awareness is not None else None
    ambush = AmbushState(ambusher=e.ambusher, target=e.target, detected=e.detected, awareness=awareness)
    state = replace(state, ambush=ambush)
    f = _fighter(state, e.target)
    carried = f.next_initiative
    if not e.can_react:
        carried = [*carried, Modifier(rule="VDA-AMB-06", value=1, why="surprise totale")]
    return _with(state, e.target, ambush_cap=e.defence_cap, next_initiative=carried)


_HANDLERS: dict[type, Callable[[VdaState, Any], VdaState]] = {
    ev.RoundStarted: _round_started,
    ev.DiveDeclared: _dive,
    ev.InitiativeRolled: _initiative,
    ev.InitiativeOrderSet: _order,
    ev.OrientationSet: _orientation,
    ev.ActionsGranted: _granted,
    ev.ResourceSpent: _spent,
    ev.ActionGained: _gained,
    ev.PoolAdjusted: _pool_adjusted,
    ev.CelerityActivated: _celerity,
    ev.SequenceStarted: _sequence_started,
    ev.ActionDeclared: _declared,
    ev.DeclarationSealed: _sealed,
    ev.DeclarationsRevealed: _revealed,
    ev.DefenceRenounced: _renounced,
    ev.InitiativeAdjusted: _initiative_adjusted,
    ev.StepStarted: _step,
    ev.ActionRolled: _rolled,
    ev.WeaponReloaded: _reloaded,
    ev.OrientationRolled: _oriented,
    ev.OrientationInvalidated: _invalidated,
    ev.ConditionChanged: _condition,
    ev.DefenceAllocated: _allocated,
    ev.AttackResolved: _attack,
    ev.PowerUsed: _power,
    ev.PowerSkipped: _power_skipped,
    ev.SequenceEnded: _sequence_ended,
    ev.RoundEnded: _round_ended,
    ev.RulingGiven: _ruling,
    ev.DifficultyAdjusted: _difficulty_adjusted,
    ev.HealthAdjusted: _health,
    ev.AmbushResolved: _ambush,
    ev.ActionLost: _lost,
    ev.ChargeAnnounced: _charge_announced,
}


# --- who is at the table -------------------------------------------------------


def seated(state: VdaState, sheets: Mapping[str, VdaSheet]) -> VdaState:
    """The table's combatants changed (``System.seated``): a fighter removed from the table
    leaves the round (VDA-INIT-01: only the combatants of the round roll; VDA-INIT-02,
    VDA-SEQ-02: the declarations and the steps wait for them no more). Their own state
    (wounds, spending, items) stays in :attr:`VdaState.fighters` for a later return, which
    is at the next round (``RoundStarted`` counts who is at the table then); actions declared
    against them are lost at their resolution (VDA-PHYS-02, ``facts.lost_action``). A step
    the departure completes moves on with the next command (``handlers/seats.moving_on``)."""
    if all(cid in sheets for cid in state.combatants):
        return state
    seq = state.sequence
    return replace(
        state,
        combatants=[cid for cid in state.combatants if cid in sheets],
        order=[rank for rank in state.order if rank.combatant in sheets],
        sequence=None if seq is None else _sequence_without(seq, sheets),
    )


def _sequence_without(seq: SequenceState, present: Container[str]) -> SequenceState:
    """The sequence with only the fighters still at the table in its groups, its waiting
    list and its declarations."""

    def groups(found: list[list[str]]) -> list[list[str]]:
        kept = [[cid for cid in group if cid in present] for group in found]
        return [group for group in kept if group]

    return replace(
        seq,
        declaring=groups(seq.declaring),
        resolving=groups(seq.resolving),
        acting=[cid for cid in seq.acting if cid in present],
        declared={cid: a for cid, a in seq.declared.items() if cid in present},
        sealed={cid: s for cid, s in seq.sealed.items() if cid in present},
    )
