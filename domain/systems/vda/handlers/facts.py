"""The facts of a declaration, computed from the state and never taken on the client's
word: which weapons a combatant carries, what class a ranged attack is, what a defence
answers, what difficulty a roll starts from. The client only makes the choices the rules
give a player; a declaration that contradicts a fact is refused by the rule it breaks,
and the action written to the log carries the facts as the server computed them.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.base import Emitted
from domain.errors import RuleViolation, require
from domain.systems.vda import events as ev
from domain.systems.vda.handlers.charge import with_charge_facts
from domain.systems.vda.handlers.gaze import require_attempt_possible
from domain.systems.vda.handlers.situation import require_carried, weapon_used
from domain.systems.vda.rules import grapple, physical, ranged_defence
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState

DEFAULT_DIFFICULTY = 6


def require_default_difficulty(scene: Scene, action: PhysicalAction) -> None:
    """A-7: where the seeds give no difficulty a roll is at 6 (a weapon's own difficulty
    otherwise); only the GM sets another one, in the declaration or by AdjustDifficulty."""
    require(
        scene.sender.is_gm or action.difficulty == DEFAULT_DIFFICULTY,
        "A-7",
        "the difficulty is the weapon's or 6; the GM alone changes it",
    )


def declared(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> PhysicalAction:
    """A declaration's difficulty checked (A-7) and its facts filled in (:func:`with_facts`)."""
    require_default_difficulty(scene, action)
    return with_facts(scene, seq, combatant, action)


def with_facts(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> PhysicalAction:
    """The declared ``action`` with the facts the server computes: an attack's ranged class
    from its weapon (VDA-RDEF-01), a defence's from the ranged attacks already declared
    against the defender (VDA-RDEF-02, VDA-RDEF-03). A declared class or reaction that says
    otherwise is refused."""
    if action.offensive:
        fact = ranged_defence.attack_class(weapon_used(scene, combatant, action))
        require(
            action.ranged in (None, fact),
            "VDA-RDEF-01",
            f"{action.weapon or 'this attack'} is {fact or 'no ranged attack'}, not {action.ranged}",
        )
        require(not action.reaction, "VDA-RDEF-03", "only a defence is taken in reaction")
        charge = action.charge and with_charge_facts(scene, combatant, action.charge)
        return replace(action, ranged=fact, charge=charge)
    if not action.defensive:
        require(
            action.ranged is None and not action.reaction,
            "VDA-RDEF-01",
            "only attacks and defences have a ranged class",
        )
        return action
    attacks = physical.attackers_of(seq, combatant).items()
    answered = [ranged_defence.attack_class(weapon_used(scene, cid, a)) for cid, a in attacks]
    ranged_defence.require_parry_possible(action.defence, answered)
    fact = ranged_defence.answered_class(action.defence, answered)
    require(
        action.ranged in (None, fact),
        "VDA-RDEF-03",
        f"this defence answers {fact or 'no ranged attack'}, not {action.ranged}",
    )
    require(
        not action.reaction or fact is not None,
        "VDA-RDEF-02",
        "no ranged attack was declared against the defender yet: the defence is pre-emptive",
    )
    return replace(action, ranged=fact, reaction=fact is not None)


def require_still_possible(scene: Scene, combatant: str, action: PhysicalAction) -> None:
    """The guards of a declaration that the fight can break before its roll: the weapon
    still in hand (VDA-DISARM-04, VDA-STUCK-01, VDA-RES-02), still allowed by the holds on
    the combatant (VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18), the target still in the fight
    (VDA-PHYS-02), an active gaze still possible (VDA-GAZE-01, VDA-GAZE-07: eyes closed
    since), a takedown's hold still there (VDA-GRAP-20). A stake
    through the heart already takes the action away (VDA-STAKE-04, ``tactics_evolve``)."""
    state = scene.state
    require_carried(scene, combatant, action.weapon)
    if action.kind in ("attack", "defend"):
        grapple.require_weapon_usable(state, combatant, weapon_used(scene, combatant, action))
    if action.target is not None:
        require(
            action.target in scene.sheets and action.target in state.combatants,
            "VDA-PHYS-02",
            f"{action.target!r} is no longer in the fight",
        )
        if action.offensive:
            grapple.require_may_attack(state, combatant, action.target)
    require_attempt_possible(scene, combatant, action)  # an active gaze (VDA-GAZE-06)
    if action.grapple == "takedown" and action.target is not None:
        # VDA-GRAP-20: the hold released or loosened since the declaration.
        grapple.require_takedown(grapple.hold(state, combatant, action.target), action.target)


def lost_action(scene: Scene, combatant: str) -> Emitted | None:
    """A declared action that became impossible since its declaration is lost, before any
    die: the seeds let no declaration change (000 « Initiative »: « ne peut ensuite être
    changée ») and say nothing of a carried-out impossible one, so it is not played as if
    nothing changed; the GM may still rule (GiveRuling, AdjustInitiative)."""
    seq = scene.state.sequence
    action = seq.declared.get(combatant) if seq is not None else None
    if seq is None or action is None or action.kind == "none":
        return None
    try:
        require_still_possible(scene, combatant, action)
    except RuleViolation as broken:
        lost = ev.ActionLost(combatant=combatant, sequence=seq.number, rule=broken.rule, reason="")
        return Emitted(lost)
    return None
