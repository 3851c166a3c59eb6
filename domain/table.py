"""The table: its state, its decider, and the projection with rewind semantics.

``decide(ctx, command)`` checks a command against the table's checks and
its rule system and returns the events to write; ``evolve(state, position,
event)`` folds one event and never fails. The state at position ``p`` is::

    state_at(p) = evolve(state_at(p - 1), event_p)        in general
    state_at(p) = state_at(p - 1) with the fight of state_at(k)
                                                          if event_p is Rewound(to=k)

so rewinding never deletes, redo is another rewind, and the administration
(invitations, the seed, closing) is never rewound.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.base import EVERYONE, GM_ONLY, NO_DICE, Context, Emitted, Event, SystemView, Viewer, admits
from domain.commands import (
    AddCombatant,
    AddNote,
    CloseTable,
    InvitePlayer,
    InviteSpectator,
    RemoveCombatant,
    RevealRoll,
    RevokeInvite,
    Rewind,
    RollDice,
    UpdateCombatant,
)
from domain.dice import Roll, Roller, roll_commitment, seed_commitment
from domain.errors import CheckFailed, Forbidden, check
from domain.events import (
    Combatant,
    CombatantAdded,
    CombatantRemoved,
    CombatantUpdated,
    DiceRolled,
    InviteRevoked,
    NoteAdded,
    PlayerInvited,
    Positioned,
    Recorded,
    Rewound,
    RollRevealed,
    SpectatorInvited,
    TableClosed,
    TableCreated,
    event_tag,
)
from domain.moves import Offer
from domain.proof import hide
from domain.systems import SYSTEMS, Options, SystemState, find_system

NOTES_KEPT = 20
MAX_COMBATANTS = 128
"""Combatants at one table: every round writes one event per combatant of the
fight (the action budgets once everyone rolled initiative), within
:data:`domain.play.MAX_EVENTS_PER_COMMAND`."""
MAX_PRINCIPALS = 4096
"""Players and spectators invited and not revoked (an audience may get a token
each, or share one)."""
MAX_SECRET_ROLLS = 256
"""GM secret rolls not yet revealed. These bounds also keep every event's fold
from copying a collection that grows with the table's history."""
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
MAX_TEXT = 2000


class Player(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    id: str
    name: str
    combatants: list[str]


class Spectator(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    id: str
    name: str


class SecretRoll(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    label: str
    roll: Roll
    salt: str


class Admin(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """What rewinding never touches."""

    table_id: str
    title: str
    system: str
    sandbox: bool
    options: Options
    seed_commitment: str
    players: dict[str, Player] = {}
    spectators: dict[str, Spectator] = {}
    secret_rolls: dict[int, SecretRoll] = {}
    """GM secret rolls not yet revealed, by position (GM only)."""
    closed: bool = False
    seed: str = ""


class Note(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    position: int
    author: str
    text: str
    secret: bool = False


class LastRoll(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    position: int
    roller: str
    combatant: str | None
    label: str
    roll: Roll


class Fight(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """What rewinding restores."""

    combatants: dict[str, Combatant] = {}
    notes: list[Note] = []
    """The latest notes (the log holds them all)."""
    last_roll: LastRoll | None = None
    system: SystemState


class TableState(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    position: int = 0
    admin: Admin | None = None
    fight: Fight | None = None


EMPTY = TableState()

# --- deciding --------------------------------------------------------------

GM_COMMANDS = (
    AddCombatant,
    UpdateCombatant,
    RemoveCombatant,
    RevealRoll,
    Rewind,
    InvitePlayer,
    InviteSpectator,
    RevokeInvite,
    CloseTable,
)


def create_table(
    table_id: str, title: str, system: str, sandbox: bool, options: Any, seed: bytes, public_key: str = ""
) -> TableCreated:
    """The first event of every table. ``options`` defaults to the system's own."""
    found = find_system(system)
    check(bool(title.strip()), "table.title", "a table needs a title")
    check(len(title) <= 200, "table.title", "a title has at most 200 characters")
    if options is None:
        options = found.options_type()
    check(
        isinstance(options, found.options_type),
        "table.options",
        f"options of system {system!r} expected",
    )
    return TableCreated(
        table_id=table_id,
        title=title.strip(),
        system=system,
        sandbox=sandbox,
        options=options,
        seed_commitment=seed_commitment(seed),
        public_key=public_key,
    )


class _Sheets(Mapping[str, Any]):
    """The combatants' sheets by id, read from the fight when asked: a command reads a
    few, and copying every one for each command cost a large table dearly."""

    def __init__(self, combatants: dict[str, Combatant]) -> None:
        self._combatants = combatants

    def __getitem__(self, cid: str) -> Any:
        return self._combatants[cid].sheet

    def __iter__(self) -> Iterator[str]:
        return iter(self._combatants)

    def __len__(self) -> int:
        return len(self._combatants)


class _Controllers(Mapping[str, tuple[str, ...]]):
    """Combatant id -> the players who play it, first invited first, looked up when asked."""

    def __init__(self, players: dict[str, Player]) -> None:
        self._players = players

    def __getitem__(self, cid: str) -> tuple[str, ...]:
        found = tuple(p.id for p in self._players.values() if cid in p.combatants)
        if not found:
            raise KeyError(cid)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(c for p in self._players.values() for c in p.combatants))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _plays(admin: Admin, sender: Viewer, combatant: str) -> bool:
    """Whether the sender plays this combatant (the GM plays them all)."""
    if sender.is_gm:
        return True
    player = admin.players.get(sender.id)
    return player is not None and combatant in player.combatants


def system_view(state: TableState, sender: Viewer, roller: Roller = NO_DICE) -> SystemView:
    """What the table's rule system reads: its own state, the sheets, the options,
    who plays whom, the sender and the roller."""
    admin, fight = state.admin, state.fight
    assert admin is not None and fight is not None
    return SystemView(
        state=fight.system,
        sheets=_Sheets(fight.combatants),
        options=admin.options,
        controllers=_Controllers(admin.players),
        sender=sender,
        roller=roller,
    )


def decide(ctx: Context, command: Any) -> list[Emitted]:
    """The events ``command`` writes on ``ctx.table``, or a refusal."""
    state = ctx.table
    admin, fight = state.admin, state.fight
    if admin is None or fight is None:
        raise CheckFailed("table.unknown", "this table does not exist")
    check(not admin.closed, "table.closed", "the session is closed; the log is read-only")
    if ctx.sender.role == "spectator":
        raise Forbidden("role.spectator", "spectators watch; they send no commands")
    # Checked on the state the command is decided on, which is the state at the
    # position it is appended at: a command racing its sender's revocation
    # either lands before it or is refused.
    if ctx.sender.role == "player" and ctx.sender.id not in admin.players:
        raise Forbidden("role.revoked", "this invitation was revoked")
    if isinstance(command, GM_COMMANDS) and not ctx.sender.is_gm:
        raise Forbidden("role.gm-only", f"only the GM may {type(command).__name__}")
    system = SYSTEMS[admin.system]

    match command:
        case AddCombatant(combatant=c):
            _require_valid_combatant(c, admin)
            check(c.id not in fight.combatants, "table.combatant-exists", f"{c.id!r} is already at the table")
            check(
                len(fight.combatants) < MAX_COMBATANTS,
                "table.too-many-combatants",
                f"a table has at most {MAX_COMBATANTS} combatants",
            )
            return [Emitted(CombatantAdded(combatant=c))]
        case UpdateCombatant(combatant=c):
            _require_valid_combatant(c, admin)
            _require_combatant(fight, c.id)
            return [Emitted(CombatantUpdated(combatant=c))]
        case RemoveCombatant(combatant_id=cid):
            _require_combatant(fight, cid)
            return [Emitted(CombatantRemoved(combatant_id=cid))]
        case AddNote(text=text, secret=secret):
            _require_text(text)
            if secret and not ctx.sender.is_gm:
                raise Forbidden("role.gm-only", "only the GM keeps secret notes")
            note = NoteAdded(text=text, author=ctx.sender.id, secret=secret)
            return [Emitted(note, GM_ONLY if secret else EVERYONE)]
        case RollDice():
            return [_roll_dice(command, ctx, system.roll_spec_type, system.plain_roll)]
        case RevealRoll(position=p):
            hidden = admin.secret_rolls.get(p)
            check(hidden is not None, "table.no-secret-roll", f"no unrevealed secret roll at position {p}")
            assert hidden is not None
            return [Emitted(RollRevealed(position=p, roll=hidden.roll, salt=hidden.salt, label=hidden.label))]
        case Rewind(to=to, reason=reason):
            check(
                1 <= to < state.position,
                "table.rewind-target",
                f"rewind to a position from 1 to {state.position - 1}, not {to}",
            )
            return [Emitted(Rewound(to=to, reason=reason))]
        case InvitePlayer(player_id=pid, name=name, combatants=owned):
            _require_new_principal(admin, pid)
            _require_room_for_principal(admin)
            for cid in owned:
                _require_combatant(fight, cid)
            return [Emitted(PlayerInvited(player_id=pid, name=name, combatants=list(owned)))]
        case InviteSpectator(spectator_id=sid, name=name):
            _require_new_principal(admin, sid)
            _require_room_for_principal(admin)
            return [Emitted(SpectatorInvited(spectator_id=sid, name=name))]
        case RevokeInvite(principal_id=pid):
            check(
                pid in admin.players or pid in admin.spectators,
                "table.invite-unknown",
                f"no invitation {pid!r}",
            )
            return [Emitted(InviteRevoked(principal_id=pid))]
        case CloseTable(reveal_secret_rolls=reveal):
            check(ctx.seed is not None, "table.seed-missing", "the table's seed is not available")
            assert ctx.seed is not None
            check(
                seed_commitment(ctx.seed) == admin.seed_commitment,
                "table.seed-mismatch",
                "the stored seed does not match the commitment",
            )
            revealed = [
                Emitted(RollRevealed(position=p, roll=hidden.roll, salt=hidden.salt, label=hidden.label))
                for p, hidden in sorted(admin.secret_rolls.items())
                if reveal
            ]
            return [*revealed, Emitted(TableClosed(seed=ctx.seed.hex()))]
    if type(command) in system.command_types:
        return system.moves.decide(system_view(state, ctx.sender, ctx.roller), command)
    raise CheckFailed(
        "table.command-system",
        f"{event_tag(command)} is not a command of system {admin.system!r}",
    )


def _roll_dice(command: RollDice, ctx: Context, spec_type: type, plain_roll: Callable[..., Roll]) -> Emitted:
    admin, fight = ctx.table.admin, ctx.table.fight
    assert admin is not None and fight is not None
    check(
        isinstance(command.spec, spec_type),
        "table.roll-kind",
        f"this table rolls {spec_type.__name__} dice",
    )
    _require_text(command.label, allow_empty=True)
    if command.combatant is not None:
        _require_combatant(fight, command.combatant)
        if not _plays(admin, ctx.sender, command.combatant):
            raise Forbidden("role.not-your-combatant", f"you do not play {command.combatant!r}")
    elif not ctx.sender.is_gm:
        raise CheckFailed("table.roll-combatant", "a player rolls for one of their combatants")
    if command.secret and not ctx.sender.is_gm:
        raise Forbidden("role.gm-only", "only the GM rolls in secret")
    if command.secret:
        check(
            len(admin.secret_rolls) < MAX_SECRET_ROLLS,
            "table.too-many-secret-rolls",
            f"at most {MAX_SECRET_ROLLS} secret rolls wait unrevealed: reveal some first",
        )
    roll = plain_roll(ctx.roller, command.spec, admin.options)
    salt = ctx.roller.salt() if command.secret else ""
    event = DiceRolled(
        roller=ctx.sender.id,
        combatant=command.combatant,
        label=command.label,
        roll=roll,
        secret=command.secret,
        commitment=roll_commitment(roll, salt) if command.secret else "",
        salt=salt,
    )
    return Emitted(event, GM_ONLY if command.secret else EVERYONE)


def _require_valid_combatant(c: Combatant, admin: Admin) -> None:
    check(
        bool(ID_PATTERN.match(c.id)),
        "table.combatant-id",
        f"combatant id {c.id!r}: use a-z, 0-9, - and _ (at most 40)",
    )
    check(bool(c.name.strip()), "table.combatant-name", "a combatant needs a name")
    system = SYSTEMS[admin.system]
    check(
        isinstance(c.sheet, system.sheet_type),
        "table.sheet-system",
        f"{c.id!r} has a {event_tag(c.sheet)} sheet; this table plays {admin.system}",
    )
    system.check_sheet(c.sheet, admin.options)


def _require_combatant(fight: Fight, combatant_id: str) -> Combatant:
    found = fight.combatants.get(combatant_id)
    check(found is not None, "table.combatant-unknown", f"no combatant {combatant_id!r} at this table")
    assert found is not None
    return found


def _require_room_for_principal(admin: Admin) -> None:
    check(
        len(admin.players) + len(admin.spectators) < MAX_PRINCIPALS,
        "table.too-many-invites",
        f"a table has at most {MAX_PRINCIPALS} players and spectators: revoke some first",
    )


def _require_new_principal(admin: Admin, principal_id: str) -> None:
    check(
        bool(ID_PATTERN.match(principal_id)),
        "table.invite-id",
        f"invitation id {principal_id!r} is not valid",
    )
    check(
        principal_id != "gm" and principal_id not in admin.players and principal_id not in admin.spectators,
        "table.invite-exists",
        f"{principal_id!r} is already invited",
    )


def _require_text(text: str, *, allow_empty: bool = False) -> None:
    check(allow_empty or bool(text.strip()), "table.text-empty", "the text is empty")
    check(len(text) <= MAX_TEXT, "table.text-long", f"at most {MAX_TEXT} characters")


# --- folding ---------------------------------------------------------------


def evolve(
    state: TableState, position: int, event: Event, rewound_to: TableState | None = None
) -> TableState:
    """The state after ``event`` at ``position``. A ``Rewound`` event needs the state at
    its target, ``rewound_to``. Never raises on a well-formed log."""
    kind = type(event)
    if kind is Rewound:
        if rewound_to is None:
            raise ValueError("folding Rewound needs the state it rewinds to")
        return replace(state, position=position, fight=rewound_to.fight)
    if kind is TableCreated:
        return _created(position, event)  # type: ignore[arg-type]
    admin, fight = state.admin, state.fight
    if admin is None or fight is None:
        return replace(state, position=position)
    # One lookup per event rather than a match over every kind: the fold is what
    # rebuilding a long table costs.
    evolve_admin = _ADMIN_EVOLVERS.get(kind)
    if evolve_admin is not None:
        admin = evolve_admin(admin, position, event)
    evolve_fight = _FIGHT_EVOLVERS.get(kind)
    if evolve_fight is not None:
        fight = evolve_fight(fight, position, event)
        if kind in _SEATING:
            sheets = {cid: c.sheet for cid, c in fight.combatants.items()}
            fight = replace(fight, system=SYSTEMS[admin.system].seated(fight.system, sheets))
    else:
        system = _SYSTEM_OF_EVENT.get(kind)
        if system is not None:
            fight = replace(fight, system=system.evolve(fight.system, event))
    return TableState(position=position, admin=admin, fight=fight)


def _created(position: int, event: TableCreated) -> TableState:
    system = find_system(event.system)
    admin = Admin(
        table_id=event.table_id,
        title=event.title,
        system=event.system,
        sandbox=event.sandbox,
        options=event.options,
        seed_commitment=event.seed_commitment,
    )
    return TableState(position=position, admin=admin, fight=Fight(system=system.initial(event.options)))


def _player_invited(admin: Admin, position: int, event: PlayerInvited) -> Admin:
    player = Player(id=event.player_id, name=event.name, combatants=event.combatants)
    return replace(admin, players={**admin.players, event.player_id: player})


def _spectator_invited(admin: Admin, position: int, event: SpectatorInvited) -> Admin:
    spectator = Spectator(id=event.spectator_id, name=event.name)
    return replace(admin, spectators={**admin.spectators, event.spectator_id: spectator})


def _invite_revoked(admin: Admin, position: int, event: InviteRevoked) -> Admin:
    pid = event.principal_id
    players = {k: v for k, v in admin.players.items() if k != pid}
    spectators = {k: v for k, v in admin.spectators.items() if k != pid}
    return replace(admin, players=players, spectators=spectators)


def _table_closed(admin: Admin, position: int, event: TableClosed) -> Admin:
    return replace(admin, closed=True, seed=event.seed)


def _secret_rolled(admin: Admin, position: int, event: DiceRolled) -> Admin:
    if not event.secret:
        return admin
    secret = SecretRoll(label=event.label, roll=event.roll, salt=event.salt)
    return replace(admin, secret_rolls={**admin.secret_rolls, position: secret})


def _secret_revealed(admin: Admin, position: int, event: RollRevealed) -> Admin:
    return replace(admin, secret_rolls={k: v for k, v in admin.secret_rolls.items() if k != event.position})


def _combatant_set(fight: Fight, position: int, event: CombatantAdded | CombatantUpdated) -> Fight:
    c = event.combatant
    return replace(fight, combatants={**fight.combatants, c.id: c})


def _combatant_removed(fight: Fight, position: int, event: CombatantRemoved) -> Fight:
    cid = event.combatant_id
    return replace(fight, combatants={k: v for k, v in fight.combatants.items() if k != cid})


def _note_added(fight: Fight, position: int, event: NoteAdded) -> Fight:
    note = Note(position=position, author=event.author, text=event.text, secret=event.secret)
    return replace(fight, notes=[*fight.notes[-(NOTES_KEPT - 1) :], note])


def _dice_rolled(fight: Fight, position: int, event: DiceRolled) -> Fight:
    if event.secret:
        return fight
    who, label = event.roller, event.label
    last = LastRoll(position=position, roller=who, combatant=event.combatant, label=label, roll=event.roll)
    return replace(fight, last_roll=last)


def _roll_revealed(fight: Fight, position: int, event: RollRevealed) -> Fight:
    last = LastRoll(position=event.position, roller="gm", combatant=None, label=event.label, roll=event.roll)
    return replace(fight, last_roll=last)


_ADMIN_EVOLVERS: dict[type, Callable[[Admin, int, Any], Admin]] = {
    PlayerInvited: _player_invited,
    SpectatorInvited: _spectator_invited,
    InviteRevoked: _invite_revoked,
    TableClosed: _table_closed,
    DiceRolled: _secret_rolled,
    RollRevealed: _secret_revealed,
}
_FIGHT_EVOLVERS: dict[type, Callable[[Fight, int, Any], Fight]] = {
    CombatantAdded: _combatant_set,
    CombatantUpdated: _combatant_set,
    CombatantRemoved: _combatant_removed,
    NoteAdded: _note_added,
    DiceRolled: _dice_rolled,
    RollRevealed: _roll_revealed,
}
_SEATING = {CombatantAdded, CombatantUpdated, CombatantRemoved}
"""The events after which the system hears who is at the table (``System.seated``)."""
_SYSTEM_OF_EVENT = {event_type: system for system in SYSTEMS.values() for event_type in system.event_types}


def fold(
    state: TableState,
    records: Iterable[Positioned | Recorded],
    state_at: Callable[[int], TableState],
    keep: Callable[[TableState], None] | None = None,
) -> TableState:
    """The one rewind-aware fold, used wherever a log becomes a state (in memory,
    the server's projector and decider, scenarios, tests): each record evolves the
    state; ``Rewound(to=k)`` takes the fight of ``state_at(k)``. ``keep`` hears
    every state passed (checkpoints, snapshots, the states a batch leaves)."""
    for record in records:
        event = record.event
        earlier = state_at(event.to) if type(event) is Rewound else None
        state = evolve(state, record.position, event, earlier)
        if keep is not None:
            keep(state)
    return state


class Timeline:
    """The state at any position of an in-memory log, with a checkpoint every
    ``every`` positions so that a rewind does not refold the whole log."""

    def __init__(self, every: int = 256) -> None:
        self.events: list[Event] = []
        self.every = every
        self._checkpoints: dict[int, TableState] = {0: EMPTY}
        self.head = EMPTY

    def _checkpoint(self, state: TableState) -> None:
        if state.position % self.every == 0:
            self._checkpoints[state.position] = state

    def append(self, event: Event) -> TableState:
        self.events.append(event)
        record = Positioned(len(self.events), event)
        self.head = fold(self.head, [record], self.state_at, self._checkpoint)
        return self.head

    def state_at(self, position: int) -> TableState:
        if not 0 <= position <= len(self.events):
            raise IndexError(f"no position {position} in a log of {len(self.events)}")
        if position == len(self.events):
            return self.head
        start = position - position % self.every
        records = (Positioned(p, self.events[p - 1]) for p in range(start + 1, position + 1))
        return fold(self._checkpoints[start], records, self.state_at)


def replay(events: Sequence[Event]) -> TableState:
    timeline = Timeline()
    for event in events:
        timeline.append(event)
    return timeline.head


# --- what each viewer may see ----------------------------------------------


def view_record(record: Recorded, viewer: Viewer) -> Recorded:
    """The record as ``viewer`` may see it: an event not addressed to them becomes a
    :class:`Hidden` placeholder at the same position, so nobody sees a gap. The
    placeholder keeps no trace of the command behind it (its id, nonce and digest
    were chosen by or describe what the viewer may not see)."""
    if admits(record.audience, viewer):
        return record
    return hide(record)


def view_state(state: TableState, viewer: Viewer) -> TableState:
    """The state as ``viewer`` may see it."""
    if viewer.is_gm or state.admin is None or state.fight is None:
        return state
    admin = replace(state.admin, secret_rolls={})
    fight = state.fight
    notes = [n for n in fight.notes if not n.secret]
    system = SYSTEMS[admin.system].redact(fight.system, viewer)
    return replace(state, admin=admin, fight=replace(fight, notes=notes, system=system))


def _played(state: TableState, viewer: Viewer) -> list[str]:
    """The combatants ``viewer`` plays now (the GM plays them all; nobody once closed)."""
    admin, fight = state.admin, state.fight
    if admin is None or fight is None or admin.closed or viewer.role == "spectator":
        return []
    if viewer.is_gm:
        return list(fight.combatants)
    player = admin.players.get(viewer.id)
    return [] if player is None else [c for c in player.combatants if c in fight.combatants]


def may_do(state: TableState, viewer: Viewer) -> dict[str, list[str]]:
    """The commands each combatant ``viewer`` plays may send now (the GM plays them
    all), found by the guards of the system's table of moves, never a copy."""
    played = _played(state, viewer)
    if not played:
        return {}
    assert state.admin is not None
    moves = SYSTEMS[state.admin.system].moves
    view = system_view(state, viewer)
    return may_of(moves.offers_of(view, played, previews=False))


def may_of(offers: dict[str, list[Offer]]) -> dict[str, list[str]]:
    """:func:`may_do` from :func:`offers_for`'s answer, without running the guards again."""
    return {cid: ["RollDice", *(offer.label for offer in found)] for cid, found in offers.items()}


def offers_for(state: TableState, viewer: Viewer) -> dict[str, list[Offer]]:
    """What :func:`may_do` lists (but ``RollDice``, open to anyone at any time), each
    with the fields the server already knows (a grapple or bite declaration's whole
    action) and the pool and difficulty a roll would use, term by term with its rule
    ID: the pages show them and compute nothing."""
    played = _played(state, viewer)
    if not played:
        return {}
    assert state.admin is not None
    moves = SYSTEMS[state.admin.system].moves
    view = system_view(state, viewer)
    return moves.offers_of(view, played)
