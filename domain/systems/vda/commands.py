"""Every ``vda`` command a player or the GM sends, in the imperative."""

from __future__ import annotations

from typing import Literal

from domain.base import Command
from domain.systems.vda.state import Condition, PhysicalAction, Pool


class VdaCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class StartRound(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.StartRound"):
    """GM: open the next round (VDA-SEQ-03/05)."""


class DiveForCover(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DiveForCover"):
    """« Je me jette à couvert », before rolling initiative (VDA-DIVE-01)."""

    combatant: str


class RollInitiative(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.RollInitiative"
):
    """Roll Réagir + Vigilance (VDA-INIT-01). ``weapon`` is the weapon of sequence 1
    (its initiative dice, VDA-INIT-05/09); ``minor_acts`` cost 2 dice each
    (VDA-MINOR-02); ``larger_weapon_charge`` is the −1 of VDA-INIT-07."""

    combatant: str
    weapon: str | None = None
    minor_acts: list[str] = []
    larger_weapon_charge: bool = False


class SpendForAction(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SpendForAction"
):
    """Spend 1 Anger or Rage for a physical action or a paid power activation (VDA-ACT-05)."""

    combatant: str
    pool: Literal["anger", "rage"] = "anger"
    gain: Literal["physical", "power"] = "physical"


class ActivateCelerity(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.ActivateCelerity"
):
    """Activate Celerity dots for the scene (VDA-ACT-04)."""

    combatant: str
    dots: int = 1


class DeclareAction(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DeclareAction"
):
    """Announce this sequence's physical action (VDA-INIT-02/04)."""

    combatant: str
    action: PhysicalAction


class ResolveAction(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.ResolveAction"
):
    """Roll the declared physical action of the current sequence."""

    combatant: str


class AllocateDefence(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AllocateDefence"
):
    """Split this sequence's defensive successes between attackers (VDA-PHYS-03..05)."""

    combatant: str
    allocations: dict[str, int]


class UsePower(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.UsePower"):
    """Use a power as this sequence's power action (VDA-POW-02/03)."""

    combatant: str
    power: str
    paid_by: Pool = "blood"


class SkipPower(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SkipPower"):
    """Take no power action in this sequence."""

    combatant: str


# --- the GM ---------------------------------------------------------------------


class GiveRuling(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.GiveRuling"):
    """GM: record a ruling where the seed leaves it to the Storyteller."""

    rule: str
    ruling: str
    combatant: str | None = None


class AdjustDifficulty(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustDifficulty"
):
    """GM: change the combatant's next action roll's difficulty, with a reason."""

    combatant: str
    delta: int
    reason: str


class AdjustInitiative(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustInitiative"
):
    """GM: change a combatant's current initiative score (and so the turn order)."""

    combatant: str
    delta: int
    reason: str


class AdjustHealth(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustHealth"):
    """GM: add (or, negative, heal) wounds, with a reason."""

    combatant: str
    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0
    reason: str


class SetCondition(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SetCondition"):
    """GM: set or clear a condition (« Au sol », sous l'eau, ...), with a reason."""

    combatant: str
    condition: Condition
    on: bool = True
    reason: str


class Ambush(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.Ambush"):
    """GM: resolve an ambush's approach before round 1 (VDA-AMB-01..07)."""

    ambusher: str
    target: str
    expectation: Literal["none", "expects", "unseen"] = "none"


COMMAND_TYPES: tuple[type[VdaCommand], ...] = (
    StartRound,
    DiveForCover,
    RollInitiative,
    SpendForAction,
    ActivateCelerity,
    DeclareAction,
    ResolveAction,
    AllocateDefence,
    UsePower,
    SkipPower,
    GiveRuling,
    AdjustDifficulty,
    AdjustInitiative,
    AdjustHealth,
    SetCondition,
    Ambush,
)
