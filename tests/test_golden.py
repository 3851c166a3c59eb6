"""Golden logs: each example scenario played once and kept as NDJSON in
``tests/golden/<system>_<name>.ndjson`` with its final state beside it.

Every log must still decode (an event that no longer decodes breaks old
tables), replay to the stored state, and be exactly what its scenario plays
today. Regenerate them all after a deliberate change with
``.venv/bin/python -m tests.test_golden`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from clients.python.scenario import load_scenario
from domain.events import ENCODER, RECORD_DECODER, Recorded, event_tag
from domain.play import play
from domain.systems import SystemState
from domain.table import replay

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
SEED = b"fracas-golden-vda"

# What each golden fight must show, so that a scenario edited later still covers it.
COVERS = {
    "vtm_parking": {
        "vtm.InitiativeRolled",
        "vtm.ActionsDeclared",
        "vtm.AttackRolled",
        "vtm.DefenceRolled",
        "vtm.DamageRolled",
        "vtm.Soaked",
        "vtm.Wounded",
        "vtm.InterruptAttempted",
        "vtm.AttackMissed",
        "vtm.RulingRequested",
        "vtm.ComplexMoveRuled",
        "vtm.Moved",
        "vtm.WeaponReadied",
    },
    "vda_ruelle": {
        "vda.InitiativeRolled",
        "vda.DeclarationSealed",
        "vda.AttackResolved",
        "vda.DefenceRenounced",
    },
    "vda_etreinte": {
        "vda.GrappleEstablished",
        "vda.GrappleValueChanged",
        "vda.FangsPlanted",
        "vda.BloodDrunk",
        "vda.KissEcstasyStarted",
        "vda.GrappleWeaponDefenceResolved",
        "vda.GrappleSuccessesKept",
    },
    "vda_charge": {
        "vda.ChargeAnnounced",
        "vda.AttackResolved",
        "vda.ActionLost",
    },
    "vda_armurerie": {
        "vda.StakeChecked",
        "vda.WeaponStuck",
        "vda.DisarmResolved",
        "vda.StuckPoolReduced",
        "vda.GrenadeThrown",
        "vda.GrenadeInitiativeDrawn",
        "vda.GrenadeDodged",
        "vda.GrenadeExploded",
        "vda.Deafened",
    },
    "7s_abordage": {"DiceRolled", "RollRevealed", "Rewound", "NoteAdded"},
    "vaesen_moulin": {"DiceRolled", "Rewound", "NoteAdded"},
    "vda_griffes": {
        "vda.ResistanceReduced",
        "vda.NaturalParryHurt",
    },
}
NAMES = sorted(p.stem for p in GOLDEN.glob("*.ndjson"))


def scenario_of(name: str) -> Path:
    system, _, fight = name.partition("_")
    return ROOT / "examples" / system / f"{fight}.yaml"


def played(name: str) -> tuple[list[Recorded], SystemState]:
    log, state = play(load_scenario(scenario_of(name)), seed=SEED, table_id=name.partition("_")[2])
    assert state.fight is not None
    return log, state.fight.system


def stored(name: str) -> list[Recorded]:
    lines = (GOLDEN / f"{name}.ndjson").read_bytes().splitlines()
    return [RECORD_DECODER.decode(line) for line in lines if line]


def test_every_golden_log_has_its_scenario_and_its_coverage() -> None:
    assert sorted(COVERS) == NAMES
    for name in NAMES:
        assert scenario_of(name).exists(), name


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_log_decodes_and_replays_to_its_stored_state(name: str) -> None:
    records = stored(name)
    assert [r.position for r in records] == list(range(1, len(records) + 1))
    state = replay([r.event for r in records])
    assert state.fight is not None
    expected = msgspec.json.decode(
        (GOLDEN / f"{name}.state.json").read_bytes(), type=type(state.fight.system)
    )
    # Compared as decoded Structs, so that the order of encoded sets does not matter.
    assert state.fight.system == expected
    assert COVERS[name] <= {event_tag(r.event) for r in records}


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_log_is_what_its_scenario_plays_today(name: str) -> None:
    log, _ = played(name)
    assert log == stored(name)


if __name__ == "__main__":
    for name in sorted(COVERS):  # a fight added to COVERS gets its golden log here
        log, system_state = played(name)
        (GOLDEN / f"{name}.ndjson").write_bytes(b"".join(ENCODER.encode(r) + b"\n" for r in log))
        (GOLDEN / f"{name}.state.json").write_bytes(
            msgspec.json.format(ENCODER.encode(system_state), indent=2) + b"\n"
        )
