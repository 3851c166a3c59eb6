"""The golden fight: ``examples/vda/ruelle.yaml`` played, logged as NDJSON in
``tests/golden/vda_ruelle.ndjson``, replayed here to the stored final state.

Regenerate both files after a deliberate change with
``.venv/bin/python -m tests.systems.vda.test_round_golden``.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from clients.python.scenario import load_scenario
from domain.commands import AddCombatant
from domain.events import ENCODER, RECORD_DECODER
from domain.play import play
from domain.systems.vda.state import VdaSheet, VdaState
from domain.table import replay

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "examples" / "vda" / "ruelle.yaml"
LOG = ROOT / "tests" / "golden" / "vda_ruelle.ndjson"
STATE = ROOT / "tests" / "golden" / "vda_ruelle.state.json"
SEED = b"fracas-golden-vda"


def _played() -> tuple[list[bytes], bytes]:
    log, state = play(load_scenario(SCENARIO), seed=SEED, table_id="ruelle")
    assert state.fight is not None
    return [ENCODER.encode(r) for r in log], ENCODER.encode(state.fight.system)


def test_golden_log_decodes_and_replays_to_the_stored_state() -> None:
    records = [RECORD_DECODER.decode(line) for line in LOG.read_bytes().splitlines() if line]
    assert [r.position for r in records] == list(range(1, len(records) + 1))
    state = replay([r.event for r in records])
    assert state.fight is not None
    # Compared as decoded Structs, so that the order of encoded sets does not matter.
    assert state.fight.system == msgspec.json.decode(STATE.read_bytes(), type=VdaState)


def test_golden_log_is_what_the_example_scenario_plays() -> None:
    lines, _ = _played()
    stored = [line for line in LOG.read_bytes().splitlines() if line]
    assert [RECORD_DECODER.decode(line) for line in lines] == [RECORD_DECODER.decode(line) for line in stored]


def test_example_sheets_are_the_ones_the_scenario_uses() -> None:
    scenario = load_scenario(SCENARIO)
    added = {
        s.command.combatant.id: s.command.combatant.sheet
        for s in scenario.steps
        if isinstance(s.command, AddCombatant)
    }
    for cid in ("rorsh", "agnes"):
        sheet = msgspec.convert(
            yaml.safe_load((SCENARIO.parent / "sheets" / f"{cid}.yaml").read_text()), VdaSheet
        )
        assert added[cid] == sheet


if __name__ == "__main__":
    lines, state = _played()
    LOG.write_bytes(b"\n".join(lines) + b"\n")
    STATE.write_bytes(msgspec.json.format(state, indent=2) + b"\n")
