"""The grapple's table options and its thresholds (VDA-GRAP-14..23).

Seed 000 « L'étreinte » › « 4 - La soumission », « Utilisation de la magie »,
« utilisation d'un pouvoir de regard ». This module imports nothing from the
state so that :mod:`domain.systems.vda.state` can hold its Structs: each grapple
entry carries the :class:`GrappleEffects` that :func:`grapple_thresholds` gives
for its value, recomputed by the projection at every change, and every guard
(attacks, weapons, flight, takedown, powers, dodges) reads that one function.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Size = Literal["P", "M", "G"]

BITE_THRESHOLD = 1
NO_G_WEAPON = 2
NO_M_WEAPON = 4
NO_P_WEAPON = 6
NO_ATTACK = 8
MAGIC_HARDER = 4
MAGIC_IMPOSSIBLE = 8


class GrappleOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every default the catalogue picked where seed 000's grapple text is unclear."""

    weapon_defence_skill: str = "melee"
    """VDA-GRAP-01: the weapon defence rolls Dexterity + this skill."""
    weapon_defence_difficulty: int = 6
    """VDA-GRAP-01: before the −1 of a size M or G weapon."""
    contact_difficulty: int = 6
    """VDA-GRAP-03: the Dexterity + Brawl contact roll."""
    contact_strength_difficulty: int = 6
    """VDA-GRAP-04: the damage-like and soak-like rolls."""
    resist_with: Literal["larger", "dexterity", "strength"] = "larger"
    """VDA-GRAP-04: the target's soak-like pool, Dexterity or Strength + Potence; by
    default the larger (the target's choice made for it, as it never loses by it)."""
    potence_automatic: bool = True
    """VDA-FORPOT-05: Potence in « Force + … + Potence » grapple pools is automatic
    successes (otherwise dice)."""
    grapple_difficulty: int = 6
    """VDA-GRAP-08/11/12: escape, flight, control and opposition rolls."""
    flight_extra_difficulty: int = 2
    """VDA-GRAP-11: « au moins +2 »; the GM adds more with ``vda.AdjustDifficulty``."""
    flight_ends_at_zero: bool = True
    """VDA-GRAP-11: a flight that brings the value to 0 with a movement success left over
    ends the grapple at once."""
    control_capped: bool = False
    """VDA-GRAP-12: control may raise the value past the contact cap (the cap bounds the
    base value only)."""
    drag_counts_every_grapple: bool = True
    """VDA-GRAP-14: the +2 movement malus counts every grapple of the mover (holding or
    held), not only the persons it holds."""
    gaze_malus_hits_grappler: bool = False
    """VDA-GRAP-23: the gaze malus also hits the grappler (« par la lutte »)."""
    bite_skill: str = "brawl"
    """VDA-BITE-02: the bite's hit roll is Dexterity + this skill, at difficulty 5."""
    drink_limit_of: Literal["drinker", "victim"] = "drinker"
    """VDA-BITE-04: « un tiers de la réserve de sang maximale d'un vampire »: the
    drinker's maximum (catalogue) or the victim's."""
    ghouls_are_mortal: bool = True
    """VDA-BITE-05: ghouls cannot resist the Kiss either."""


class GrappleEffects(msgspec.Struct, frozen=True, kw_only=True):
    """What a hold of ``value`` over a target of Strength + Potence does right now."""

    bite: bool = False
    """VDA-GRAP-14: value > 0: either side may bite the other; moving drags the other."""
    forbidden_sizes: list[Size] = []
    """VDA-GRAP-15/16/17: weapon sizes the held character can no longer use."""
    bite_back_difficulty: int = 0
    """VDA-GRAP-16/17: +1 from 4, +2 from 6 when the held character bites the grappler."""
    no_attack_on_grappler: bool = False
    """VDA-GRAP-18: from 8 the held character attacks the grappler by no means."""
    flight: bool = True
    """VDA-GRAP-19: below the target's Strength + Potence it may still flee."""
    dodge_malus: bool = False
    """VDA-GRAP-19: from Strength + Potence its dodges are at +2 per grappler."""
    takedown: bool = False
    """VDA-GRAP-20: from twice Strength + Potence it can be thrown to the ground."""
    immobilised: bool = False
    """VDA-GRAP-21: from three times Strength + Potence it is immobilised."""
    power_dice: int = 0
    """VDA-GRAP-22/23: dice lost by a magic path or a gaze power (the control value)."""
    power_difficulty: int = 0
    """VDA-GRAP-22/23: +1 from 4."""
    powers_impossible: bool = False
    """VDA-GRAP-22/23: impossible from 8."""


def grapple_thresholds(value: int, strength_potence: int) -> GrappleEffects:
    """VDA-GRAP-14: the effects of a grapple are a projection of its value, and of the
    held character's Strength + Potence (a plain sum), recomputed at every change.

    Seed 000 « L'étreinte » › « 4 - La soumission ». The steps are VDA-GRAP-15..23.
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
    """VDA-GRAP-16/17: biting the aggressor is at +1 difficulty from 4, +2 from 6.

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
