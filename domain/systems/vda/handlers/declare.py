"""Declaring a sequence's physical action: in initiative order, sealed on equal ties
(VDA-INIT-02, VDA-INIT-03, VDA-INIT-04, VDA-INIT-05, VDA-PHYS-01, VDA-PHYS-02, VDA-RDEF-01, VDA-DIVE-02,
VDA-DIVE-03,
VDA-MINOR-01, VDA-ACT-02)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import DeclareAction
from domain.systems.vda.handlers import bows, charge, facts, gaze, grapple, shots, situation
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.rules import (
    actions,
    dive,
    initiative,
    minor,
    physical,
    sequence,
    stake,
)
from domain.systems.vda.rules.equipment import require_conscious
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def check_turn(scene: Scene, combatant: str) -> SequenceState:
    """The guards that say whether ``combatant`` may declare now."""
    seq = sequence.require_sequence_running(scene.state)
    require(seq.step == "declare", "VDA-INIT-02", f"the declarations of sequence {seq.number} are over")
    physical.require_in_sequence(scene.fighter(combatant), seq, combatant)
    initiative.require_declaring_turn(seq, combatant)
    return seq


def check_action(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> PhysicalAction:
    """Every guard of a declaration; returns the action with the facts the server computes
    (``handlers/facts.py``), as it is written to the log."""
    fighter = scene.fighter(combatant)
    physical.require_well_formed(action)
    if action.target is not None:
        require(
            action.target in scene.state.combatants, "VDA-PHYS-02", f"{action.target!r} is not in the fight"
        )
    action = facts.declared(scene, seq, combatant, action)
    minor.require_known_minor_acts(action.minor_acts)
    minor.require_minor_act_moment(action)
    initiative.require_bound_action(fighter, seq.number, action)
    charge.require_announced_charge(fighter, seq.number, action)
    dive.require_dodge_first(fighter, seq.number, action)
    if action.kind != "none":
        actions.require_within_cap(fighter, combatant)
    situation.require_declarable(scene, combatant, action)
    charge.check_mid_round_charge(scene, seq, combatant, action)
    bows.check_bow(scene, combatant, action)
    shots.check_declare(scene, combatant, action)  # VDA-BOW-06, VDA-FIRE-06
    grapple.check_declare(scene, combatant, action)
    gaze.check_declare(scene, combatant, action)  # VDA-GAZE-06
    if action.kind != "none":
        stake.require_not_paralysed(scene.state, combatant)  # VDA-STAKE-04
        require_conscious(fighter.conditions, combatant)  # VDA-MELEE-05
    return action


def declare_action(scene: Scene, command: DeclareAction) -> list[Emitted]:
    cid = command.combatant
    seq = check_turn(scene, cid)
    action = check_action(scene, seq, cid, command.action)
    group = initiative.declaring_now(seq)
    if len(group) == 1:
        declared = ev.ActionDeclared(combatant=cid, sequence=seq.number, action=action)
        return after(scene, [Emitted(declared), *consequences(scene, {cid: action})])
    audience = scene.audience(cid)
    sealed = Emitted(
        ev.DeclarationSealed(combatant=cid, sequence=seq.number, action=action, audience=audience), audience
    )
    waiting = [other for other in group if other != cid and other not in seq.sealed]
    if waiting:
        return [sealed]
    everyone = {other: seq.sealed[other].action for other in group if other != cid} | {cid: action}
    revealed = Emitted(ev.DeclarationsRevealed(sequence=seq.number, actions=everyone))
    return after(scene, [sealed, revealed, *consequences(scene, everyone)])


def consequences(scene: Scene, declared: dict[str, PhysicalAction]) -> list[Emitted]:
    """What a public declaration sets off: VDA-INIT-03 and VDA-DIVE-03."""
    state = scene.state
    emitted: list[Emitted] = []
    for cid, action in declared.items():
        fighter = scene.fighter(cid)
        if initiative.renounces_defence(state, cid, action):
            assert action.target is not None
            renounced = ev.DefenceRenounced(
                combatant=cid, opponent=action.target, scope=state.options.renounced_defence_scope
            )
            emitted.append(Emitted(renounced))
        if dive.turns_offensive(fighter, action):
            score = fighter.initiative - dive.OFFENSIVE_PENALTY
            adjusted = ev.InitiativeAdjusted(
                combatant=cid,
                delta=-dive.OFFENSIVE_PENALTY,
                score=score,
                rule="VDA-DIVE-03",
                reason="passe à l'offensive après s'être jeté à couvert",
            )
            emitted.append(Emitted(adjusted))
        score = next(
            (
                e.event.score
                for e in reversed(emitted)
                if isinstance(e.event, ev.InitiativeAdjusted) and e.event.combatant == cid
            ),
            fighter.initiative,
        )
        emitted += charge.mid_round_charge(scene, cid, action, score)
    return emitted
