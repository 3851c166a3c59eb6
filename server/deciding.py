"""Deciding a table's commands one after the other, each on the state the
previous ones leave: pure work on the head state, no I/O, so that the
appender can do it ahead of a batch's turn, while the write before it is in
flight, and throw it away if that write does not land as expected."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.dice import command_digest
from domain.errors import CheckFailed, Refused
from domain.events import Recorded, Rewound
from domain.play import execute
from domain.proof import chain_all
from domain.table import TableState, fold
from domain.wire import SignedHead
from server.auth import new_salt
from server.envelope import Envelope

log = logging.getLogger("fracas.deciding")


@dataclass(frozen=True)
class Result:
    first: int
    last: int
    duplicate: bool = False
    signed_head: SignedHead | None = None
    """The table's head after the batch that wrote it, signed."""


class Stale(Refused):
    code = "stale"

    def __init__(self, head: int, expected: int) -> None:
        super().__init__("table.expected-head", f"the table is at position {head}, not {expected}")
        self.head = head


@dataclass
class Pending:
    """A command waiting for its answer: its envelope, as it came in, and who
    hears the answer."""

    envelope: Envelope
    on_answer: Callable[[Result | BaseException], None] = field(repr=False)
    """Hears the command's outcome once, the moment it is known: its result, its
    refusal (:class:`Refused`) or the store's failure. A socket's answer then
    leaves in the same write as the batch's events."""
    settled: bool = False

    @property
    def key(self) -> str:
        return self.envelope.key

    def settle(self, outcome: Result | BaseException) -> None:
        if self.settled:
            return
        self.settled = True
        try:
            self.on_answer(outcome)
        except Exception:  # one listener's failure must not reach the batch's other commands
            log.exception("answering command %s failed", self.envelope.command_id)


@dataclass
class Decision:
    """What deciding a batch gave: the events to write, grouped by command, and the
    state after each of their positions."""

    states: dict[int, TableState]
    groups: list[tuple[str, list[Recorded]]] = field(default_factory=list)
    records: list[Recorded] = field(default_factory=list)
    accepted: list[tuple[Pending, Result]] = field(default_factory=list)
    refused: list[tuple[Pending, Refused]] = field(default_factory=list)
    failed: list[tuple[Pending, Exception]] = field(default_factory=list)


class Decider:
    """Decides commands one after the other, each on the state the previous ones
    leave, without touching the commands themselves (nothing is settled here):
    a decision made ahead of its turn may be thrown away."""

    def __init__(
        self, table_id: str, head: TableState, chain: str, seed: bytes, done: dict[str, Any]
    ) -> None:
        self.table_id = table_id
        self.state = head
        self.previous = chain
        """The chain value of the record at :attr:`state`."""
        self.seed = seed
        self.done = done
        """Results of commands already applied (retries), by key."""
        self.decision = Decision(states={head.position: head})
        self.earlier: dict[int, TableState] = {}
        """States from the store that rewinds to before the head need."""
        self._decided: dict[str, Result] = {}

    def add(self, pending: Pending) -> int | None:
        """Decide ``pending``. None once decided; else the position of an earlier
        state a rewind needs from the store: put it in :attr:`earlier` and add
        ``pending`` again (deciding is deterministic, nothing was kept)."""
        key, decision = pending.key, self.decision
        first = self.done.get(key) or self._decided.get(key)
        if first is not None:
            decision.accepted.append((pending, Result(first.first, first.last, duplicate=True)))
            return None
        state, command = self.state, pending.envelope
        digest = command_digest(command.command)  # the dice's and the records': computed once
        try:
            if command.expected_head is not None and command.expected_head != state.position:
                raise Stale(state.position, command.expected_head)
            emitted = execute(
                state,
                command.command,
                command.sender,
                seed=self.seed,
                nonce=command.nonce,
                dice=command.dice,
                digest=digest,
            )
            if not emitted:
                raise CheckFailed("table.no-change", "the command changes nothing")
        except Refused as refusal:
            decision.refused.append((pending, refusal))
            return None
        except Exception as exc:  # a bug in a rule: this command fails, the batch goes on
            log.exception("deciding %s on table %s failed", type(command.command).__name__, self.table_id)
            decision.failed.append((pending, exc))
            return None
        for item in emitted:
            if isinstance(item.event, Rewound):
                to = item.event.to
                if to not in decision.states and to not in self.earlier:
                    return to
        batch_start = state.position + 1
        records = [
            Recorded(
                position=batch_start + offset,
                event=item.event,
                audience=item.audience,
                command_id=command.command_id,
                sender=command.sender.id,
                nonce=command.nonce,
                batch=batch_start,
                at=command.received_at,
                command_digest=digest,
                salt=new_salt(),
            )
            for offset, item in enumerate(emitted)
        ]
        records = chain_all(self.previous, records)
        self.previous = records[-1].chain
        states = decision.states
        earlier = self.earlier
        self.state = fold(
            state, records, lambda k: states.get(k) or earlier[k], lambda s: states.__setitem__(s.position, s)
        )
        result = Result(records[0].position, records[-1].position)
        if key:
            self._decided[key] = result
        decision.groups.append((key, records))
        decision.records.extend(records)
        decision.accepted.append((pending, result))
        return None


@dataclass
class Ahead:
    """Commands decided while the batch before them is written, on the state that
    batch leaves: the first of the queue, in order. Used only if the table's
    head is that state when their turn comes."""

    position: int
    chain: str
    decider: Decider
    decided: list[Pending] = field(default_factory=list)

    def fits(self, batch: list[Pending], position: int, chain: str) -> bool:
        """Whether ``batch`` starts with the commands decided and the head is the
        state they were decided on."""
        decided = self.decided
        return (
            position == self.position
            and chain == self.chain
            and len(decided) <= len(batch)
            and all(one is other for one, other in zip(decided, batch, strict=False))
        )
