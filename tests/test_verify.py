"""``fracas verify`` on a real (not sandbox) fight: every die of the table's rule
system, wherever it sits in an event, is re-derived from the revealed seed."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from clients.python.verify import verify_log
from domain.base import PUBLIC, Viewer
from domain.dice import PoolRoll
from domain.events import Hidden, RollRevealed
from domain.play import Scenario, play
from domain.table import view_record

FIGHT = {
    "table": {"title": "Vérifiable", "system": "vda", "sandbox": False},
    "steps": [
        {
            "command": {
                "type": "AddCombatant",
                "combatant": {"id": "rorsh", "name": "Rorsh", "sheet": {"type": "vda"}},
            }
        },
        {
            "command": {
                "type": "AddCombatant",
                "combatant": {"id": "agnes", "name": "Agnès", "sheet": {"type": "vda"}},
            }
        },
        {"command": {"type": "vda.StartRound"}},
        {"command": {"type": "vda.RollInitiative", "combatant": "rorsh"}, "nonce": "a1"},
        {"command": {"type": "vda.RollInitiative", "combatant": "agnes"}, "nonce": "b2"},
        {"command": {"type": "RollDice", "secret": True, "spec": {"type": "pool", "dice": 4}}, "nonce": "c3"},
        {"command": {"type": "CloseTable"}},
    ],
}


def test_every_die_of_a_closed_vda_fight_is_re_derived_from_the_seed() -> None:
    log, _ = play(msgspec.convert(FIGHT, Scenario), seed=b"s" * 32, table_id="verifiable")
    report = verify_log(log)
    assert report.ok, report.lines
    # Two initiative pools of Wits 1 + Alertness 0, four secret dice, and those four
    # again in the reveal that closing the table makes.
    assert report.checked == 10


def test_a_changed_die_in_a_system_event_is_caught() -> None:
    log, _ = play(msgspec.convert(FIGHT, Scenario), seed=b"s" * 32, table_id="verifiable")
    rolled = next(i for i, r in enumerate(log) if r.event.__struct_config__.tag == "vda.InitiativeRolled")
    event = log[rolled].event
    faces = [10 if f != 10 else 9 for f in event.roll.faces]
    forged = replace(event, roll=replace(event.roll, faces=faces))
    assert isinstance(forged.roll, PoolRoll)
    log[rolled] = replace(log[rolled], event=forged)
    report = verify_log(log)
    assert not report.ok
    assert any(f"position {log[rolled].position}" in line for line in report.lines)


def test_a_players_or_spectators_export_of_a_closed_fight_with_a_revealed_secret_roll_verifies() -> None:
    """The secret roll is a stub in their exports, its reveal at the close is not: the
    reveal is checked against the stub's commitment, every other die re-derived."""
    log, _ = play(msgspec.convert(FIGHT, Scenario), seed=b"s" * 32, table_id="verifiable")
    for viewer in (PUBLIC, Viewer(role="player", id="alice")):
        seen = [view_record(r, viewer) for r in log]
        assert any(isinstance(r.event, Hidden) for r in seen)
        report = verify_log(seen)
        assert report.ok, report.lines
        assert report.checked == 2  # the two initiative pools
        revealed = next(r for r in seen if isinstance(r.event, RollRevealed))
        forged = replace(revealed.event, roll=replace(revealed.event.roll, faces=[1, 1, 1, 1]))
        at = revealed.position - 1
        tampered = verify_log([*seen[:at], replace(revealed, event=forged), *seen[at + 1 :]])
        assert not tampered.ok
