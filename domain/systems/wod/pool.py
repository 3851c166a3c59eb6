"""The d10 pool roll of the World of Darkness, with the options each system sets.

A system adds up its :class:`~domain.systems.wod.terms.Modifier` terms and calls
:func:`roll_terms` with its own readings (do 1s cancel successes, do 10s add a
die); the dice themselves come from :func:`domain.dice.roll_pool`.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.dice import PoolRoll, Roller, roll_pool
from domain.systems.wod.terms import Modifier, total

DIFFICULTY_MIN = 2
DIFFICULTY_MAX = 10


def clamped_difficulty(terms: Iterable[Modifier]) -> int:
    """A-2 (VTM-DICE-02): the final difficulty stays within 2..10."""
    return max(DIFFICULTY_MIN, min(DIFFICULTY_MAX, total(terms)))


def dice(terms: Iterable[Modifier]) -> int:
    """A-5 (VTM-DICE-01): a pool reduced to nothing rolls no die."""
    return max(0, total(terms))


def roll_terms(
    roller: Roller,
    pool: Iterable[Modifier],
    difficulty: Iterable[Modifier],
    *,
    ones_cancel: bool = True,
    tens_again: bool = False,
) -> PoolRoll:
    """Roll the dice ``pool`` adds up to against the clamped ``difficulty`` (A-2, A-5).

    ``ones_cancel``: each 1 cancels a success (A-3, VTM-DICE-05; vtm's damage and
    soak rolls say no, VTM-HR-01/02). ``tens_again``: each 10 adds a die (a
    specialty, VTM-DICE-06; vtm's damage rolls, VTM-HR-01)."""
    return roll_pool(
        roller, dice(pool), clamped_difficulty(difficulty), ones_cancel=ones_cancel, tens_again=tens_again
    )


class PoolSpec(msgspec.Struct, frozen=True, kw_only=True, tag="pool", forbid_unknown_fields=True):
    """A plain roll of ``dice`` d10 against ``difficulty``; a specialty re-rolls 10s."""

    dice: int
    difficulty: int = 6
    specialty: bool = False


def plain_pool_roll(roller: Roller, spec: PoolSpec, *, ones_cancel: bool = True) -> PoolRoll:
    """A plain d10 pool: hits at or above the difficulty, 1s cancel them (unless the
    system's table says not, ``ones_cancel``), no hit and a 1 is a botch; a specialty adds
    a die for each 10 (VTM-DICE-05/06/08)."""
    return roll_pool(roller, spec.dice, spec.difficulty, tens_again=spec.specialty, ones_cancel=ones_cancel)
