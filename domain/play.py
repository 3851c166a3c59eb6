"""Running one command with the right dice, and playing a scenario in memory.

:func:`execute` is the single place that chooses a command's roller: dice
derived from the table's seed, or the command's own dice on a sandbox table.
The server calls it for every command; :func:`play` calls it for every step of
a scenario (the ``fracas run`` format, see ``docs/scenarios.md``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.base import GM, Context, Emitted, Viewer
from domain.commands import AnyCommand
from domain.dice import (
    MAX_NONCE,
    DerivedRoller,
    DrawSource,
    Roller,
    ScriptedRoller,
    ScriptRefused,
    command_digest,
    valid_nonce,
)
from domain.errors import CheckFailed, EngineError, Refused, check
from domain.events import Recorded
from domain.proof import chained, derived_salt
from domain.systems import find_system
from domain.table import TableState, Timeline, create_table, decide


def execute(
    state: TableState,
    command: Any,
    sender: Viewer,
    *,
    seed: bytes,
    nonce: str = "",
    dice: list[int] | None = None,
    digest: str | None = None,
) -> list[Emitted]:
    """Decide ``command`` on ``state`` (whose head is the position before the one the
    events will take), rolling with the table's derived dice or, on a sandbox
    table, with the command's scripted ``dice``. ``digest`` is the command's
    :func:`command_digest` when the caller has it already (for its records).

    Every check runs before the first die is drawn: a refusal raised once a die
    was drawn is an :class:`EngineError`, never a refusal, so that no client can
    learn anything of the dice by trying nonces until a refusal says they are
    good (only a sandbox script's own misfit is refused after a draw)."""
    admin = state.admin
    check(admin is not None, "table.unknown", "this table does not exist")
    assert admin is not None
    check(valid_nonce(nonce), "dice.nonce", f"a nonce is at most {MAX_NONCE} printable ASCII characters")
    digest = command_digest(command) if digest is None else digest
    source = DrawSource(admin.table_id, state.position + 1, sender.id, digest, nonce)
    derived = DerivedRoller(seed, source)
    roller: Roller = derived
    if dice is not None:
        check(admin.sandbox, "dice.not-sandbox", "only a sandbox table takes dice from a command")
        roller = ScriptedRoller(dice, salts=derived)
    try:
        emitted = decide(Context(table=state, sender=sender, roller=roller, seed=seed), command)
    except ScriptRefused:
        raise
    except Refused as refusal:
        if roller.drawn:
            raise EngineError(
                f"{type(command).__name__} was refused by {refusal.rule} after {roller.drawn} dice were "
                f"drawn: every check must run before the first die"
            ) from refusal
        raise
    if isinstance(roller, ScriptedRoller) and roller.unused:
        raise CheckFailed(
            "dice.script-unused",
            f"the command gave {roller.unused} more dice than the rules rolled",
        )
    require_few_events(command, emitted, 0 if isinstance(roller, ScriptedRoller) else roller.drawn)
    return emitted


MAX_EVENTS_PER_COMMAND = 256
"""The most events one command may write. The rules write a few per command,
and one per combatant of the fight at most once a round (the action budgets
once everyone rolled initiative): a full table (:data:`domain.table.MAX_COMBATANTS`)
stays well below it. Past it a command is refused (an engine error once dice
were drawn: no check runs after a draw) and nothing is appended."""


def require_few_events(command: Any, emitted: list[Emitted], drawn: int) -> None:
    """Refuse a command that would write more than :data:`MAX_EVENTS_PER_COMMAND`
    events; once dice were drawn, that is an engine defect rather than a
    refusal (a refusal that depends on the dice would let a client re-roll by
    trying nonces)."""
    if len(emitted) <= MAX_EVENTS_PER_COMMAND:
        return
    message = (
        f"one command writes at most {MAX_EVENTS_PER_COMMAND} events; "
        f"this {type(command).__name__} would write {len(emitted)}"
    )
    if drawn:
        raise EngineError(message)
    raise CheckFailed("command.too-many-events", message)


# --- scenarios --------------------------------------------------------------


class TableSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    title: str
    system: str
    sandbox: bool = True
    options: dict[str, Any] = {}


class Step(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, rename={"as_": "as"}):
    command: AnyCommand
    as_: str = "gm"
    """Who sends it: ``gm`` or an invited player's id."""
    dice: list[int] | None = None
    nonce: str = ""
    expect_rule: str | None = None
    """The step must be refused with this rule or check (for teaching scenarios)."""
    note: str = ""


class Scenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    table: TableSpec
    steps: list[Step] = []


class ScenarioFailed(Exception):
    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"step {index + 1}: {message}")
        self.index = index


def table_options(spec: TableSpec) -> Any:
    system = find_system(spec.system)
    try:
        return msgspec.convert(spec.options, system.options_type)
    except msgspec.ValidationError as exc:
        raise CheckFailed("table.options", f"options of {spec.system}: {exc}") from None


def viewer_for(state: TableState, who: str) -> Viewer:
    if who == "gm":
        return GM
    admin = state.admin
    if admin is not None and who in admin.players:
        return Viewer(role="player", id=who)
    if admin is not None and who in admin.spectators:
        return Viewer(role="spectator", id=who)
    raise CheckFailed("scenario.sender", f"{who!r} is neither gm nor an invited player")


def play(scenario: Scenario, *, seed: bytes, table_id: str = "scenario") -> tuple[list[Recorded], TableState]:
    """Play every step in memory; returns the log and the final state. A refusal
    fails the scenario unless the step expected it."""
    timeline = Timeline()
    log: list[Recorded] = []

    def write(emitted: list[Emitted], command_id: str, sender: str, nonce: str, digest: str = "") -> None:
        batch = len(log) + 1
        for item in emitted:
            position = len(log) + 1
            timeline.append(item.event)
            record = Recorded(
                position=position,
                event=item.event,
                audience=item.audience,
                command_id=command_id,
                sender=sender,
                nonce=nonce,
                batch=batch,
                command_digest=digest,
                salt=derived_salt(seed, table_id, position),
            )
            log.append(chained(log[-1].chain if log else "", record))

    spec = scenario.table
    created = create_table(table_id, spec.title, spec.system, spec.sandbox, table_options(spec), seed)
    write([Emitted(created)], "create", "gm", "")
    for index, step in enumerate(scenario.steps):
        try:
            sender = viewer_for(timeline.head, step.as_)
            digest = command_digest(step.command)
            emitted = execute(
                timeline.head,
                step.command,
                sender,
                seed=seed,
                nonce=step.nonce,
                dice=step.dice,
                digest=digest,
            )
        except Refused as refusal:
            if step.expect_rule == refusal.rule:
                continue
            raise ScenarioFailed(index, f"refused by {refusal.rule}: {refusal.message}") from None
        if step.expect_rule is not None:
            raise ScenarioFailed(index, f"expected a refusal by {step.expect_rule}, but it was accepted")
        write(emitted, f"step-{index + 1}", sender.id, step.nonce, digest)
    return log, timeline.head
