"""A fighter who leaves the table in the middle of a round (the table's ``RemoveCombatant``):
the round waits for them no more (``evolve.seated``), and whatever their departure completed
is done by the next command, before it, as it would have been done after the last roll or
declaration they owed (VDA-INIT-01, VDA-INIT-04, VDA-SEQ-02, VDA-SEQ-03, VDA-SEQ-04).

``seated`` folds the table's own event and cannot write the round's events; so every
``vda`` command first writes what the round does on its own from the state it finds
(:func:`moving_on`, nothing in a round that already moved on), and its guard and handler
read the state those events leave. What the table offers each combatant (``may``) is read
the same way: the next declaration, roll or round is offered at once."""

from __future__ import annotations

import dataclasses

from domain.base import Emitted, SystemView
from domain.systems.vda import events as ev
from domain.systems.vda.evolve import fold
from domain.systems.vda.handlers.advance import advance, after
from domain.systems.vda.handlers.declare import consequences
from domain.systems.vda.handlers.round import order_when_all_rolled
from domain.systems.vda.rules import initiative
from domain.systems.vda.scene import Scene


def moving_on(scene: Scene) -> list[Emitted]:
    """What the round does on its own from ``scene``: once everyone still at the table rolled
    initiative, the order, the budgets and sequence 1 (VDA-INIT-01, VDA-SEQ-03); once everyone
    left of a tied group sealed their declaration, the reveal (VDA-INIT-04); once a step
    waits for nobody, the next step, sequence or the round's end (VDA-SEQ-02, VDA-SEQ-04).
    Nothing while someone still at the table owes a roll or a declaration."""
    state = scene.state
    if state.phase == "initiative" and initiative.all_rolled(state):
        return after(scene, order_when_all_rolled(scene))
    seq = state.sequence
    if state.phase != "sequence" or seq is None:
        return []
    sealed = next((group for group in seq.declaring if any(cid in seq.sealed for cid in group)), [])
    if seq.step == "declare" and sealed and all(cid in seq.sealed for cid in sealed):
        everyone = {cid: seq.sealed[cid].action for cid in sealed}
        revealed = Emitted(ev.DeclarationsRevealed(sequence=seq.number, actions=everyone))
        return after(scene, [revealed, *consequences(scene, everyone)])
    return advance(scene)


def scene_of(view: SystemView) -> Scene:
    """The scene every ``vda`` guard and handler reads: the table's view once the round
    moved on by itself (:func:`caught_up`)."""
    return caught_up(Scene.of(view))


def caught_up(scene: Scene) -> Scene:
    """``scene`` once the round moved on by itself (:func:`moving_on`), with the events that
    did it kept for the command to write first."""
    found = moving_on(scene)
    if not found:
        return scene
    return dataclasses.replace(scene, state=fold(scene.state, found), moved_on=tuple(found))
