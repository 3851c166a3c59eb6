"""What a shot leaves its weapon (VDA-BOW-06, VDA-FIRE-06, VDA-FIRE-07): the physical
actions of reloading it owes before it shoots again, spent by declaring an ``other``
action with ``intent="reload"`` (no roll), and a firearm's 1s, which accumulate with use
and count on each later roll with it until the GM has it cleaned (``vda.AdjustItem``)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.base import Emitted
from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.data import RangedWeapon, find_weapon
from domain.systems.vda.rules import ranged, resistance
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def _rule(weapon: RangedWeapon) -> str:
    return "VDA-FIRE-06" if weapon.kind == "firearm" else "VDA-BOW-06"


def shooting(scene: Scene, cid: str, action: PhysicalAction) -> RangedWeapon | None:
    """The sheet's bow, crossbow or firearm this action uses, if any."""
    weapon = find_weapon(action.weapon) if action.weapon else None
    if not isinstance(weapon, RangedWeapon) or weapon.kind not in ("bow", "crossbow", "firearm"):
        return None
    return weapon if action.weapon in scene.sheet(cid).weapons else None


def check_declare(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """VDA-BOW-06 / VDA-FIRE-06 at the declaration: no shot with a weapon that still owes
    reloading actions; a reload names a weapon of the sheet that owes some."""
    weapon = shooting(scene, cid, action)
    if action.intent == "reload":
        require(
            action.kind == "other" and weapon is not None,
            "VDA-FIRE-06",
            "a reload is an « other » action naming a bow, crossbow or firearm of the sheet",
        )
        assert weapon is not None and action.weapon is not None
        owed = resistance.item_state(scene.fighter(cid), action.weapon).unready
        require(owed > 0, _rule(weapon), f"{action.weapon!r} is ready to shoot: nothing to reload")
        return
    if action.offensive and weapon is not None and action.weapon is not None:
        owed = resistance.item_state(scene.fighter(cid), action.weapon).unready
        require(
            owed == 0,
            _rule(weapon),
            f"{action.weapon!r} shoots again after {owed} more physical action(s) of reloading",
        )


def reload(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> Emitted:
    """VDA-BOW-06 / VDA-FIRE-06: a physical action of reloading, no roll."""
    weapon = shooting(scene, cid, action)
    assert weapon is not None and action.weapon is not None
    owed = resistance.item_state(scene.fighter(cid), action.weapon).unready
    reloaded = ev.WeaponReloaded(
        combatant=cid, sequence=seq.number, item=action.weapon, unready=max(0, owed - 1), rule=_rule(weapon)
    )
    return Emitted(reloaded)


def read_roll(
    scene: Scene, cid: str, action: PhysicalAction, roll: PoolRoll
) -> tuple[PoolRoll, list[Emitted]]:
    """VDA-FIRE-07: a firearm's accumulated 1s count among the 1s of each later roll with it
    (for the critical failure, VDA-GEN-02, and the cancelling of A-3)."""
    weapon = shooting(scene, cid, action)
    if weapon is None or weapon.kind != "firearm" or not action.offensive or action.weapon is None:
        return roll, []
    accumulated = resistance.item_state(scene.fighter(cid), action.weapon).ones
    if accumulated == 0:
        return roll, []
    read = ranged.with_accumulated_ones(roll, accumulated, scene.options.ones_cancel)
    counted = ev.AccumulatedOnesCounted(
        combatant=cid, item=action.weapon, accumulated=accumulated, ones=read.ones, successes=read.successes
    )
    return read, [Emitted(counted)]


def after_shot(scene: Scene, cid: str, action: PhysicalAction, roll: PoolRoll) -> list[Emitted]:
    """A shot's marks on its weapon: the raw 1s of a firearm's roll accumulate (VDA-FIRE-07);
    the weapon owes its reloading actions (VDA-BOW-06, VDA-FIRE-06)."""
    weapon = shooting(scene, cid, action)
    if weapon is None or not action.offensive or action.weapon is None:
        return []
    found = resistance.item_state(scene.fighter(cid), action.weapon)
    ones = ranged.accumulated_ones(found.ones, roll.faces) if weapon.kind == "firearm" else found.ones
    cartridges = scene.options.equipment.firearm_cartridges
    owed = ranged.reload_actions_after_shot(weapon, cartridges)
    if ones == found.ones and owed == 0:
        return []
    changed = ev.ItemChanged(
        combatant=cid,
        item=action.weapon,
        state=replace(found, ones=ones, unready=owed),
        rule=_rule(weapon) if owed else "VDA-FIRE-07",
        reason=f"tir: {owed} action(s) pour recharger, {ones} × 1 accumulé(s)",
    )
    return [Emitted(changed)]
