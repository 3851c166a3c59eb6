"""What the table and every rule system share: audiences, the viewer, the decision
context and the contract a rule system fulfils.

A rule system is a *decider*: its table of moves (``domain.moves``) decides
``(view, command) -> [Emitted]`` on a :class:`SystemView` (its own state, the
sheets, the options, who plays whom, the sender and the roller), refusing with
the rule ID or rolling what it must through ``view.roller``; its
``evolve(state, event) -> state`` applies one of its events and never fails or
rolls. The table (``domain.table``) owns everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from domain.dice import Roll, Roller

if TYPE_CHECKING:
    from domain.moves import Moves
    from domain.table import TableState

Role = Literal["gm", "player", "spectator"]

EVERYONE = "all"
GM_ONLY = "gm"


def gm_and(player_id: str) -> str:
    """The audience of an event the GM and one player may see."""
    return f"player:{player_id}"


class Event(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type"):
    """Base of every event, table-level or of a rule system.

    Events, commands, rolls and states are immutable trees that never hold a
    cycle, so they are not tracked by the garbage collector (``gc=False``):
    long sessions hold many of them, and tracking them made collections pause
    the server."""


class Command(
    msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type", forbid_unknown_fields=True
):
    """Base of every command, table-level or of a rule system."""


class Viewer(msgspec.Struct, frozen=True, kw_only=True):
    """Who is looking: the GM, one player, or a spectator."""

    role: Role
    id: str = ""

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


GM = Viewer(role="gm", id="gm")
PUBLIC = Viewer(role="spectator", id="")


def sees_as(viewer: Viewer) -> Viewer:
    """The one viewer who sees exactly what ``viewer`` sees: every GM sees as
    :data:`GM`, every spectator as :data:`PUBLIC`, each player as themself."""
    if viewer.is_gm:
        return GM
    return PUBLIC if viewer.role == "spectator" else viewer


def admits(audience: str, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see an event addressed to ``audience``."""
    if audience == EVERYONE or viewer.is_gm:
        return True
    return viewer.role == "player" and audience == gm_and(viewer.id)


class Emitted(msgspec.Struct, frozen=True):
    """An event a decider wants written, with who may see it."""

    event: Any
    audience: str = EVERYONE


class _NoDice:
    """The roller of a guard: "may" runs the guards of ``decide``, which never roll."""

    scripted = False
    drawn = 0

    def die(self, sides: int) -> int:
        raise AssertionError("a guard drew a die: guards run before any roll")

    def salt(self) -> str:
        raise AssertionError("a guard asked for a salt")


NO_DICE: Roller = _NoDice()


@dataclass(frozen=True)
class SystemView:
    """What a rule system reads when it decides: its own combat state, the
    combatants' sheets, the table's options, who plays whom, who sends the
    command, and the one roller its dice come from."""

    state: Any
    sheets: Mapping[str, Any]
    options: Any
    controllers: Mapping[str, tuple[str, ...]]
    """Combatant id -> the players who play it, first invited first (NPCs have none)."""
    sender: Viewer
    roller: Roller = NO_DICE

    def controls(self, combatant_id: str) -> bool:
        """Whether the sender may act for this combatant (the GM acts for all)."""
        return self.sender.is_gm or self.sender.id in self.controllers.get(combatant_id, ())

    def audience(self, combatant_id: str) -> str:
        """Who may see this combatant's secrets: the GM and its player (GM only for NPCs)."""
        players = self.controllers.get(combatant_id)
        return gm_and(players[0]) if players else GM_ONLY


@dataclass(frozen=True)
class Context:
    """What the table's decider reads: the table as it stands, the sender and the dice."""

    table: TableState
    sender: Viewer
    roller: Roller
    seed: bytes | None = None
    """The table's secret seed, given only to the decision that reveals it."""


@dataclass(frozen=True)
class System:
    """One rule system, as the registry (``domain.systems``) knows it."""

    code: str
    name: str
    sheet_type: type[msgspec.Struct]
    options_type: type[msgspec.Struct]
    state_type: type[msgspec.Struct]
    moves: Moves
    """Every command of the system, who sends it, its guard and its handler: the
    one table ``decide`` and "what may I do now" both read."""
    event_types: tuple[type[msgspec.Struct], ...]
    roll_spec_type: type[msgspec.Struct]
    initial: Callable[[Any], Any]
    """options -> the system's combat state before anything happened."""
    evolve: Callable[[Any, Any], Any]
    plain_roll: Callable[[Roller, Any, Any], Roll]
    """A plain roll in this system's dice, from its roll spec and the table's options."""
    redact: Callable[[Any, Viewer], Any] = lambda state, viewer: state
    """The system state as ``viewer`` may see it."""
    check_sheet: Callable[[Any, Any], None] = lambda sheet, options: None
    """Refuse (with a RuleViolation) a sheet the system's rules forbid, when a
    combatant is added or updated; ``options`` are the table's."""
    seated: Callable[[Any, Mapping[str, Any]], Any] = lambda state, sheets: state
    """The system state once the table's combatants are those of ``sheets`` (id -> sheet),
    after one is added, updated or removed: what the projection shows of them (who is
    still at the table, the maximums beside what is left) follows the table."""

    @property
    def command_types(self) -> tuple[type, ...]:
        return self.moves.command_types


def dice_only(
    code: str,
    name: str,
    *,
    sheet_type: type[msgspec.Struct],
    options_type: type[msgspec.Struct],
    state_type: type[msgspec.Struct],
    roll_spec_type: type[msgspec.Struct],
    plain_roll: Callable[[Roller, Any], Roll],
) -> System:
    """A system whose combat rules are not written yet: typed sheets and plain
    rolls in its dice, no commands of its own."""
    from domain.moves import Moves

    return System(
        code=code,
        name=name,
        sheet_type=sheet_type,
        options_type=options_type,
        state_type=state_type,
        moves=Moves(),
        event_types=(),
        roll_spec_type=roll_spec_type,
        initial=lambda options: state_type(),
        evolve=lambda state, event: state,
        plain_roll=lambda roller, spec, options: plain_roll(roller, spec),
    )
