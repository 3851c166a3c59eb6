"""Every ``vda`` event: declarations, rolls and resolutions, in the past tense.

Tags (``"vda.<Name>"``) and field types are forever once shipped; new fields
come with defaults.
"""

from __future__ import annotations

from typing import Literal

from domain.base import Event
from domain.dice import PoolRoll
from domain.systems.vda.rules.attack import AttackResolution
from domain.systems.vda.state import Condition, Modifier, PhysicalAction, Pool, Rank, Step


class VdaEvent(Event, frozen=True, kw_only=True):
    pass


# --- the round ----------------------------------------------------------------


class RoundStarted(VdaEvent, frozen=True, kw_only=True, tag="vda.RoundStarted"):
    """VDA-SEQ-05: a new round; per-round counters are reset."""

    round: int
    combatants: list[str]
    ended_grapples: list[str] = []


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
    """VDA-INIT-01/04: everyone rolled; the order for the round, best first."""

    order: list[Rank]


class OrientationSet(VdaEvent, frozen=True, kw_only=True, tag="vda.OrientationSet"):
    """VDA-ORI-01: what each combatant understands of the scene this round."""

    levels: dict[str, Literal["full", "zone", "partial", "none"]]


class ActionsGranted(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionsGranted"):
    """VDA-ACT-01..04: the physical actions of the round and the action cap."""

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


class ActionGained(VdaEvent, frozen=True, kw_only=True, tag="vda.ActionGained"):
    """VDA-ACT-05/06: one more physical action, or a prepaid power activation."""

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
    """VDA-SEQ-01/04: sequence ``sequence`` opens with its declarations."""

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
    """VDA-PHYS-03..05: the defender splits its defensive successes between attackers."""

    combatant: str
    sequence: int
    allocations: dict[str, int]


class PowerUsed(VdaEvent, frozen=True, kw_only=True, tag="vda.PowerUsed"):
    """VDA-POW-02/03: a power action, and what paid its activation."""

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
    """VDA-AMB-01..07: the surprise before round 1, and what the target can do."""

    ambusher: str
    target: str
    stealth: PoolRoll
    perception: PoolRoll
    detected: bool
    awareness: PoolRoll | None = None
    awareness_difficulty: int = 8
    defence_cap: int | None = None
    """Dice for a defence and blood points for the surprise; None when detected."""
    can_react: bool = True


class OrientationInvalidated(VdaEvent, frozen=True, kw_only=True, tag="vda.OrientationInvalidated"):
    """VDA-ORI-05: movement, an area sensory effect or new actors: orientation is stale."""

    combatants: list[str]
    reason: str


EVENT_TYPES: tuple[type[VdaEvent], ...] = (
    RoundStarted,
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
