"""Invariants over random command sequences with random rewinds."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import (
    AddCombatant,
    AddNote,
    InvitePlayer,
    RemoveCombatant,
    RevealRoll,
    Rewind,
    RollDice,
    UpdateCombatant,
)
from domain.errors import Refused
from domain.events import ENCODER, RECORD_DECODER, Rewound
from domain.systems.wod import PoolSpec
from domain.table import Timeline, replay
from domain.wire import INBOUND_DECODER
from tests.domain.builders import Table, combatant

IDS = st.sampled_from(["rorsh", "garde", "loup"])

operation = st.one_of(
    st.tuples(st.just("add"), IDS),
    st.tuples(st.just("update"), IDS),
    st.tuples(st.just("remove"), IDS),
    st.tuples(st.just("note"), st.text(min_size=1, max_size=8), st.booleans()),
    st.tuples(st.just("roll"), st.lists(st.integers(1, 10), min_size=0, max_size=5), st.booleans()),
    st.tuples(st.just("rewind"), st.floats(0, 1)),
    st.tuples(st.just("reveal"), st.floats(0, 1)),
    st.tuples(st.just("invite"), st.sampled_from(["alice", "bob"])),
)


def command_for(op: tuple[Any, ...], table: Table) -> tuple[Any, list[int] | None]:
    head = table.state.position
    match op:
        case ("add", cid):
            return AddCombatant(combatant=combatant(cid)), None
        case ("update", cid):
            return UpdateCombatant(combatant=combatant(cid, willpower=3)), None
        case ("remove", cid):
            return RemoveCombatant(combatant_id=cid), None
        case ("note", text, secret):
            return AddNote(text=text, secret=secret), None
        case ("roll", faces, secret):
            return RollDice(spec=PoolSpec(dice=len(faces)), secret=secret), faces
        case ("rewind", where):
            return Rewind(to=max(1, int(where * head))), None
        case ("reveal", where):
            return RevealRoll(position=max(1, int(where * head))), None
        case ("invite", pid):
            return InvitePlayer(player_id=pid, name=pid), None
    raise AssertionError(op)


def play_random(ops: list[tuple[Any, ...]]) -> Table:
    table = Table()
    for op in ops:
        command, dice = command_for(op, table)
        try:
            table.run(command, dice=dice)
        except Refused:
            pass  # a refused command writes nothing; the invariants still hold
    return table


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=60))
def test_the_state_rebuilt_from_the_stored_log_equals_the_state_followed_live(
    ops: list[tuple[Any, ...]],
) -> None:
    table = play_random(ops)
    stored = [RECORD_DECODER.decode(ENCODER.encode(record)) for record in table.log]
    assert [r.position for r in stored] == list(range(1, len(stored) + 1))
    assert replay([r.event for r in stored]) == table.state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=60), st.integers(1, 7))
def test_state_after_a_rewind_to_k_is_the_state_at_k_whatever_the_checkpoints(
    ops: list[tuple[Any, ...]], every: int
) -> None:
    table = play_random(ops)
    other = Timeline(every=every)
    for record in table.log:
        other.append(record.event)
    for record in table.log:
        p = record.position
        assert other.state_at(p) == table.timeline.state_at(p)
        if isinstance(record.event, Rewound):
            assert other.state_at(p).fight == other.state_at(record.event.to).fight
            assert other.state_at(p).admin == other.state_at(p - 1).admin


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@given(
    st.one_of(
        json_values,
        st.fixed_dictionaries(
            {"type": st.sampled_from(["follow", "command", "get_state", "get_events"])},
            optional={"id": json_values, "after": json_values, "command": json_values, "at": json_values},
        ),
    )
)
def test_any_message_either_decodes_or_is_refused_cleanly(message: Any) -> None:
    raw = json.dumps(message).encode()
    try:
        INBOUND_DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as refusal:
        assert str(refusal)


@given(st.binary(max_size=64))
def test_any_bytes_either_decode_or_are_refused_cleanly(raw: bytes) -> None:
    try:
        INBOUND_DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass
