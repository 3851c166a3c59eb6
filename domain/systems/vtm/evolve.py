"""The ``vtm`` projection: each event applied to the combat state. Total: it never
raises and never rolls; an event naming a combatant the state does not know
changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

from msgspec.structs import replace

from domain.systems.vtm import events as ev
from domain.systems.vtm.rules.initiative import can_act, faster_first, pending_slot, waiting_for
from domain.systems.vtm.state import (
    Action,
    Aim,
    Ambush,
    Fighter,
    Grapple,
    Rank,
    Seat,
    VtmSheet,
    VtmState,
    pair,
)
from domain.systems.wod import Modifier


def _fighter(state: VtmState, cid: str, **changes: Any) -> VtmState:
    fighter = state.fighters.get(cid)
    if fighter is None:
        return state
    return replace(state, fighters={**state.fighters, cid: replace(fighter, **changes)})


def at_table(state: VtmState, present: Container[str]) -> VtmState:
    """The state with only the fighters still at the table: a combatant removed in the
    middle of a turn neither blocks the order nor waits for its roll (the phase is
    worked out again without it). The guards read this (``Scene.of``) and so do the
    pages (:func:`projected`)."""
    if all(cid in present for cid in state.fighters):
        return state
    fighters = {cid: f for cid, f in state.fighters.items() if cid in present}
    return advance_phase(replace(state, fighters=fighters))


def advance_phase(state: VtmState) -> VtmState:
    """Initiative gives way to declarations once everyone rolled, declarations to
    resolution once everyone who can act declared (VTM-INIT-03, VTM-INIT-04); a fighter
    no longer at the table (``seats``) is waited for by nobody."""
    fighters = [f for cid, f in state.fighters.items() if cid in state.seats]
    if state.phase == "initiative" and all(f.initiative is not None for f in fighters):
        state = replace(state, phase="declaration")
    if state.phase == "declaration" and all(
        f.declared is not None or not can_act(f, state.round) for f in fighters
    ):
        state = replace(state, phase="resolution")
    return state


def round_started(state: VtmState, event: ev.RoundStarted) -> VtmState:
    fighters = {}
    for cid in event.combatants:
        old = state.fighters.get(cid, Fighter())
        kept = {c: until for c, until in old.conditions.items() if until == 0 or until >= event.round}
        borne = {c: until for c, until in old.complications.items() if until == 0 or until >= event.round}
        fighters[cid] = replace(
            old,
            initiative=old.initiative + old.lowered
            if event.keep_initiative and old.initiative is not None
            else None,
            lowered=0,
            declared=None,
            desperate=False,
            resolved=[],
            abstained=0,
            delayed=None,
            defences=0,
            conditions=kept,
            complications=borne,
            riposte=None,
            movement=None,
            moved=False,
            awaiting="",
        )
    started = replace(state, round=event.round, phase="initiative", fighters=fighters, abstentions=0)
    return advance_phase(started)


def initiative_rolled(state: VtmState, event: ev.InitiativeRolled) -> VtmState:
    """VTM-INIT-07: ties go to Dex + Wits (the VTM-INIT-01 terms), then Wits; VTM-INIT-08:
    the initiative lost after a fall is spent."""
    rating = sum(m.value for m in event.rating if m.rule == "VTM-INIT-01")
    wits = next((m.value for m in event.rating if m.why == "wits"), 0)
    state = _fighter(state, event.combatant, initiative=event.score, rating=rating, wits=wits, slowed=0)
    state = replace(state, ambush=None)  # VTM-AMB-02: a surprise attack comes before initiative
    return advance_phase(state)


def initiative_slowed(state: VtmState, event: ev.InitiativeSlowed) -> VtmState:
    """VTM-INIT-08 with initiative kept: the score is lower this turn only."""
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    lowered = fighter.lowered + event.lost
    return _fighter(state, event.combatant, initiative=event.score, slowed=0, lowered=lowered)


def actions_declared(state: VtmState, event: ev.ActionsDeclared) -> VtmState:
    state = _fighter(
        state,
        event.combatant,
        declared=list(event.actions),
        desperate=event.desperate,
        movement=event.move,
        fought=True,
    )
    return advance_phase(state)


def ruling_requested(state: VtmState, event: ev.RulingRequested) -> VtmState:
    """VTM-MOVE-06: the combatant waits for the ruling; VTM-DEF-11: the GM answers with a
    command of its own (``vtm.InflictDamage``) or not at all, and play goes on."""
    return _fighter(state, event.combatant, awaiting=event.rule) if event.rule == "VTM-MOVE-06" else state


def complex_move_ruled(state: VtmState, event: ev.ComplexMoveRuled) -> VtmState:
    """VTM-MOVE-06: the slots the move takes come after the declared actions, so the
    indices already resolved or rolled for (a defence) stay what they were."""
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    declared = [*(fighter.declared or []), *(Action(kind="move") for _ in range(event.slots))]
    return _fighter(state, event.combatant, declared=declared, awaiting="")


def abstained(state: VtmState, event: ev.Abstained) -> VtmState:
    count = state.abstentions + 1
    return replace(_fighter(state, event.combatant, abstained=count), abstentions=count)


def _end(state: VtmState, cid: str, action: int) -> VtmState:
    """An action done: whoever could riposte and did not has let the moment pass."""
    state = replace(
        state, fighters={k: replace(f, riposte=None) if f.riposte else f for k, f in state.fighters.items()}
    )
    fighter = state.fighters.get(cid)
    if fighter is None or action in fighter.resolved:
        return state
    return _fighter(state, cid, resolved=[*fighter.resolved, action], abstained=0, delayed=None)


def turn_passed(state: VtmState, event: ev.TurnPassed) -> VtmState:
    for cid in event.combatants:
        fighter = state.fighters.get(cid)
        slot = pending_slot(fighter) if fighter else None
        if slot is not None:
            state = _end(state, cid, slot)
    return state


def action_ended(state: VtmState, event: ev.ActionEnded) -> VtmState:
    """VTM-FIRE-14: any action but aiming loses the aim taken."""
    fighter = state.fighters.get(event.combatant)
    declared = (fighter.declared or []) if fighter else []
    if (
        fighter
        and fighter.aiming
        and not (0 <= event.action < len(declared) and declared[event.action].kind == "aim")
    ):
        state = _fighter(state, event.combatant, aiming=None)
    return _end(state, event.combatant, event.action)


def attack_rolled(state: VtmState, event: ev.AttackRolled | ev.AttackLanded) -> VtmState:
    fighter = state.fighters.get(event.attacker)
    if fighter is None:
        return state
    fired = fighter.fired
    if event.rounds and event.weapon is not None:
        fired = {**fired, event.weapon: fired.get(event.weapon, 0) + event.rounds}
    if state.ambush is not None and state.ambush.attacker == event.attacker and state.phase == "initiative":
        state = replace(state, ambush=None)  # VTM-AMB-02, VTM-AMB-03: the surprise attack is made
    return _fighter(state, event.attacker, adjustment=[], riposte=None, fired=fired, aiming=None)


def riposte_permitted(state: VtmState, event: ev.RipostePermitted) -> VtmState:
    return _fighter(state, event.combatant, riposte=event.riposte)


def defence_rolled(state: VtmState, event: ev.DefenceRolled) -> VtmState:
    fighter = state.fighters.get(event.defender)
    if fighter is None:
        return state
    resolved = fighter.resolved if fighter.desperate else [*fighter.resolved, event.action]
    return _fighter(
        state, event.defender, resolved=resolved, defences=fighter.defences + 1, adjustment=[], aiming=None
    )


def wounded_(state: VtmState, event: ev.Wounded) -> VtmState:
    return _fighter(state, event.target, health=event.health)


def health_adjusted(state: VtmState, event: ev.HealthAdjusted) -> VtmState:
    return _fighter(state, event.combatant, health=event.health)


def condition_changed(state: VtmState, event: ev.ConditionChanged) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    conditions = {c: u for c, u in fighter.conditions.items() if c != event.condition}
    if event.on:
        conditions[event.condition] = event.until
    fallen: dict[str, bool] = {}
    if event.condition == "knocked_down":  # VTM-CPX-02: a fall allows one recovery roll
        fallen = {"recovery": event.on, "must_stand": False}
    return advance_phase(_fighter(state, event.combatant, conditions=conditions, **fallen))


def recovery_rolled(state: VtmState, event: ev.RecoveryRolled) -> VtmState:
    """VTM-CPX-02: up at once costs two initiative next turn; a failure binds the next
    action to getting up."""
    up = event.roll.successes >= 1
    return _fighter(
        state, event.combatant, recovery=False, slowed=2 if up else 0, must_stand=not up, adjustment=[]
    )


def interrupt_attempted(state: VtmState, event: ev.InterruptAttempted) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    spent = fighter.willpower_spent + (1 if event.spent else 0)
    declared = list(fighter.declared or [])
    if event.succeeded and 0 <= event.action < len(declared):
        declared[event.action] = replace(
            declared[event.action],
            kind="defend",
            defence=event.defence,
            target=event.attacker,
            maneuver=None,
            weapon=None,
        )
    adjustment = [] if event.roll is not None else fighter.adjustment
    return _fighter(state, event.combatant, willpower_spent=spent, declared=declared, adjustment=adjustment)


def roll_adjusted(state: VtmState, event: ev.RollAdjusted) -> VtmState:
    terms = [Modifier(rule="gm-dice", value=event.dice, why=event.reason)] if event.dice else []
    terms += (
        [Modifier(rule="gm-difficulty", value=event.difficulty, why=event.reason)] if event.difficulty else []
    )
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    return _fighter(state, event.combatant, adjustment=[*fighter.adjustment, *terms])


def initiative_adjusted(state: VtmState, event: ev.InitiativeAdjusted) -> VtmState:
    return _fighter(state, event.combatant, initiative=event.score)


def cover_changed(state: VtmState, event: ev.CoverChanged) -> VtmState:
    return _fighter(state, event.combatant, cover=event.cover)


def grapple_established(state: VtmState, event: ev.GrappleEstablished) -> VtmState:
    grip = Grapple(kind=event.kind, attacker=event.attacker, target=event.target, round=event.round)
    kept = [g for g in state.grapples if (g.attacker, g.target) != (event.attacker, event.target)]
    return replace(state, grapples=[*kept, grip])


def grapple_released(state: VtmState, event: ev.GrappleReleased) -> VtmState:
    kept = [g for g in state.grapples if (g.attacker, g.target) != (event.attacker, event.target)]
    return replace(state, grapples=kept)


def escape_rolled(state: VtmState, event: ev.EscapeRolled) -> VtmState:
    state = _fighter(state, event.combatant, adjustment=[])
    return _fighter(state, event.holder, adjustment=[])


def distance_set(state: VtmState, event: ev.DistanceSet) -> VtmState:
    return replace(state, distances={**state.distances, pair(event.combatant, event.other): event.metres})


def reloaded(state: VtmState, event: ev.Reloaded) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    fired = {k: v for k, v in fighter.fired.items() if k != event.weapon}
    return _fighter(state, event.combatant, fired=fired)


def ready_rolled(state: VtmState, event: ev.ReadyRolled) -> VtmState:
    return _fighter(state, event.combatant, adjustment=[])


def aim_taken(state: VtmState, event: ev.AimTaken) -> VtmState:
    aim = Aim(target=event.target, weapon=event.weapon, turns=event.turns)
    return _fighter(state, event.combatant, aiming=aim)


def disarmed(state: VtmState, event: ev.Disarmed) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None or event.weapon in fighter.dropped:
        return state
    return _fighter(state, event.combatant, dropped=[*fighter.dropped, event.weapon])


def weapon_readied(state: VtmState, event: ev.WeaponReadied) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    dropped = [w for w in fighter.dropped if w != event.weapon]
    drawn = fighter.drawn if event.weapon in fighter.drawn else [*fighter.drawn, event.weapon]
    return _fighter(state, event.combatant, dropped=dropped, drawn=drawn)


def tackle_landed(state: VtmState, event: ev.TackleLanded) -> VtmState:
    fighter = state.fighters.get(event.attacker)
    if fighter is None:
        return state
    return _fighter(state, event.attacker, tackled={**fighter.tackled, event.target: event.round})


def blind_sense_rolled(state: VtmState, event: ev.BlindSenseRolled) -> VtmState:
    """VTM-GEN-05: one try a turn; a success lets it shoot this turn."""
    ok = event.roll.successes >= 1
    return _fighter(state, event.combatant, sensed=state.round, sense_ok=ok, adjustment=[])


def complication_changed(state: VtmState, event: ev.ComplicationChanged) -> VtmState:
    fighter = state.fighters.get(event.combatant)
    if fighter is None:
        return state
    kept = {k: v for k, v in fighter.complications.items() if k != event.name}
    if event.on:
        kept[event.name] = event.until
    return _fighter(state, event.combatant, complications=kept)


def moved(state: VtmState, event: ev.Moved) -> VtmState:
    """The move is made: toward someone, the distance the GM set shrinks by as much."""
    state = _fighter(state, event.combatant, moved=True)
    other = event.move.toward
    key = pair(event.combatant, other) if other else None
    if key is None or key not in state.distances:
        return state
    left = max(0, state.distances[key] - event.move.metres)
    return replace(state, distances={**state.distances, key: left})


def ambush_rolled(state: VtmState, event: ev.AmbushRolled) -> VtmState:
    if event.outcome == "defender":
        return replace(state, ambush=None)
    pending = Ambush(
        attacker=event.attacker, target=event.target, bonus=event.bonus, may_defend=event.may_defend
    )
    return replace(state, ambush=pending)


def braced(state: VtmState, event: ev.Braced) -> VtmState:
    if state.ambush is None:
        return state
    return replace(state, ambush=replace(state.ambush, defence=event.defence, braced=True))


def delayed(state: VtmState, event: ev.Delayed) -> VtmState:
    return _fighter(state, event.combatant, delayed=event.after)


APPLY: dict[type, Callable[[VtmState, Any], VtmState]] = {
    ev.RoundStarted: round_started,
    ev.InitiativeRolled: initiative_rolled,
    ev.InitiativeSlowed: initiative_slowed,
    ev.ActionsDeclared: actions_declared,
    ev.RulingRequested: ruling_requested,
    ev.ComplexMoveRuled: complex_move_ruled,
    ev.Abstained: abstained,
    ev.Delayed: delayed,
    ev.TurnPassed: turn_passed,
    ev.ActionEnded: action_ended,
    ev.AttackRolled: attack_rolled,
    ev.AttackLanded: attack_rolled,
    ev.DefenceRolled: defence_rolled,
    ev.Wounded: wounded_,
    ev.HealthAdjusted: health_adjusted,
    ev.ConditionChanged: condition_changed,
    ev.InterruptAttempted: interrupt_attempted,
    ev.RollAdjusted: roll_adjusted,
    ev.InitiativeAdjusted: initiative_adjusted,
    ev.CoverChanged: cover_changed,
    ev.RipostePermitted: riposte_permitted,
    ev.GrappleEstablished: grapple_established,
    ev.GrappleReleased: grapple_released,
    ev.EscapeRolled: escape_rolled,
    ev.DistanceSet: distance_set,
    ev.Reloaded: reloaded,
    ev.ReadyRolled: ready_rolled,
    ev.AimTaken: aim_taken,
    ev.Disarmed: disarmed,
    ev.WeaponReadied: weapon_readied,
    ev.TackleLanded: tackle_landed,
    ev.RecoveryRolled: recovery_rolled,
    ev.BlindSenseRolled: blind_sense_rolled,
    ev.ComplicationChanged: complication_changed,
    ev.Moved: moved,
    ev.AmbushRolled: ambush_rolled,
    ev.Braced: braced,
}
"""Events that only record a roll (``AttackMissed``, ``DamageRolled``, ``Soaked``, ``FootingRolled``)
change nothing: what they lead to comes as its own event."""


def evolve(state: VtmState, event: Any) -> VtmState:
    apply = APPLY.get(type(event))
    return projected(apply(state, event)) if apply is not None else state


def seated(state: VtmState, sheets: Mapping[str, VtmSheet]) -> VtmState:
    """The table's combatants changed (``System.seated``): who is still there, and the
    maximums of their pools as their sheets say now."""
    seats = {cid: Seat(willpower=sheet.willpower, blood=sheet.blood) for cid, sheet in sheets.items()}
    return projected(advance_phase(replace(state, seats=seats)))


def _shown(fighter: Fighter, seat: Seat | None) -> Fighter:
    """A fighter with what the pages show of it: its pools left beside the sheet's
    maximums, and how many of its declared actions are still to come."""
    pools = (
        {}
        if seat is None
        else {
            "willpower": seat.willpower - fighter.willpower_spent,
            "blood": seat.blood - fighter.blood_spent,
        }
    )
    left = len(fighter.declared or []) - len(fighter.resolved)
    if (pools, left) == (fighter.pools, fighter.left):
        return fighter
    return replace(fighter, pools=pools, left=left)


def projected(state: VtmState) -> VtmState:
    """What the pages show beside the state (the turn order, whom the turn waits for, each
    fighter's pools and actions left), from the rules the guards use and among the
    fighters still at the table only."""
    fighters = {cid: _shown(f, state.seats.get(cid)) for cid, f in state.fighters.items()}
    present = at_table(replace(state, fighters=fighters), state.seats)
    order = [
        Rank(combatant=cid, score=fighter.initiative)
        for cid in faster_first(present.fighters)
        if (fighter := present.fighters[cid]).initiative is not None
    ]
    acting = waiting_for(present, state.scheduling)
    if (order, acting) == (state.order, state.acting) and all(
        fighters[cid] is f for cid, f in state.fighters.items()
    ):
        return state
    return replace(state, fighters=fighters, order=order, acting=acting)
