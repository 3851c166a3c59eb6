"""Applying the situation, surprise-attack and equipment events (VDA-MOD/COVER/WATER,
VDA-AMB, VDA-DISARM, VDA-STAKE, VDA-STUCK, VDA-RES/VAND, VDA-GREN): total, never
raises, never rolls. :mod:`domain.systems.vda.evolve` looks :data:`HANDLERS` up after
its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item, PendingGrenade, StuckWeapon
from domain.systems.vda.rules import physical
from domain.systems.vda.state import Fighter, VdaState


def _fighter(state: VdaState, cid: str) -> Fighter:
    return state.fighters.get(cid, Fighter())


def _with(state: VdaState, cid: str, **changes: Any) -> VdaState:
    return replace(state, fighters={**state.fighters, cid: replace(_fighter(state, cid), **changes)})


def _item(state: VdaState, cid: str, item: str, found: Item) -> VdaState:
    return _with(state, cid, items={**_fighter(state, cid).items, item: found})


def _grenade(state: VdaState, gid: str, **changes: Any) -> VdaState:
    return replace(state, grenades=[replace(g, **changes) if g.id == gid else g for g in state.grenades])


def _circumstances(state: VdaState, e: ev.CircumstancesSet) -> VdaState:
    return _with(state, e.combatant, circumstances=e.circumstances)


def _surprise_defence(state: VdaState, e: ev.SurpriseDefenceRolled) -> VdaState:
    ambush = state.ambush
    if ambush is None:
        return state
    if e.roll is None:
        return replace(state, ambush=replace(ambush, defence=0))
    rear = physical.rear_eligible(e.roll)
    return replace(state, ambush=replace(ambush, defence=e.roll.successes, defence_rear=rear))


def _surprise_attack(state: VdaState, e: ev.SurpriseAttackRolled) -> VdaState:
    ambush = state.ambush
    return replace(state, ambush=replace(ambush, attacked=True)) if ambush is not None else state


def _disarm(state: VdaState, e: ev.DisarmResolved) -> VdaState:
    found = _fighter(state, e.defender).items.get(e.item, Item())
    if e.result == "weakened":
        return _item(state, e.defender, e.item, replace(found, grip_weakened=True))
    if e.result == "disarmed":
        return _item(state, e.defender, e.item, replace(found, location="ground", grip_weakened=False))
    return state


def _item_changed(state: VdaState, e: ev.ItemChanged) -> VdaState:
    stuck = [s for s in state.stuck if not (s.owner == e.combatant and s.item == e.item)]
    if e.state.location == "stuck" and e.state.stuck_in is not None:
        stuck = state.stuck
    return replace(_item(state, e.combatant, e.item, e.state), stuck=stuck)


def _resistance(state: VdaState, e: ev.ResistanceReduced) -> VdaState:
    found = _fighter(state, e.combatant).items.get(e.item, Item())
    found = replace(found, resistance=e.resistance, max_resistance=e.max_resistance)
    if e.destroyed:
        found = replace(found, location="destroyed", grip_weakened=False, stuck_in=None)
    state = _item(state, e.combatant, e.item, found)
    if e.destroyed:
        state = replace(
            state, stuck=[s for s in state.stuck if not (s.owner == e.combatant and s.item == e.item)]
        )
    return state


def _stake(state: VdaState, e: ev.StakeChecked) -> VdaState:
    from domain.systems.vda.tactics_evolve import stake_checked

    return stake_checked(state, e)


def _stuck(state: VdaState, e: ev.WeaponStuck) -> VdaState:
    found = _fighter(state, e.owner).items.get(e.item, Item())
    if not e.projectile:
        state = _item(
            state, e.owner, e.item, replace(found, location="stuck", stuck_in=e.target, grip_weakened=False)
        )
    entry = StuckWeapon(owner=e.owner, item=e.item, target=e.target, pool=e.pool, projectile=e.projectile)
    others = [s for s in state.stuck if not (s.owner == e.owner and s.item == e.item)]
    return replace(state, stuck=[*others, entry])


def _stuck_reduced(state: VdaState, e: ev.StuckPoolReduced) -> VdaState:
    if e.freed:
        stuck = [s for s in state.stuck if not (s.owner == e.owner and s.item == e.item)]
        if any(s.projectile for s in state.stuck if s.owner == e.owner and s.item == e.item):
            return replace(state, stuck=stuck)  # an arrow or a bolt: the bow never left the hand
        found = _fighter(state, e.owner).items.get(e.item, Item())
        # Freed by its owner it is back in hand; by anyone else it falls (VDA-STUCK-04).
        place = "held" if e.combatant == e.owner else "ground"
        state = _item(state, e.owner, e.item, replace(found, location=place, stuck_in=None))
        return replace(state, stuck=stuck)
    stuck = [replace(s, pool=e.pool) if s.owner == e.owner and s.item == e.item else s for s in state.stuck]
    return replace(state, stuck=stuck)


def _thrown(state: VdaState, e: ev.GrenadeThrown) -> VdaState:
    grenade = PendingGrenade(
        id=e.grenade,
        thrower=e.thrower,
        target=e.target,
        hits=e.hits,
        explodes_round=e.explodes_round,
        problem="pending" if e.problem else "none",
    )
    return replace(state, grenades=[*[g for g in state.grenades if g.id != e.grenade], grenade])


def _problem(state: VdaState, e: ev.GrenadeProblemRuled) -> VdaState:
    if e.outcome == "dud":
        return replace(state, grenades=[g for g in state.grenades if g.id != e.grenade])
    late = {g.id: g.explodes_round + 1 for g in state.grenades}
    return _grenade(state, e.grenade, problem="delayed", explodes_round=late.get(e.grenade, 0))


def _dodged(state: VdaState, e: ev.GrenadeDodged) -> VdaState:
    if e.reaction:
        state = _reaction_spent(state, e.combatant)
    for g in state.grenades:
        if g.id == e.grenade:
            dodged = {**g.dodged, e.combatant: g.dodged.get(e.combatant, 0) + e.successes}
            return _grenade(state, e.grenade, dodged=dodged)
    return state


def _reaction_spent(state: VdaState, cid: str) -> VdaState:
    """VDA-GREN-05: the reaction dodge is the dodger's physical action of the sequence (a
    declared « none » now counts as an action, VDA-ACT-02) and a use of Dodge (VDA-GEN-01)."""
    seq = state.sequence
    if seq is None:
        return state
    f = _fighter(state, cid)
    declared = seq.declared.get(cid)
    used = f.physical_used + (1 if declared is None or declared.kind == "none" else 0)
    skills = {**f.skill_uses, "dodge": f.skill_uses.get("dodge", 0) + 1}
    state = _with(state, cid, physical_used=used, skill_uses=skills)
    done = [*(x for x in seq.done_physical if x != cid), cid]
    sequence = replace(seq, done_physical=done, acting=[x for x in seq.acting if x != cid])
    return replace(state, sequence=sequence)


def _exploded(state: VdaState, e: ev.GrenadeExploded) -> VdaState:
    return replace(state, grenades=[g for g in state.grenades if g.id != e.grenade])


def _parry_hurt(state: VdaState, e: ev.NaturalParryHurt) -> VdaState:
    health = _fighter(state, e.combatant).health
    return _with(state, e.combatant, health=replace(health, bashing=health.bashing + e.bashing))


def _deafened(state: VdaState, e: ev.Deafened) -> VdaState:
    return _with(state, e.combatant, deafness=e.deafness)


HANDLERS: dict[type, Callable[[VdaState, Any], VdaState]] = {
    ev.CircumstancesSet: _circumstances,
    ev.SurpriseDefenceRolled: _surprise_defence,
    ev.SurpriseAttackRolled: _surprise_attack,
    ev.DisarmResolved: _disarm,
    ev.ItemChanged: _item_changed,
    ev.ResistanceReduced: _resistance,
    ev.StakeChecked: _stake,
    ev.WeaponStuck: _stuck,
    ev.StuckPoolReduced: _stuck_reduced,
    ev.GrenadeThrown: _thrown,
    ev.GrenadeProblemRuled: _problem,
    ev.GrenadeDodged: _dodged,
    ev.GrenadeExploded: _exploded,
    ev.Deafened: _deafened,
    ev.NaturalParryHurt: _parry_hurt,
}
