"""A sandbox table of one rule system in memory, for the systems' rule tests:
``send`` returns the events a command wrote, with the dice the test fixes."""

from __future__ import annotations

from typing import Any

import pytest

from domain.base import GM, Emitted, Viewer
from domain.commands import AddCombatant, InvitePlayer
from domain.errors import Refused
from domain.events import Combatant, Recorded
from domain.play import execute
from domain.table import Timeline, create_table

SEED = b"rule-tests-seed"


class SandboxTable:
    system = ""
    seed = SEED

    def __init__(self, options: Any = None) -> None:
        self.timeline = Timeline()
        self.log: list[Recorded] = []
        self._write([Emitted(create_table("t", "Test", self.system, True, options, self.seed))], "gm")

    def _write(self, emitted: list[Emitted], sender: str) -> None:
        for item in emitted:
            self.timeline.append(item.event)
            self.log.append(
                Recorded(position=len(self.log) + 1, event=item.event, audience=item.audience, sender=sender)
            )

    def add(self, cid: str, sheet: Any, player: str | None = None) -> Any:
        self.send(AddCombatant(combatant=Combatant(id=cid, name=cid.title(), sheet=sheet)))
        if player:
            self.send(InvitePlayer(player_id=player, name=player.title(), combatants=[cid]))
        return self

    def emitted(self, command: Any, dice: list[int] | None = None, as_: str = "gm") -> list[Emitted]:
        viewer = GM if as_ == "gm" else Viewer(role="player", id=as_)
        emitted = execute(self.timeline.head, command, viewer, seed=self.seed, dice=dice)
        self._write(emitted, as_)
        return emitted

    def send(self, command: Any, dice: list[int] | None = None, as_: str = "gm") -> list[Any]:
        return [item.event for item in self.emitted(command, dice, as_)]

    def refuse(self, command: Any, dice: list[int] | None = None, as_: str = "gm") -> Refused:
        with pytest.raises(Refused) as caught:
            self.emitted(command, dice, as_)
        return caught.value

    @property
    def system_state(self) -> Any:
        fight = self.timeline.head.fight
        assert fight is not None
        return fight.system
