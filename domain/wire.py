"""The WebSocket protocol: every message a client sends or receives.

Messages are JSON text frames with a ``type`` field, decoded once at the edge
with unknown fields refused. ``docs/protocol.md`` and ``docs/schema.json`` are
generated from these types (``fracas schema``).
"""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from domain.commands import AnyCommand, Position
from domain.events import Recorded
from domain.moves import Offer

MAX_MESSAGE_BYTES = 64 * 1024
"""Largest message or HTTP body a client sends; a larger message closes the socket
(1009), a larger body is refused (413). The server's own messages are not capped."""

MAX_SCRIPTED_DICE = 4096
"""Most scripted dice one command may carry (sandbox tables)."""

ScriptedDice = Annotated[
    list[Annotated[int, msgspec.Meta(ge=1, le=100)]], msgspec.Meta(max_length=MAX_SCRIPTED_DICE)
]
"""A sandbox command's scripted faces: each 1 to 100 (the roll then checks it is
a face of its die)."""

UNREADABLE = (msgspec.DecodeError, RecursionError)
"""What decoding a message raises when it cannot be taken: not JSON, not the
type's shape (``msgspec.ValidationError`` is a ``DecodeError``), or nested deeper
than msgspec follows (``RecursionError``)."""


def unreadable(exc: BaseException) -> str:
    """Why a message could not be read, for its sender."""
    if isinstance(exc, RecursionError):
        return "message refused: nested too deeply"
    return f"message refused: {exc}"


# Close codes the server uses (besides 1000 normal and 1001 going away).
CLOSE_TOO_BIG = 1009
CLOSE_TRY_AGAIN = 1013
"""The client fell too far behind: resume from the last position it saw."""
CLOSE_UNAUTHORIZED = 4401
"""No token, a wrong one, or a revoked one."""
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_TOO_MANY = 4429
"""Too many failed token attempts from this address lately, or too many open
sockets for this token or from this address."""
CLOSE_UNKNOWN_TABLE = 4404


class Inbound(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Follow(Inbound, frozen=True, kw_only=True, tag="follow"):
    """Send every event after ``after`` (0 for all), then each new one as it lands.
    A resuming client names the ``epoch`` and the ``chain`` of the record at
    ``after`` it saw, and is told if the history diverged."""

    after: Position = 0
    epoch: str = ""
    chain: str = ""


class Unfollow(Inbound, frozen=True, kw_only=True, tag="unfollow"):
    pass


class SendCommand(Inbound, frozen=True, kw_only=True, tag="command"):
    """Run ``command``. ``id`` is chosen by the client: sending the same id again
    returns the first answer and writes nothing. With ``expected_head`` the
    command is refused unless the table's last position is still that one. A
    sandbox table takes scripted ``dice``."""

    id: str
    command: AnyCommand
    nonce: str = ""
    expected_head: Position | None = None
    dice: ScriptedDice | None = None


class GetState(Inbound, frozen=True, kw_only=True, tag="get_state"):
    """The projected state at position ``at`` (the head when omitted)."""

    id: str
    at: Position | None = None


class GetEvents(Inbound, frozen=True, kw_only=True, tag="get_events"):
    """Events from ``after`` + 1, at most ``limit`` of them (for scrubbing)."""

    id: str
    after: Position = 0
    limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 500


AnyInbound: Any = Union[Follow, Unfollow, SendCommand, GetState, GetEvents]  # noqa: UP007


class Outbound(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    pass


class Welcome(Outbound, frozen=True, kw_only=True, tag="welcome"):
    table_id: str
    epoch: str
    head: int
    system: str
    role: str
    viewer: str
    combatants: list[str] = []
    """Combatants this viewer plays (players)."""


class Events(Outbound, frozen=True, kw_only=True, tag="events"):
    """Events in position order, redacted for this viewer; a batch never skips a
    position and never repeats one already sent on this socket."""

    events: list[Recorded]


class SignedHead(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table's chain value at ``position``, signed with the table's Ed25519 key (its
    public key is in ``TableCreated``) over ``domain.proof.head_message``."""

    table_id: str
    position: int
    chain: str
    signature: str
    """Hex."""


class ExportEnd(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The last line of an export: the server's signed head at the export's last
    position, so that an export cut short is caught (``None`` for a table made
    before tables had keys)."""

    head: SignedHead | None


class Accepted(Outbound, frozen=True, kw_only=True, tag="accepted"):
    id: str
    first: int
    last: int
    duplicate: bool = False
    signed_head: SignedHead | None = None
    """The table's head once the command was written, signed by the server: a client
    keeps the last one it saw, and ``fracas verify --heads`` proves an export extends it."""


class Rejected(Outbound, frozen=True, kw_only=True, tag="rejected"):
    id: str
    code: str
    """invalid, rule, forbidden, stale, conflict or closed."""
    rule: str
    """The rule ID (``VDA-GRAP-07``) or the check (``table.combatant-unknown``)."""
    message: str
    head: int | None = None


class StateAt(Outbound, frozen=True, kw_only=True, tag="state"):
    id: str
    at: int
    state: Any
    """A ``domain.table.TableState`` redacted for this viewer."""
    may: dict[str, list[str]] = {}
    """At the head only: the commands each combatant this viewer plays may send now."""
    offers: dict[str, list[Offer]] = {}
    """At the head only: the same, each with the fields the server fills in (a grapple's
    declaration) and the pool and difficulty it would roll, term by term (rule IDs)."""


class EventPage(Outbound, frozen=True, kw_only=True, tag="event_page"):
    id: str
    events: list[Recorded]
    head: int


class Diverged(Outbound, frozen=True, kw_only=True, tag="diverged"):
    """The server's history is not the one the client followed: reload."""

    epoch: str
    head: int
    message: str


class Error(Outbound, frozen=True, kw_only=True, tag="error"):
    """A message the server could not take (not JSON, unknown type, bad fields)."""

    code: str
    message: str
    id: str = ""


class SkippedAhead(Outbound, frozen=True, kw_only=True, tag="skipped"):
    """A spectator too far behind was moved to the latest state; events follow
    from ``head``."""

    head: int
    state: Any


AnyOutbound: Any = Union[  # noqa: UP007
    Welcome, Events, Accepted, Rejected, StateAt, EventPage, Diverged, Error, SkippedAhead
]

INBOUND_DECODER = msgspec.json.Decoder(AnyInbound)
OUTBOUND_DECODER = msgspec.json.Decoder(AnyOutbound)
ENCODER = msgspec.json.Encoder()


def schema() -> dict[str, Any]:
    """JSON Schema of every message, both directions."""
    return msgspec.json.schema(Union[AnyInbound, AnyOutbound])  # noqa: UP007
