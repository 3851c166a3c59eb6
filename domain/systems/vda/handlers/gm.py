"""The GM's commands: rulings where the seed leaves it to the Storyteller, overrides
with a reason, and the ambush before round 1 (VDA-AMB)."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import roll_pool
from domain.errors import check, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import (
    AdjustDifficulty,
    AdjustHealth,
    AdjustInitiative,
    AdjustPool,
    Ambush,
    GiveRuling,
    SetCondition,
)
from domain.systems.vda.data import ARMOURS, MeleeWeapon, RangedWeapon
from domain.systems.vda.handlers.fall import fall
from domain.systems.vda.rules import ambush, equipment, resistance
from domain.systems.vda.scene import Scene
from domain.systems.wod import Modifier, total


def _require_reason(reason: str) -> None:
    check(bool(reason.strip()), "vda.reason", "a GM override says why")


def give_ruling(scene: Scene, command: GiveRuling) -> list[Emitted]:
    check(bool(command.ruling.strip()), "vda.reason", "a ruling says what was decided")
    if command.combatant is not None:
        scene.sheet(command.combatant)
    return [Emitted(ev.RulingGiven(rule=command.rule, ruling=command.ruling, combatant=command.combatant))]


def adjust_difficulty(scene: Scene, command: AdjustDifficulty) -> list[Emitted]:
    _require_reason(command.reason)
    scene.sheet(command.combatant)
    return [
        Emitted(
            ev.DifficultyAdjusted(combatant=command.combatant, delta=command.delta, reason=command.reason)
        )
    ]


def adjust_initiative(scene: Scene, command: AdjustInitiative) -> list[Emitted]:
    _require_reason(command.reason)
    scene.sheet(command.combatant)
    score = scene.fighter(command.combatant).initiative + command.delta
    adjusted = ev.InitiativeAdjusted(
        combatant=command.combatant, delta=command.delta, score=score, rule="gm", reason=command.reason
    )
    return [Emitted(adjusted)]


def adjust_pool(scene: Scene, command: AdjustPool) -> list[Emitted]:
    """GM: a pool goes up or down, with a reason, between 0 and the sheet's maximum."""
    _require_reason(command.reason)
    sheet = scene.sheet(command.combatant)
    left = scene.pool_left(command.combatant, command.pool)
    maximum = int(getattr(sheet, command.pool))
    check(
        0 <= left + command.delta <= maximum,
        "vda.pool",
        f"{command.combatant!r} has {left} {command.pool} of {maximum}: {command.delta:+d} leaves that range",
    )
    adjusted = ev.PoolAdjusted(
        combatant=command.combatant, pool=command.pool, delta=command.delta, reason=command.reason
    )
    return [Emitted(adjusted)]


def adjust_health(scene: Scene, command: AdjustHealth) -> list[Emitted]:
    _require_reason(command.reason)
    scene.sheet(command.combatant)
    adjusted = ev.HealthAdjusted(
        combatant=command.combatant,
        bashing=command.bashing,
        lethal=command.lethal,
        aggravated=command.aggravated,
        reason=command.reason,
    )
    return [Emitted(adjusted)]


def set_condition(scene: Scene, command: SetCondition) -> list[Emitted]:
    _require_reason(command.reason)
    scene.sheet(command.combatant)
    changed = ev.ConditionChanged(
        combatant=command.combatant,
        condition=command.condition,
        on=command.on,
        rule="gm",
        reason=command.reason,
    )
    if command.condition == "prone" and command.on:
        # VDA-PRONE-04: the GM's fall costs its initiative point like any other.
        fell = fall(scene, command.combatant, "gm", command.reason)
        return [Emitted(e) for e in fell] or [Emitted(changed)]
    return [Emitted(changed)]


def resolve_ambush(scene: Scene, command: Ambush) -> list[Emitted]:
    """VDA-AMB-01, VDA-AMB-02, VDA-AMB-03, VDA-AMB-04, VDA-AMB-05, VDA-AMB-06, VDA-AMB-07, in the seed's
    order: Stealth, Perception, then Astuce + Vigilance."""
    ambush.require_before_first_round(scene.state)
    a, t = command.ambusher, command.target
    scene.sheet(a), scene.sheet(t)  # both at the table, checked before the first die
    require(a != t, "VDA-AMB-01", "an ambusher ambushes someone else")
    opposed = scene.options.ambush_opposed_difficulty
    hiding, seeing = ambush_gear_terms(scene, a), ambush_armour_terms(scene, t)
    stealth_dice = scene.trait(a, "dexterity") + scene.trait(a, "stealth") + total(hiding)
    cancel = scene.ones_cancel  # A-3 on every roll of the table
    stealth = roll_pool(scene.roller, max(0, stealth_dice), opposed, ones_cancel=cancel)
    perception_dice = scene.trait(t, "perception") + scene.trait(t, "alertness") + total(seeing)
    perception = roll_pool(scene.roller, max(0, perception_dice), opposed, ones_cancel=cancel)
    if ambush.detected(stealth, perception):
        resolved = ev.AmbushResolved(
            ambusher=a,
            target=t,
            stealth=stealth,
            perception=perception,
            detected=True,
            stealth_modifiers=hiding,
            perception_modifiers=seeing,
        )
        return [Emitted(resolved)]
    difficulty = ambush.awareness_difficulty(command.expectation)
    aware_dice = scene.trait(t, "wits") + scene.trait(t, "alertness")
    awareness = roll_pool(scene.roller, aware_dice, difficulty, ones_cancel=cancel)
    resolved = ev.AmbushResolved(
        ambusher=a,
        target=t,
        stealth=stealth,
        perception=perception,
        detected=False,
        awareness=awareness,
        awareness_difficulty=difficulty,
        defence_cap=ambush.defence_cap(awareness),
        can_react=ambush.can_react(awareness),
        stealth_modifiers=hiding,
        perception_modifiers=seeing,
    )
    return [Emitted(resolved)]


def ambush_gear_terms(scene: Scene, ambusher: str) -> list[Modifier]:
    """VDA-CONC-02 on the ambush's last Stealth roll: the weapons the ambusher carries and
    its armour (VDA-ARMOR-04) cost Stealth dice."""
    fighter, sheet = scene.fighter(ambusher), scene.sheet(ambusher)
    carried = [
        w
        for item in sheet.weapons
        if resistance.in_hand(fighter, item)
        and isinstance(w := scene.weapon(ambusher, item), MeleeWeapon | RangedWeapon)
    ]
    worn = ARMOURS.get(sheet.armour) if sheet.armour and resistance.in_hand(fighter, sheet.armour) else None
    return equipment.stealth_modifiers(carried, worn).pool


def ambush_armour_terms(scene: Scene, target: str) -> list[Modifier]:
    """VDA-ARMOR-04 on the target's Perception roll against the ambush."""
    fighter, sheet = scene.fighter(target), scene.sheet(target)
    worn = ARMOURS.get(sheet.armour) if sheet.armour and resistance.in_hand(fighter, sheet.armour) else None
    return equipment.armour_roll_modifiers(worn, "perception").pool
