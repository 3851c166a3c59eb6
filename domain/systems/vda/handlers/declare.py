"""Declaring a sequence's physical action: in initiative order, sealed on equal ties
(VDA-INIT-02, VDA-INIT-03, VDA-INIT-04, VDA-INIT-05, VDA-PHYS-01, VDA-PHYS-02, VDA-RDEF-01, VDA-DIVE-02,
VDA-DIVE-03,
VDA-MINOR-01, VDA-ACT-02)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import RuleViolation, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import DeclareAction
from domain.systems.vda.handlers import bows, charge, facts, gaze, grapple, shots, situation
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.rules import (
    actions,
    bite,
    dive,
    initiative,
    minor,
    physical,
    sequence,
    stake,
)
from domain.systems.vda.rules import grapple as grapple_rules
from domain.systems.vda.rules.equipment import require_conscious
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def check_turn(scene: Scene, combatant: str) -> SequenceState:
    """The guards that say whether ``combatant`` may declare now."""
    seq = sequence.require_sequence_running(scene.state)
    physical.require_in_sequence(scene.fighter(combatant), seq, combatant)
    # VDA-PHYS-01 names a second physical action, whether the declarations are open or over.
    require(
        combatant not in seq.declared and combatant not in seq.sealed,
        "VDA-PHYS-01",
        f"{combatant!r} already declared its physical action of sequence {seq.number}",
    )
    require(seq.step == "declare", "VDA-INIT-02", f"the declarations of sequence {seq.number} are over")
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
    free = action.kind == "none" and paralysed(scene, combatant)
    if bound_weapon_usable(scene, combatant) and not free:
        initiative.require_bound_action(fighter, seq.number, action)
    if charge_possible(scene, combatant) and not free:
        charge.require_announced_charge(fighter, seq.number, action)
    if not free and dodge_possible(scene, combatant):
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


def bound_weapon_usable(scene: Scene, combatant: str) -> bool:
    """VDA-INIT-05 binds sequence 1 to the weapon of the initiative bonus while that weapon
    can still be used (:func:`weapon_usable`). Lost since the roll (a GM's change, a hold),
    the bind lapses: it imposes an action, it cannot forbid every action."""
    weapon = scene.fighter(combatant).bound_weapon
    return weapon is None or weapon_usable(scene, combatant, weapon)


def charge_possible(scene: Scene, combatant: str) -> bool:
    """VDA-CHARGE-03 binds sequence 1 to the announced charge while its weapon can still
    strike and its target is still in the fight; otherwise the obligation lapses."""
    fighter = scene.fighter(combatant)
    if fighter.charging is None:
        return True
    return fighter.charging in scene.state.combatants and weapon_usable(
        scene, combatant, fighter.charging_with
    )


def weapon_usable(scene: Scene, combatant: str, weapon: str | None) -> bool:
    """Whether ``combatant`` can still strike with ``weapon``: in hand (VDA-DISARM-04,
    VDA-STUCK-01, VDA-RES-02), allowed by the holds on it (VDA-GRAP-15, VDA-GRAP-16,
    VDA-GRAP-17, VDA-GRAP-21), not in the Kiss's ecstasy (VDA-BITE-05, VDA-BITE-06)."""
    if weapon is None:
        return True
    try:
        situation.require_carried(scene, combatant, weapon)
        grapple_rules.require_weapon_usable(scene.state, combatant, scene.weapon(combatant, weapon))
        strike = PhysicalAction(kind="attack", skill="melee", weapon=weapon)
        grapple_rules.require_not_immobilised(scene.state, combatant, strike)
        bite.require_not_in_ecstasy(scene.state, combatant, strike)
    except RuleViolation:
        return False
    return True


DODGE = PhysicalAction(kind="defend", skill="dodge", defence="dodge")


def require_may_dodge(scene: Scene, combatant: str) -> None:
    """Whether ``combatant`` could make a dodge now: not immobilised (VDA-GRAP-21), not in the
    Kiss's ecstasy (VDA-BITE-05, VDA-BITE-06), not staked (VDA-STAKE-04). A dive binds the first action
    to a dodge (VDA-DIVE-02): it needs one possible."""
    grapple_rules.require_not_immobilised(scene.state, combatant, DODGE)
    bite.require_not_in_ecstasy(scene.state, combatant, DODGE)
    stake.require_not_paralysed(scene.state, combatant)


def dodge_possible(scene: Scene, combatant: str) -> bool:
    """VDA-DIVE-02 binds the diver to a dodge while one is possible (:func:`require_may_dodge`):
    a hold, a Kiss or a stake that came since frees the declaration."""
    try:
        require_may_dodge(scene, combatant)
    except RuleViolation:
        return False
    return True


def paralysed(scene: Scene, combatant: str) -> bool:
    """VDA-STAKE-04: a staked vampire declares nothing but « none »; the obligations of its
    round (VDA-INIT-05's bound weapon, VDA-DIVE-02's dodge) do not forbid that too."""
    try:
        stake.require_not_paralysed(scene.state, combatant)
    except RuleViolation:
        return True
    return False


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


def weapon_malus(scene: Scene, cid: str, action: PhysicalAction) -> list[Emitted]:
    """VDA-INIT-09, VDA-NAT-02, VDA-FIRE-05: the initiative follows the weapon actually used
    in sequence 1. An attack or parry with a weapon whose initiative malus was not taken at
    the roll (fists, head, the two-handed axe, a sheet's or the table's claws...) takes it
    now, off the roll's last dice; a firearm fired without being named at the roll sets the
    roll's difficulty to its 6 (``initiative.malus_of_use``). The order of this sequence
    stands (VDA-INIT-10: a score changed after the roll counts from the next)."""
    seq = scene.state.sequence
    fighter = scene.fighter(cid)
    used = situation.weapon_used(scene, cid, action)
    if (
        seq is None
        or seq.number != 1
        or fighter.initiative_roll is None
        or used is None
        or action.kind not in ("attack", "defend")
        or action.grapple is not None
    ):
        return []
    used_id = action.weapon or situation.FISTS
    used_dice = initiative.weapon_initiative_dice(scene, cid, used_id)
    named_dice = initiative.weapon_initiative_dice(scene, cid, fighter.initiative_weapon)
    fired = initiative.firearm_base(scene, cid, used_id) if action.offensive else None
    named_fire = initiative.firearm_base(scene, cid, fighter.initiative_weapon)
    harder = fired.value - initiative.BASE_DIFFICULTY if fired is not None and named_fire is None else 0
    delta = initiative.malus_of_use(
        fighter.initiative_roll,
        named_dice.value if named_dice else 0,
        used_dice.value if used_dice else 0,
        scene.options.ones_cancel,
        harder,
    )
    if delta == 0:
        return []
    adjusted = ev.InitiativeAdjusted(
        combatant=cid,
        delta=delta,
        score=fighter.initiative + delta,
        rule="VDA-FIRE-05" if harder > 0 else "VDA-INIT-09",
        reason="firearm_initiative" if harder > 0 else "slower_weapon",
    )
    return [Emitted(adjusted)]


def consequences(scene: Scene, declared: dict[str, PhysicalAction]) -> list[Emitted]:
    """What a public declaration sets off: VDA-INIT-03 and VDA-DIVE-03."""
    state = scene.state
    emitted: list[Emitted] = []
    for cid, action in declared.items():
        fighter = scene.fighter(cid)
        emitted += weapon_malus(scene, cid, action)
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
                reason="dive_turned_offensive",
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
