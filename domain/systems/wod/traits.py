"""What a World of Darkness character sheet is made of, whatever the system, and
the ranges its numbers keep.

The ranges are checked when a sheet or the table's options are decoded, so that
no pool a rule computes from them can grow past what one roll may draw: a check
on a pool's size after a first die would tell the dice (see ``domain.play``).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Kind = Literal["vampire", "ghoul", "mortal", "animal"]

Dots = Annotated[int, msgspec.Meta(ge=0, le=10)]
"""An attribute, ability, discipline or other trait: 0 to 10 dots."""
Points = Annotated[int, msgspec.Meta(ge=0, le=100)]
"""A pool of points (blood, willpower, rage…): 0 to 100."""
Difficulty = Annotated[int, msgspec.Meta(ge=2, le=10)]
"""A d10 difficulty: 2 to 10."""
Levels = Annotated[int, msgspec.Meta(ge=1, le=20)]
"""Health levels: 1 to 20."""


class Attributes(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The nine attributes (Force, Dextérité, Constitution, Charisme, Manipulation,
    Apparence, Perception, Intelligence, Astuce), each 0 to 10."""

    strength: Dots = 1
    dexterity: Dots = 1
    stamina: Dots = 1
    charisma: Dots = 1
    manipulation: Dots = 1
    appearance: Dots = 1
    perception: Dots = 1
    intelligence: Dots = 1
    wits: Dots = 1
