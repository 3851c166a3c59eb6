"""The gaze, two-weapon and stake-ruling side of a ``vda`` fight (issue 4's second pass):
what the sheet may say (two-weapon styles, specialties, sight, a bony heart, magic items)
and what the projection shows (gaze progress, averted and closed eyes, stances).

Leaf module: ``state.py`` embeds these Structs, ``rules/`` reads them. Every class is
frozen and keyword-only; the ones a sheet carries also forbid unknown fields.
"""

from __future__ import annotations

from typing import Literal

import msgspec

TwoWeaponStyle = Literal["small_pair", "small_medium", "twin_glaives"]
"""VDA-TWO-02: two size-P weapons, one P and one M, two glaives (the Lamias' style)."""


class MagicItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """VDA-RES-06: a magic item of the sheet (its id is the weapon or armour id)."""

    creator_level: int = 0
    """The maker's level in the magic discipline, added to the item's resistance."""
    dots: int = 0
    """Its cost in « ronds d'objet magique », taken off every resistance loss."""


class GazePair(msgspec.Struct, frozen=True, kw_only=True):
    """One attacker's gaze attack on one target (``"attacker>target"`` in ``gazes``)."""

    power: str = ""
    """The gaze power the attacker seeks eye contact for."""
    progress: int = 0
    """Successes of the last roll, cumulated while the target averts its gaze (VDA-GAZE-04)."""
    needed: int = 0
    """What the progress must exceed: Wits (VDA-GAZE-02) or Wits + Self-Control + Instinct
    (VDA-GAZE-04)."""
    captured: bool = False
    understood: bool = False
    """The target guessed the attacker's intent (VDA-GAZE-06): it may close its eyes."""
    active_round: int = 0
    """The last round of an active gaze action (VDA-GAZE-06), which the target may detect."""
    detection_round: int = 0


class TwoWeaponStance(msgspec.Struct, frozen=True, kw_only=True):
    """VDA-TWO-03: the riskier two-weapon option, taken for a round (or a sequence)."""

    weapons: list[str]
    style: TwoWeaponStyle
    round: int
    sequence: int = 0


class TacticsBoard(msgspec.Struct, frozen=True, kw_only=True):
    """The gaze, stance and stake-ruling statuses of the fight."""

    gazes: dict[str, GazePair] = {}
    """``"attacker>target"`` -> the gaze attack's progress (VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-03,
    VDA-GAZE-04, VDA-GAZE-05, VDA-GAZE-06, VDA-GAZE-07)."""
    averting: list[str] = []
    """Who fights without looking its opponents in the eyes (VDA-GAZE-03)."""
    eyes_closed: list[str] = []
    """Who fights with closed eyes (VDA-GAZE-07)."""
    reflexive: dict[str, int] = {}
    """Attacker (or ``"attacker>target"``) -> the round of its last reflexive gaze roll (VDA-GAZE-05)."""
    stances: dict[str, TwoWeaponStance] = {}
    """Combatant -> its two-weapon stance (VDA-TWO-03)."""
    stake_rulings: list[str] = []
    """Vampires with a « Cœur osseux » whose stake waits for the GM's ruling (VDA-STAKE-01, VDA-STAKE-04)."""
