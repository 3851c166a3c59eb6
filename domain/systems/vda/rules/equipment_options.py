"""The table options of the equipment side (disarm, stake, stuck weapon, vandalism,
resistance, grenades): one field per ambiguity of the seeds, the catalogue's default
first. ``VdaOptions.equipment`` embeds this Struct."""

from __future__ import annotations

from typing import Literal

import msgspec


class EquipmentOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # --- VDA-RES / VDA-VAND ---------------------------------------------------
    maker_crafts: int = 3
    """VDA-RES-01/04: the maker's Crafts when unknown (a competent professional)."""
    vandalism_base_loss: int = 2
    """VDA-VAND-03 (« A tester ? »): resistance lost on a successful vandalism; 0 disables."""
    shield_wears_on_parry: bool = True
    """VDA-VAND-06 (« A tester ? »): a shield loses 1 resistance on each successful parry."""
    vandalism_also_disarms: bool = True
    """VDA-VAND-01: « effets de vandalisme ou désarmement » against a held weapon: both."""
    # --- VDA-DISARM -----------------------------------------------------------
    disarm_wounds: bool = False
    """VDA-DISARM-01: the disarm's damage only measures the effect, it does not wound."""
    disarm_base_difficulty: int = 6
    """VDA-DISARM-02: the defender's reflexive roll, before −1 per Fortitude dot."""
    disarm_defender_attribute: Literal["higher", "strength", "dexterity"] = "higher"
    """VDA-DISARM-02: « (Force ou Dextérité) + Mêlée »: the defender's higher one by default
    (Strength on a tie, which adds Potence)."""
    # --- VDA-STAKE / VDA-STUCK ------------------------------------------------
    stuck_threshold_floor: int = 1
    """VDA-STUCK-03: a stuck weapon lowers the stake thresholds down to this."""
    # --- VDA-GREN -------------------------------------------------------------
    grenade_moderate_bashing_soaked: bool = False
    """VDA-GREN-06: the moderate zone's « 1 dommage de contusion » is automatic, not soaked."""
