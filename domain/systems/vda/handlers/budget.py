"""Buying actions and using powers (VDA-ACT-04, VDA-ACT-05, VDA-ACT-06, VDA-POW, VDA-ORI-03, VDA-AMB-04)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import Refused, RuleViolation, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import ActivateCelerity, SkipPower, SpendForAction, UsePower
from domain.systems.vda.handlers import grapple
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.rules import actions, ambush, powers, sequence, stake
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import VdaPower


def check_spend(scene: Scene, combatant: str, pool: str, gain: str = "physical") -> None:
    """VDA-ACT-05: a point of Anger or Rage buys an action of this round, within the cap
    and the power ≤ physical rule as they stand at the purchase (VDA-ACT-02, VDA-ACT-03)."""
    state = scene.state
    actions.require_round_running(state)
    actions.require_anger_pool(pool, scene.options.rage_pays_like_anger)
    actions.require_points(scene, combatant, pool, 1, "VDA-ACT-05")
    fighter, sheet = scene.fighter(combatant), scene.sheet(combatant)
    bought = fighter.bought_early
    if state.phase == "initiative":
        physical = actions.granted_physical(state, fighter)[0] + len(actions.form_actions(fighter, sheet))
        physical += sum(1 for s in bought if not s.endswith("(pouvoir)"))
        cap = actions.action_cap(sheet, state.options.action_cap)
        committed = sum(1 for s in bought if s.endswith("(pouvoir)"))
    else:
        physical, cap = fighter.physical, fighter.cap
        committed = fighter.power_used + fighter.prepaid_power - fighter.celerity_prepaid
    actions.require_purchase_possible(gain, physical, cap, committed, combatant)


def spend_for_action(scene: Scene, command: SpendForAction) -> list[Emitted]:
    cid = command.combatant
    check_spend(scene, cid, command.pool, command.gain)
    spent = ev.ResourceSpent(
        combatant=cid, pool=command.pool, amount=1, purpose=f"action {command.gain}", rule="VDA-ACT-05"
    )
    gained = ev.ActionGained(combatant=cid, kind=command.gain, source=command.pool, rule="VDA-ACT-05")
    return [Emitted(spent), Emitted(gained)]


def check_celerity(scene: Scene, combatant: str, dots: int) -> None:
    """VDA-ACT-04: activate no more Celerity dots than the sheet has, paying blood."""
    have = scene.trait(combatant, "celerity")
    active = scene.fighter(combatant).celerity
    require(dots >= 1, "VDA-ACT-04", "activate at least one Celerity dot")
    require(
        active + dots <= have, "VDA-ACT-04", f"{combatant!r} has Celerity {have}, {active} already active"
    )
    actions.require_points(
        scene, combatant, "blood", dots * scene.options.celerity_blood_per_dot, "VDA-ACT-04"
    )


def activate_celerity(scene: Scene, command: ActivateCelerity) -> list[Emitted]:
    cid = command.combatant
    check_celerity(scene, cid, command.dots)
    cost = command.dots * scene.options.celerity_blood_per_dot
    return [
        Emitted(
            ev.ResourceSpent(combatant=cid, pool="blood", amount=cost, purpose="célérité", rule="VDA-ACT-04")
        ),
        Emitted(
            ev.CelerityActivated(
                combatant=cid, dots=command.dots, from_round=ambush.celerity_from_round(scene.state)
            )
        ),
    ]


def check_power_step(scene: Scene, combatant: str) -> int:
    """VDA-SEQ-02: a power action comes in its combatant's power step, after the physical."""
    seq = sequence.require_sequence_running(scene.state)
    require(
        seq.step == "power" and combatant in seq.acting,
        "VDA-SEQ-02",
        f"{', '.join(seq.acting) or 'nobody'} acts now ({seq.step} step), not {combatant!r}'s power action",
    )
    return seq.number


def check_power(scene: Scene, combatant: str, power_id: str) -> tuple[VdaPower, bool]:
    """VDA-POW-01, VDA-POW-02, VDA-POW-04, VDA-POW-05, VDA-POW-06: the power is on the sheet, uses a power
    action, is unused this
    round (or reiterated) and a power slot is open. Returns it and whether it is a reiteration."""
    stake.require_not_paralysed(scene.state, combatant)  # VDA-STAKE-04
    sheet, fighter = scene.sheet(combatant), scene.fighter(combatant)
    power = powers.require_known_power(sheet, combatant, power_id)
    reiteration = powers.require_unused_this_round(fighter, sheet, power_id, power, scene.options)
    powers.require_power_slot(fighter, combatant)
    return power, reiteration


def check_any_power(scene: Scene, combatant: str) -> None:
    """Whether some power of the sheet may be used now: the guards of ``use_power``."""
    check_power_step(scene, combatant)
    refusal: Refused = RuleViolation("VDA-POW-01", f"{combatant!r} has no power that uses a power action")
    for power_id in scene.sheet(combatant).powers:
        try:
            check_power(scene, combatant, power_id)
            return
        except Refused as refused:
            refusal = refused
    raise refusal


def judge_power(scene: Scene, command: UsePower) -> None:
    """The guards of ``use_power`` on the power sent."""
    check_power_step(scene, command.combatant)
    check_power(scene, command.combatant, command.power)


def use_power(scene: Scene, command: UsePower) -> list[Emitted]:
    cid = command.combatant
    number = check_power_step(scene, cid)
    fighter = scene.fighter(cid)
    power, reiteration = check_power(scene, cid, command.power)
    payment = powers.activation_payment(fighter, command.paid_by, scene.options, number)
    bill = powers.costs(payment, power)
    powers.require_payable(scene, cid, bill)
    emitted = [
        Emitted(
            ev.ResourceSpent(
                combatant=cid, pool=pool, amount=amount, purpose=command.power, rule="VDA-POW-03"
            )
        )
        for pool, amount in bill.items()
    ]
    used = ev.PowerUsed(
        combatant=cid,
        sequence=number,
        power=command.power,
        paid_by=payment,  # type: ignore[arg-type]
        reiteration=reiteration,
        block=powers.block_of(power.discipline) or "",
    )
    emitted.append(Emitted(used))
    # VDA-GRAP-22, VDA-GRAP-23, VDA-GRAP-24
    emitted += grapple.power_while_held(scene, cid, command.power, power)
    already = command.power in fighter.forms  # VDA-ACT-06: an active form granted at round start
    for _ in range(0 if already else power.grants_physical):
        # VDA-ACT-06: a power may grant physical actions (the Zulo form of the Rorsh example).
        emitted.append(
            Emitted(
                ev.ActionGained(
                    combatant=cid, kind="physical", source=f"power:{command.power}", rule="VDA-ACT-06"
                )
            )
        )
    if power.orients:
        # VDA-ORI-03: some powers orient on the power-action quota (Auspex 1, Protean 1, ...).
        emitted.append(Emitted(ev.OrientationRolled(combatant=cid, source="power")))
    return after(scene, emitted)


def skip_power(scene: Scene, command: SkipPower) -> list[Emitted]:
    number = check_power_step(scene, command.combatant)
    return after(scene, [Emitted(ev.PowerSkipped(combatant=command.combatant, sequence=number))])
