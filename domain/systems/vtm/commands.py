"""What players and the GM send in a ``vtm`` fight. A command carries only the
choices the rules give its sender; what is carried, spent or taken is read from
the state and the sheets."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.base import Command
from domain.systems.vtm.state import Action, Condition, Cover, Defence, Movement
from domain.systems.wod import DamageType, Difficulty

Delta = Annotated[int, msgspec.Meta(ge=-20, le=20)]


class StartRound(Command, frozen=True, kw_only=True, tag="vtm.StartRound"):
    """The GM opens a turn (VTM-INIT-02)."""


class RollInitiative(Command, frozen=True, kw_only=True, tag="vtm.RollInitiative"):
    combatant: str


class DeclareActions(Command, frozen=True, kw_only=True, tag="vtm.DeclareActions"):
    """The combatant's whole turn: one action, several (VTM-ACT-02), or a desperate
    defence (VTM-DEF-13)."""

    combatant: str
    actions: list[Action]
    desperate: bool = False
    move: Movement | None = None
    """How it moves this turn, besides its actions (VTM-MOVE)."""


class ResolveAction(Command, frozen=True, kw_only=True, tag="vtm.ResolveAction"):
    """The combatant whose slot comes first carries out its declared action."""

    combatant: str


class Abstain(Command, frozen=True, kw_only=True, tag="vtm.Abstain"):
    """Renoncer: let the next one act first, act at the end (VTM-ACT-08, VTM-INIT-05)."""

    combatant: str


class Delay(Command, frozen=True, kw_only=True, tag="vtm.Delay"):
    """Wait to act until ``after`` has acted, in this pass (VTM-INIT-05)."""

    combatant: str
    after: str


class AbortForDefence(Command, frozen=True, kw_only=True, tag="vtm.AbortForDefence"):
    """Give up the next declared action for a defence (VTM-DEF-06), by a Willpower roll
    or by spending a Willpower point (``spend``)."""

    combatant: str
    defence: Defence
    attacker: str | None = None
    spend: bool = False


class Riposte(Command, frozen=True, kw_only=True, tag="vtm.Riposte"):
    """Strike back at once after a winning parry, with the parrying weapon (VTM-DEF-12)."""

    combatant: str


class LetGo(Command, frozen=True, kw_only=True, tag="vtm.LetGo"):
    """Let go of a clinch (either side) or of a hold (the holder), at any time: no roll
    (VTM-GRP-06)."""

    combatant: str


class Recover(Command, frozen=True, kw_only=True, tag="vtm.Recover"):
    """After a fall, try to get up at once: Dex + Athlétisme (VTM-CPX-02)."""

    combatant: str


class RollTest(Command, frozen=True, kw_only=True, tag="vtm.RollTest"):
    """The Storyteller rolls a combatant's ``attribute`` + ``ability`` against
    ``difficulty`` with a success threshold (VTM-DICE-04), in the open or hidden from the
    players (VTM-DICE-03)."""

    combatant: str
    attribute: str
    ability: str | None = None
    difficulty: Difficulty = 6
    threshold: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    hidden: bool = False
    label: str = ""


class SenseBlind(Command, frozen=True, kw_only=True, tag="vtm.SenseBlind"):
    """Without sight, try to place a target by ear: Perception + Conscience at 8, once a
    turn; success allows shots this turn at +3 (VTM-GEN-05)."""

    combatant: str


class SetComplication(Command, frozen=True, kw_only=True, tag="vtm.SetComplication"):
    """The GM sets or lifts one of the table's own complications (VTM-CPX-10)."""

    combatant: str
    name: str
    on: bool = True
    rounds: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    reason: str


class Ambush(Command, frozen=True, kw_only=True, tag="vtm.Ambush"):
    """The GM, who rules an ambush possible, has ``combatant`` roll it against ``target``
    (VTM-AMB-01, VTM-AMB-05)."""

    combatant: str
    target: str


class Brace(Command, frozen=True, kw_only=True, tag="vtm.Brace"):
    """After a tied ambush, the target picks its defence against the surprise attack, or
    none (VTM-AMB-03)."""

    combatant: str
    defence: Defence | None = None


class SurpriseAttack(Command, frozen=True, kw_only=True, tag="vtm.SurpriseAttack"):
    """The ambusher's attack before the turn's initiative (VTM-AMB-02, VTM-AMB-03)."""

    combatant: str
    attack: Action


class RuleComplexMove(Command, frozen=True, kw_only=True, tag="vtm.RuleComplexMove"):
    """The GM rules how many separate actions a declared complex move counts for (a jump
    over an obstacle, a slide down from a height: « selon leur complexité », VTM-MOVE-06)."""

    combatant: str
    slots: Annotated[int, msgspec.Meta(ge=0, le=3)]
    reason: str


class AdjustRoll(Command, frozen=True, kw_only=True, tag="vtm.AdjustRoll"):
    """The GM changes the combatant's next roll: dice and difficulty, with a reason."""

    combatant: str
    dice: Delta = 0
    difficulty: Delta = 0
    reason: str


class AdjustHealth(Command, frozen=True, kw_only=True, tag="vtm.AdjustHealth"):
    combatant: str
    bashing: Delta = 0
    lethal: Delta = 0
    aggravated: Delta = 0
    reason: str


class SetCondition(Command, frozen=True, kw_only=True, tag="vtm.SetCondition"):
    combatant: str
    condition: Condition
    on: bool = True
    rounds: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    """How many turns it lasts, this one included (0: until removed)."""
    reason: str


class SetCover(Command, frozen=True, kw_only=True, tag="vtm.SetCover"):
    """The GM says what cover the combatant is behind (VTM-FIRE-01)."""

    combatant: str
    cover: Cover
    reason: str


class SetDistance(Command, frozen=True, kw_only=True, tag="vtm.SetDistance"):
    """The GM says how far apart two combatants stand, in metres (VTM-FIRE-07, VTM-FIRE-08)."""

    combatant: str
    other: str
    metres: Annotated[int, msgspec.Meta(ge=0, le=10000)]
    reason: str


class InflictDamage(Command, frozen=True, kw_only=True, tag="vtm.InflictDamage"):
    """Damage from no attack (the sun, fire, a fall): ``dice`` of ``damage_type``, soaked
    at the difficulty the GM rules (VTM-DMG-09)."""

    combatant: str
    damage_type: DamageType
    dice: Annotated[int, msgspec.Meta(ge=1, le=30)]
    soak_difficulty: Difficulty = 6
    reason: str


class AdjustInitiative(Command, frozen=True, kw_only=True, tag="vtm.AdjustInitiative"):
    """The GM moves a combatant in the turn order."""

    combatant: str
    delta: Delta
    reason: str


class SkipAction(Command, frozen=True, kw_only=True, tag="vtm.SkipAction"):
    """The GM passes over the action whose turn it is (a player away, an action the
    rules cannot carry out)."""

    reason: str
