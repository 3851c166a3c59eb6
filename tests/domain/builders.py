"""Small builders for domain tests: a table in memory, commands run with fixed dice."""

from __future__ import annotations

from typing import Any

from domain.base import GM, Viewer
from domain.dice import command_digest
from domain.events import Combatant, Recorded
from domain.play import execute
from domain.systems import find_system
from domain.table import TableState, Timeline, create_table

SEED = bytes(range(32))


class Table:
    """A table in memory that records what each command wrote."""

    def __init__(self, system: str = "vda", sandbox: bool = True, options: Any = None) -> None:
        self.timeline = Timeline(every=16)
        self.log: list[Recorded] = []
        self._write([create_table("t1", "Essai", system, sandbox, options, SEED)], "all")

    @property
    def state(self) -> TableState:
        return self.timeline.head

    def _write(self, events: list[Any], audience: str, nonce: str = "") -> None:
        batch = len(self.log) + 1
        for event in events:
            self.timeline.append(event)
            self.log.append(
                Recorded(position=len(self.log) + 1, event=event, audience=audience, nonce=nonce, batch=batch)
            )

    def run(
        self, command: Any, sender: Viewer = GM, dice: list[int] | None = None, nonce: str = "n"
    ) -> list[Any]:
        emitted = execute(self.state, command, sender, seed=SEED, nonce=nonce, dice=dice)
        batch, digest = len(self.log) + 1, command_digest(command)
        for item in emitted:
            self.timeline.append(item.event)
            self.log.append(
                Recorded(
                    position=len(self.log) + 1,
                    event=item.event,
                    audience=item.audience,
                    sender=sender.id,
                    nonce=nonce,
                    batch=batch,
                    command_digest=digest,
                )
            )
        return [item.event for item in emitted]


def combatant(cid: str, system: str = "vda", **sheet: Any) -> Combatant:
    sheet_type = find_system(system).sheet_type
    return Combatant(id=cid, name=cid.capitalize(), sheet=sheet_type(**sheet))


def player(pid: str) -> Viewer:
    return Viewer(role="player", id=pid)
