"""The table decider and projection: checks, roles, secrets and rewind."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.base import GM, PUBLIC, Viewer
from domain.commands import (
    AddCombatant,
    AddNote,
    CloseTable,
    InvitePlayer,
    RemoveCombatant,
    RevealRoll,
    RevokeInvite,
    Rewind,
    RollDice,
    UpdateCombatant,
)
from domain.dice import PoolRoll, roll_commitment
from domain.errors import CheckFailed, Forbidden, Refused
from domain.events import CombatantAdded, DiceRolled, Hidden, NoteAdded, Rewound, RollRevealed, TableClosed
from domain.proof import sealed_digest
from domain.systems.seventh_sea.state import KeepSpec
from domain.systems.vaesen.state import D6Spec
from domain.systems.wod import PoolSpec
from domain.table import Timeline, view_record, view_state
from tests.domain.builders import SEED, Table, combatant, player


def refused(table: Table, command: object, sender: Viewer = GM, dice: list[int] | None = None) -> Refused:
    head = table.state
    with pytest.raises(Refused) as caught:
        table.run(command, sender, dice)
    assert table.state is head  # nothing written
    return caught.value


def test_adding_a_combatant_checks_its_id_name_and_sheet_system() -> None:
    table = Table()
    assert table.run(AddCombatant(combatant=combatant("rorsh"))) == [
        CombatantAdded(combatant=combatant("rorsh"))
    ]
    assert refused(table, AddCombatant(combatant=combatant("rorsh"))).rule == "table.combatant-exists"
    assert refused(table, AddCombatant(combatant=combatant("Bad Id"))).rule == "table.combatant-id"
    assert refused(table, AddCombatant(combatant=combatant("lea", "vtm"))).rule == "table.sheet-system"
    assert refused(table, UpdateCombatant(combatant=combatant("ghost"))).rule == "table.combatant-unknown"
    assert refused(table, RemoveCombatant(combatant_id="ghost")).rule == "table.combatant-unknown"


def test_roles_gm_players_and_spectators() -> None:
    table = Table()
    table.run(AddCombatant(combatant=combatant("rorsh")))
    table.run(AddCombatant(combatant=combatant("garde")))
    table.run(InvitePlayer(player_id="alice", name="Alice", combatants=["rorsh"]))
    alice = player("alice")
    assert isinstance(refused(table, AddCombatant(combatant=combatant("x")), alice), Forbidden)
    assert refused(table, Rewind(to=1), alice).rule == "role.gm-only"
    assert (
        refused(table, RollDice(combatant="garde", spec=PoolSpec(dice=1)), alice, [5]).rule
        == "role.not-your-combatant"
    )
    assert refused(table, RollDice(spec=PoolSpec(dice=1)), alice, [5]).rule == "table.roll-combatant"
    assert (
        refused(table, RollDice(combatant="rorsh", spec=PoolSpec(dice=1), secret=True), alice, [5]).rule
        == "role.gm-only"
    )
    assert refused(table, AddNote(text="x"), PUBLIC).rule == "role.spectator"
    assert refused(table, AddNote(text="x", secret=True), alice).rule == "role.gm-only"
    [rolled] = table.run(RollDice(combatant="rorsh", spec=PoolSpec(dice=2, difficulty=6)), alice, [6, 1])
    assert isinstance(rolled, DiceRolled) and rolled.roller == "alice" and rolled.roll.successes == 0


def test_each_system_rolls_its_own_dice_only() -> None:
    assert refused(Table("vda"), RollDice(spec=D6Spec(dice=2)), dice=[6, 6]).rule == "table.roll-kind"
    [sea] = Table("7s").run(RollDice(spec=KeepSpec(rolled=3, kept=2, target=15)), dice=[10, 5, 4, 9])
    assert sea.roll.total == 24 and sea.roll.success is True
    [vae] = Table("vaesen").run(RollDice(spec=D6Spec(dice=3)), dice=[6, 2, 6])
    assert vae.roll.successes == 2


def test_sandbox_dice_must_be_exactly_what_the_rules_roll() -> None:
    table = Table()
    assert refused(table, RollDice(spec=PoolSpec(dice=2)), dice=[5, 5, 5]).rule == "dice.script-unused"
    assert refused(table, RollDice(spec=PoolSpec(dice=2)), dice=[5]).rule == "dice.script-exhausted"
    real = Table(sandbox=False)
    assert refused(real, RollDice(spec=PoolSpec(dice=2)), dice=[5, 5]).rule == "dice.not-sandbox"
    [derived] = real.run(RollDice(spec=PoolSpec(dice=2)))
    assert derived.roll.scripted is False and len(derived.roll.faces) == 2


def test_a_secret_roll_is_hidden_with_its_commitment_until_revealed() -> None:
    table = Table()
    table.run(InvitePlayer(player_id="alice", name="Alice"))
    [secret] = table.run(RollDice(spec=PoolSpec(dice=3), label="piege", secret=True), dice=[7, 2, 9])
    record = table.log[-1]
    assert record.audience == "gm"
    shown = view_record(record, player("alice")).event
    assert shown == Hidden(kind="DiceRolled", commitment=secret.commitment, digest=sealed_digest(record))
    assert secret.commitment == roll_commitment(secret.roll, secret.salt)
    assert view_state(table.state, PUBLIC).admin.secret_rolls == {}  # type: ignore[union-attr]
    assert table.state.fight.last_roll is None  # type: ignore[union-attr]
    [revealed] = table.run(RevealRoll(position=record.position))
    assert revealed == RollRevealed(
        position=record.position, roll=secret.roll, salt=secret.salt, label="piege"
    )
    assert refused(table, RevealRoll(position=record.position)).rule == "table.no-secret-roll"
    assert table.state.fight.last_roll.roll == secret.roll  # type: ignore[union-attr]


def test_a_hidden_record_keeps_no_trace_of_the_command_behind_it() -> None:
    """Its id and nonce were chosen by the GM and its digest describes the command:
    a player or spectator gets none of them (they would be a side channel)."""
    table = Table()
    table.run(RollDice(spec=PoolSpec(dice=3), label="piege", secret=True), dice=[7, 2, 9], nonce="gm-nonce")
    record = replace(table.log[-1], command_id="c-secret-1")
    assert record.nonce == "gm-nonce" and record.command_digest
    for viewer in (player("alice"), PUBLIC):
        shown = view_record(record, viewer)
        assert (shown.command_id, shown.nonce, shown.command_digest) == ("", "", "")
        assert (shown.position, shown.batch) == (record.position, record.batch)
    assert view_record(record, GM) == record


def test_a_sandbox_secret_roll_has_a_salt_nobody_can_guess() -> None:
    """Scripted dice are the sender's, but the commitment's salt comes from the seed."""
    table = Table(sandbox=True)
    [secret] = table.run(RollDice(spec=PoolSpec(dice=2), secret=True), dice=[7, 2])
    assert len(secret.salt) == 32 and not secret.salt.startswith("sandbox")
    [other] = table.run(RollDice(spec=PoolSpec(dice=2), secret=True), dice=[7, 2])
    assert other.salt != secret.salt


def test_closing_reveals_the_secret_rolls_still_hidden_unless_the_gm_keeps_them() -> None:
    table = Table()
    table.run(RollDice(spec=PoolSpec(dice=2), label="a", secret=True), dice=[7, 2])
    [shown] = table.run(RollDice(spec=PoolSpec(dice=2), label="b", secret=True), dice=[9, 9])
    table.run(RevealRoll(position=3))
    *revealed, closed = table.run(CloseTable())
    assert revealed == [RollRevealed(position=2, roll=revealed[0].roll, salt=revealed[0].salt, label="a")]
    assert revealed[0].roll.faces == [7, 2]
    assert roll_commitment(revealed[0].roll, revealed[0].salt) == table.log[1].event.commitment
    assert isinstance(closed, TableClosed) and shown.label == "b"
    kept = Table()
    kept.run(RollDice(spec=PoolSpec(dice=2), secret=True), dice=[7, 2])
    assert [type(e) for e in kept.run(CloseTable(reveal_secret_rolls=False))] == [TableClosed]


def test_secret_notes_reach_only_the_gm() -> None:
    table = Table()
    table.run(AddNote(text="le traître est Garde", secret=True))
    table.run(AddNote(text="il pleut"))
    assert [n.text for n in view_state(table.state, PUBLIC).fight.notes] == ["il pleut"]  # type: ignore[union-attr]
    assert len(view_state(table.state, GM).fight.notes) == 2  # type: ignore[union-attr]
    assert isinstance(view_record(table.log[1], PUBLIC).event, Hidden)
    assert isinstance(view_record(table.log[1], GM).event, NoteAdded)


def test_rewind_restores_the_fight_but_never_the_administration() -> None:
    table = Table()
    table.run(AddCombatant(combatant=combatant("rorsh")))  # 2
    table.run(AddCombatant(combatant=combatant("loup")))  # 3
    table.run(InvitePlayer(player_id="alice", name="Alice", combatants=["rorsh"]))  # 4
    table.run(RollDice(spec=PoolSpec(dice=1)), dice=[8])  # 5
    assert table.run(Rewind(to=2)) == [Rewound(to=2)]
    assert list(table.state.fight.combatants) == ["rorsh"]  # type: ignore[union-attr]
    assert table.state.fight.last_roll is None  # type: ignore[union-attr]
    assert "alice" in table.state.admin.players  # type: ignore[union-attr]
    assert refused(table, Rewind(to=table.state.position)).rule == "table.rewind-target"
    assert refused(table, Rewind(to=0)).rule == "table.rewind-target"
    # redo is another rewind, into the branch that was rewound away
    table.run(Rewind(to=5))
    assert list(table.state.fight.combatants) == ["rorsh", "loup"]  # type: ignore[union-attr]


def test_revoking_an_invitation_and_closing_the_table() -> None:
    table = Table()
    table.run(InvitePlayer(player_id="alice", name="Alice"))
    assert refused(table, InvitePlayer(player_id="alice", name="Alice bis")).rule == "table.invite-exists"
    table.run(AddNote(text="encore là"), sender=player("alice"))
    table.run(RevokeInvite(principal_id="alice"))
    assert "alice" not in table.state.admin.players  # type: ignore[union-attr]
    assert refused(table, AddNote(text="trop tard"), sender=player("alice")).rule == "role.revoked"
    assert refused(table, RevokeInvite(principal_id="alice")).rule == "table.invite-unknown"
    [closed] = table.run(CloseTable())
    assert closed == TableClosed(seed=SEED.hex())
    assert refused(table, AddNote(text="après")).rule == "table.closed"


def test_state_at_any_position_including_inside_a_rewound_branch() -> None:
    table = Table()
    for i in range(40):
        table.run(AddNote(text=f"note {i}"))
    table.run(Rewind(to=10))
    table.run(AddNote(text="nouvelle branche"))
    table.run(Rewind(to=30))  # back into the branch the first rewind left
    timeline = table.timeline
    assert timeline.state_at(table.state.position).fight == timeline.state_at(30).fight
    assert timeline.state_at(43).fight.notes[-1].text == "nouvelle branche"  # type: ignore[union-attr]
    assert timeline.state_at(42).fight == timeline.state_at(10).fight
    with pytest.raises(IndexError):
        timeline.state_at(99)


def test_unknown_table_commands_are_refused() -> None:
    empty = Timeline()
    from domain.play import execute

    with pytest.raises(CheckFailed) as caught:
        execute(empty.head, AddNote(text="x"), GM, seed=SEED)
    assert caught.value.rule == "table.unknown"


def test_pool_roll_records_are_what_the_log_shows() -> None:
    table = Table()
    [rolled] = table.run(RollDice(spec=PoolSpec(dice=4, difficulty=7)), dice=[7, 10, 1, 3])
    assert rolled.roll == PoolRoll(
        dice=4, difficulty=7, faces=[7, 10, 1, 3], hits=2, ones=1, successes=1, botch=False, scripted=True
    )
