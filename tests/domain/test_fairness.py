"""The engine's fairness promise, enforced in ``domain.play.execute`` whatever a
rule system does: every check runs before the first die, so a refusal never
tells anything of the dice; and each command's dice are bound to it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain.play
from domain.base import GM, Context, Emitted
from domain.commands import TABLE_COMMANDS, AddCombatant, AddNote, InvitePlayer, RollDice
from domain.dice import ScriptRefused, roll_pool
from domain.errors import CheckFailed, EngineError, RuleViolation, require
from domain.events import DiceRolled
from domain.systems import SYSTEMS
from domain.systems.wod import PoolSpec
from tests.domain.builders import SEED, Table, combatant, player
from tests.fairness import assert_dice_tell_nothing
from tests.strategies import structs


def decider_that(refuses_after: int) -> Any:
    """A decider that draws ``refuses_after`` dice, then refuses."""

    def decide(ctx: Context, command: Any) -> list[Emitted]:
        for _ in range(refuses_after):
            ctx.roller.die(10)
        require(False, "TEST-RULE-01", "refused")
        return []

    return decide


def test_a_refusal_after_a_die_is_an_engine_error_that_names_no_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Table(sandbox=False)
    monkeypatch.setattr(domain.play, "decide", decider_that(refuses_after=1))
    with pytest.raises(EngineError) as caught:
        t.run(AddNote(text="x"), dice=None)
    assert not isinstance(caught.value, RuleViolation)
    assert len(t.log) == 1  # nothing written


def test_a_refusal_before_any_die_stays_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Table(sandbox=False)
    monkeypatch.setattr(domain.play, "decide", decider_that(refuses_after=0))
    with pytest.raises(RuleViolation) as caught:
        t.run(AddNote(text="x"))
    assert caught.value.rule == "TEST-RULE-01"


def test_a_sandbox_script_too_short_is_refused_after_its_draws() -> None:
    """The script's own misfit is the one refusal allowed after a draw: those dice were
    chosen by the sender anyway."""
    t = Table(sandbox=True)
    with pytest.raises(ScriptRefused) as caught:
        t.run(RollDice(spec=PoolSpec(dice=3)), dice=[5, 6])
    assert caught.value.rule == "dice.script-exhausted"


def test_a_nonce_that_could_forge_the_derivation_is_refused() -> None:
    t = Table(sandbox=False)
    with pytest.raises(CheckFailed) as caught:
        t.run(RollDice(spec=PoolSpec(dice=3)), nonce="a\x1fb")
    assert caught.value.rule == "dice.nonce"


def test_the_same_nonce_gives_other_dice_to_another_command_and_another_sender() -> None:
    t = Table(sandbox=False)
    t.run(AddCombatant(combatant=combatant("anna")))
    t.run(InvitePlayer(player_id="ann", name="Ann", combatants=["anna"]))
    state = t.state

    def faces(command: RollDice, sender: Any) -> list[int]:
        emitted = domain.play.execute(state, command, sender, seed=SEED, nonce="same")
        event = emitted[0].event
        assert isinstance(event, DiceRolled)
        return list(event.roll.faces)  # type: ignore[union-attr]

    ten = PoolSpec(dice=10, difficulty=6)
    base = faces(RollDice(spec=ten, combatant="anna"), GM)
    assert faces(RollDice(spec=ten, combatant="anna", label="Attaque"), GM) != base
    assert faces(RollDice(spec=ten, combatant="anna"), player("ann")) != base
    assert faces(RollDice(spec=ten, combatant="anna"), GM) == base


def test_a_pool_checks_its_size_and_difficulty_before_drawing() -> None:
    class Counting:
        scripted = False
        drawn = 0

        def die(self, sides: int) -> int:
            self.drawn += 1
            return 5

        def salt(self) -> str:
            return ""

    roller = Counting()
    with pytest.raises(CheckFailed, match="dice.pool-size"):
        roll_pool(roller, 61, 6)
    with pytest.raises(CheckFailed, match="dice.difficulty"):
        roll_pool(roller, 3, 11)
    assert roller.drawn == 0


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_table_command_of_any_system_is_refused_after_a_die(system: str, data: st.DataObject) -> None:
    """Every table-level command, drawn from its type, on a table of every system."""
    t = Table(system=system, sandbox=False)
    t.run(AddCombatant(combatant=combatant("anna", system=system)))
    t.run(InvitePlayer(player_id="ann", name="Ann", combatants=["anna"]))
    kinds = list(TABLE_COMMANDS)
    words = ["anna", "ann", "gm", "Attaque"]
    for _ in range(6):
        command = data.draw(structs(data.draw(st.sampled_from(kinds)), words))
        sender = data.draw(st.sampled_from([GM, player("ann")]))
        if assert_dice_tell_nothing(t.state, command, sender, SEED) == "accepted":
            t.run(command, sender, nonce="a")
