"""Through a real server: the pool and difficulty a combatant's controls are offered
before a roll (``StateAt.offers``) are those the roll then writes, term by term, for
every kind of vda roll a player makes from the controls: initiative, a grapple's
contact, weapon defence, control, opposition and escape, a bite, drinking, a reflexive
catch of a gaze, an active gaze. The fights are sandbox tables with every die given (no chance)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
import yaml

from clients.python import Admin, TableClient
from clients.python.scenario import load_scenario
from domain.commands import InvitePlayer
from domain.play import Scenario
from domain.systems.vda import commands as c
from domain.wire import Accepted
from tests.server.conftest import StartServer

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[2]

GAZE = """
table: {title: Le regard, system: vda, sandbox: true}
steps:
  - command:
      type: AddCombatant
      combatant:
        id: rorsh
        name: Rorsh
        sheet:
          type: vda
          kind: vampire
          attributes: {dexterity: 3, manipulation: 3, perception: 2, wits: 3}
          abilities: {alertness: 2, intimidation: 2}
          powers: {regard: {discipline: dominate, level: 2, requires: gaze}}
  - command:
      type: AddCombatant
      combatant:
        id: agnes
        name: Agnès
        sheet:
          type: vda
          kind: mortal
          attributes: {dexterity: 3, perception: 3, wits: 2}
          abilities: {alertness: 3, dodge: 2}
  - command: {type: InvitePlayer, player_id: alice, name: Alice, combatants: [rorsh]}
  - command: {type: vda.StartRound}
  - as: alice
    command: {type: vda.RollInitiative, combatant: rorsh}
    dice: [8, 7, 6, 2, 2]
  - command: {type: vda.RollInitiative, combatant: agnes}
    dice: [7, 2, 2, 2, 2]
  - as: alice
    command:
      type: vda.DeclareAction
      combatant: rorsh
      action: {kind: other, skill: intimidation, attribute: manipulation, target: agnes, gaze: regard}
  - command: {type: vda.DeclareAction, combatant: agnes, action: {kind: none}}
  - as: alice
    command: {type: vda.CatchGaze, combatant: rorsh, target: agnes, power: regard}
    dice: [2, 2, 2]
  - as: alice
    command: {type: vda.ResolveAction, combatant: rorsh}
    dice: [8, 7, 2, 2, 2]
"""

ROLLED = {"vda.InitiativeRolled", "vda.GrappleRolled", "vda.ActionRolled", "vda.GazeRolled"}


def kind_of(state: Any, cid: str, command: Any) -> str:
    """What the roll is: the initiative, a reflexive catch of a gaze, a grapple move, a
    bite, a gaze."""
    if isinstance(command, c.RollInitiative):
        return "initiative"
    if isinstance(command, c.CatchGaze):
        return "catch"
    action = state["fight"]["system"]["sequence"]["declared"][cid]
    if action.get("gaze"):
        return "gaze"
    return action.get("grapple") or ("bite" if action.get("weapon") == "morsure" else action["kind"])


def offer_label(command: Any) -> str:
    """The offer a command is sent from: its own, or a reflexive catch's variant."""
    tag = str(type(command).__struct_config__.tag)
    if isinstance(command, c.CatchGaze):
        return f"{tag}/gaze:{command.target}:{command.power}:{command.skill}"
    return tag


def rolled_terms(event: dict[str, Any]) -> tuple[Any, Any, int]:
    check = event.get("check") or event
    return check["pool"], check["difficulty"], check.get("automatic", 0)


async def offered_and_rolled(server: str, scenario: Scenario) -> dict[str, tuple[Any, Any]]:
    """Play ``scenario`` on ``server``; before each initiative or resolution, the offer
    its sender's controls get; after it, the terms of the roll it wrote. By kind."""
    async with Admin(server) as anonymous:
        created = await anonymous.create_table(scenario.table.title, "vda", sandbox=True)
    table, tokens = created["table_id"], {"gm": created["gm_token"]}
    found: dict[str, tuple[Any, Any]] = {}
    async with Admin(server, tokens["gm"]) as gm:
        for step in scenario.steps:
            command = step.command
            if isinstance(command, InvitePlayer):
                invited = await gm.invite(table, "player", command.name, command.combatants)
                tokens[command.player_id] = invited["token"]
                continue
            async with TableClient(server, table, tokens[step.as_]) as client:
                rolling = c.RollInitiative | c.ResolveAction | c.CatchGaze
                rolls = isinstance(command, rolling) and step.expect_rule is None
                if rolls:
                    before = await client.state_and_may()
                    cid = command.combatant
                    (offer,) = [o for o in before.offers[cid] if o.label == offer_label(command)]
                    kind = kind_of(msgspec.to_builtins(before.state), cid, command)
                answer = await client.send(command, dice=step.dice)
            assert (answer.rule if not isinstance(answer, Accepted) else None) == step.expect_rule, answer
            if not rolls or not isinstance(answer, Accepted):
                continue
            written = [msgspec.to_builtins(r.event) for r in await gm.records(table, after=answer.first - 1)]
            by = [e for e in written if cid in (e.get("combatant"), e.get("attacker"))]
            roll = next(e for e in by if e["type"] in ROLLED)
            offered = msgspec.to_builtins([offer.pool, offer.difficulty, offer.automatic])
            found.setdefault(kind, (offered, list(rolled_terms(roll))))
    return found


async def test_every_vda_roll_offers_the_pool_and_difficulty_it_then_rolls(
    start_embedded_server: StartServer,
) -> None:
    """VDA-INIT-01, VDA-GRAP-01, VDA-GRAP-03, VDA-GRAP-08, VDA-GRAP-12, VDA-GRAP-13, VDA-BITE-02,
    VDA-BITE-03, VDA-GAZE-05 and VDA-GAZE-06: for each roll, the offered terms (with their rule IDs)
    and automatic successes are the rolled event's, through the server."""
    server = await start_embedded_server()
    found = await offered_and_rolled(server, load_scenario(ROOT / "examples" / "vda" / "etreinte.yaml"))
    found |= await offered_and_rolled(server, msgspec.convert(yaml.safe_load(GAZE), Scenario))
    kinds = {"initiative", "contact", "weapon_defence", "control", "oppose", "escape", "bite", "drink"}
    kinds |= {"gaze", "catch"}
    assert set(found) >= kinds
    for kind in kinds:
        offered, rolled = found[kind]
        assert offered[0] is not None, f"{kind}: no pool offered"
        assert offered == rolled, kind
    assert found["drink"][1][2] == 1, "Potence counts as an automatic success (VDA-FORPOT-05)"
