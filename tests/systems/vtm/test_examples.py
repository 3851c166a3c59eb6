"""The example sheets in ``examples/vtm/sheets`` are the ones the example fight uses."""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from clients.python.scenario import load_scenario
from domain.commands import AddCombatant
from domain.systems.vtm.state import VtmSheet

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "vtm"


def test_example_sheets_are_the_ones_the_scenario_uses() -> None:
    scenario = load_scenario(EXAMPLES / "parking.yaml")
    added = {
        s.command.combatant.id: s.command.combatant.sheet
        for s in scenario.steps
        if isinstance(s.command, AddCombatant)
    }
    for cid in ("sasha", "viktor"):
        sheet = msgspec.convert(yaml.safe_load((EXAMPLES / "sheets" / f"{cid}.yaml").read_text()), VtmSheet)
        assert added[cid] == sheet
