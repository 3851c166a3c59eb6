"""The check behind the fairness property tests: a command's outcome must not
depend on its dice. Each command is decided with several nonces (so with
different dice); every time it must be refused by the same rule, or accepted
every time, and never end in an :class:`EngineError` (a refusal raised after a
die was drawn)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from hypothesis import strategies as st

from domain.base import GM, Viewer
from domain.commands import UpdateCombatant
from domain.errors import EngineError, Refused
from domain.events import Combatant
from domain.play import execute
from domain.table import TableState

NONCES = ("a", "b", "c", "d")


def outcome(state: TableState, command: Any, sender: Viewer, seed: bytes, nonce: str) -> str:
    """``accepted``, or the rule that refused it."""
    try:
        execute(state, command, sender, seed=seed, nonce=nonce)
    except Refused as refusal:
        return refusal.rule
    except EngineError as error:
        raise AssertionError(f"{command!r} as {sender.id}: {error}") from error
    return "accepted"


def assert_dice_tell_nothing(state: TableState, command: Any, sender: Viewer, seed: bytes) -> str:
    """The one outcome ``command`` has whatever its dice; fails if a refusal follows a
    draw or if trying nonces could change the answer."""
    seen = {outcome(state, command, sender, seed, nonce) for nonce in NONCES}
    assert len(seen) == 1, f"{command!r} as {sender.id}: the outcome depends on the dice: {sorted(seen)}"
    return seen.pop()


@dataclass(frozen=True)
class FairnessDriver:
    """Random play for a system's fairness property: legal steps (what the guards offer,
    progress first four times in five) and fuzzed steps (any command type with random
    fields, as the server would decode it), each checked by
    :func:`assert_dice_tell_nothing` before it is played. A system's test names its
    combatants, its commands and how to build one from an offered tag."""

    ids: Sequence[str]
    progress: Collection[str]
    command_for: Callable[[Any, str, str], Any]
    """(hypothesis data, offered tag, combatant) -> the command to send."""
    offered: Callable[[TableState, str], list[str]]
    fallback: Sequence[Any]
    """What the GM sends when no command is offered (a new round)."""
    fuzzed: Sequence[type]
    structs: Callable[[type], Any]
    """A hypothesis strategy of instances of a command or sheet type, random fields."""
    sheet_type: type
    senders: Sequence[Viewer]
    seed: bytes

    def legal_step(self, data: Any, t: Any) -> None:
        offered = [(tag, cid) for cid in self.ids for tag in self.offered(t.timeline.head, cid)]
        moving = [(tag, cid) for tag, cid in offered if tag.split("/")[0] in self.progress]
        if moving and data.draw(st.integers(0, 4)):
            offered = moving
        if offered:
            tag, cid = data.draw(st.sampled_from(offered))
            command = self.command_for(data, tag, cid)
        else:
            command = data.draw(st.sampled_from(list(self.fallback)))
        if assert_dice_tell_nothing(t.timeline.head, command, GM, self.seed) == "accepted":
            t.emitted(command)

    def fuzzed_step(self, data: Any, t: Any) -> None:
        kind = data.draw(st.sampled_from(list(self.fuzzed)))
        if kind is UpdateCombatant:  # a sheet changed mid-fight, any of its numbers
            cid = data.draw(st.sampled_from(list(self.ids)))
            try:  # as the server decodes it: a sheet out of its ranges never reaches decide
                new = msgspec.convert(
                    msgspec.to_builtins(data.draw(self.structs(self.sheet_type))), self.sheet_type
                )
            except msgspec.ValidationError:
                return
            command = UpdateCombatant(
                combatant=Combatant(id=cid, name=cid.title(), sheet=new), reason="ruling"
            )
        else:
            try:  # as the server decodes it: fields out of their ranges never reach decide
                command = msgspec.convert(msgspec.to_builtins(data.draw(self.structs(kind))), kind)
            except msgspec.ValidationError:
                return
        sender = data.draw(st.sampled_from(list(self.senders)))
        if assert_dice_tell_nothing(t.timeline.head, command, sender, self.seed) == "accepted":
            t.emitted(command, as_=sender.id)

    def play(self, data: Any, t: Any, steps: int = 60) -> None:
        for _ in range(data.draw(st.integers(0, steps), label="steps")):
            if data.draw(st.integers(0, 2)):
                self.legal_step(data, t)
            else:
                self.fuzzed_step(data, t)
