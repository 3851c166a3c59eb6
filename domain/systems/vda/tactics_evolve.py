"""Applying the gaze, two-weapon, stake-ruling and grenade-initiative events (VDA-GAZE,
VDA-TWO, VDA-STAKE-04, VDA-GREN-01): total, never raises, never rolls.
:mod:`domain.systems.vda.evolve` looks :data:`HANDLERS` up after its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.systems.vda import events as ev
from domain.systems.vda.rules.gaze import reflexive_slot
from domain.systems.vda.state import Fighter, SequenceState, VdaState
from domain.systems.vda.tactics import GazePair, TacticsBoard, TwoWeaponStance


def _fighter(state: VdaState, cid: str) -> Fighter:
    return state.fighters.get(cid, Fighter())


def _with(state: VdaState, cid: str, **changes: Any) -> VdaState:
    return replace(state, fighters={**state.fighters, cid: replace(_fighter(state, cid), **changes)})


def _board(state: VdaState, **changes: Any) -> VdaState:
    return replace(state, tactics=replace(state.tactics, **changes))


def _pair(state: VdaState, attacker: str, target: str, **changes: Any) -> VdaState:
    key = f"{attacker}>{target}"
    found = state.tactics.gazes.get(key, GazePair())
    return _board(state, gazes={**state.tactics.gazes, key: replace(found, **changes)})


def _toggle(items: list[str], cid: str, on: bool) -> list[str]:
    kept = [x for x in items if x != cid]
    return [*kept, cid] if on else kept


def _seq(state: VdaState, **changes: Any) -> VdaState:
    if state.sequence is None:
        return state
    sequence: SequenceState = replace(state.sequence, **changes)
    return replace(state, sequence=sequence)


def paralyse(state: VdaState, cid: str) -> VdaState:
    """VDA-STAKE-04: a vampire staked before its declared action resolved loses it, so the
    sequence goes on without it."""
    seq = state.sequence
    if seq is None or not state.options.tactics.staked_paralysed:
        return state
    declared = seq.declared.get(cid)
    if declared is None or declared.kind == "none" or cid in seq.done_physical:
        return state
    return _seq(state, done_physical=[*seq.done_physical, cid], acting=[x for x in seq.acting if x != cid])


# --- the gaze ----------------------------------------------------------------------------


def _gaze_rolled(state: VdaState, e: ev.GazeRolled) -> VdaState:
    state = _pair(state, e.attacker, e.target, power=e.power, progress=e.progress, needed=e.needed)
    if e.mode == "reflexive":
        slot = reflexive_slot(e.attacker, e.target, state.options.tactics)
        return _board(state, reflexive={**state.tactics.reflexive, slot: state.round})
    state = _pair(state, e.attacker, e.target, active_round=state.round)
    f = _fighter(state, e.attacker)
    seq = state.sequence
    acting = [x for x in seq.acting if x != e.attacker] if seq else []
    if e.mode == "physical":
        skills = {**f.skill_uses, e.skill: f.skill_uses.get(e.skill, 0) + 1} if e.skill else f.skill_uses
        state = _with(state, e.attacker, skill_uses=skills, pending=[])
        done = [*(x for x in seq.done_physical if x != e.attacker), e.attacker] if seq else []
        return _seq(state, done_physical=done, acting=acting)
    state = _with(state, e.attacker, power_used=f.power_used + 1)
    done = [*(x for x in seq.done_power if x != e.attacker), e.attacker] if seq else []
    return _seq(state, done_power=done, acting=acting)


def _gaze_captured(state: VdaState, e: ev.GazeCaptured) -> VdaState:
    return _pair(state, e.attacker, e.target, power=e.power, captured=True)


def _intent(state: VdaState, e: ev.GazeIntentRolled) -> VdaState:
    found = state.tactics.gazes.get(f"{e.attacker}>{e.combatant}", GazePair())
    return _pair(
        state,
        e.attacker,
        e.combatant,
        detection_round=state.round,
        understood=found.understood or e.understood,
    )


def _averted(state: VdaState, e: ev.GazeAverted) -> VdaState:
    state = _board(state, averting=_toggle(state.tactics.averting, e.combatant, e.on))
    if e.on or not state.options.tactics.gaze_progress_resets:
        return state
    # VDA-GAZE-04: the cumulated successes are lost once the target looks again.
    gazes = {
        k: replace(p, progress=0) if k.endswith(f">{e.combatant}") and not p.captured else p
        for k, p in state.tactics.gazes.items()
    }
    return _board(state, gazes=gazes)


def _eyes(state: VdaState, e: ev.EyesClosed) -> VdaState:
    return _board(state, eyes_closed=_toggle(state.tactics.eyes_closed, e.combatant, e.on))


def _gaze_adjusted(state: VdaState, e: ev.GazeAdjusted) -> VdaState:
    changes: dict[str, Any] = {}
    if e.progress is not None:
        changes["progress"] = e.progress
    if e.captured is not None:
        changes["captured"] = e.captured
    if e.understood is not None:
        changes["understood"] = e.understood
    return _pair(state, e.attacker, e.target, **changes)


# --- two weapons, stakes, grenades -------------------------------------------------------------


def _stance(state: VdaState, e: ev.TwoWeaponStanceChanged) -> VdaState:
    stances = {k: v for k, v in state.tactics.stances.items() if k != e.combatant}
    if e.on and e.style is not None:
        stances[e.combatant] = TwoWeaponStance(
            weapons=list(e.weapons), style=e.style, round=e.round, sequence=e.sequence
        )
    return _board(state, stances=stances)


def _twos(state: VdaState, e: ev.TwosCountedAsOnes) -> VdaState:
    seq = state.sequence
    defence = seq.defences.get(e.combatant) if seq else None
    if seq is None or defence is None:
        return state
    read = replace(defence, successes=e.successes, rear_eligible=min(defence.rear_eligible, e.successes))
    return _seq(state, defences={**seq.defences, e.combatant: read})


def _stake_ruled(state: VdaState, e: ev.StakeRuled) -> VdaState:
    state = _with(state, e.target, staked=e.staked)
    state = _board(state, stake_rulings=[x for x in state.tactics.stake_rulings if x != e.target])
    return paralyse(state, e.target) if e.staked else state


def stake_checked(state: VdaState, e: ev.StakeChecked) -> VdaState:
    """VDA-STAKE-01, VDA-STAKE-02, VDA-STAKE-03, VDA-STAKE-04: staked (and paralysed), or waiting for the
    GM's bony-heart ruling."""
    if e.awaiting_ruling:
        board: TacticsBoard = state.tactics
        return _board(state, stake_rulings=[*(x for x in board.stake_rulings if x != e.target), e.target])
    if not e.success:
        return state
    return paralyse(_with(state, e.target, staked=True), e.target)


def _grenade_initiative(state: VdaState, e: ev.GrenadeInitiativeDrawn) -> VdaState:
    grenades = [replace(g, initiative=e.initiative) if g.id == e.grenade else g for g in state.grenades]
    return replace(state, grenades=grenades)


HANDLERS: dict[type, Callable[[VdaState, Any], VdaState]] = {
    ev.GazeRolled: _gaze_rolled,
    ev.GazeCaptured: _gaze_captured,
    ev.GazeIntentRolled: _intent,
    ev.GazeAverted: _averted,
    ev.EyesClosed: _eyes,
    ev.GazeAdjusted: _gaze_adjusted,
    ev.TwoWeaponStanceChanged: _stance,
    ev.TwosCountedAsOnes: _twos,
    ev.StakeRuled: _stake_ruled,
    ev.GrenadeInitiativeDrawn: _grenade_initiative,
}
