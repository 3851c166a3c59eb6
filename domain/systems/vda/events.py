"""Every ``vda`` event: declarations, rolls and resolutions, in the past tense.

Tags (``"vda.<Name>"``) and field types are forever once shipped; new fields
come with defaults.
"""

from __future__ import annotations

from typing import Literal

from domain.base import Event
from domain.dice import PoolRoll
from domain.systems.vda.gear import Circumstances, Deafness, Item
from domain.systems.vda.payloads import AttackResolution, GrappleRoll
from domain.systems.vda.state import Condition, PhysicalAction, Pool, Rank, Step
from domain.systems.wod import Modifier


class VdaEvent(Event, frozen=True, kw_only=True):
    pass


# --- the round ----------------------------------------------------------------


class RoundStarted(VdaEvent, frozen=True, kw_only=True, tag="vda.RoundStarted"):
    """VDA-SEQ-05: a new round; per-round counters are reset."""

    round: int
    combatants: list[str]
    ended_grapples: list[str] = []
    pools: dict[str, dict[str, int]] = {}
    """The points each combatant has left in each pool as the round starts (the sheet's
    ``current``, or its maximum, less what it spent): what the pages show beside the
    sheet's maximums."""


class DiveDeclared(VdaEvent, frozen=True, kw_only=True, tag="vda.DiveDeclared"):
    """VDA-DIVE-01: « Je me jette à couvert » before the initiative roll."""

    combatant: str


class InitiativeRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.InitiativeRolled"):
    """VDA-INIT-01: Réagir + Vigilance at difficulty 4; the score is the successes."""

    combatant: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    score: int
    weapon: str | None = None
    bound_weapon: str | None = None
    minor_acts: list[str] = []


class InitiativeOrderSet(VdaEvent, frozen=True, kw_only=True, tag="vda.InitiativeOrderSet"):
    """VDA-INIT-01, VDA-INIT-04: everyone rolled; the order for the round, best first."""

    order: list[Rank]


class OrientationSet(VdaEvent, frozen=True, kw_only=True, tag="vda.OrientationSet"):
    """VDA-ORI-01: what each combatant understands of the scene this round."""

    levels: dict[str, Literal["full", "zone", "partial", "none"]]


class ActionsGranted(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionsGranted"):
    """VDA-ACT-01, VDA-ACT-02, VDA-ACT-03, VDA-ACT-04: the physical actions of the round and the action
    cap."""

    combatant: str
    physical: int
    cap: int
    prepaid_power: int = 0
    sources: list[str] = []


class ResourceSpent(VdaEvent, frozen=True, kw_only=True, tag="vda.ResourceSpent"):
    combatant: str
    pool: Pool
    amount: int
    purpose: str
    rule: str = ""


class PoolAdjusted(VdaEvent, frozen=True, kw_only=True, tag="vda.PoolAdjusted"):
    """The GM gave back (``delta`` > 0) or took away points of a pool, with a reason."""

    combatant: str
    pool: Pool
    delta: int
    reason: str = ""


class ActionGained(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionGained"):
    """VDA-ACT-05, VDA-ACT-06: one more physical action, or a prepaid power activation."""

    combatant: str
    kind: Literal["physical", "power"]
    source: str
    rule: str


class CelerityActivated(VdaEvent, frozen=True, kw_only=True, tag="vda.CelerityActivated"):
    """VDA-ACT-04: Celerity dots active for the scene, from ``from_round`` on."""

    combatant: str
    dots: int
    from_round: int


class SequenceStarted(VdaEvent, frozen=True, kw_only=True, tag="vda.SequenceStarted"):
    """VDA-SEQ-01, VDA-SEQ-04: sequence ``sequence`` opens with its declarations."""

    round: int
    sequence: int
    declaring: list[list[str]]
    resolving: list[list[str]]


class ActionDeclared(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionDeclared"):
    """VDA-INIT-02: a public declaration of a sequence's physical action."""

    combatant: str
    sequence: int
    action: PhysicalAction


class DeclarationSealed(VdaEvent, frozen=True, kw_only=True, tag="vda.DeclarationSealed"):
    """VDA-INIT-04: a declaration made without knowing the others' (GM and author only)."""

    combatant: str
    sequence: int
    action: PhysicalAction
    audience: str
    """Who may see it, repeated here so the projection can redact it."""


class DeclarationsRevealed(VdaEvent, frozen=True, kw_only=True, tag="vda.DeclarationsRevealed"):
    """VDA-INIT-04: every sealed declaration of the group is in; all are shown."""

    sequence: int
    actions: dict[str, PhysicalAction]


class DefenceRenounced(VdaEvent, frozen=True, kw_only=True, tag="vda.DefenceRenounced"):
    """VDA-INIT-03: attacking a faster opponent gives up defending against them."""

    combatant: str
    opponent: str
    scope: Literal["sequence", "round"]


class InitiativeAdjusted(VdaEvent, frozen=True, kw_only=True, tag="vda.InitiativeAdjusted"):
    """VDA-INIT-10: the score changes after the roll (fall, dive turned offensive, GM)."""

    combatant: str
    delta: int
    score: int
    rule: str
    reason: str = ""


class StepStarted(VdaEvent, frozen=True, kw_only=True, tag="vda.StepStarted"):
    """VDA-SEQ-02: who resolves now, and whether their physical or power action."""

    sequence: int
    step: Step
    combatants: list[str]


class ActionRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionRolled"):
    """A physical action's roll, with every pool and difficulty term."""

    combatant: str
    sequence: int
    kind: str
    skill: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    target: str | None = None
    rear_eligible: int = 0
    """For a defence: successes that may go to a rear attacker (VDA-PHYS-05)."""


class OrientationRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.OrientationRolled"):
    """VDA-ORI-02 / VDA-MINOR-04: 2 dice, each success answers one simple question."""

    combatant: str
    source: Literal["action", "initiative", "power"]
    roll: PoolRoll | None = None
    answers: int = 0
    difficulty: list[Modifier] = []
    """The gesture's difficulty terms: the base 4, outnumbering (VDA-ORI-02), Obfuscate and
    « Arcane de combat » (VDA-ORI-04); empty for a power (VDA-ORI-03) and in older logs."""


class CriticalFailure(VdaEvent, frozen=True, kw_only=True, tag="vda.CriticalFailure"):
    """VDA-GEN-02: an offensive roll with no success and at least one 1."""

    combatant: str
    ones: int
    accident: Literal["fall", "other"] = "fall"


class ConditionChanged(VdaEvent, frozen=True, kw_only=True, tag="vda.ConditionChanged"):
    """A status set or cleared (« Au sol », sous l'eau, en charge, en mouvement)."""

    combatant: str
    condition: Condition
    on: bool
    rule: str = ""
    reason: str = ""


class AttackResolved(VdaEvent, frozen=True, kw_only=True, tag="vda.AttackResolved"):
    """VDA-DMG/DEF (``rules/attack.py``): an attack's damage and soak, and the levels lost."""

    attacker: str
    target: str
    sequence: int
    resolution: AttackResolution


class DefenceAllocated(VdaEvent, frozen=True, kw_only=True, tag="vda.DefenceAllocated"):
    """VDA-PHYS-03, VDA-PHYS-04, VDA-PHYS-05: the defender splits its defensive successes between
    attackers."""

    combatant: str
    sequence: int
    allocations: dict[str, int]


class PowerUsed(VdaEvent, frozen=True, kw_only=True, tag="vda.PowerUsed"):
    """VDA-POW-02, VDA-POW-03: a power action, and what paid its activation."""

    combatant: str
    sequence: int
    power: str
    paid_by: Literal["blood", "willpower", "anger", "rage", "celerity", "prepaid"]
    reiteration: bool = False
    block: str = ""


class PowerSkipped(VdaEvent, frozen=True, kw_only=True, tag="vda.PowerSkipped"):
    combatant: str
    sequence: int


class SequenceEnded(VdaEvent, frozen=True, kw_only=True, tag="vda.SequenceEnded"):
    sequence: int


class RoundEnded(VdaEvent, frozen=True, kw_only=True, tag="vda.RoundEnded"):
    """VDA-INIT-08: who had the initiative, for next round's +1."""

    round: int
    holders: list[str]


# --- the GM ---------------------------------------------------------------------


class RulingGiven(VdaEvent, frozen=True, kw_only=True, tag="vda.RulingGiven"):
    """An explicit GM ruling where the seed leaves it « à la discrétion du Conteur »."""

    rule: str
    ruling: str
    combatant: str | None = None


class DifficultyAdjusted(VdaEvent, frozen=True, kw_only=True, tag="vda.DifficultyAdjusted"):
    """A GM override of the combatant's next action roll's difficulty."""

    combatant: str
    delta: int
    reason: str


class HealthAdjusted(VdaEvent, frozen=True, kw_only=True, tag="vda.HealthAdjusted"):
    """Wounds changed: by the GM (with a reason) or by an attack's damage."""

    combatant: str
    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0
    reason: str = ""


# --- ambush ---------------------------------------------------------------------


class AmbushResolved(VdaEvent, frozen=True, kw_only=True, tag="vda.AmbushResolved"):
    """VDA-AMB-01, VDA-AMB-02, VDA-AMB-03, VDA-AMB-04, VDA-AMB-05, VDA-AMB-06, VDA-AMB-07: the surprise
    before round 1, and what the target can do."""

    ambusher: str
    target: str
    stealth: PoolRoll
    perception: PoolRoll
    detected: bool
    awareness: PoolRoll | None = None
    awareness_difficulty: int = 8
    defence_cap: int | None = None
    """Dice for a defence and blood points for the surprise; None when detected."""
    stealth_modifiers: list[Modifier] = []
    """What the ambusher's gear takes off its Stealth pool (VDA-CONC-02, armour included)."""
    perception_modifiers: list[Modifier] = []
    """What the target's armour takes off its Perception pool (VDA-ARMOR-04)."""
    can_react: bool = True


class OrientationInvalidated(VdaEvent, frozen=True, kw_only=True, tag="vda.OrientationInvalidated"):
    """VDA-ORI-05: movement, an area sensory effect or new actors: orientation is stale."""

    combatants: list[str]
    reason: str
    by: str = ""
    """The combatant whose move made the others' orientation stale, if one did."""


# --- the grapple, the bite and the Kiss (VDA-GRAP, VDA-BITE) --------------------


class GrappleRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleRolled"):
    """A grapple action's roll (contact, escape, flight, control, opposition, drinking):
    it uses the combatant's physical action of the sequence and counts its
    attribute + ability pair for VDA-GRAP-10."""

    combatant: str
    sequence: int
    move: str
    target: str
    pair: str
    check: GrappleRoll


class GrappleWeaponDefenceResolved(
    VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleWeaponDefenceResolved"
):
    """VDA-GRAP-02: the armed defender's weapon defence against the contact roll."""

    grappler: str
    defender: str
    grappler_successes: int
    defender_successes: int
    outcome: Literal["through", "tie", "defender_strikes"]


class GrappleAttempted(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleAttempted"):
    """VDA-GRAP-03, VDA-GRAP-04, VDA-GRAP-07: the contact's margin (the cap), then contact strength against
    the target's resisting roll; ``value`` is None when the attempt failed."""

    grappler: str
    target: str
    margin: int
    value: int | None
    grip: GrappleRoll | None = None
    resist: GrappleRoll | None = None
    reason: Literal["", "tie", "defender_strikes", "missed", "negative", "zero", "held"] = ""
    """Why the attempt ends where it does: a weapon's defence (``tie``, ``defender_strikes``,
    VDA-GRAP-03), no contact (``missed``), or the contact strength's remainder (VDA-GRAP-04)."""


class GrappleEstablished(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleEstablished"):
    """VDA-GRAP-04, VDA-GRAP-05: ``grappler`` holds ``target`` at ``value`` (at most ``cap``)."""

    grappler: str
    target: str
    value: int
    cap: int
    strength_potence: int
    """The target's Strength + Potence, read by the thresholds (VDA-GRAP-19, VDA-GRAP-20, VDA-GRAP-21)."""
    grappler_used: int = 0
    """The grappler's physical actions used this round (VDA-GRAP-05 at value 0)."""


class GrappleValueChanged(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleValueChanged"):
    """VDA-GRAP-08, VDA-GRAP-11, VDA-GRAP-12 or a GM adjustment: the value moves by ``delta`` to ``value``."""

    grappler: str
    target: str
    delta: int
    value: int
    cause: Literal["escape", "flight", "control", "gm"]
    rule: str
    opposition: int = 0
    movement: int = 0
    """VDA-GRAP-11: flight successes that went to moving."""
    grappler_used: int = 0
    reason: str = ""


class GrappleSuccessesKept(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleSuccessesKept"):
    """VDA-GRAP-09, VDA-GRAP-13: successes kept against the other side's attempts this round. An
    opposition in reaction (VDA-GRAP-08, VDA-GRAP-12, no declaration) carries its roll (``pair``,
    ``check``) and spends one of the opposer's remaining physical actions
    (``action_spent``)."""

    grappler: str
    target: str
    side: Literal["grappler", "target"]
    successes: int
    pair: str = ""
    check: GrappleRoll | None = None
    action_spent: bool = False


class GrappleEnded(VdaEvent, frozen=True, kw_only=True, tag="vda.GrappleEnded"):
    """The hold ends: fled (VDA-GRAP-11), released by the grappler, or by the GM."""

    grappler: str
    target: str
    reason: Literal["fled", "released", "gm"]
    note: str = ""


class TakedownPerformed(VdaEvent, frozen=True, kw_only=True, tag="vda.TakedownPerformed"):
    """VDA-GRAP-20: the grappler throws the target to the ground (its physical action)."""

    grappler: str
    target: str
    sequence: int


class PowerHindered(VdaEvent, frozen=True, kw_only=True, tag="vda.PowerHindered"):
    """VDA-GRAP-22, VDA-GRAP-23: a magic path or gaze power used while held, and its penalty (the
    engine does not roll powers: the table applies it)."""

    combatant: str
    power: str
    terms: list[Modifier]


class FangsPlanted(VdaEvent, frozen=True, kw_only=True, tag="vda.FangsPlanted"):
    """VDA-BITE-03: the bite hit; the biter's next action may drink."""

    biter: str
    victim: str
    used: int
    """The biter's physical actions used this round."""


class BloodDrunk(VdaEvent, frozen=True, kw_only=True, tag="vda.BloodDrunk"):
    """VDA-BITE-03, VDA-BITE-04: blood moved from the victim to the drinker."""

    drinker: str
    victim: str
    amount: int
    limit_left: int
    used: int = 0


class KissEcstasyStarted(VdaEvent, frozen=True, kw_only=True, tag="vda.KissEcstasyStarted"):
    """VDA-BITE-05, VDA-BITE-06: the victim is caught in the Kiss (``until_round`` None: while it lasts)."""

    victim: str
    drinker: str
    until_round: int | None = None
    self_control: PoolRoll | None = None


class KissResisted(VdaEvent, frozen=True, kw_only=True, tag="vda.KissResisted"):
    """VDA-BITE-06: a vampire victim's Self-Control roll at 7 kept it out of the ecstasy."""

    victim: str
    drinker: str
    self_control: PoolRoll


class KissEcstasyShortened(VdaEvent, frozen=True, kw_only=True, tag="vda.KissEcstasyShortened"):
    """VDA-BITE-06: one Willpower point took one round off the ecstasy."""

    victim: str
    until_round: int


class KissEcstasyEnded(VdaEvent, frozen=True, kw_only=True, tag="vda.KissEcstasyEnded"):
    """VDA-BITE-06: the ecstasy ends (thirst by the GM's ruling, or the GM)."""

    victim: str
    reason: str


GRAPPLE_EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    GrappleRolled,
    GrappleWeaponDefenceResolved,
    GrappleAttempted,
    GrappleEstablished,
    GrappleValueChanged,
    GrappleSuccessesKept,
    GrappleEnded,
    TakedownPerformed,
    PowerHindered,
    FangsPlanted,
    BloodDrunk,
    KissEcstasyStarted,
    KissResisted,
    KissEcstasyShortened,
    KissEcstasyEnded,
)


EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    RoundStarted,
    PoolAdjusted,
    DiveDeclared,
    InitiativeRolled,
    InitiativeOrderSet,
    OrientationSet,
    ActionsGranted,
    ResourceSpent,
    ActionGained,
    CelerityActivated,
    SequenceStarted,
    ActionDeclared,
    DeclarationSealed,
    DeclarationsRevealed,
    DefenceRenounced,
    InitiativeAdjusted,
    StepStarted,
    ActionRolled,
    OrientationRolled,
    CriticalFailure,
    ConditionChanged,
    DefenceAllocated,
    AttackResolved,
    PowerUsed,
    PowerSkipped,
    SequenceEnded,
    RoundEnded,
    RulingGiven,
    DifficultyAdjusted,
    HealthAdjusted,
    AmbushResolved,
    OrientationInvalidated,
)

EVENT_TYPES = (*EVENT_TYPES, *GRAPPLE_EVENT_TYPES)


# --- situation, ambush attack and equipment (VDA-MOD/COVER/WATER, VDA-AMB, issue 4) --


class CircumstancesSet(VdaEvent, frozen=True, kw_only=True, tag="vda.CircumstancesSet"):
    """The GM's rulings on a combatant's surroundings: terrain (VDA-MOD-01), cover
    (VDA-COVER-01), organised adversaries (VDA-MOD-05), murky water (VDA-WATER-01)."""

    combatant: str
    circumstances: Circumstances
    reason: str = ""


class SurpriseDefenceRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.SurpriseDefenceRolled"):
    """VDA-AMB-03: the ambushed target's defence, its pool capped by the awareness successes
    (``kind`` "none": it lets the attack come)."""

    combatant: str
    kind: Literal["defend", "none"]
    pool: list[Modifier] = []
    difficulty: list[Modifier] = []
    roll: PoolRoll | None = None


class SurpriseAttackRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.SurpriseAttackRolled"):
    """VDA-AMB-01: the ambusher's attack before round 1."""

    combatant: str
    target: str
    action: PhysicalAction
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class DisarmResolved(VdaEvent, frozen=True, kw_only=True, tag="vda.DisarmResolved"):
    """VDA-DISARM-01, VDA-DISARM-02, VDA-DISARM-03, VDA-DISARM-04: the attacker's damage against the
    defender's reflexive roll."""

    attacker: str
    defender: str
    item: str
    damage: AttackResolution
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    automatic: int = 0
    """Potence when the defender rolled with Strength."""
    net: int
    result: Literal["none", "weakened", "disarmed"]


class ItemChanged(VdaEvent, frozen=True, kw_only=True, tag="vda.ItemChanged"):
    """An item's place or grip changed: weakened (VDA-DISARM-03), regripped, dropped
    (VDA-DISARM-04), picked up, freed from a body (VDA-STUCK-04)."""

    combatant: str
    item: str
    state: Item
    rule: str
    reason: str = ""


class ResistanceReduced(VdaEvent, frozen=True, kw_only=True, tag="vda.ResistanceReduced"):
    """VDA-RES / VDA-VAND: an item loses resistance, term by term; at 0 it is destroyed."""

    combatant: str
    item: str
    loss: list[Modifier]
    resistance: int
    max_resistance: int
    destroyed: bool = False


class StakeChecked(VdaEvent, frozen=True, kw_only=True, tag="vda.StakeChecked"):
    """VDA-STAKE-01, VDA-STAKE-02, VDA-STAKE-03, VDA-STAKE-04 / VDA-STUCK-01: an attack that could stake a
    vampire, measured
    against each way a stake succeeds."""

    attacker: str
    target: str
    mode: Literal["targeted", "lucky4", "lucky5"]
    hit_threshold: int
    damage_threshold: int
    hits: int
    high_dice: int
    damage_before_soak: int
    unsoaked: int
    success: bool
    stuck: bool = False
    awaiting_ruling: bool = False
    """A « Cœur osseux » (VDA-STAKE-01): the stake waits for the GM's ``vda.RuleStake``."""


class WeaponStuck(VdaEvent, frozen=True, kw_only=True, tag="vda.WeaponStuck"):
    """VDA-STUCK-01, VDA-STUCK-02: the weapon stays in the vampire's body with its pool."""

    owner: str
    item: str
    target: str
    pool: int
    projectile: bool = False
    """An arrow or a bolt (VDA-STUCK-01 option ``tactics.stuck_projectiles``): the bow stays in hand."""


class StuckPoolReduced(VdaEvent, frozen=True, kw_only=True, tag="vda.StuckPoolReduced"):
    """VDA-STUCK-04: a removal attempt; at 0 the weapon comes free."""

    combatant: str
    owner: str
    item: str
    target: str
    roll: PoolRoll
    pool: int
    freed: bool


class GrenadeThrown(VdaEvent, frozen=True, kw_only=True, tag="vda.GrenadeThrown"):
    """VDA-GREN-01, VDA-GREN-02, VDA-GREN-03: a grenade lands at ``target``; it explodes next round."""

    grenade: str
    thrower: str
    target: str
    hits: int
    explodes_round: int
    problem: bool = False


class GrenadeProblemRuled(VdaEvent, frozen=True, kw_only=True, tag="vda.GrenadeProblemRuled"):
    """VDA-GREN-03: the GM rules what the fuse did (a dud, or one round late)."""

    grenade: str
    outcome: Literal["dud", "delayed"]


class GrenadeDodged(VdaEvent, frozen=True, kw_only=True, tag="vda.GrenadeDodged"):
    """VDA-GREN-04: a dodge or move before the explosion takes its successes off the hits;
    VDA-GREN-05: a dodge in reaction to the blast (``reaction``) is rolled here, spends the
    dodger's physical action of the sequence, and shows its pool and difficulty."""

    grenade: str
    combatant: str
    successes: int
    reaction: bool = False
    pool: list[Modifier] = []
    difficulty: list[Modifier] = []
    roll: PoolRoll | None = None


class GrenadeExploded(VdaEvent, frozen=True, kw_only=True, tag="vda.GrenadeExploded"):
    """VDA-GREN-06, VDA-GREN-07, VDA-GREN-08: the blast, each combatant in its zone; the damage of each hit
    follows as ``AttackResolved``."""

    grenade: str
    zones: dict[str, Literal["lethal", "grave", "moderate", "out"]]
    net_hits: dict[str, int] = {}
    dud: bool = False


class Deafened(VdaEvent, frozen=True, kw_only=True, tag="vda.Deafened"):
    """VDA-GREN-09, VDA-GREN-10, VDA-GREN-11: the deafening maluses, after Fortitude (``None``: none left)."""

    combatant: str
    deafness: Deafness | None
    rule: str = "VDA-GREN-09"
    reason: str = ""


EQUIPMENT_EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    CircumstancesSet,
    SurpriseDefenceRolled,
    SurpriseAttackRolled,
    DisarmResolved,
    ItemChanged,
    ResistanceReduced,
    StakeChecked,
    WeaponStuck,
    StuckPoolReduced,
    GrenadeThrown,
    GrenadeProblemRuled,
    GrenadeDodged,
    GrenadeExploded,
    Deafened,
)

EVENT_TYPES = (*EVENT_TYPES, *EQUIPMENT_EVENT_TYPES)


# --- the gaze, two weapons, stake rulings, grenade initiative (issue 4, 2nd pass) -----


class GazeRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.GazeRolled"):
    """VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-03, VDA-GAZE-04, VDA-GAZE-05, VDA-GAZE-06: a gaze attempt:
    automatic (``roll`` None), Charisma (reflexive) or
    Manipulation (active) + Etiquette or Intimidation; ``progress`` must exceed ``needed``."""

    attacker: str
    target: str
    power: str
    mode: Literal["reflexive", "physical", "power"]
    sequence: int
    pool: list[Modifier] = []
    difficulty: list[Modifier] = []
    roll: PoolRoll | None = None
    averting: bool = False
    progress: int = 0
    needed: int = 0
    skill: str = ""


class GazeCaptured(VdaEvent, frozen=True, kw_only=True, tag="vda.GazeCaptured"):
    """VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-04: the attacker holds the target's gaze; its gaze power may
    work."""

    attacker: str
    target: str
    power: str
    rule: str


class GazeIntentRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.GazeIntentRolled"):
    """VDA-GAZE-06: the target's Perception + (Empathy or Occult) against an active gaze."""

    combatant: str
    attacker: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    understood: bool


class GazeAverted(VdaEvent, frozen=True, kw_only=True, tag="vda.GazeAverted"):
    """VDA-GAZE-03: the combatant stops (``on``) or resumes looking opponents in the eyes."""

    combatant: str
    on: bool


class EyesClosed(VdaEvent, frozen=True, kw_only=True, tag="vda.EyesClosed"):
    """VDA-GAZE-07: the combatant closes (``on``) or opens its eyes."""

    combatant: str
    on: bool


class GazeAdjusted(VdaEvent, frozen=True, kw_only=True, tag="vda.GazeAdjusted"):
    """GM override of a gaze attack (progress, capture, understood intent)."""

    attacker: str
    target: str
    progress: int | None = None
    captured: bool | None = None
    understood: bool | None = None
    reason: str = ""


class TwoWeaponStanceChanged(VdaEvent, frozen=True, kw_only=True, tag="vda.TwoWeaponStanceChanged"):
    """VDA-TWO-02, VDA-TWO-03: the two-weapon option taken (``on``) with a bought style, or dropped."""

    combatant: str
    on: bool
    weapons: list[str] = []
    style: Literal["small_pair", "small_medium", "twin_glaives"] | None = None
    round: int = 0
    sequence: int = 0


class TwosCountedAsOnes(VdaEvent, frozen=True, kw_only=True, tag="vda.TwosCountedAsOnes"):
    """VDA-TWO-04: under the two-weapon option every two 2s of the roll count as a 1:
    ``ones`` and ``successes`` are the roll's counts after that."""

    combatant: str
    twos: int
    ones: int
    successes: int


class StakeRuled(VdaEvent, frozen=True, kw_only=True, tag="vda.StakeRuled"):
    """The GM's ruling: a stake is in (a « Cœur osseux » that gave way) or out (VDA-STAKE-04)."""

    target: str
    staked: bool
    reason: str = ""


class GrenadeInitiativeDrawn(VdaEvent, frozen=True, kw_only=True, tag="vda.GrenadeInitiativeDrawn"):
    """VDA-GREN-01: the d10 initiative at which the grenade explodes in sequence 1."""

    grenade: str
    roll: PoolRoll
    initiative: int


TACTICS_EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    GazeRolled,
    GazeCaptured,
    GazeIntentRolled,
    GazeAverted,
    EyesClosed,
    GazeAdjusted,
    TwoWeaponStanceChanged,
    TwosCountedAsOnes,
    StakeRuled,
    GrenadeInitiativeDrawn,
)

EVENT_TYPES = (*EVENT_TYPES, *TACTICS_EVENT_TYPES)


# --- VDA-VAND-10: the parrier's own hurt -------------------------------------------


class NaturalParryHurt(VdaEvent, frozen=True, kw_only=True, tag="vda.NaturalParryHurt"):
    """VDA-VAND-10: a combatant who parried with a natural weapon takes the resistance the
    weapon lost as bashing damage: Fortitude soaks automatically (VDA-FORPOT-06), Stamina
    rolls for the rest, and a vampire halves what is left (VDA-GEN-03)."""

    combatant: str
    item: str
    levels: int
    automatic_soak: int = 0
    soak: PoolRoll | None = None
    bashing: int = 0


VANDALISM_EVENT_TYPES: tuple[type[VdaEvent], ...] = (NaturalParryHurt,)

EVENT_TYPES = (*EVENT_TYPES, *VANDALISM_EVENT_TYPES)


# --- the facts of the fight (issue §2): a charge known at initiative, a lost action ----


class ChargeAnnounced(VdaEvent, frozen=True, kw_only=True, tag="vda.ChargeAnnounced"):
    """VDA-CHARGE-03 / VDA-INIT-07: before the pair rolls initiative, ``combatant`` says it
    charges ``target`` with ``weapon`` this round; the larger weapon's -1 follows from it."""

    combatant: str
    target: str
    weapon: str


class ActionLost(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionLost"):
    """A declared physical action that became impossible before its roll (its weapon
    dropped or forbidden by a hold, its target out of the fight) is lost: no die is
    rolled, and ``rule`` says what forbids it now."""

    combatant: str
    sequence: int
    rule: str
    reason: str


FACTS_EVENT_TYPES: tuple[type[VdaEvent], ...] = (ChargeAnnounced, ActionLost)

EVENT_TYPES = (*EVENT_TYPES, *FACTS_EVENT_TYPES)


# --- what a shot leaves its weapon (VDA-BOW-06, VDA-FIRE-06, VDA-FIRE-07) ---------------------


class AccumulatedOnesCounted(VdaEvent, frozen=True, kw_only=True, tag="vda.AccumulatedOnesCounted"):
    """VDA-FIRE-07: the firearm's accumulated 1s count among this roll's 1s: ``ones`` and
    ``successes`` are the roll's counts after that (``ActionRolled`` keeps the dice)."""

    combatant: str
    item: str
    accumulated: int
    ones: int
    successes: int


class WeaponReloaded(VdaEvent, frozen=True, kw_only=True, tag="vda.WeaponReloaded"):
    """VDA-BOW-06 / VDA-FIRE-06: a physical action spent reloading ``item`` (no roll);
    ``unready``: the actions still owed before it shoots again."""

    combatant: str
    sequence: int
    item: str
    unready: int
    rule: str


class SpreadHit(VdaEvent, frozen=True, kw_only=True, tag="vda.SpreadHit"):
    """VDA-FIRE-04: the blunderbuss's shot also hits ``targets``; ``successes`` is the hit
    left for each, after the 2 successes a person paid for in ``spend_successes`` mode."""

    combatant: str
    targets: list[str]
    mode: Literal["nines_and_tens", "spend_successes"]
    successes: int


class KnockoutRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.KnockoutRolled"):
    """VDA-MELEE-05: the clubbed target's Stamina roll at 8 (none when a ghoul spends 1
    Willpower instead); ``unconscious`` when it failed."""

    attacker: str
    target: str
    roll: PoolRoll | None = None
    willpower: bool = False
    unconscious: bool


class BlastSoaked(VdaEvent, frozen=True, kw_only=True, tag="vda.BlastSoaked"):
    """VDA-GREN-06 under ``equipment.grenade_moderate_bashing_soaked``: the soak of the
    moderate zone's 1 bashing (Fortitude automatic, then a Stamina roll)."""

    combatant: str
    automatic_soak: int = 0
    soak: PoolRoll | None = None
    soaked: int = 0


class ConcealmentRolled(VdaEvent, frozen=True, kw_only=True, tag="vda.ConcealmentRolled"):
    """VDA-CONC-01: hiding ``weapon`` on ``combatant`` (``searcher`` None), or a search for
    it; the weapon's concealment is in the difficulty terms."""

    combatant: str
    weapon: str
    searcher: str | None = None
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


SHOTS_EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    ConcealmentRolled,
    BlastSoaked,
    AccumulatedOnesCounted,
    WeaponReloaded,
    SpreadHit,
    KnockoutRolled,
)

EVENT_TYPES = (*EVENT_TYPES, *SHOTS_EVENT_TYPES)
