"""Defending against ranged attacks (VDA-RDEF)."""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.data import RangedWeapon, Weapon
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import Modifier

RangedClass = Literal["thrown", "bow", "crossbow", "firearm"]
BASE_DIFFICULTY = 6
REACTION_MALUS: dict[RangedClass, int] = {"thrown": 1, "bow": 2, "crossbow": 2, "firearm": 3}


def attack_class(weapon: Weapon | None) -> RangedClass | None:
    """VDA-RDEF-01: a ranged attack's class is its weapon's (``RangedWeapon.kind``): a
    thrown weapon, an arrow, a bolt or a firearm; a grenade is thrown by hand.

    Seed 000 « Actions défensives contre les attaques à distance ». The class is read
    from the weapon, never from the declaration.
    """
    if not isinstance(weapon, RangedWeapon):
        return None
    return "thrown" if weapon.kind == "grenade" else weapon.kind


PARRY_TYPES = frozenset({"parry", "block"})
"""« Les actions de type Parade »: a parry with a weapon and a bare-handed block alike."""


def parries(defence: str | None, ranged: RangedClass | None) -> bool:
    """VDA-RDEF-01: whether this defence can meet an attack of that class (no parry-type
    defence, a block included, meets a firearm)."""
    return not (defence in PARRY_TYPES and ranged == "firearm")


def require_parry_possible(defence: str | None, answered: list[RangedClass | None]) -> None:
    """VDA-RDEF-01: a parry works against thrown weapons, arrows and bolts, never firearms:
    a parry declared when only firearms attack the defender answers nothing.

    Seed 000 « Actions défensives contre les attaques à distance ».
    """
    require(
        not answered or any(parries(defence, ranged) for ranged in answered),
        "VDA-RDEF-01",
        "a firearm cannot be parried: dodge or take cover",
    )


def answered_class(defence: str | None, answered: list[RangedClass | None]) -> RangedClass | None:
    """VDA-RDEF-03: a defence declared once ranged attacks were declared against it is taken
    in reaction to them; it takes their class, the hardest one when several (one roll, one
    difficulty), leaving out the firearms a parry cannot meet (VDA-RDEF-01).

    Seed 000 « Actions défensives contre les attaques à distance ». A defence declared
    before any ranged attack on it is pre-emptive (VDA-RDEF-02): no class.
    """
    met = [r for r in answered if r is not None and parries(defence, r)]
    return max(met, key=REACTION_MALUS.__getitem__, default=None)


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


def volley_malus(
    seq: SequenceState | None, target: str, answered: bool, include_answered: bool = False
) -> Modifier | None:
    """VDA-RDEF-04: once the target took a defensive action in the sequence, the ranged
    attacks against it are at +1 difficulty until the sequence ends, except the attack that
    defence answers (``answered``; option ``volley_bonus_includes_answered_attack``).

    Seed 000 « Actions défensives contre les attaques à distance » (« dès qu'il réalise une
    action défensive il obtient un bonus de +1 en difficulté contre toutes les attaques à
    distance jusqu'à la fin de la séquence »); the catalogue reads the « bonus » as the
    attackers' malus, and the defence already meets the attack it answers.
    """
    if seq is None or target not in seq.ranged_defended or (answered and not include_answered):
        return None
    return Modifier(rule="VDA-RDEF-04", value=1, why="la cible s'est déjà défendue")


def answers(seq: SequenceState, defender: str, attacker: str) -> bool:
    """VDA-RDEF-04: the attacks a defence answers: a lone attacker's, or those the defender's
    split gives successes to (VDA-PHYS-03)."""
    defence = seq.defences.get(defender)
    if defence is None:
        return False
    if defence.allocations:
        return defence.allocations.get(attacker, 0) > 0
    declared = seq.declared.get(attacker)
    return declared is not None and declared.offensive and declared.target == defender
