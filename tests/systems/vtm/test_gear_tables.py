"""The weapon and armour tables are data a group edits, not code: a scenario file's table
options replace them, a sheet adds its own rows (``own_weapons``, ``own_armours``), and
play reads them through ``decide`` (VTM-MEL-05, VTM-DMG-04)."""

from __future__ import annotations

from pathlib import Path

from clients.python.scenario import load_scenario
from domain.play import play
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Armour
from tests.systems.vtm.conftest import m

SCENARIO = """
table:
  title: La crypte
  system: vtm
  sandbox: true
  options:
    weapons:
      masse: {kind: melee, damage: 3, damage_type: bashing, long: true}
    armours:
      cuir_bouilli: {rating: 2}
steps:
  - command:
      type: AddCombatant
      combatant:
        id: ulrich
        name: Ulrich
        sheet: {type: vtm, attributes: {strength: 2, dexterity: 3, wits: 3}, abilities: {melee: 3},
                weapons: [masse, fleau], own_weapons: {fleau: {kind: melee, damage: 4}},
                armour: cuir_bouilli}
  - command:
      type: AddCombatant
      combatant:
        id: odo
        name: Odo
        sheet: {type: vtm, kind: mortal, attributes: {stamina: 2}, armour: cotte,
                own_armours: {cotte: {rating: 3}}}
  - command: {type: vtm.StartRound}
  - {command: {type: vtm.RollInitiative, combatant: ulrich}, dice: [9]}
  - {command: {type: vtm.RollInitiative, combatant: odo}, dice: [1]}
  - command: {type: vtm.DeclareActions, combatant: odo, actions: [{kind: other}]}
  - command:
      type: vtm.DeclareActions
      combatant: ulrich
      actions: [{kind: attack, maneuver: strike, target: odo, weapon: masse},
                {kind: attack, maneuver: strike, target: odo, weapon: fleau}]
  - {command: {type: vtm.ResolveAction, combatant: ulrich}, dice: [7, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]}
  - {command: {type: vtm.ResolveAction, combatant: odo}, dice: []}
  - {command: {type: vtm.ResolveAction, combatant: ulrich}, dice: [2, 2, 2]}
"""


def test_vtm_mel_05_dmg_04__a_scenarios_tables_and_a_sheets_rows_are_played(tmp_path: Path) -> None:
    """VTM-MEL-05: the table's mace (options) and Ulrich's own flail (sheet) give their
    damage; VTM-DMG-04: Odo's own mail (sheet) adds its rating to his bashing soak, the
    table's boiled leather (options) is what Ulrich wears; no default row is left."""
    path = tmp_path / "crypte.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    log, state = play(load_scenario(path), seed=b"gear")
    events = [r.event for r in log]
    damage = [e for e in events if isinstance(e, ev.DamageRolled)]
    assert damage[0].pool == [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-05", 3, "weapon")]
    assert damage[0].damage_type == "bashing"
    soaked = [e for e in events if isinstance(e, ev.Soaked)]
    assert soaked[0].pool == [
        m("VTM-DMG-04", 2, "stamina"),
        m("VTM-DMG-04", 0, "fortitude"),
        m("VTM-DMG-04", 3, "armour"),
    ]
    assert state.admin is not None
    options = state.admin.options
    assert isinstance(options, VtmOptions)
    assert "revolver" not in options.weapons
    assert options.armours == {"cuir_bouilli": Armour(rating=2)}
