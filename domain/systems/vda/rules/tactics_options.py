"""The table options of the gaze, the two-weapon styles and the equipment gaps of issue
4's second pass: one field per ambiguity of the seeds, the catalogue's default first.
``VdaOptions.tactics`` embeds this Struct."""

from __future__ import annotations

from typing import Literal

import msgspec


class TacticsOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # --- VDA-GAZE ---------------------------------------------------------------
    gaze_power_measure: Literal["level", "discipline"] = "level"
    """VDA-GAZE-01: « le pouvoir … dépasse »: the power's level, or its discipline's dots."""
    gaze_mental_control: Literal["block", "dominate"] = "block"
    """VDA-GAZE-01: « Contrôle mental »: the Mental Control block score (VDA-POW-07), or Dominate."""
    gaze_active_action: Literal["physical", "power"] = "physical"
    """VDA-GAZE-06: the « action active » spent on the gaze: the sequence's physical action
    (declared with ``PhysicalAction.gaze``), or the power action (``vda.CatchGaze`` active)."""
    gaze_reflexive_per: Literal["attacker", "pair"] = "attacker"
    """VDA-GAZE-05: « un jet par round »: one for the attacker, or one per target."""
    gaze_detection_difficulty: int = 6
    """VDA-GAZE-06: the Perception + (Empathy or Occult) roll's difficulty (not given)."""
    gaze_detection_successes: int = 1
    """VDA-GAZE-06: successes the target needs to understand the intent (not given)."""
    gaze_progress_resets: bool = True
    """VDA-GAZE-04: the cumulated successes reset when the target stops averting its gaze."""
    closed_eyes_stop_automatic: bool = True
    """VDA-GAZE-01/07: closed eyes cannot be caught, even by a power above Willpower + Control."""
    # --- VDA-TWO ----------------------------------------------------------------
    two_weapon_stance_scope: Literal["round", "sequence"] = "round"
    """VDA-TWO-03: the riskier option is a stance for the round (or for one sequence)."""
    # --- VDA-STAKE / VDA-STUCK -------------------------------------------------------
    staked_paralysed: bool = True
    """VDA-STAKE-04: the seeds give no consequence; V20's: paralysed until the stake is out."""
    stuck_projectiles: bool = True
    """VDA-STUCK-01: arrows and bolts (impaling, VDA-STAKE-02) stay stuck like a hand weapon."""
    stuck_minor_act: Literal["per_success", "one"] = "per_success"
    """VDA-STUCK-04: the 2-dice removal takes 1 off the pool per success (or 1 on any success)."""
    # --- VDA-GREN -----------------------------------------------------------------
    grenade_initiative_d10: bool = True
    """VDA-GREN-01: « explosion à une initiative aléatoire »: a d10 drawn for the grenade,
    which explodes once everyone faster has acted in sequence 1 (off: the GM's moment)."""
