"""Every ``vda`` command a player or the GM sends, in the imperative."""

from __future__ import annotations

from typing import Literal

from domain.base import Command
from domain.systems.vda.gear import Circumstances, Item
from domain.systems.vda.state import Condition, PhysicalAction, Pool


class VdaCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class StartRound(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.StartRound"):
    """GM: open the next round (VDA-SEQ-03, VDA-SEQ-05)."""


class DiveForCover(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DiveForCover"):
    """« Je me jette à couvert », before rolling initiative (VDA-DIVE-01)."""

    combatant: str


class AnnounceCharge(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AnnounceCharge"
):
    """Charge ``target`` with ``weapon`` this round, said before either rolls initiative:
    the larger weapon's holder rolls at −1 (VDA-CHARGE-03, VDA-INIT-07)."""

    combatant: str
    target: str
    weapon: str


class RollInitiative(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.RollInitiative"
):
    """Roll Réagir + Vigilance (VDA-INIT-01). ``weapon`` is the weapon of sequence 1
    (its initiative dice, VDA-INIT-05, VDA-INIT-09); ``minor_acts`` cost 2 dice each
    (VDA-MINOR-02). ``larger_weapon_charge`` (the −1 of VDA-INIT-07) is computed from the
    announced charges; kept for older logs, a ``True`` the state does not bear out is refused."""

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
    """Announce this sequence's physical action (VDA-INIT-02, VDA-INIT-04)."""

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
    """Split this sequence's defensive successes between attackers (VDA-PHYS-03, VDA-PHYS-04, VDA-PHYS-05)."""

    combatant: str
    allocations: dict[str, int]


class UsePower(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.UsePower"):
    """Use a power as this sequence's power action (VDA-POW-02, VDA-POW-03)."""

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


class AdjustPool(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustPool"):
    """GM: give back (``delta`` > 0) or take away points of a pool, with a reason."""

    combatant: str
    pool: Pool
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
    """GM: resolve an ambush's approach before round 1 (VDA-AMB-01, VDA-AMB-02, VDA-AMB-03, VDA-AMB-04,
    VDA-AMB-05, VDA-AMB-06, VDA-AMB-07)."""

    ambusher: str
    target: str
    expectation: Literal["none", "expects", "unseen"] = "none"


# --- the grapple and the Kiss (VDA-GRAP, VDA-BITE) -------------------------------


class AdjustGrapple(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustGrapple"
):
    """GM: move a grapple's value (and so its thresholds), with a reason."""

    grappler: str
    target: str
    delta: int
    reason: str


class ReleaseGrapple(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.ReleaseGrapple"
):
    """The grappler lets go (no action), or the GM ends the hold with a reason."""

    grappler: str
    target: str
    reason: str = ""


class ShortenEcstasy(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.ShortenEcstasy"
):
    """VDA-BITE-06: a vampire victim spends 1 Willpower to take a round off the ecstasy."""

    combatant: str


class EndEcstasy(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.EndEcstasy"):
    """GM: end the Kiss's ecstasy (« ressent la soif », VDA-BITE-06), with a reason."""

    combatant: str
    reason: str


# --- situation, ambush attack and equipment (VDA-MOD/COVER/WATER, VDA-AMB, issue 4) --


class SetCircumstances(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SetCircumstances"
):
    """GM: rule on a combatant's surroundings (terrain, cover, outnumbering, murky water)."""

    combatant: str
    circumstances: Circumstances
    reason: str


class SurpriseDefence(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SurpriseDefence"
):
    """The ambushed target defends against the surprise attack (``kind`` "none": it does not),
    with no more dice than its awareness successes (VDA-AMB-03)."""

    combatant: str
    action: PhysicalAction


class SurpriseAttack(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.SurpriseAttack"
):
    """The ambusher's attack before round 1 (VDA-AMB-01)."""

    combatant: str
    action: PhysicalAction


class AdjustItem(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustItem"):
    """GM: set an item's state (picked up, repaired, lost...), with a reason."""

    combatant: str
    item: str
    state: Item
    reason: str


class RuleGrenadeProblem(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.RuleGrenadeProblem"
):
    """GM: what a grenade's « problème » did (VDA-GREN-03): a dud, or a round late."""

    grenade: str
    outcome: Literal["dud", "delayed"]


class DetonateGrenade(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DetonateGrenade"
):
    """GM: the grenade explodes (VDA-GREN-01, its round come); ``zones`` says where each
    combatant stands (VDA-GREN-06: distances are the GM's), ``dodging`` who dodges in
    reaction at +3 (VDA-GREN-05)."""

    grenade: str
    zones: dict[str, Literal["lethal", "grave", "moderate", "out"]]
    dodging: list[str] = []


class ClearDeafness(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.ClearDeafness"
):
    """Spend blood, 1 point a malus point, against deafening (VDA-GREN-09)."""

    combatant: str
    points: int = 1


# --- the gaze, two weapons, stake rulings, grenade initiative, item wear (issue 4, 2nd pass) --


class CatchGaze(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.CatchGaze"):
    """Try to catch ``target``'s gaze for a gaze power (VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-04): the reflexive
    roll of the round (VDA-GAZE-05), or, when the table spends the power action on it, the
    active one (VDA-GAZE-06, option ``tactics.gaze_active_action``)."""

    combatant: str
    target: str
    power: str
    skill: Literal["etiquette", "intimidation"] = "intimidation"
    mode: Literal["reflexive", "active"] = "reflexive"


class DetectGazeIntent(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DetectGazeIntent"
):
    """VDA-GAZE-06: the target of an active gaze guesses the intent (Perception + Empathy or Occult)."""

    combatant: str
    attacker: str
    skill: Literal["empathy", "occult"] = "empathy"


class AvertGaze(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AvertGaze"):
    """VDA-GAZE-03: fight without looking opponents in the eyes (``on``), or look again."""

    combatant: str
    on: bool = True


class CloseEyes(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.CloseEyes"):
    """VDA-GAZE-07: close the eyes once the intent is understood (``on``), or open them."""

    combatant: str
    on: bool = True


class AdjustGaze(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.AdjustGaze"):
    """GM: set a gaze attack's progress, capture or understood intent, with a reason."""

    attacker: str
    target: str
    progress: int | None = None
    captured: bool | None = None
    understood: bool | None = None
    reason: str


class TakeTwoWeaponStance(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.TakeTwoWeaponStance"
):
    """VDA-TWO-02, VDA-TWO-03: fight with two offensive weapons under the riskier option (``on``)."""

    combatant: str
    weapons: list[str] = []
    on: bool = True


class RuleStake(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.RuleStake"):
    """GM: a stake is in or out of a vampire's heart (a « Cœur osseux » ruling, a stake
    pulled out), with a reason (VDA-STAKE-01, VDA-STAKE-04)."""

    target: str
    staked: bool
    reason: str


class DrawGrenadeInitiative(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.DrawGrenadeInitiative"
):
    """GM: draw the d10 initiative of a grenade in its round (VDA-GREN-01)."""

    grenade: str


class WearItem(VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.WearItem"):
    """GM: a supernatural effect damages an item (VDA-RES-08: Entropy, Potence or Fortitude
    powers), by the resistance points the GM rules, with a reason."""

    combatant: str
    item: str
    loss: int
    source: Literal["entropy", "potence", "fortitude", "other"] = "other"
    reason: str


class RollConcealment(
    VdaCommand, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="vda.RollConcealment"
):
    """GM: ``combatant`` hides ``weapon`` on itself (Dexterity + Stealth), or, with a
    ``searcher``, the searcher looks for it (Perception + Alertness) (VDA-CONC-01)."""

    combatant: str
    weapon: str
    searcher: str | None = None
