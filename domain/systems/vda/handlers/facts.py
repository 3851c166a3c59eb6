"""The facts of a declaration, computed from the state and never taken on the client's
word: which weapons a combatant carries, what class a ranged attack is, what a defence
answers, what difficulty a roll starts from. The client only makes the choices the rules
give a player; a declaration that contradicts a fact is refused by the rule it breaks,
and the action written to the log carries the facts as the server computed them.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.errors import require
from domain.systems.vda.handlers.charge import with_charge_facts
from domain.systems.vda.handlers.situation import weapon_of
from domain.systems.vda.rules import physical, ranged_defence
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
    against the defender (VDA-RDEF-02/03). A declared class or reaction that says
    otherwise is refused."""
    if action.offensive:
        fact = ranged_defence.attack_class(weapon_of(action))
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
    attacks = physical.attackers_of(seq, combatant).values()
    answered = [ranged_defence.attack_class(weapon_of(a)) for a in attacks]
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
