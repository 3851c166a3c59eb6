"""Table-level commands and the union of every command.

Commands are what a client asks for; the decider turns each into events or
refuses it. A rule system's commands are tagged ``"<system>.<Name>"``.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from domain.base import Command
from domain.events import Combatant
from domain.systems import SYSTEM_COMMANDS, RollSpec

MAX_POSITION = 2**53 - 1
"""Largest position a client may name (the largest whole number a JavaScript
client holds exactly); a table never comes near it."""

Position = Annotated[int, msgspec.Meta(ge=0, le=MAX_POSITION)]
"""A position a client names: 0 (before the first event) to :data:`MAX_POSITION`."""


class AddCombatant(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="AddCombatant"):
    combatant: Combatant


class UpdateCombatant(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="UpdateCombatant"):
    """Replace a combatant's name, side or sheet (a GM adjustment, with a reason)."""

    combatant: Combatant
    reason: str = ""


class RemoveCombatant(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="RemoveCombatant"):
    combatant_id: str


class AddNote(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="AddNote"):
    text: str
    secret: bool = False


class RollDice(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="RollDice"):
    """A plain roll in the table's dice: a pool and difficulty (vda, vtm),
    roll-and-keep (7s) or a d6 pool (vaesen). Only the GM rolls in secret."""

    spec: RollSpec
    combatant: str | None = None
    label: str = ""
    secret: bool = False


class RevealRoll(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="RevealRoll"):
    position: Position


class Rewind(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="Rewind"):
    to: Position
    reason: str = ""


class InvitePlayer(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="InvitePlayer"):
    player_id: str
    name: str
    combatants: list[str] = []


class InviteSpectator(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="InviteSpectator"):
    spectator_id: str
    name: str = ""


class RevokeInvite(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="RevokeInvite"):
    principal_id: str


class CloseTable(Command, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="CloseTable"):
    """End the session: the seed is revealed and the log becomes read-only."""

    reveal_secret_rolls: bool = True
    """Reveal every GM secret roll still hidden, so that each verifies against the
    commitment shown during play (the GM may keep them secret)."""


TABLE_COMMANDS: tuple[type[Command], ...] = (
    AddCombatant,
    UpdateCombatant,
    RemoveCombatant,
    AddNote,
    RollDice,
    RevealRoll,
    Rewind,
    InvitePlayer,
    InviteSpectator,
    RevokeInvite,
    CloseTable,
)

AnyCommand: Any = Union[(*TABLE_COMMANDS, *SYSTEM_COMMANDS)]  # noqa: UP007

COMMAND_DECODER = msgspec.json.Decoder(AnyCommand)
