"""The weapon and armour tables are data a group edits, not code: a scenario file's table
options extend them (a row of a default's name replacing it), a sheet adds its own rows
(``own_weapons``, ``own_armours``), and play reads them through ``decide`` (VTM-MEL-05,
VTM-DMG-04)."""

from __future__ import annotations

from pathlib import Path

from clients.python.scenario import load_scenario
from domain.play import play
from domain.systems.vtm import events as ev
from domain.systems.vtm.data import ARMOURS, WEAPONS
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Armour, Weapon
from tests.systems.vtm.conftest import OTHER, Table, attack, m, sheet

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
    table's boiled leather (options) is what Ulrich wears; the default rows stay beside
    the group's."""
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
    assert options.weapons == {
        **WEAPONS,
        "masse": Weapon(kind="melee", damage=3, damage_type="bashing", long=True),
    }
    assert options.armours == {**ARMOURS, "cuir_bouilli": Armour(rating=2)}


def test_vtm_mel_05__the_tables_rows_extend_the_defaults_and_override_them_by_name() -> None:
    """VTM-MEL-05: a table whose options give only its own knife (3 dice) strikes with that
    knife, not the default one (1), and still shoots the default revolver (4)."""
    own = VtmOptions(weapons={"couteau": Weapon(kind="melee", damage=3)})
    assert own.weapons["revolver"] == WEAPONS["revolver"]
    for weapon, maneuver, dice in (("couteau", "strike", 3), ("revolver", "shoot", 4)):
        t = Table(own)
        t.add("alma", sheet(melee=3, firearms=2, weapons=["couteau", "revolver"]))
        t.add("bors", sheet(kind="mortal"))
        t.start()
        t.initiative("alma", 9)
        t.initiative("bors", 1)
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors", maneuver, weapon))
        strength = 2 if maneuver == "strike" else 0
        # two successes of 5 or 6 attack dice, then the damage dice, none soaked (lethal on a mortal)
        attack_dice = 6 if maneuver == "strike" else 5
        events = t.resolve("alma", [9, 9] + [2] * (attack_dice - 2) + [2] * (strength + dice + 1))
        damage = next(e for e in events if isinstance(e, ev.DamageRolled))
        assert m("VTM-MEL-05", dice, "weapon") in damage.pool, weapon
