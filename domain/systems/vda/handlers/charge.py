"""A charge: announced at initiative, where the larger weapon rolls at −1 (VDA-CHARGE-03,
VDA-INIT-07); begun mid-round, where its initiative bonus joins the charger's current score
from the next sequence's order on (VDA-CHARGE-04, VDA-INIT-10); and the facts of a declared
charge, its run-up and its mount, read from the log and the sheet (VDA-CHARGE-01, VDA-CHARGE-07)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.base import Emitted
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import AnnounceCharge
from domain.systems.vda.data import MeleeWeapon, Weapon, find_weapon
from domain.systems.vda.gear import Charge
from domain.systems.vda.handlers.situation import FISTS, require_carried, weapon_used
from domain.systems.vda.rules import grapple, initiative, movement, resistance
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import Fighter, PhysicalAction, SequenceState


def held_weapons(scene: Scene, combatant: str) -> list[Weapon]:
    """The weapons a combatant still holds (its fists when it holds none)."""
    fighter = scene.fighter(combatant)
    held = [
        w
        for item in scene.sheet(combatant).weapons
        if resistance.in_hand(fighter, item) and (w := scene.weapon(combatant, item)) is not None
    ]
    fists = find_weapon(FISTS)
    return held or ([fists] if fists is not None else [])


def check_mid_round_charge(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> None:
    """VDA-CHARGE-04: the guards of a charge that claims the initiative bonus."""
    if action.charge is None or not action.charge.initiative_bonus or action.target is None:
        return
    weapon = weapon_used(scene, combatant, action)
    require(isinstance(weapon, MeleeWeapon), "VDA-CHARGE-04", "a charge's bonus is its melee weapon's")
    assert weapon is not None
    movement.require_mid_round_charge(seq.number, weapon, held_weapons(scene, action.target))


def mid_round_charge(scene: Scene, combatant: str, action: PhysicalAction, score: int) -> list[Emitted]:
    """VDA-CHARGE-04: once declared (or revealed), the bonus is added to ``score``, the
    charger's current initiative."""
    weapon = weapon_used(scene, combatant, action)
    if action.charge is None or not action.charge.initiative_bonus or not isinstance(weapon, MeleeWeapon):
        return []
    bonus = movement.mid_round_charge_bonus(weapon, scene.options.damage)
    if bonus == 0:
        return []
    adjusted = ev.InitiativeAdjusted(
        combatant=combatant,
        delta=bonus,
        score=score + bonus,
        rule="VDA-CHARGE-04",
        reason="mid_round_charge",
    )
    return [Emitted(adjusted)]


# --- the facts of a charge (issue §2) -------------------------------------------------


def run_up(scene: Scene, combatant: str) -> tuple[int, int]:
    """VDA-CHARGE-01: the run-up the log records: full rounds of movement up to now (none
    once something else was done this round), and the successes of the straight run of
    moves since the combatant's last other physical action."""
    fighter = scene.fighter(combatant)
    return (0 if fighter.stood_this_round else fighter.rounds_moving), fighter.run_successes


def with_charge_facts(scene: Scene, combatant: str, charge: Charge) -> Charge:
    """VDA-CHARGE-01, VDA-CHARGE-07, VDA-HORSE-02: a charge's run-up from the moves resolved, its mount
    from the sheet. A declaration may leave them out; one that contradicts them is refused.
    The rider's choice to strike with the mount's Strength stays its own."""
    rounds, run = run_up(scene, combatant)
    require(
        charge.rounds_moved in (0, rounds) and charge.straight_line_successes in (0, run),
        "VDA-CHARGE-01",
        f"{combatant!r} moved {rounds} full round(s) and ran {run} successes in a straight line",
    )
    mount = scene.sheet(combatant).mount
    require(mount is not None or not charge.mounted, "VDA-HORSE-02", f"{combatant!r} rides no mount")
    use = charge.use_mount_strength or charge.mount_strength is not None
    require(
        mount is not None or not use,
        "VDA-CHARGE-07",
        f"{combatant!r} rides no mount whose Strength it could use",
    )
    if mount is None or not use:
        return replace(
            charge,
            mounted=mount is not None,
            rounds_moved=rounds,
            straight_line_successes=run,
            mount_strength=None,
            mount_potence=0,
        )
    require(
        charge.mount_strength in (None, mount.strength) and charge.mount_potence in (0, mount.potence),
        "VDA-CHARGE-07",
        f"{combatant!r}'s mount has Strength {mount.strength} and Potence {mount.potence}",
    )
    return replace(
        charge,
        mounted=True,
        rounds_moved=rounds,
        straight_line_successes=run,
        mount_strength=mount.strength,
        mount_potence=mount.potence,
        use_mount_strength=True,
    )


def check_announce(scene: Scene, combatant: str) -> None:
    """VDA-CHARGE-03: a charge is announced in the initiative phase, before the charger
    rolls, once a round, by a combatant who has its run-up (VDA-CHARGE-01)."""
    initiative.require_initiative_phase(scene.state)
    initiative.require_fighting(scene.state, combatant)
    initiative.require_not_rolled(scene.fighter(combatant), combatant)
    require(scene.fighter(combatant).charging is None, "VDA-CHARGE-03", f"{combatant!r} already charges")
    require(
        not scene.fighter(combatant).dive,
        "VDA-DIVE-02",
        f"{combatant!r} dives for cover: its first action is a dodge, not a charge",
    )
    movement.require_charge_run_up(*run_up(scene, combatant), scene.options.damage)


def announce_charge(scene: Scene, command: AnnounceCharge) -> list[Emitted]:
    """VDA-CHARGE-02, VDA-CHARGE-03: the charger charges with a weapon it holds, of a charge's size,
    a combatant who has not rolled initiative yet (the larger weapon changes both rolls,
    VDA-INIT-07)."""
    cid, target = command.combatant, command.target
    check_announce(scene, cid)
    require(
        target != cid and target in scene.state.combatants, "VDA-PHYS-02", f"{target!r} is not in the fight"
    )
    require(
        not scene.fighter(target).initiative_rolled,
        "VDA-INIT-07",
        f"{target!r} already rolled initiative: announce the charge before either of you rolls",
    )
    require_carried(scene, cid, command.weapon)
    weapon = scene.weapon(cid, command.weapon)
    require(weapon is not None, "VDA-CHARGE-02", f"no weapon {command.weapon!r}")
    assert weapon is not None
    movement.require_charge_weapon(weapon, scene.sheet(cid).mount is not None)
    # VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-21: a charge whose weapon the holds
    # forbid could never be declared in sequence 1, which it binds (VDA-CHARGE-03).
    grapple.require_weapon_usable(scene.state, cid, weapon)
    strike = PhysicalAction(kind="attack", skill="melee", weapon=command.weapon)
    grapple.require_not_immobilised(scene.state, cid, strike)
    return [Emitted(ev.ChargeAnnounced(combatant=cid, target=target, weapon=command.weapon))]


def require_announced_charge(fighter: Fighter, sequence: int, action: PhysicalAction) -> None:
    """VDA-CHARGE-03: the charge announced at initiative, whose larger weapon may have
    lowered the rolls, is the charger's action in sequence 1: a charge on its target with
    its weapon (as a weapon's initiative bonus binds sequence 1, VDA-INIT-05)."""
    if sequence != 1 or fighter.charging is None:
        return
    require(
        action.charge is not None
        and action.target == fighter.charging
        and action.weapon == fighter.charging_with,
        "VDA-CHARGE-03",
        f"the charge announced at initiative is on {fighter.charging!r} with {fighter.charging_with!r}",
    )


def holds_larger_weapon(scene: Scene, combatant: str) -> bool:
    """VDA-INIT-07 / VDA-CHARGE-03: in a charge announced this round, the holder of the
    larger weapon (VDA-CHARGE-09), charger or charged alike, rolls initiative at −1."""
    for charger in scene.state.combatants:
        announced = scene.fighter(charger)
        weapon = scene.weapon(charger, announced.charging_with)
        if announced.charging is None or weapon is None:
            continue
        if charger == combatant:
            theirs = held_weapons(scene, announced.charging)
            if all(movement.larger_weapon(weapon, other) == "first" for other in theirs):
                return True
        elif announced.charging == combatant:
            mine = held_weapons(scene, combatant)
            if any(movement.larger_weapon(own, weapon) == "first" for own in mine):
                return True
    return False
