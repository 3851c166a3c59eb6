"""What one command may write and what a table may hold: one command writes at
most 256 events, and the collections an event's fold copies (combatants,
invitations, secret rolls waiting, notes kept) are bounded, so that folding
an event costs the same at position 10 and at position 10 million."""

from __future__ import annotations

from typing import Any

import pytest

import domain.play
from domain.base import Emitted
from domain.commands import AddCombatant, AddNote, InviteSpectator, RevealRoll, RollDice
from domain.errors import EngineError
from domain.events import NoteAdded
from domain.play import MAX_EVENTS_PER_COMMAND
from domain.systems.wod import PoolSpec
from domain.table import MAX_COMBATANTS, MAX_PRINCIPALS, MAX_SECRET_ROLLS, NOTES_KEPT, TableState
from tests.domain.builders import Table, combatant
from tests.domain.test_table import refused


def copied(state: TableState) -> int:
    """The items an event's fold may copy at this state: every collection the
    table's evolvers rebuild whole (a dict or list copied with one more item)."""
    admin, fight = state.admin, state.fight
    assert admin is not None and fight is not None
    return (
        len(admin.players)
        + len(admin.spectators)
        + len(admin.secret_rolls)
        + len(fight.combatants)
        + len(fight.notes)
    )


BOUND = MAX_PRINCIPALS + MAX_SECRET_ROLLS + MAX_COMBATANTS + NOTES_KEPT


def test_what_a_fold_copies_stays_bounded_however_long_the_history() -> None:
    """Past each cap the command is refused with its rule and nothing is written:
    the items any event's fold copies never exceed the sum of the caps, whatever
    the number of events before it."""
    table = Table()
    most = 0
    for i in range(MAX_COMBATANTS):
        table.run(AddCombatant(combatant=combatant(f"c{i}")))
    assert refused(table, AddCombatant(combatant=combatant("extra"))).rule == "table.too-many-combatants"
    for i in range(MAX_PRINCIPALS):
        table.run(InviteSpectator(spectator_id=f"s{i}"))
        most = max(most, copied(table.state))
    assert refused(table, InviteSpectator(spectator_id="extra")).rule == "table.too-many-invites"
    for _ in range(MAX_SECRET_ROLLS):
        table.run(RollDice(spec=PoolSpec(dice=1), secret=True), dice=[5])
    secret = RollDice(spec=PoolSpec(dice=1), secret=True)
    assert refused(table, secret, dice=[5]).rule == "table.too-many-secret-rolls"
    for i in range(BOUND):
        table.run(AddNote(text=f"note {i}"))
        most = max(most, copied(table.state))
    assert copied(table.state) == BOUND
    # Revealing makes room again: the cap is on what waits, not on what was done.
    first_secret = next(r.position for r in table.log if getattr(r.event, "secret", False))
    table.run(RevealRoll(position=first_secret))
    table.run(secret, dice=[5])
    assert max(most, copied(table.state)) <= BOUND
    assert table.state.position > BOUND  # a history far longer than what is copied


def too_many_notes(ctx: Any, command: Any) -> list[Emitted]:
    return [Emitted(NoteAdded(text=str(i), author="gm")) for i in range(MAX_EVENTS_PER_COMMAND + 1)]


def test_a_command_that_would_write_too_many_events_is_refused_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Refused before anything is appended, naming the limit."""
    table = Table()
    monkeypatch.setattr(domain.play, "decide", too_many_notes)
    refusal = refused(table, AddNote(text="x"))
    assert refusal.rule == "command.too-many-events"
    assert f"at most {MAX_EVENTS_PER_COMMAND} events" in refusal.message
    assert str(MAX_EVENTS_PER_COMMAND + 1) in refusal.message


def test_past_a_die_drawn_too_many_events_are_an_engine_error_never_a_refusal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A refusal that depends on the dice would let a client re-roll by trying
    nonces: once a die is drawn, going over the limit is a defect of the rules."""
    table = Table(sandbox=False)

    def roll_then_too_many(ctx: Any, command: Any) -> list[Emitted]:
        ctx.roller.die(10)
        return too_many_notes(ctx, command)

    monkeypatch.setattr(domain.play, "decide", roll_then_too_many)
    head = table.state
    with pytest.raises(EngineError, match=f"at most {MAX_EVENTS_PER_COMMAND} events"):
        table.run(AddNote(text="x"))
    assert table.state is head


def test_exactly_the_most_events_pass() -> None:
    emitted = [Emitted(NoteAdded(text=str(i), author="gm")) for i in range(MAX_EVENTS_PER_COMMAND)]
    domain.play.require_few_events(AddNote(text="x"), emitted, drawn=3)  # neither refused nor an error
