"""The terms a roll is made of: each die or difficulty point with the rule that adds it.

A roll's events carry its :class:`Modifier` lists, so the log says which rule
moved what (VTM-DICE-11: modifiers stack and each names its source). Situational
rules return :class:`Terms`, one list for the pool and one for the difficulty.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


class Modifier(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One term of a pool or a difficulty, with the rule that adds it."""

    rule: str
    value: int
    why: str = ""


class Terms(msgspec.Struct, frozen=True, kw_only=True):
    """What situational rules do to one roll: :class:`Modifier` terms for its pool
    (dice) and for its difficulty. ``+`` puts two together; the round engine copies
    both lists into the roll's event, so the log says which rule moved what."""

    pool: list[Modifier] = []
    difficulty: list[Modifier] = []

    def __add__(self, other: Terms) -> Terms:
        return Terms(pool=[*self.pool, *other.pool], difficulty=[*self.difficulty, *other.difficulty])

    def __bool__(self) -> bool:
        return bool(self.pool or self.difficulty)


NONE = Terms()
"""No term at all: what a rule returns when it does not apply."""


def terms(rule: str, *, dice: int = 0, difficulty: int = 0, why: str = "") -> Terms:
    """One rule's dice and difficulty change (a zero adds no term)."""
    return Terms(
        pool=[Modifier(rule=rule, value=dice, why=why)] if dice else [],
        difficulty=[Modifier(rule=rule, value=difficulty, why=why)] if difficulty else [],
    )


def total(terms: Iterable[Modifier]) -> int:
    return sum(term.value for term in terms)


def total_dice(found: Terms) -> int:
    return total(found.pool)


def total_difficulty(found: Terms) -> int:
    return total(found.difficulty)
