"""The ``vtm`` table options: one field per reading the catalogue takes where seed
003 is ambiguous, with the catalogue's default, plus the tables the seed refers to
without containing them. Fixed in the table's first event."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
import msgspec.structs

from domain.systems.vtm.data import ARMOURS, HEALTH_TRACK, WEAPONS
from domain.systems.vtm.state import Armour, Complication, HealthLevel, Scheduling, Weapon
from domain.systems.wod import Difficulty


class VtmOptions(msgspec.Struct, frozen=True, kw_only=True, tag="vtm", forbid_unknown_fields=True):
    minimum_damage_stage: Literal["before_soak", "after_soak"] = "before_soak"
    """VTM-HR-03: the floor replaces the damage roll's successes (before soak), or
    bounds the levels left after soak."""
    extra_successes: Literal["beyond_first", "all"] = "beyond_first"
    """VTM-ATK-08: which attack successes left after defence add damage dice."""
    initiative_each_turn: bool = True
    """VTM-INIT-02: initiative is rolled every turn (``False``: once per fight)."""
    human_lethal_armour_only: bool = True
    """VTM-DMG-05: a mortal soaks lethal damage with armour only (``False``: no soak)."""
    damage_difficulty: Difficulty = 6
    """VTM-DMG-03: the seed gives no difficulty for damage rolls."""
    ghoul_lethal_difficulty: Difficulty = 8
    """VTM-DMG-07: a ghoul with vitae left soaks lethal damage at this difficulty."""
    recovery_difficulty: Difficulty = 6
    """VTM-CPX-02: the seed gives no difficulty for the roll to get up after a fall."""
    wounds_slow_initiative: bool = False
    """VTM-INIT-08 (outside the seed): the wound penalty also comes off initiative."""
    ambush_denies_defence: bool = True
    """VTM-AMB-02: the target of a won ambush may not defend (``False``: it may)."""
    tackle_difficulty: Literal["plus_one", "eight"] = "plus_one"
    """VTM-MEL-13: a tackle at +1 (the prose), or at 8 (the stat block)."""
    strafe_alone_halves: Literal["damage", "attack"] = "damage"
    """VTM-FIRE-06: a lone target in a strafed area takes half the damage successes
    (``attack``: half the attack successes instead)."""
    desperate_defence_single_type: bool = False
    """VTM-DEF-13: « à l'aide d'une manœuvre défensive »: a desperate defence may mix
    dodges, blocks and parries (``True``: one kind for the whole turn)."""
    blind_sense_ability: Literal["awareness", "alertness"] = "awareness"
    """VTM-GEN-05: « Perception + Conscience »: Awareness (Alertness for a sheet without
    it), or Alertness always."""
    prone_cover_vs_ranged: bool = True
    """VTM-FIRE-01 / VTM-CPX-03: one lying down is in light cover against shots (the
    seed's cover table: « Léger (couché…) »), besides the die its attackers gain
    (``False``: only the die)."""
    reload_test_in_multiple_actions: bool = True
    """VTM-FIRE-09 / VTM-ACT-07: reloading among other actions takes the readiness roll
    (Dex + Armes à feu, difficulty 4); ``False``: never a roll (« aucun test »)."""
    zero_pool_means_no_action: bool = True
    """VTM-DICE-01 / VTM-ACT-04: an action whose penalties leave no die cannot be
    attempted, and a plan with one is refused (``False``: it is attempted with no die,
    and fails without a botch)."""
    difficulty_cap: Literal["ten", "extra_successes"] = "ten"
    """VTM-DICE-02: a difficulty past 10 is rolled at 10, its surplus shown in the terms
    (``extra_successes``: rolled at 10, each point past 10 takes one success away, the
    Revised books' reading)."""
    explode_keeps_original: bool = True
    """VTM-DICE-06 / VTM-HR-01: a re-rolled 10 stays a success and its new die counts too
    (``False``: the new die replaces the 10, which counts for nothing)."""
    dedupe_same_circumstance: bool = True
    """VTM-DICE-11: one circumstance two rules describe counts once: total darkness's +2
    does not add to blindness's (VTM-GEN-04 / VTM-CPX-04), nor a stake's heart to the
    precise part's +3 (VTM-CPX-08 / VTM-GEN-02); ``False``: both count."""
    multi_action_scheduling: Scheduling = "passes"
    """VTM-ACT-03: every first action in initiative order, then every second one…
    (``consecutive``: each combatant makes all its actions in a row when its initiative
    comes)."""
    parry_brawl_injures: Literal["riposte", "weapon_damage"] = "riposte"
    """VTM-DEF-11: a Brawl attack parried with a lethal weapon hurts its author only
    through the riposte (``weapon_damage``: a parry with a success also deals the
    weapon's damage to the attacker, soaked as usual)."""
    hold_costs_holder_action: bool = False
    """VTM-GRP-04: keeping a hold costs the holder no action (``True``: it is one of the
    holder's actions each turn, so its other actions pay the multiple-action penalty)."""
    full_auto_min_rounds_fraction: Annotated[float, msgspec.Meta(ge=0, le=1)] = 0.0
    """VTM-FIRE-11: full auto gives its +10 dice with any round loaded (a fraction of the
    magazine, e.g. ``0.5``: at least that much of it must be loaded to fire full auto)."""
    complications: dict[str, Complication] = {}
    """VTM-CPX-10: the complications the Storyteller adds, by name."""
    weapons: dict[str, Weapon] = msgspec.field(default_factory=lambda: dict(WEAPONS))
    """VTM-MEL-05: the weapon table (outside the seed): the group's rows extend the
    defaults (``data.WEAPONS``), a row of the same name replacing the default one."""
    armours: dict[str, Armour] = msgspec.field(default_factory=lambda: dict(ARMOURS))
    """VTM-DMG-04: the armour table (outside the seed), extended the same way."""
    health_track: list[HealthLevel] = msgspec.field(default_factory=lambda: list(HEALTH_TRACK))
    """VTM-DMG-11: the health track (outside the seed): a group's track replaces it whole."""

    def __post_init__(self) -> None:
        # A group writes only its own rows: the defaults stay playable beside them, and the
        # table's first event keeps the whole table, so a log never depends on this code's
        # defaults.
        msgspec.structs.force_setattr(self, "weapons", {**WEAPONS, **self.weapons})
        msgspec.structs.force_setattr(self, "armours", {**ARMOURS, **self.armours})
