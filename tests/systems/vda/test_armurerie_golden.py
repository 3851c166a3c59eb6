"""The golden equipment fight: ``examples/vda/armurerie.yaml`` (a stake stuck in a heart, a
disarm, the stake worked loose with 2 dice, a grenade with its d10 initiative and a
reaction dodge) played, logged as NDJSON in ``tests/golden/vda_armurerie.ndjson``, replayed
here to the stored final state.

Regenerate both files after a deliberate change with
``.venv/bin/python -m tests.systems.vda.test_armurerie_golden``.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from clients.python.scenario import load_scenario
from domain.events import ENCODER, RECORD_DECODER
from domain.play import play
from domain.systems.vda import events as ev
from domain.systems.vda.state import VdaState
from domain.table import replay

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "examples" / "vda" / "armurerie.yaml"
LOG = ROOT / "tests" / "golden" / "vda_armurerie.ndjson"
STATE = ROOT / "tests" / "golden" / "vda_armurerie.state.json"
SEED = b"fracas-golden-vda"


def _played() -> tuple[list[bytes], bytes]:
    log, state = play(load_scenario(SCENARIO), seed=SEED, table_id="armurerie")
    assert state.fight is not None
    return [ENCODER.encode(r) for r in log], ENCODER.encode(state.fight.system)


def test_golden_equipment_log_decodes_and_replays_to_the_stored_state() -> None:
    records = [RECORD_DECODER.decode(line) for line in LOG.read_bytes().splitlines() if line]
    assert [r.position for r in records] == list(range(1, len(records) + 1))
    state = replay([r.event for r in records])
    assert state.fight is not None
    assert state.fight.system == msgspec.json.decode(STATE.read_bytes(), type=VdaState)
    kinds = {type(r.event) for r in records}
    assert {ev.StakeChecked, ev.WeaponStuck, ev.DisarmResolved, ev.StuckPoolReduced} <= kinds
    assert {ev.GrenadeThrown, ev.GrenadeInitiativeDrawn, ev.GrenadeDodged, ev.GrenadeExploded} <= kinds
    assert {ev.Deafened} <= kinds


def test_golden_equipment_log_is_what_the_example_scenario_plays() -> None:
    lines, _ = _played()
    stored = [line for line in LOG.read_bytes().splitlines() if line]
    assert [RECORD_DECODER.decode(line) for line in lines] == [RECORD_DECODER.decode(line) for line in stored]


if __name__ == "__main__":
    lines, state = _played()
    LOG.write_bytes(b"\n".join(lines) + b"\n")
    STATE.write_bytes(msgspec.json.format(state, indent=2) + b"\n")
