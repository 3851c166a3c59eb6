"""The grapple's thresholds (VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19,
VDA-GRAP-20, VDA-GRAP-21, VDA-GRAP-22, VDA-GRAP-23).

Seed 000 « L'étreinte » › « 4 - La soumission », « Utilisation de la magie »,
« utilisation d'un pouvoir de regard ». Each grapple entry of the state carries
the :class:`~domain.systems.vda.state.GrappleEffects` that :func:`grapple_thresholds`
gives for its value, recomputed by the projection at every change, and every
guard (attacks, weapons, flight, takedown, powers, dodges) reads that one function.
"""

from __future__ import annotations

from domain.systems.vda.data import Size
from domain.systems.vda.state import GrappleEffects

BITE_THRESHOLD = 1
NO_G_WEAPON = 2
NO_M_WEAPON = 4
NO_P_WEAPON = 6
NO_ATTACK = 8
MAGIC_HARDER = 4
MAGIC_IMPOSSIBLE = 8


def grapple_thresholds(value: int, strength_potence: int) -> GrappleEffects:
    """VDA-GRAP-14: the effects of a grapple are a projection of its value, and of the
    held character's Strength + Potence (a plain sum), recomputed at every change.

    Seed 000 « L'étreinte » › « 4 - La soumission ». The steps are VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17,
    VDA-GRAP-18, VDA-GRAP-19, VDA-GRAP-20, VDA-GRAP-21, VDA-GRAP-22, VDA-GRAP-23.
    """
    sp = max(1, strength_potence)
    return GrappleEffects(
        bite=value >= BITE_THRESHOLD,
        forbidden_sizes=forbidden_weapon_sizes(value),
        bite_back_difficulty=bite_back_malus(value),
        no_attack_on_grappler=value >= NO_ATTACK,
        flight=may_flee(value, sp),
        dodge_malus=not may_flee(value, sp),
        takedown=takedown_possible(value, sp),
        immobilised=immobilised(value, sp),
        power_dice=-value if value > 0 else 0,
        power_difficulty=1 if value >= MAGIC_HARDER else 0,
        powers_impossible=value >= MAGIC_IMPOSSIBLE,
    )


def forbidden_weapon_sizes(value: int) -> list[Size]:
    """VDA-GRAP-15: from a value of 2 the held character uses no size G weapon; VDA-GRAP-16:
    none of size M from 4; VDA-GRAP-17: none of size P from 6.

    Seed 000 « 4 - La soumission » (« À partir de 2 / 4 / 6 »)."""
    sizes: list[Size] = []
    if value >= NO_G_WEAPON:
        sizes.append("G")
    if value >= NO_M_WEAPON:
        sizes.append("M")
    if value >= NO_P_WEAPON:
        sizes.append("P")
    return sizes


def bite_back_malus(value: int) -> int:
    """VDA-GRAP-16, VDA-GRAP-17: biting the aggressor is at +1 difficulty from 4, +2 from 6.

    Seed 000 « 4 - La soumission »."""
    if value >= NO_P_WEAPON:
        return 2
    return 1 if value >= NO_M_WEAPON else 0


def may_flee(value: int, strength_potence: int) -> bool:
    """VDA-GRAP-19: once the value reaches the target's Strength + Potence it can no
    longer flee, and its dodges against others are at +2 per grappler.

    Seed 000 « 4 - La soumission » (« Lorsque la valeur d'étreinte atteint Force + Potence »)."""
    return value < strength_potence


def takedown_possible(value: int, strength_potence: int) -> bool:
    """VDA-GRAP-20: at twice the target's Strength + Potence it can be put on the ground
    (then « Au sol »: +1 difficulty to fight, +2 on initiative).

    Seed 000 « 4 - La soumission »."""
    return value >= 2 * strength_potence


def immobilised(value: int, strength_potence: int) -> bool:
    """VDA-GRAP-21: at three times the target's Strength + Potence it is immobilised.

    Seed 000 « 4 - La soumission »."""
    return value >= 3 * strength_potence
