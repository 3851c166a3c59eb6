"""Who may send a command: the GM acts for everyone, a player for their combatants."""

from __future__ import annotations

from domain.base import Context
from domain.errors import Forbidden


def require_controls(ctx: Context | None, combatant: str) -> None:
    if ctx is not None and not ctx.controls(combatant):
        raise Forbidden("role.not-your-combatant", f"you do not play {combatant!r}")


def require_gm(ctx: Context | None, what: str) -> None:
    if ctx is not None and not ctx.sender.is_gm:
        raise Forbidden("role.gm-only", f"only the GM may {what}")
