"""Applying the grapple, bite and Kiss events (VDA-GRAP, VDA-BITE): total, never raises,
never rolls. :mod:`domain.systems.vda.evolve` registers :data:`HANDLERS` and calls
:func:`round_started` and :func:`damage_taken` after its own handlers.

Every grapple entry's ``effects`` is recomputed here from its value with
``grapple_thresholds`` (VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19,
VDA-GRAP-20, VDA-GRAP-21, VDA-GRAP-22, VDA-GRAP-23), so the projection always shows what
each hold forbids right now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.systems.vda import events as ev
from domain.systems.vda.rules.bite import FANGS
from domain.systems.vda.rules.grapple import contact_between, key
from domain.systems.vda.rules.grapple_core import grapple_thresholds
from domain.systems.vda.state import Ecstasy, Fangs, Fighter, Grapple, SequenceState, VdaState


def _fighter(state: VdaState, cid: str) -> Fighter:
    return state.fighters.get(cid, Fighter())


def _with(state: VdaState, cid: str, **changes: Any) -> VdaState:
    return replace(state, fighters={**state.fighters, cid: replace(_fighter(state, cid), **changes)})


def _done(state: VdaState, cid: str) -> VdaState:
    """The combatant's physical action of the sequence is resolved."""
    seq = state.sequence
    if seq is None:
        return state
    done = [*(x for x in seq.done_physical if x != cid), cid]
    acting = [x for x in seq.acting if x != cid]
    sequence: SequenceState = replace(seq, done_physical=done, acting=acting)
    return replace(state, sequence=sequence)


def _set_value(grapple: Grapple, value: int, round_number: int, used: int) -> Grapple:
    value = max(0, value)
    zero = value == 0
    return replace(
        grapple,
        value=value,
        effects=grapple_thresholds(value, grapple.strength_potence),
        zero_round=round_number if zero else 0,
        zero_used=used if zero else -1,
    )


def _drop_pair(state: VdaState, grappler: str, target: str) -> VdaState:
    grapples = {k: v for k, v in state.grapples.items() if k != key(grappler, target)}
    state = replace(state, grapples=grapples)
    return _tidy(state)


def _tidy(state: VdaState) -> VdaState:
    """Fangs and ecstasies outlive no grapple (VDA-BITE-03, VDA-BITE-06: « si l'étreinte prend fin »)."""
    fangs = {b: f for b, f in state.fangs.items() if contact_between(state, b, f.victim) >= 0}
    ecstasy = {v: e for v, e in state.ecstasy.items() if contact_between(state, e.drinker, v) >= 0}
    if len(fangs) == len(state.fangs) and len(ecstasy) == len(state.ecstasy):
        return state
    return replace(state, fangs=fangs, ecstasy=ecstasy)


# --- the grapple ----------------------------------------------------------------


def _rolled(state: VdaState, e: ev.GrappleRolled) -> VdaState:
    f = _fighter(state, e.combatant)
    pairs = {**f.grapple_pairs, e.pair: f.grapple_pairs.get(e.pair, 0) + 1} if e.pair else f.grapple_pairs
    skill = e.pair.partition("+")[2]
    skills = {**f.skill_uses, skill: f.skill_uses.get(skill, 0) + 1} if skill else f.skill_uses
    state = _with(state, e.combatant, grapple_pairs=pairs, skill_uses=skills, pending=[])
    return _done(state, e.combatant)


def _established(state: VdaState, e: ev.GrappleEstablished) -> VdaState:
    grapple = Grapple(
        value=e.value,
        cap=e.cap,
        strength_potence=e.strength_potence,
        since_round=state.round,
    )
    grapple = _set_value(grapple, e.value, state.round, e.grappler_used)
    return replace(state, grapples={**state.grapples, key(e.grappler, e.target): grapple})


def _value_changed(state: VdaState, e: ev.GrappleValueChanged) -> VdaState:
    pair = key(e.grappler, e.target)
    grapple = state.grapples.get(pair)
    if grapple is None:
        return state
    grapple = _set_value(grapple, e.value, state.round, e.grappler_used)
    return replace(state, grapples={**state.grapples, pair: grapple})


def _kept(state: VdaState, e: ev.GrappleSuccessesKept) -> VdaState:
    pair = key(e.grappler, e.target)
    grapple = state.grapples.get(pair)
    if grapple is None:
        return state
    side = "grappler_kept" if e.side == "grappler" else "target_kept"
    state = replace(state, grapples={**state.grapples, pair: replace(grapple, **{side: e.successes})})
    if not e.action_spent:
        return state
    # VDA-GRAP-08, VDA-GRAP-12 (ruling): the reaction takes the opposer's last physical action of the
    # round; its roll counts toward VDA-GRAP-10's pairs.
    opposer = e.grappler if e.side == "grappler" else e.target
    f = _fighter(state, opposer)
    pairs = {**f.grapple_pairs, e.pair: f.grapple_pairs.get(e.pair, 0) + 1} if e.pair else f.grapple_pairs
    return _with(state, opposer, physical=max(0, f.physical - 1), grapple_pairs=pairs)


def _ended(state: VdaState, e: ev.GrappleEnded) -> VdaState:
    return _drop_pair(state, e.grappler, e.target)


def _takedown(state: VdaState, e: ev.TakedownPerformed) -> VdaState:
    return _done(state, e.grappler)


# --- the bite and the Kiss ---------------------------------------------------------


def _fangs(state: VdaState, e: ev.FangsPlanted) -> VdaState:
    fangs = Fangs(victim=e.victim, round=state.round, used=e.used)
    return replace(state, fangs={**state.fangs, e.biter: fangs})


def _left(pools: dict[str, int], by: int) -> dict[str, int]:
    """The blood left, moved by ``by`` (known once a round started: ``Fighter.pools``)."""
    return {**pools, "blood": pools["blood"] + by} if "blood" in pools else pools


def _drunk(state: VdaState, e: ev.BloodDrunk) -> VdaState:
    victim = _fighter(state, e.victim)
    state = _with(
        state,
        e.victim,
        spent={**victim.spent, "blood": victim.spent.get("blood", 0) + e.amount},
        pools=_left(victim.pools, -e.amount),
    )
    drinker = _fighter(state, e.drinker)
    # The drinker's pool never goes past the sheet's blood: what it spent comes back first.
    before = drinker.spent.get("blood", 0)
    spent = {**drinker.spent, "blood": max(0, before - e.amount)}
    gained = before - spent["blood"]
    state = _with(
        state,
        e.drinker,
        spent=spent,
        pools=_left(drinker.pools, gained),
        drunk_this_round=drinker.drunk_this_round + e.amount,
    )
    fangs = Fangs(victim=e.victim, round=state.round, used=e.used)
    return replace(state, fangs={**state.fangs, e.drinker: fangs})


def _ecstasy(state: VdaState, e: ev.KissEcstasyStarted) -> VdaState:
    ecstasy = Ecstasy(drinker=e.drinker, until_round=e.until_round)
    return replace(state, ecstasy={**state.ecstasy, e.victim: ecstasy})


def _shortened(state: VdaState, e: ev.KissEcstasyShortened) -> VdaState:
    ecstasy = state.ecstasy.get(e.victim)
    if ecstasy is None:
        return state
    shortened = replace(ecstasy, until_round=e.until_round, shortened_round=state.round)
    return replace(state, ecstasy={**state.ecstasy, e.victim: shortened})


def _ecstasy_ended(state: VdaState, e: ev.KissEcstasyEnded) -> VdaState:
    return replace(state, ecstasy={v: x for v, x in state.ecstasy.items() if v != e.victim})


HANDLERS: dict[type, Callable[[VdaState, Any], VdaState]] = {
    ev.GrappleRolled: _rolled,
    ev.GrappleEstablished: _established,
    ev.GrappleValueChanged: _value_changed,
    ev.GrappleSuccessesKept: _kept,
    ev.GrappleEnded: _ended,
    ev.TakedownPerformed: _takedown,
    ev.FangsPlanted: _fangs,
    ev.BloodDrunk: _drunk,
    ev.KissEcstasyStarted: _ecstasy,
    ev.KissEcstasyShortened: _shortened,
    ev.KissEcstasyEnded: _ecstasy_ended,
}


# --- what other events do to holds and the Kiss -----------------------------------


def round_started(before: VdaState, after: VdaState) -> VdaState:
    """VDA-GRAP-09, VDA-GRAP-13: kept successes last one round; VDA-GRAP-06 (via ``RoundStarted``)
    ended the value-0 holds, and with them their fangs and ecstasies; a timed ecstasy
    runs out (VDA-BITE-06); a mortal's ends when the drinker stopped drinking (VDA-BITE-05)."""
    grapples = {
        k: replace(g, grappler_kept=None, target_kept=None)
        if g.grappler_kept is not None or g.target_kept is not None
        else g
        for k, g in after.grapples.items()
    }
    ecstasy = {
        victim: x
        for victim, x in after.ecstasy.items()
        if (x.until_round is not None and x.until_round >= after.round)
        or (x.until_round is None and _fighter(before, x.drinker).drunk_this_round > 0)
    }
    return _tidy(replace(after, grapples=grapples, ecstasy=ecstasy))


def damage_taken(state: VdaState, victim: str, attacker: str | None, weapon: str, levels: int) -> VdaState:
    """VDA-BITE-06: the ecstasy ends when the victim takes other damage than the drinker's bite."""
    ecstasy = state.ecstasy.get(victim)
    if ecstasy is None or levels <= 0 or (attacker == ecstasy.drinker and weapon == FANGS):
        return state
    return replace(state, ecstasy={v: x for v, x in state.ecstasy.items() if v != victim})


def after_attack(state: VdaState, e: ev.AttackResolved) -> VdaState:
    loss = e.resolution.health
    levels = loss.bashing + loss.lethal + loss.aggravated
    return damage_taken(state, e.target, e.attacker, e.resolution.weapon_id, levels)


def after_health(state: VdaState, e: ev.HealthAdjusted) -> VdaState:
    return damage_taken(state, e.combatant, None, "", e.bashing + e.lethal + e.aggravated)


def follow(before: VdaState, after: VdaState, event: Any) -> VdaState:
    """The grapple side of ``evolve``: ``after`` is the state the round's own handler made
    of ``before`` and ``event``."""
    handler = HANDLERS.get(type(event))
    if handler is not None:
        return handler(after, event)
    if isinstance(event, ev.RoundStarted):
        return round_started(before, after)
    if isinstance(event, ev.AttackResolved):
        return after_attack(after, event)
    if isinstance(event, ev.HealthAdjusted):
        return after_health(after, event)
    return after
