"""Table-level events, the union of every event, and the record stored for each.

Events are frozen, keyword-only msgspec Structs tagged by ``type``. Tags and
field types never change once shipped; new fields come with defaults. A rule
system's events are tagged ``"<system>.<Name>"``.

One encoding (:data:`ENCODER`, JSON) is used in the stream, on the wire and in
exports.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from domain.base import EVERYONE, Event
from domain.dice import Roll
from domain.systems import SYSTEM_EVENTS, Options, Sheet


class Combatant(msgspec.Struct, frozen=True, gc=False, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    side: str = ""
    """Free label for the camp: "pj", "pnj", "gardes", ..."""
    sheet: Sheet


# --- administration: never rewound ----------------------------------------


class TableCreated(Event, frozen=True, kw_only=True, tag="TableCreated"):
    table_id: str
    title: str
    system: str
    sandbox: bool
    options: Options
    seed_commitment: str
    """SHA-256 of the secret seed every die derives from (revealed at close)."""
    public_key: str = ""
    """The table's Ed25519 public key (hex): it checks the heads the server signs."""


class PlayerInvited(Event, frozen=True, kw_only=True, tag="PlayerInvited"):
    player_id: str
    name: str
    combatants: list[str]


class SpectatorInvited(Event, frozen=True, kw_only=True, tag="SpectatorInvited"):
    spectator_id: str
    name: str


class InviteRevoked(Event, frozen=True, kw_only=True, tag="InviteRevoked"):
    principal_id: str


class TableClosed(Event, frozen=True, kw_only=True, tag="TableClosed"):
    seed: str
    """The secret seed, in hex, now public so anyone can re-derive every die."""


ADMIN_EVENTS: tuple[type[Event], ...] = (
    TableCreated,
    PlayerInvited,
    SpectatorInvited,
    InviteRevoked,
    TableClosed,
)

# --- the fight: rewound with it -------------------------------------------


class CombatantAdded(Event, frozen=True, kw_only=True, tag="CombatantAdded"):
    combatant: Combatant


class CombatantUpdated(Event, frozen=True, kw_only=True, tag="CombatantUpdated"):
    combatant: Combatant


class CombatantRemoved(Event, frozen=True, kw_only=True, tag="CombatantRemoved"):
    combatant_id: str


class NoteAdded(Event, frozen=True, kw_only=True, tag="NoteAdded"):
    text: str
    author: str
    secret: bool = False


class DiceRolled(Event, frozen=True, kw_only=True, tag="DiceRolled"):
    """A plain roll in the table's system. A secret roll is seen by the GM only;
    others see its ``commitment`` until the GM reveals it."""

    roller: str
    """Who rolled: the GM, or the player rolling for a combatant."""
    roll: Roll
    combatant: str | None = None
    label: str = ""
    secret: bool = False
    commitment: str = ""
    salt: str = ""


class RollRevealed(Event, frozen=True, kw_only=True, tag="RollRevealed"):
    """A secret roll made public: anyone can hash ``roll`` and ``salt`` and compare."""

    position: int
    roll: Roll
    salt: str
    label: str = ""


class Rewound(Event, frozen=True, kw_only=True, tag="Rewound"):
    """From here on, the fight is as it stood at position ``to``."""

    to: int
    reason: str = ""


class Hidden(Event, frozen=True, kw_only=True, tag="Hidden"):
    """What a viewer sees in place of an event not addressed to them. Never stored."""

    kind: str
    combatant: str | None = None
    commitment: str = ""
    digest: str = ""
    """The hidden record's digest (``domain.proof``): the public chain links through it."""


TABLE_EVENTS: tuple[type[Event], ...] = (
    *ADMIN_EVENTS,
    CombatantAdded,
    CombatantUpdated,
    CombatantRemoved,
    NoteAdded,
    DiceRolled,
    RollRevealed,
    Rewound,
    Hidden,
)

AnyEvent: Any = Union[(*TABLE_EVENTS, *SYSTEM_EVENTS)]  # noqa: UP007


class Recorded(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """An event as the log holds it: its position and where it came from."""

    position: int
    event: AnyEvent
    audience: str = EVERYONE
    command_id: str = ""
    sender: str = ""
    nonce: str = ""
    batch: int = 0
    """Position of the first event its command wrote: the dice of a command are
    derived from it."""
    at: str = ""
    """When the server wrote it (ISO 8601, UTC)."""
    chain: str = ""
    """A keyed hash of this record and the one before it (server-side key): a
    client resuming after position p names p's chain, and a server whose log
    holds something else at p says the history diverged."""
    command_digest: str = ""
    """SHA-256 of the command that wrote it (``domain.dice.command_digest``): its
    dice are bound to it. Empty in logs written before that binding."""
    salt: str = ""
    """Random, per record: hashed with the record into its digest (``domain.proof``)
    so that a hidden record's digest tells nothing of its content."""


class Positioned(msgspec.Struct, frozen=True, gc=False):
    """A record as a fold reads it: its position and its event, the rest of it
    skipped unread (a third less to decode when rebuilding a long table)."""

    position: int
    event: AnyEvent


ENCODER = msgspec.json.Encoder()
RECORD_DECODER = msgspec.json.Decoder(Recorded)
POSITIONED_DECODER = msgspec.json.Decoder(Positioned)
EVENT_DECODER = msgspec.json.Decoder(AnyEvent)


def event_tag(event: msgspec.Struct) -> str:
    return str(type(event).__struct_config__.tag)
