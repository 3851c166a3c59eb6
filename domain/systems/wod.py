"""Traits the two World of Darkness systems (``vda``, ``vtm``) share."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import PoolRoll, Roller, roll_pool

Kind = Literal["vampire", "ghoul", "mortal", "animal"]


class Attributes(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The nine attributes (Force, Dextérité, Constitution, Charisme, Manipulation,
    Apparence, Perception, Intelligence, Astuce), each 0 to 10."""

    strength: int = 1
    dexterity: int = 1
    stamina: int = 1
    charisma: int = 1
    manipulation: int = 1
    appearance: int = 1
    perception: int = 1
    intelligence: int = 1
    wits: int = 1


class PoolSpec(msgspec.Struct, frozen=True, kw_only=True, tag="pool", forbid_unknown_fields=True):
    """A plain roll of ``dice`` d10 against ``difficulty``; a specialty re-rolls 10s."""

    dice: int
    difficulty: int = 6
    specialty: bool = False


def plain_pool_roll(roller: Roller, spec: PoolSpec) -> PoolRoll:
    """A plain d10 pool: hits at or above the difficulty, 1s cancel them, no hit and
    a 1 is a botch; a specialty adds a die for each 10 (VTM-DICE-05/06/08)."""
    return roll_pool(roller, spec.dice, spec.difficulty, tens_again=spec.specialty)
