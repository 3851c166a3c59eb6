"""Seed 003 « Initiative » and « Renoncer »: who declares and who acts, in which order."""

from __future__ import annotations

from collections.abc import Mapping

from domain.errors import require
from domain.systems.vtm.state import Fighter, Scheduling, VtmSheet, VtmState
from domain.systems.wod import Modifier


def initiative_rating(sheet: VtmSheet) -> list[Modifier]:
    """VTM-INIT-01: initiative is one d10 plus Dextérité + Astuce (VTM-DICE-10: the one
    roll that adds a die's face to traits)."""
    return [
        Modifier(rule="VTM-INIT-01", value=sheet.attributes.dexterity, why="dexterity"),
        Modifier(rule="VTM-INIT-01", value=sheet.attributes.wits, why="wits"),
    ]


def modifiers(slowed: int, wounds: list[Modifier]) -> list[Modifier]:
    """VTM-INIT-08: up at once after a fall (VTM-CPX-02), two less on the next
    initiative; by the table's option (outside the seed) the wound penalty too."""
    found = [Modifier(rule="VTM-INIT-08", value=-slowed, why="got up at once")] if slowed else []
    return found + [Modifier(rule="VTM-INIT-08", value=w.value, why=w.why) for w in wounds]


def faster_first(fighters: Mapping[str, Fighter]) -> list[str]:
    """VTM-INIT-07: ties go to the higher Dex + Wits, then the higher Wits (outside the
    seed, the catalogue's default), then the name, so that the order is always defined."""
    return sorted(
        fighters,
        key=lambda cid: (-(fighters[cid].initiative or 0), -fighters[cid].rating, -fighters[cid].wits, cid),
    )


def can_act(fighter: Fighter, round_: int) -> bool:
    """VTM-CPX-05: a dazed character spends the turn recovering; VTM-DMG-11: an
    incapacitated one does nothing at all; VTM-CPX-08: a staked vampire cannot move."""
    dazed = "dazed" in fighter.conditions and fighter.conditions["dazed"] >= round_
    return not dazed and "incapacitated" not in fighter.conditions and "staked" not in fighter.conditions


def declaration_order(state: VtmState) -> list[str]:
    """VTM-INIT-03: actions are declared in reverse initiative order, the slowest first."""
    return [
        cid for cid in reversed(faster_first(state.fighters)) if can_act(state.fighters[cid], state.round)
    ]


def next_to_declare(state: VtmState) -> str | None:
    return next((cid for cid in declaration_order(state) if state.fighters[cid].declared is None), None)


def require_declaring_now(state: VtmState, combatant: str) -> None:
    """VTM-INIT-03: the slowest who has not declared declares now."""
    require(state.phase == "declaration", "VTM-INIT-03", "no declaration is open")
    who = next_to_declare(state)
    require(who == combatant, "VTM-INIT-03", f"{who} declares before {combatant} (slowest first)")


def slots(fighter: Fighter) -> list[int]:
    """The indices of a combatant's declared actions that take a turn slot: defences are
    resolved in the attack they answer (VTM-INIT-06), not in their own slot."""
    return [i for i, a in enumerate(fighter.declared or []) if a.kind != "defend"]


def pending_slot(fighter: Fighter) -> int | None:
    return next((i for i in slots(fighter) if i not in fighter.resolved), None)


def current_pass(state: VtmState, scheduling: Scheduling) -> int | None:
    """VTM-ACT-03: multiple actions resolve in passes, every first action in initiative
    order, then every second one, and so on (``None``: the turn is over); by the table's
    ``multi_action_scheduling=consecutive``, one pass where each combatant makes all its
    actions in a row."""
    passes = [slots(f).index(slot) for f in state.fighters.values() if (slot := pending_slot(f)) is not None]
    if not passes:
        return None
    return 0 if scheduling == "consecutive" else min(passes)


def resolution_queue(state: VtmState, scheduling: Scheduling) -> list[str]:
    """VTM-INIT-04: actions resolve from the highest initiative down; VTM-ACT-08: whoever
    abstained acts after all the others (in the order they abstained)."""
    if state.phase != "resolution":
        return []
    now = current_pass(state, scheduling)
    if now is None:
        return []
    queue = [
        cid
        for cid in faster_first(state.fighters)
        if (slot := pending_slot(state.fighters[cid])) is not None
        and (scheduling == "consecutive" or slots(state.fighters[cid]).index(slot) == now)
    ]
    waiting = sorted(
        (cid for cid in queue if state.fighters[cid].abstained), key=lambda c: state.fighters[c].abstained
    )
    return delayed_order(
        [cid for cid in queue if not state.fighters[cid].abstained] + waiting, state.fighters
    )


def delayed_order(queue: list[str], fighters: Mapping[str, Fighter]) -> list[str]:
    """VTM-INIT-05: whoever delays acts right after the one it waits for (or in its own
    place once that one has acted)."""
    order = [cid for cid in queue if fighters[cid].delayed not in queue]
    for cid in queue:
        after = fighters[cid].delayed
        if after in queue and cid not in order:
            order.insert(order.index(after) + 1 if after in order else len(order), cid)
    return order


def require_delay(state: VtmState, combatant: str, after: str, scheduling: Scheduling) -> None:
    """VTM-INIT-05: one waits for someone still to act in this pass, after it, and who
    does not already wait for it (even through others): the seed's delay is to act after
    another has acted, and two who wait for each other would leave no order."""
    queue = resolution_queue(state, scheduling)
    require(
        after != combatant and after in queue[1:],
        "VTM-INIT-05",
        f"{after} does not act after {combatant} in this pass",
    )
    waits = waits_from(after, queue, state.fighters)
    require(
        all(waited != combatant for _, waited in waits),
        "VTM-INIT-05",
        f"{combatant} cannot wait for {after}: "
        + ", ".join(f"{who} already waits for {waited}" for who, waited in waits),
    )


def waits_from(first: str, queue: list[str], fighters: Mapping[str, Fighter]) -> list[tuple[str, str]]:
    """VTM-INIT-05: who waits for whom, from ``first`` on, among those still to act in
    this pass (a wait for one who has acted is over); never longer than the queue, even
    for a loop of waits stored before ``require_delay`` refused them."""
    waits: list[tuple[str, str]] = []
    who = first
    for _ in queue:
        waited = fighters[who].delayed
        if waited not in queue:
            return waits
        waits.append((who, waited))
        who = waited
    return waits


def require_acting_now(state: VtmState, combatant: str, scheduling: Scheduling) -> int:
    """VTM-INIT-04: the combatant whose slot comes first acts now; the index of its action."""
    queue = resolution_queue(state, scheduling)
    require(bool(queue), "VTM-INIT-04", "no action is waiting to be resolved")
    require(queue[0] == combatant, "VTM-INIT-04", f"{queue[0]} acts before {combatant}")
    slot = pending_slot(state.fighters[combatant])
    assert slot is not None
    return slot


def everyone_abstains(state: VtmState, combatant: str, scheduling: Scheduling) -> list[str]:
    """VTM-ACT-08: when every combatant still to act in this pass has abstained, nobody
    acts: the combatants whose slots are given up (empty while someone would act)."""
    queue = resolution_queue(state, scheduling)
    others = [cid for cid in queue if cid != combatant]
    return queue if all(state.fighters[cid].abstained for cid in others) else []


def waiting_for(state: VtmState, scheduling: Scheduling) -> list[str]:
    """VTM-INIT-01, VTM-INIT-03, VTM-INIT-04: whom the turn waits for, as the guards see
    it: those yet to roll initiative, the slowest yet to declare, the next to act."""
    if state.phase == "initiative":
        return [cid for cid in faster_first(state.fighters) if state.fighters[cid].initiative is None]
    if state.phase == "declaration":
        return [who] if (who := next_to_declare(state)) is not None else []
    return resolution_queue(state, scheduling)[:1]
