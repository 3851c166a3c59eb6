"""Every ``vtm`` event: declarations, rolls and resolutions, in the past tense.

Tags (``"vtm.<Name>"``) and field types are forever once shipped; new fields
come with defaults.
"""

from __future__ import annotations

from typing import Literal

from domain.base import Event
from domain.dice import PoolRoll
from domain.systems.vtm.state import (
    Action,
    Condition,
    Cover,
    Defence,
    FireMode,
    GrappleKind,
    Maneuver,
    Movement,
    Riposte,
)
from domain.systems.wod import DamageType, Health, Modifier


class VtmEvent(Event, frozen=True, kw_only=True):
    pass


class RoundStarted(VtmEvent, frozen=True, kw_only=True, tag="vtm.RoundStarted"):
    """A new turn for ``combatants``; with ``keep_initiative`` (VTM-INIT-02 read
    literally) last turn's initiative stands and declarations open at once."""

    round: int
    combatants: list[str]
    keep_initiative: bool = False


class InitiativeRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.InitiativeRolled"):
    """VTM-INIT-01: one d10 (``roll.faces[0]``) + Dex + Wits (``rating``)."""

    combatant: str
    roll: PoolRoll
    rating: list[Modifier]
    score: int


class InitiativeSlowed(VtmEvent, frozen=True, kw_only=True, tag="vtm.InitiativeSlowed"):
    """VTM-INIT-08: with initiative kept from turn to turn (VTM-INIT-02), one who got up at
    once (VTM-CPX-02) acts ``lost`` less this turn; its kept score comes back the turn after."""

    combatant: str
    lost: int
    score: int


class ActionsDeclared(VtmEvent, frozen=True, kw_only=True, tag="vtm.ActionsDeclared"):
    """VTM-INIT-03: a combatant's declared turn, slowest first."""

    combatant: str
    actions: list[Action]
    desperate: bool = False
    move: Movement | None = None


class RulingRequested(VtmEvent, frozen=True, kw_only=True, tag="vtm.RulingRequested"):
    """Where the seed leaves a point to the Storyteller, the GM is asked to rule: before
    play goes on for ``combatant`` (VTM-MOVE-06: how many actions ``question`` counts for),
    or by a command of its own while play goes on (VTM-DEF-11: whether ``combatant``, whose
    Brawl attack was parried by the blade ``question`` without winning, is hurt)."""

    rule: str
    combatant: str
    question: str


class ComplexMoveRuled(VtmEvent, frozen=True, kw_only=True, tag="vtm.ComplexMoveRuled"):
    """VTM-MOVE-06: the GM's ruling: the complex move counts for ``slots`` separate actions,
    added after the declared ones (each pays VTM-ACT-02 like any action)."""

    combatant: str
    slots: int
    reason: str


class Abstained(VtmEvent, frozen=True, kw_only=True, tag="vtm.Abstained"):
    """VTM-ACT-08: the combatant lets the next act first and will act at the end."""

    combatant: str


class Delayed(VtmEvent, frozen=True, kw_only=True, tag="vtm.Delayed"):
    """VTM-INIT-05: the combatant acts right after ``after``, in this pass."""

    combatant: str
    after: str


class TurnPassed(VtmEvent, frozen=True, kw_only=True, tag="vtm.TurnPassed"):
    """VTM-ACT-08: everyone left abstained; nobody acts in this pass."""

    combatants: list[str]


class AttackRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.AttackRolled"):
    attacker: str
    target: str
    action: int
    maneuver: Maneuver
    weapon: str | None = None
    damage_type: DamageType
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    riposte: bool = False
    """VTM-DEF-12: the free attack of a winning parry (``action`` is then -1)."""
    fire: FireMode = "single"
    rounds: int = 0
    """VTM-FIRE-13: the rounds the shot spent from ``weapon``'s magazine."""
    ambush: bool = False
    """VTM-AMB-02, VTM-AMB-03: the surprise attack of an ambush (``action`` is then -1)."""


class AttackLanded(VtmEvent, frozen=True, kw_only=True, tag="vtm.AttackLanded"):
    """VTM-ATK-06 / VTM-CPX-07: an attack on a helpless target hits without a roll; its
    pool becomes damage dice. VTM-GRP-02: a squeeze in a clinch hits without a roll too
    (its ``pool`` is then empty)."""

    attacker: str
    target: str
    action: int
    maneuver: Maneuver
    weapon: str | None = None
    damage_type: DamageType
    pool: list[Modifier]
    rounds: int = 0
    """VTM-FIRE-13: the rounds the shot spent."""


class DefenceRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.DefenceRolled"):
    """VTM-DEF-02, VTM-DEF-04: the defence answering an attack; ``action`` is its declared index."""

    defender: str
    attacker: str
    action: int
    defence: Defence
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class RipostePermitted(VtmEvent, frozen=True, kw_only=True, tag="vtm.RipostePermitted"):
    """VTM-DEF-12: the parry won by ``riposte.bonus``; its author may strike back now."""

    combatant: str
    riposte: Riposte


class AttackMissed(VtmEvent, frozen=True, kw_only=True, tag="vtm.AttackMissed"):
    """VTM-ATK-07: no success left after the defence (a botch: VTM-ATK-09)."""

    attacker: str
    target: str
    botch: bool = False


class DamageRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.DamageRolled"):
    """VTM-HR-01, VTM-HR-03: the damage roll of a hit with ``remaining`` successes, and the
    damage it does: at least ``minimum``. ``attacker`` is empty for damage from no attack
    (VTM-DMG-09)."""

    attacker: str
    target: str
    remaining: int
    damage_type: DamageType
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    minimum: int
    damage: int
    halved: bool = False
    """VTM-FIRE-06: a lone target in a strafed area takes half (``damage`` is halved)."""


class Soaked(VtmEvent, frozen=True, kw_only=True, tag="vtm.Soaked"):
    """VTM-DMG-04, VTM-DMG-05, VTM-HR-02: the target's soak (``roll`` is ``None`` when it may not soak)."""

    target: str
    damage_type: DamageType
    pool: list[Modifier] = []
    difficulty: int = 6
    roll: PoolRoll | None = None
    soaked: int = 0


class Wounded(VtmEvent, frozen=True, kw_only=True, tag="vtm.Wounded"):
    """VTM-DMG-10: health levels taken (``halved``: a vampire's bashing, VTM-DMG-06)."""

    target: str
    damage_type: DamageType
    levels: int
    halved: bool = False
    health: Health


class ConditionChanged(VtmEvent, frozen=True, kw_only=True, tag="vtm.ConditionChanged"):
    """A condition set or lifted, by a rule or by the GM (``rule="gm"``, with a reason);
    it lasts through round ``until`` (0: until lifted)."""

    combatant: str
    condition: Condition
    on: bool
    until: int = 0
    rule: str
    reason: str = ""


class FootingRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.FootingRolled"):
    """Dex + Athlétisme to keep one's feet after a sweep (VTM-MEL-01, difficulty 8) or a
    tackle (VTM-MEL-13, difficulty 7), or to get up among other actions (VTM-ACT-09,
    difficulty 4)."""

    combatant: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class CoverChanged(VtmEvent, frozen=True, kw_only=True, tag="vtm.CoverChanged"):
    """Where the combatant stands now (VTM-FIRE-01): set by the GM, with a reason."""

    combatant: str
    cover: Cover
    reason: str
    rule: str = ""
    """The rule that moved it (VTM-DEF-09: dodging a shot), its sentence told in the
    reader's language; empty when the GM set it, ``reason`` saying why."""


class InterruptAttempted(VtmEvent, frozen=True, kw_only=True, tag="vtm.InterruptAttempted"):
    """VTM-DEF-06: the declared action ``action`` given up for ``defence`` when
    ``succeeded``, by a Willpower roll or a point spent."""

    combatant: str
    action: int
    defence: Defence
    attacker: str | None = None
    spent: bool = False
    roll: PoolRoll | None = None
    succeeded: bool


class ActionEnded(VtmEvent, frozen=True, kw_only=True, tag="vtm.ActionEnded"):
    """The declared action ``action`` is done (or skipped by the GM, with a reason)."""

    combatant: str
    action: int
    reason: str = ""
    """The GM's words when the GM passed over the action (``vtm.SkipAction``)."""
    rule: str = ""
    """The rule that ended it without a roll, its sentence told in the reader's language:
    VTM-GRP-02 or VTM-GRP-04 (a grapple forbids it), VTM-GRP-03 (no longer held),
    VTM-MEL-06 (``weapon`` dropped), VTM-FIRE-13 (``weapon`` holds ``loaded`` rounds),
    VTM-GEN-05 (no shot without sight)."""
    weapon: str | None = None
    loaded: int | None = None


class RollAdjusted(VtmEvent, frozen=True, kw_only=True, tag="vtm.RollAdjusted"):
    """The GM changes the combatant's next roll."""

    combatant: str
    dice: int = 0
    difficulty: int = 0
    reason: str


class HealthAdjusted(VtmEvent, frozen=True, kw_only=True, tag="vtm.HealthAdjusted"):
    combatant: str
    health: Health
    reason: str


class InitiativeAdjusted(VtmEvent, frozen=True, kw_only=True, tag="vtm.InitiativeAdjusted"):
    combatant: str
    score: int
    reason: str


class GrappleEstablished(VtmEvent, frozen=True, kw_only=True, tag="vtm.GrappleEstablished"):
    """VTM-GRP-01, VTM-GRP-04: ``attacker`` grabbed ``target`` (a clinch or a hold) in ``round``."""

    kind: GrappleKind
    attacker: str
    target: str
    round: int


class EscapeRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.EscapeRolled"):
    """VTM-GRP-03, VTM-GRP-04: the resisted Force + Bagarre rolls of one breaking free and of the
    one who holds it (``escaped``: more successes, the grip is broken)."""

    combatant: str
    holder: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    holder_pool: list[Modifier]
    holder_difficulty: list[Modifier]
    holder_roll: PoolRoll
    escaped: bool


class GrappleReleased(VtmEvent, frozen=True, kw_only=True, tag="vtm.GrappleReleased"):
    """The grapple between ``attacker`` and ``target`` is over: ``by`` let go (VTM-GRP-06)
    or broke free (VTM-GRP-03, VTM-GRP-04), as ``rule`` says."""

    attacker: str
    target: str
    by: str
    rule: str


class KissStarted(VtmEvent, frozen=True, kw_only=True, tag="vtm.KissStarted"):
    """VTM-MEL-10: the bite was the Kiss: no damage, the vampire drinks from ``victim``
    (how much blood passes is outside the seed: the GM's)."""

    vampire: str
    victim: str


class StrafeShared(VtmEvent, frozen=True, kw_only=True, tag="vtm.StrafeShared"):
    """VTM-FIRE-05: the strafe's successes shared among the targets in the area."""

    attacker: str
    shares: dict[str, int]


class Reloaded(VtmEvent, frozen=True, kw_only=True, tag="vtm.Reloaded"):
    """VTM-FIRE-09: ``weapon`` is loaded again."""

    combatant: str
    weapon: str


class ReadyRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.ReadyRolled"):
    """VTM-ACT-07: readying a weapon among other actions, Dex + Mêlée or Armes à feu at
    difficulty 4; without a success it is not ready."""

    combatant: str
    weapon: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class DistanceSet(VtmEvent, frozen=True, kw_only=True, tag="vtm.DistanceSet"):
    """The GM says how many metres part two combatants (VTM-FIRE-07, VTM-FIRE-08)."""

    combatant: str
    other: str
    metres: int
    reason: str
    rule: str = ""
    """The rule that set it (VTM-MEL-14: closing in); empty when the GM did."""


class AimTaken(VtmEvent, frozen=True, kw_only=True, tag="vtm.AimTaken"):
    """VTM-FIRE-14: ``turns`` turns spent aiming ``weapon`` at ``target`` so far."""

    combatant: str
    target: str
    weapon: str
    turns: int


class Disarmed(VtmEvent, frozen=True, kw_only=True, tag="vtm.Disarmed"):
    """VTM-MEL-06: ``combatant`` lost ``weapon`` (disarmed, or dropped on a botched disarm)."""

    combatant: str
    weapon: str


class WeaponReadied(VtmEvent, frozen=True, kw_only=True, tag="vtm.WeaponReadied"):
    """VTM-ACT-07: ``weapon`` is in hand: drawn from its sheath or holster, or picked up
    again after it was dropped."""

    combatant: str
    weapon: str


class TackleLanded(VtmEvent, frozen=True, kw_only=True, tag="vtm.TackleLanded"):
    """VTM-MEL-13: ``attacker`` tackled ``target`` in ``round`` (a bite may follow, VTM-MEL-09)."""

    attacker: str
    target: str
    round: int


class VehicleStarted(VtmEvent, frozen=True, kw_only=True, tag="vtm.VehicleStarted"):
    """VTM-ACT-06: the combatant started a vehicle (no roll, one action)."""

    combatant: str


class RecoveryRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.RecoveryRolled"):
    """VTM-CPX-02: Dex + Athlétisme after a fall: up at once (initiative −2 next turn),
    or the next action spent getting up, or, on a botch, a bashing level more."""

    combatant: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class TestRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.TestRolled"):
    """A test the Storyteller calls for: attribute + ability against a difficulty, passed
    with at least ``threshold`` successes (le Seuil de Réussite, VTM-DICE-04); a hidden
    test is seen by the GM alone (VTM-DICE-03)."""

    combatant: str
    label: str = ""
    pool: list[Modifier]
    difficulty: list[Modifier]
    threshold: int
    roll: PoolRoll
    passed: bool
    margin: int
    hidden: bool = False


class BlindSenseRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.BlindSenseRolled"):
    """VTM-GEN-05: Perception + Conscience at 8 to shoot without sight this turn."""

    combatant: str
    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll


class ComplicationChanged(VtmEvent, frozen=True, kw_only=True, tag="vtm.ComplicationChanged"):
    """VTM-CPX-10: the GM sets or lifts one of the table's own complications."""

    combatant: str
    name: str
    on: bool
    until: int = 0
    reason: str


class Moved(VtmEvent, frozen=True, kw_only=True, tag="vtm.Moved"):
    """VTM-MOVE: the declared move, made as the combatant's first action comes."""

    combatant: str
    move: Movement


class AmbushRolled(VtmEvent, frozen=True, kw_only=True, tag="vtm.AmbushRolled"):
    """VTM-AMB-01, VTM-AMB-02, VTM-AMB-03, VTM-AMB-04: Dex + Furtivité against Perception +
    Vigilance, and who won."""

    attacker: str
    target: str
    pool: list[Modifier]
    roll: PoolRoll
    target_pool: list[Modifier]
    target_roll: PoolRoll
    difficulty: int
    outcome: Literal["ambusher", "tie", "defender"]
    bonus: int = 0
    may_defend: bool = False


class Braced(VtmEvent, frozen=True, kw_only=True, tag="vtm.Braced"):
    """VTM-AMB-03: after a tied ambush, the target's defence (or none) against it."""

    combatant: str
    defence: Defence | None = None


EVENT_TYPES: tuple[type[VtmEvent], ...] = (
    RoundStarted,
    InitiativeRolled,
    InitiativeSlowed,
    ActionsDeclared,
    RulingRequested,
    ComplexMoveRuled,
    Abstained,
    TurnPassed,
    Delayed,
    AttackRolled,
    DefenceRolled,
    AttackMissed,
    DamageRolled,
    Soaked,
    Wounded,
    ConditionChanged,
    InterruptAttempted,
    ActionEnded,
    RollAdjusted,
    HealthAdjusted,
    InitiativeAdjusted,
    FootingRolled,
    CoverChanged,
    AttackLanded,
    RipostePermitted,
    GrappleEstablished,
    EscapeRolled,
    GrappleReleased,
    KissStarted,
    StrafeShared,
    Reloaded,
    ReadyRolled,
    DistanceSet,
    AimTaken,
    Disarmed,
    WeaponReadied,
    TackleLanded,
    VehicleStarted,
    RecoveryRolled,
    TestRolled,
    BlindSenseRolled,
    ComplicationChanged,
    Moved,
    AmbushRolled,
    Braced,
)
