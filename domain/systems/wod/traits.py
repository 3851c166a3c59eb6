"""What a World of Darkness character sheet is made of, whatever the system."""

from __future__ import annotations

from typing import Literal

import msgspec

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
