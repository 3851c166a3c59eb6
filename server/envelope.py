"""One command as the server carries it: built once where it comes in (a
socket's ``command`` message, ``POST /api/tables/{id}/commands``, or the
server's own invitations), then handed unchanged to the table's appender, the
decider and, as the fields of the records it writes, the store."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain.base import Viewer


class Envelope(msgspec.Struct, frozen=True, kw_only=True):
    sender: Viewer
    """Who sent it, as authenticated when it came in."""
    command_id: str
    """The sender's id for it: the same id sent again is applied at most once."""
    command: Any
    nonce: str = ""
    """The sender's part of the dice's derivation."""
    expected_head: int | None = None
    """Refuse the command unless the table's last position is this one."""
    dice: list[int] | None = None
    """Scripted dice (sandbox tables only)."""
    received_at: str
    """When the server took it (:func:`now`); the time its records carry."""

    @property
    def key(self) -> str:
        """The store's key for it: command ids are the sender's own (two clients
        may pick the same one). Empty when it has no id (never deduplicated)."""
        return f"{self.sender.id}:{self.command_id}" if self.command_id else ""


def envelope(
    sender: Viewer,
    command_id: str,
    command: Any,
    *,
    nonce: str = "",
    expected_head: int | None = None,
    dice: list[int] | None = None,
) -> Envelope:
    """The envelope of a command received now."""
    return Envelope(
        sender=sender,
        command_id=command_id,
        command=command,
        nonce=nonce,
        expected_head=expected_head,
        dice=dice,
        received_at=now(),
    )


_stamp: tuple[int, str] = (-1, "")
"""The last millisecond stamped, and its text."""


def now() -> str:
    """The time, in ISO 8601 to the millisecond (UTC). Under load a process stamps
    about ten commands a millisecond: each millisecond's text is made once."""
    global _stamp
    ms = time.time_ns() // 1_000_000
    if ms != _stamp[0]:
        moment = datetime.fromtimestamp(ms // 1000, UTC).replace(microsecond=ms % 1000 * 1000)
        _stamp = (ms, moment.isoformat(timespec="milliseconds"))
    return _stamp[1]
