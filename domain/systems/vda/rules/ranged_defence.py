"""Defending against ranged attacks (VDA-RDEF)."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import Modifier

BASE_DIFFICULTY = 6
REACTION_MALUS = {"thrown": 1, "bow": 2, "crossbow": 2, "firearm": 3}


def require_parry_possible(action: PhysicalAction) -> None:
    """VDA-RDEF-01: a parry works against thrown weapons, arrows and bolts, never firearms.

    Seed 000 « Actions défensives contre les attaques à distance ».
    """
    require(
        not (action.defence == "parry" and action.ranged == "firearm"),
        "VDA-RDEF-01",
        "a firearm cannot be parried: dodge or take cover",
    )


def ranged_defence_difficulty(action: PhysicalAction) -> list[Modifier]:
    """VDA-RDEF-02: a defence taken before being targeted is at difficulty 6;
    VDA-RDEF-03: in reaction, +1 (thrown), +2 (arrow, bolt), +3 (firearm).

    Seed 000 « Actions défensives contre les attaques à distance ».
    """
    terms = [Modifier(rule="VDA-RDEF-02", value=BASE_DIFFICULTY, why="défense à distance")]
    if action.reaction and action.ranged is not None:
        terms.append(
            Modifier(
                rule="VDA-RDEF-03", value=REACTION_MALUS[action.ranged], why=f"en réaction ({action.ranged})"
            )
        )
    return terms


def volley_malus(seq: SequenceState | None, target: str) -> Modifier | None:
    """VDA-RDEF-04: once the target took a defensive action in the sequence, every ranged
    attack against it is at +1 difficulty until the sequence ends.

    Seed 000 « Actions défensives contre les attaques à distance »; the catalogue reads
    the « bonus de +1 en difficulté » as the attackers' malus.
    """
    if seq is not None and target in seq.ranged_defended:
        return Modifier(rule="VDA-RDEF-04", value=1, why="la cible s'est déjà défendue")
    return None
