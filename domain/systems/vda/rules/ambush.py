"""Ambush (VDA-AMB): the surprise before round 1."""

from __future__ import annotations

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.state import AmbushState, VdaState

AWARENESS_DIFFICULTY = 8
EXPECTATION_BONUS = {"none": 0, "expects": -1, "unseen": -2}


def require_before_first_round(state: VdaState) -> None:
    """VDA-AMB-01: an ambush is a free action before the first round.

    Seed 000 « Embuscade ».
    """
    require(state.round == 0, "VDA-AMB-01", "an ambush happens before the first round")
    require(state.ambush is None, "VDA-AMB-01", "an ambush was already resolved")


def detected(stealth: PoolRoll, perception: PoolRoll) -> bool:
    """VDA-AMB-02: the target sees it coming when its Perception beats the last Stealth roll.

    Seed 000 « Embuscade ». Opposed successes, the target needs more (catalogue default).
    """
    return perception.successes > stealth.successes


def awareness_difficulty(expectation: str) -> int:
    """VDA-AMB-07: Astuce + Vigilance at 8; −1 if the target expects an attack, −2 if it
    knows it will be attacked without seeing the attacker.

    Seed 000 « Embuscade ».
    """
    return AWARENESS_DIFFICULTY + EXPECTATION_BONUS.get(expectation, 0)


def defence_cap(awareness: PoolRoll) -> int:
    """VDA-AMB-03: the awareness successes are the dice for a defence and the blood points
    the target may spend during the surprise.

    Seed 000 « Embuscade ». Read as a cap on the normal pool (table option).
    """
    return awareness.successes


def defence_cap_of(found: AmbushState) -> int:
    """VDA-AMB-03: the dice a surprised target may defend with (its awareness successes)."""
    return found.awareness or 0


def can_react(awareness: PoolRoll) -> bool:
    """VDA-AMB-06: without a success the target cannot react, and rolls its next initiative
    at +1 difficulty. Seed 000 « Embuscade »."""
    return awareness.successes > 0


def celerity_from_round(state: VdaState) -> int:
    """VDA-AMB-04: Celerity activated during the ambush works from the next round's
    declarations. Seed 000 « Embuscade »."""
    return state.round + 1 if state.round == 0 else state.round
