"""Power actions, reiteration and discipline blocks (VDA-POW)."""

from __future__ import annotations

from typing import cast

from domain.errors import RuleViolation, require
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.actions import require_points, require_power_below_physical, require_within_cap
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import Fighter, Pool, VdaPower, VdaSheet

BLOCKS: dict[str, frozenset[str]] = {
    "mental_control": frozenset({"dominate", "presence", "animalism"}),
    "mental_agility": frozenset({"auspex", "obfuscate"}),
    "transformation": frozenset({"protean", "vicissitude", "serpentis"}),
    "magic": frozenset({"thaumaturgy", "necromancy", "western_magic"}),
    "physical": frozenset({"celerity", "fortitude", "potence"}),
}
"""VDA-POW-07: the discipline blocks of seed 001 (only Mental Agility is listed in full;
the rest is the catalogue's suggested mapping). Disciplines not listed have no block."""

REITERATION_STEPS = (5, 7, 9)
ACTIVATION_POOLS = ("blood", "willpower", "anger", "rage")


def require_known_power(sheet: VdaSheet, combatant: str, power_id: str) -> VdaPower:
    """VDA-POW-01: only a power on the sheet, whose description consumes a power action,
    is used as a power action.

    Seed 000 « Action de pouvoir » (« consomme une action de pouvoir »).
    """
    power = sheet.powers.get(power_id)
    require(power is not None, "VDA-POW-01", f"{combatant!r} has no power {power_id!r}")
    assert power is not None
    require(
        power.uses_power_action,
        "VDA-POW-01",
        f"{power_id!r} does not consume a power action: resolve it as its description says",
    )
    return power


def block_of(discipline: str) -> str | None:
    """VDA-POW-07: the block a discipline belongs to, if any."""
    return next((name for name, members in BLOCKS.items() if discipline in members), None)


def block_score(sheet: VdaSheet, block: str) -> int:
    """VDA-POW-06: a block's score is the sum of the character's dots in its disciplines
    (catalogue default)."""
    return sum(dots for name, dots in sheet.disciplines.items() if name in BLOCKS.get(block, ()))


def reiterations_allowed(score: int) -> int:
    """VDA-POW-06: once per round a power of the block may be used a second time: from 5
    in the block, again at 7, and a last time at 9.

    Seed 001 « Réitération des actions de pouvoir » (001 only; a table option).
    """
    return sum(1 for step in REITERATION_STEPS if score >= step)


def require_unused_this_round(
    fighter: Fighter, sheet: VdaSheet, power_id: str, power: VdaPower, options: VdaOptions
) -> bool:
    """VDA-POW-02: each power once per round; VDA-POW-05: different powers of one
    discipline are not limited by this. Returns whether this use is a reiteration.

    Seed 000 « Action de pouvoir ».
    """
    uses = fighter.power_uses.get(power_id, 0)
    if uses == 0:
        return False
    require(options.reiteration, "VDA-POW-02", f"{power_id!r} was already used this round")
    require(uses < 2, "VDA-POW-06", f"{power_id!r} was already used twice this round")
    block = block_of(power.discipline)
    require(block is not None, "VDA-POW-06", f"{power.discipline!r} belongs to no block: no reiteration")
    assert block is not None
    allowed = reiterations_allowed(block_score(sheet, block))
    require(
        fighter.reiterations.get(block, 0) < allowed,
        "VDA-POW-06",
        f"the {block} block allows {allowed} reiterations a round, all used",
    )
    return True


def activation_payment(fighter: Fighter, paid_by: str, options: VdaOptions, sequence: int = 1) -> str:
    """VDA-POW-03: a power action costs 1 Blood, Anger or Willpower on top of the power's
    own cost; a slot prepaid by Celerity (VDA-ACT-07) or Anger (VDA-ACT-05) costs nothing.
    VDA-POW-04: the power action of sequence ``k`` is the one the ``k``-th physical action
    opens: the base action's (sequence 1) costs its point, and Celerity's prepaid slots pay
    only the sequences of Celerity's own physical actions (from sequence 2 on).

    Seed 000 « Action de pouvoir » (« avec l'action de base … pour 1 point … comme action
    de pouvoir de la séquence 1 »). Rage pays like Anger by default.
    """
    physical = [s for s in fighter.action_sources if not s.endswith("(pouvoir)")]
    opened_by = physical[sequence - 1] if 0 < sequence <= len(physical) else None
    if opened_by == "celerity" and fighter.celerity_prepaid > 0:
        return "celerity"
    if fighter.prepaid_power - fighter.celerity_prepaid > 0:
        return "prepaid"
    require(
        paid_by in ACTIVATION_POOLS,
        "VDA-POW-03",
        "a power action is paid with blood, willpower, anger or rage",
    )
    require(
        paid_by != "rage" or options.rage_pays_like_anger,
        "VDA-POW-03",
        "this table does not let Rage pay powers",
    )
    return paid_by


def costs(payment: str, power: VdaPower) -> dict[Pool, int]:
    """Points by pool: the activation point (unless prepaid) and the power's own cost."""
    total: dict[Pool, int] = {}
    if payment in ACTIVATION_POOLS:
        total[cast(Pool, payment)] = 1
    if power.cost:
        total[power.cost_pool] = total.get(power.cost_pool, 0) + power.cost
    return total


def require_payable(scene: Scene, combatant: str, bill: dict[Pool, int]) -> None:
    """VDA-POW-03: the pools hold what the power action costs."""
    for pool, amount in bill.items():
        require_points(scene, combatant, pool, amount, "VDA-POW-03")


def require_power_slot(fighter: Fighter, combatant: str) -> None:
    """VDA-POW-04: each physical action opens one power slot (VDA-ACT-03), within the cap."""
    require_power_below_physical(fighter, combatant)
    require_within_cap(fighter, combatant)


def may_take_power(scene: Scene, combatant: str) -> bool:
    """Whether the combatant could take a power action in this sequence: the same guards."""
    sheet = scene.sheets.get(combatant)
    if sheet is None or not any(p.uses_power_action for p in sheet.powers.values()):
        return False
    try:
        require_power_slot(scene.fighter(combatant), combatant)
    except RuleViolation:
        return False
    return True
