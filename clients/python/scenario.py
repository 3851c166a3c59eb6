"""``fracas run``: play a scenario file in memory or on a server.

A scenario is a table definition and a list of steps, in YAML or JSON (see
``docs/scenarios.md``). In memory it runs the pure domain; on a server it
creates a real table, turns the scenario's invitations into real ones, and
sends each step with the token of the one who sends it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgspec
import yaml

from clients.python.client import Admin, TableClient
from domain.commands import InvitePlayer, InviteSpectator
from domain.play import Scenario, play
from domain.wire import Rejected


class NotAScenario(Exception):
    """A scenario file that cannot be read, or does not follow docs/scenarios.md."""


def load_scenario(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        return msgspec.convert(data, Scenario)
    except (OSError, ValueError, yaml.YAMLError, msgspec.ValidationError) as exc:
        raise NotAScenario(f"{path} is not a scenario: {exc}") from None


def run_in_memory(scenario: Scenario) -> dict[str, Any]:
    log, state = play(scenario, seed=os.urandom(32))
    return {"events": log, "state": state}


async def run_on_server(scenario: Scenario, server: str) -> dict[str, Any]:
    spec = scenario.table
    async with Admin(server) as anonymous:
        created = await anonymous.create_table(
            spec.title, spec.system, sandbox=spec.sandbox, options=spec.options
        )
    table_id, gm_token = created["table_id"], created["gm_token"]
    tokens = {"gm": gm_token}
    async with Admin(server, gm_token) as gm_http:
        for index, step in enumerate(scenario.steps):
            command = step.command
            if isinstance(command, InvitePlayer | InviteSpectator):
                role = "player" if isinstance(command, InvitePlayer) else "spectator"
                owned = command.combatants if isinstance(command, InvitePlayer) else []
                invited = await gm_http.invite(table_id, role, command.name, owned)
                name = command.player_id if isinstance(command, InvitePlayer) else command.spectator_id
                tokens[name] = invited["token"]
                continue
            token = tokens.get(step.as_)
            if token is None:
                raise SystemExit(
                    f"fracas: step {index + 1}: {step.as_!r} is neither gm nor an invited player"
                )
            async with TableClient(server, table_id, token) as client:
                answer = await client.send(command, dice=step.dice, nonce=step.nonce)
            refused = answer.rule if isinstance(answer, Rejected) else None
            if refused != step.expect_rule:
                detail = f"{answer.rule}: {answer.message}" if isinstance(answer, Rejected) else "accepted"
                raise SystemExit(
                    f"fracas: step {index + 1}: expected {step.expect_rule or 'acceptance'}, got {detail}"
                )
        events = await gm_http.records(table_id)
        state = await gm_http.state(table_id)
    return {"table_id": table_id, "gm_token": gm_token, "events": events, "state": state}
