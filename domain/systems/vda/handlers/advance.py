"""Moving the round on: after each command, start the next step, the next sequence,
or end the round, by VDA-SEQ-01, VDA-SEQ-02, VDA-SEQ-04 and VDA-INIT-04, VDA-INIT-08."""

from __future__ import annotations

import dataclasses

from domain.base import Emitted
from domain.systems.vda import events as ev
from domain.systems.vda.evolve import fold
from domain.systems.vda.rules import grenades, initiative, sequence
from domain.systems.vda.rules.powers import may_take_power
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import VdaState


def after(scene: Scene, emitted: list[Emitted]) -> list[Emitted]:
    """``emitted`` followed by whatever the round does next on its own."""
    later = advance(dataclasses.replace(scene, state=fold(scene.state, emitted)))
    return [*emitted, *later]


def advance(scene: Scene) -> list[Emitted]:
    state = scene.state
    seq = state.sequence
    if seq is None or state.phase != "sequence":
        return []
    if seq.step == "declare":
        everyone = [cid for group in seq.declaring for cid in group]
        if seq.sealed or any(cid not in seq.declared for cid in everyone):
            return []
    elif seq.acting:
        return []
    for step, group in sequence.steps(seq.resolving, state.options.sequence_order):
        if step == "physical":
            pending = [
                cid
                for cid in group
                if cid in seq.declared and seq.declared[cid].kind != "none" and cid not in seq.done_physical
            ]
        else:
            pending = [cid for cid in group if cid not in seq.done_power and may_take_power(scene, cid)]
        if pending:
            return [Emitted(ev.StepStarted(sequence=seq.number, step=step, combatants=pending))]
    if grenades.holds_sequence_open(state):
        return []  # VDA-GREN-01: the GM detonates (or rules on) the grenade first
    ended = [Emitted(ev.SequenceEnded(sequence=seq.number))]
    state = fold(state, ended)
    if sequence.participants(state, seq.number + 1):
        return [*ended, Emitted(start_sequence(state, seq.number + 1))]
    # VDA-INIT-08: who had the initiative is who won this round's roll.
    holders = initiative.holders(state.order, state.options.top_ties_all_penalised)
    return [*ended, Emitted(ev.RoundEnded(round=state.round, holders=holders))]


def start_sequence(state: VdaState, number: int) -> ev.SequenceStarted:
    """VDA-SEQ-04 and VDA-INIT-04: who declares and resolves in sequence ``number``,
    with the scores as they stand now (VDA-INIT-10: changes count from the next sequence)."""
    ranks = sequence.current_ranks(state)
    among = sequence.participants(state, number)
    remaining = {}
    for cid in among:
        f = state.fighters[cid]
        left = f.physical - number + 1
        if state.options.tie_counts == "all_remaining":
            left += max(0, f.physical - f.power_used)
        remaining[cid] = left
    return ev.SequenceStarted(
        round=state.round,
        sequence=number,
        declaring=initiative.declaration_groups(ranks, remaining),
        resolving=sequence.resolution_groups(ranks, among),
    )
