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
from domain.systems.vda.data import MULTI_TARGET, RangedWeapon
from domain.systems.vda.handlers import attack
from domain.systems.vda.rules import ranged, resistance
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState


def _rule(weapon: RangedWeapon) -> str:
    return "VDA-FIRE-06" if weapon.kind == "firearm" else "VDA-BOW-06"


def shooting(scene: Scene, cid: str, action: PhysicalAction) -> RangedWeapon | None:
    """The sheet's bow, crossbow or firearm this action uses, if any."""
    weapon = scene.weapon(cid, action.weapon)
    if not isinstance(weapon, RangedWeapon) or weapon.kind not in ("bow", "crossbow", "firearm"):
        return None
    return weapon if action.weapon in scene.sheet(cid).weapons else None


def check_declare(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """VDA-BOW-06 / VDA-FIRE-06 at the declaration: no shot with a weapon that still owes
    reloading actions; a reload names a weapon of the sheet that owes some. VDA-FIRE-04: the
    people a blunderbuss may also hit."""
    weapon = shooting(scene, cid, action)
    check_spread(scene, cid, action, weapon)
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


SPREAD_RANGE_M = 10


def check_spread(scene: Scene, cid: str, action: PhysicalAction, weapon: RangedWeapon | None) -> None:
    """VDA-FIRE-04: the blunderbuss « arrive de toucher plusieurs cibles si elles sont à moins
    de 10 mètres » (seed 000): a shot under 10 m names at most two more people of the fight."""
    if not action.also:
        return
    require(
        action.offensive and weapon is not None and MULTI_TARGET in weapon.tags,
        "VDA-FIRE-04",
        "only a blunderbuss shot hits several people",
    )
    require(len(action.also) <= 2, "VDA-FIRE-04", "« jusqu'à 3 personnes à la fois »: two more at most")
    require(
        len(set(action.also)) == len(action.also)
        and action.target not in action.also
        and cid not in action.also,
        "VDA-FIRE-04",
        "the other people hit are distinct, and neither the shooter nor its target",
    )
    for other in action.also:
        require(other in scene.state.combatants, "VDA-FIRE-04", f"{other!r} is not in the fight")
    require(
        action.distance_m is not None and action.distance_m < SPREAD_RANGE_M,
        "VDA-FIRE-04",
        f"the blunderbuss spreads under {SPREAD_RANGE_M} m: the shot says its distance",
    )


def hits(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction, roll: PoolRoll) -> list[Emitted]:
    """An attack's damage (``handlers/attack.py``); a blunderbuss's also reaches the people
    its dice or its spent successes pay for, each with the hit left and its own defence
    (VDA-FIRE-04, the catalogue's defaults)."""
    weapon = shooting(scene, cid, action)
    if not action.also or weapon is None or roll.successes == 0:
        return attack.damage(scene, seq, cid, action, roll)
    # Only what the hit can pay: no refusal once the dice are rolled.
    people, left = ranged.blunderbuss_targets(roll.faces, roll.successes, action.spread, len(action.also))
    reached = action.also[: people - 1]
    read = replace(roll, successes=left)
    emitted = attack.damage(scene, seq, cid, action, read)
    if not reached:
        return emitted
    spread = ev.SpreadHit(combatant=cid, targets=list(reached), mode=action.spread, successes=left)
    emitted.append(Emitted(spread))
    for other in reached:
        emitted += attack.damage(scene, seq, cid, replace(action, target=other, also=[]), read)
    return emitted


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
        reason="shot",
    )
    return [Emitted(changed)]
