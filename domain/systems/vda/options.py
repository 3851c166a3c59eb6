"""The ``vda`` table options: every default the catalogue picked where the seeds are
unclear, one field per ambiguity, so a table can change any reading without
touching code.

Each default is the catalogue's (``rules/vda.md`` §43); a field's docstring names
the rule whose AMBIGUITY note it settles. :class:`VdaOptions` is the table's, and
embeds one group per side of the rules. They live here, beside the state, and
not in the rules that read them: a table's options are stored in its
``TableCreated`` event, so their format is as lasting as an event's.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.systems.vda.data import find_weapon
from domain.systems.vda.gear import OwnNaturalWeapon
from domain.systems.wod import Difficulty, Dots


# The damage side (VDA-FORPOT, VDA-DMG, VDA-DEF, VDA-ARMOR, ranged, charges).
class DamageOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # --- rolls (§0b) ----------------------------------------------------------
    ones_cancel_on_damage_and_soak: bool = True
    """A-3: 1s cancel successes on damage and soak rolls too (else the Fortitude
    and Potence 1-removal of VDA-FORPOT-02, VDA-FORPOT-04 would do nothing)."""
    damage_difficulty: Difficulty = 6
    """A-7."""
    soak_difficulty: Difficulty = 6
    """A-7."""
    stamina_soaks_lethal: frozenset[str] = frozenset({"vampire"})
    """A-6: the kinds whose Stamina soaks lethal damage (V20: vampires only)."""

    # --- VDA-FORPOT -----------------------------------------------------------
    fortitude_ones_once_per_combat: bool = False
    """VDA-FORPOT-02: the seed (000 l.113) attaches « une fois par combat … ne peut se
    cumuler » to the damage-roll sentence only, so by default every soak roll may lose
    floor(lost / 2) ones. ``True`` is the catalogue's reading: each soak token once per
    combat, one per roll."""
    fortitude_removes_damage_ones: bool = True
    """VDA-FORPOT-02, the « jet dommage » sentence: Fortitude's lost armour dice also
    remove a 1 from the holder's own damage roll, once per combat, not on top of a
    Potence token. ``False``: the catalogue's reading (a copy of the Potence line)."""
    potence_reduces_natural_weapons: bool = False
    """VDA-FORPOT-03: Potence strips only manufactured weapons' bonus."""

    # --- VDA-DMG / VDA-DEF ----------------------------------------------------
    first_success_converts: bool = True
    """VDA-DMG-01: every net hit success counts toward conversion (« par succès de
    toucher »); ``False`` counts only the successes beyond the first (V20 style)."""
    partial_defence_lowers_margin: bool = True
    """VDA-DEF-03: a defence that does not cancel every success still lowers the
    margin one for one; ``False``: it only improves soak."""

    # --- VDA-ARMOR ------------------------------------------------------------
    armour_soaks_bashing: bool = True
    """VDA-ARMOR-03: the seed names lethal only; V20 armour soaks bashing too."""
    shield_armour_dice: Dots = 1
    """VDA-ARMOR-07: the shield's armour bonus, never given by the seed."""

    # --- VDA-RMAR / VDA-THROW -------------------------------------------------
    beyond_range_halves: Literal["base_dice", "inflicted_levels"] = "base_dice"
    """VDA-THROW-02: what « les dommages sont divisés par deux » halves (round up)."""

    # --- VDA-TGT --------------------------------------------------------------
    vulnerable_zone_aggravated: Literal["per_die", "once"] = "per_die"
    """VDA-TGT-03: each 10 on damage and each 1 on soak turns one inflicted level
    aggravated, or a single level whatever the count."""

    # --- VDA-PRONE ------------------------------------------------------------
    prone_helps_ranged_attackers: bool = False
    """VDA-PRONE-01: the adversaries' −1 against a prone target applies to melee
    and brawl only."""

    # --- VDA-CHARGE -----------------------------------------------------------
    charge_straight_line_successes: Dots = 5
    """VDA-CHARGE-01: « plus de 5 succès (25 mètres) » vs « 5 succès et plus »;
    the catalogue takes 5 (25 m at 5 m a success). 6 is the literal « plus de 5 »."""
    charge_initiative_bonus: Literal["initiative", "damage"] = "initiative"
    """VDA-CHARGE-04: which « bonus en dés de l'arme » a mid-round charge adds."""
    mounted_potence: Literal["mount", "rider"] = "mount"
    """VDA-CHARGE-07: whose Potence counts once the rider uses the mount's Strength."""

    # --- VDA-FIRE / VDA-AIM / VDA-CONC / VDA-MELEE ----------------------------
    firearm_initiative_reading: Literal["initiative_difficulty", "attack_difficulty"] = (
        "initiative_difficulty"
    )
    """VDA-FIRE-05: « Initiative : normalement 6, 5 avec platine »."""
    concealment_base_difficulty: Difficulty = 6
    """VDA-CONC-01."""
    small_parry_against_natural: bool = True
    """VDA-MELEE-03: a ¤ weapon parrying fists or claws is at +1 too."""
    large_weapon_needs_strictly_higher_initiative: bool = True
    """VDA-MELEE-08: a tie in initiative does not give the G advantage."""
    large_weapon_malus_on_parries: bool = True
    """VDA-MELEE-08: « se battent à +1 en difficulté » weighs on every roll of the small
    fighter against the G wielder, its defences included (``False``: its attacks only)."""


# The grapple and the bite (VDA-GRAP, VDA-BITE).
class GrappleOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every default the catalogue picked where seed 000's grapple text is unclear."""

    weapon_defence_skill: str = "melee"
    """VDA-GRAP-01: the weapon defence rolls Dexterity + this skill."""
    weapon_defence_difficulty: Difficulty = 6
    """VDA-GRAP-01: before the −1 of a size M or G weapon."""
    contact_difficulty: Difficulty = 6
    """VDA-GRAP-03: the Dexterity + Brawl contact roll."""
    contact_strength_difficulty: Difficulty = 6
    """VDA-GRAP-04: the damage-like and soak-like rolls."""
    resist_with: Literal["larger", "dexterity", "strength"] = "larger"
    """VDA-GRAP-04: the target's soak-like pool, Dexterity or Strength + Potence; by
    default the larger (the target's choice made for it, as it never loses by it)."""
    potence_automatic: bool = True
    """VDA-FORPOT-05: Potence in « Force + … + Potence » grapple pools is automatic
    successes (otherwise dice)."""
    grapple_difficulty: Difficulty = 6
    """VDA-GRAP-08, VDA-GRAP-11, VDA-GRAP-12: escape, flight, control and opposition rolls."""
    flight_extra_difficulty: Dots = 2
    """VDA-GRAP-11: « au moins +2 »; the GM adds more with ``vda.AdjustDifficulty``."""
    flight_ends_at_zero: bool = True
    """VDA-GRAP-11: a flight that brings the value to 0 with a movement success left over
    ends the grapple at once."""
    control_capped: bool = False
    """VDA-GRAP-12: control may raise the value past the contact cap (the cap bounds the
    base value only)."""
    drag_counts_every_grapple: bool = True
    """VDA-GRAP-14: the +2 movement malus counts every grapple of the mover (holding or
    held), not only the persons it holds."""
    gaze_malus_hits_grappler: bool = False
    """VDA-GRAP-23: the gaze malus also hits the grappler (« par la lutte »)."""
    bite_skill: str = "brawl"
    """VDA-BITE-02: the bite's hit roll is Dexterity + this skill, at difficulty 5."""
    drink_limit_of: Literal["drinker", "victim"] = "drinker"
    """VDA-BITE-04: « un tiers de la réserve de sang maximale d'un vampire »: the
    drinker's maximum (catalogue) or the victim's."""
    ghouls_are_mortal: bool = True
    """VDA-BITE-05: ghouls cannot resist the Kiss either."""


# The equipment side: disarm, stake, stuck weapon, vandalism, resistance, grenades.
class EquipmentOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # --- VDA-RES / VDA-VAND ---------------------------------------------------
    maker_crafts: Dots = 3
    """VDA-RES-01, VDA-RES-04: the maker's Crafts when unknown (a competent professional)."""
    vandalism_base_loss: Dots = 2
    """VDA-VAND-03 (« A tester ? »): resistance lost on a successful vandalism; 0 disables."""
    shield_wears_on_parry: bool = True
    """VDA-VAND-06 (« A tester ? »): a shield loses 1 resistance on each successful parry."""
    vandalism_also_disarms: bool = True
    """VDA-VAND-01: « effets de vandalisme ou désarmement » against a held weapon: both."""
    # --- VDA-DISARM -----------------------------------------------------------
    disarm_wounds: bool = False
    """VDA-DISARM-01: the disarm's damage only measures the effect, it does not wound."""
    disarm_base_difficulty: Difficulty = 6
    """VDA-DISARM-02: the defender's reflexive roll, before −1 per Fortitude dot."""
    disarm_defender_attribute: Literal["higher", "strength", "dexterity"] = "higher"
    """VDA-DISARM-02: « (Force ou Dextérité) + Mêlée »: the defender's higher one by default
    (Strength on a tie, which adds Potence)."""
    # --- VDA-STAKE / VDA-STUCK ------------------------------------------------
    stuck_threshold_floor: Dots = 1
    """VDA-STUCK-03: a stuck weapon lowers the stake thresholds down to this."""
    # --- VDA-FIRE -------------------------------------------------------------
    firearm_cartridges: bool = False
    """VDA-FIRE-06: « 2 actions pour recharger, 1 avec cartouche »: the table's firearms
    use cartridges (1 action)."""
    # --- VDA-GREN -------------------------------------------------------------
    grenade_moderate_bashing_soaked: bool = False
    """VDA-GREN-06: the moderate zone's « 1 dommage de contusion » is automatic, not soaked."""


# The gaze, the two-weapon styles and the equipment gaps of issue 4's second pass.
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
    gaze_detection_difficulty: Difficulty = 6
    """VDA-GAZE-06: the Perception + (Empathy or Occult) roll's difficulty (not given)."""
    gaze_detection_successes: Dots = 1
    """VDA-GAZE-06: successes the target needs to understand the intent (not given)."""
    gaze_progress_resets: bool = True
    """VDA-GAZE-04: the cumulated successes reset when the target stops averting its gaze."""
    closed_eyes_stop_automatic: bool = True
    """VDA-GAZE-01, VDA-GAZE-07: closed eyes cannot be caught, even by a power above Willpower + Control."""
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


class VdaOptions(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="vda", forbid_unknown_fields=True):
    initiative_attribute: Literal["wits", "dexterity", "perception"] = "wits"
    """A-11: « Réagir » read as Wits (Astuce)."""
    sequence_order: Literal["interleaved", "phased"] = "interleaved"
    """VDA-SEQ-02: each combatant's physical then power action (interleaved), or every
    physical action then every power action (phased)."""
    renounced_defence_scope: Literal["sequence", "round"] = "sequence"
    """VDA-INIT-03: how long attacking a faster opponent gives up defending against them."""
    volley_bonus_includes_answered_attack: bool = False
    """VDA-RDEF-04: the +1 after a defensive action also weighs on the attack that defence
    answers (by default only on the other ranged attacks of the sequence)."""
    tie_counts: Literal["physical_remaining", "all_remaining"] = "physical_remaining"
    """VDA-INIT-04: which actions "fewer actions" counts."""
    top_ties_all_penalised: bool = True
    """VDA-INIT-08: every combatant tied at the top last round rolls at +1."""
    action_cap: Literal["higher", "lower"] = "higher"
    """VDA-ACT-02: the cap is the higher (default) of Dexterity and Wits."""
    celerity_prepays_every_round: bool = True
    """VDA-ACT-07: the Celerity point pays the power activation every round it lasts."""
    celerity_blood_per_dot: Dots = 1
    """VDA-ACT-04, VDA-ACT-07: activating one Celerity dot costs one blood point."""
    rage_pays_like_anger: bool = True
    """VDA-POW-03: Rage pays a power activation like Anger."""
    anger_needs_mental_control: bool = True
    """VDA-POW-08: an Anger or Rage pool needs a dot in the Mental Control block (Rage also
    Animalism), checked on the sheet (seed 001 only)."""
    reiteration: bool = True
    """VDA-POW-06: 001's reiteration by discipline block (5/7/9)."""
    skill_repeat_every_reuse: bool = True
    """VDA-GEN-01: every earlier use of the skill this round counts, not only the last."""
    botch_fall: bool = True
    """VDA-GEN-02: a botched offensive action is a fall (« Au sol ») by default."""
    ones_cancel: bool = True
    """A-3: each 1 cancels a success."""
    critical_on_net_successes: bool = False
    """VDA-GEN-02: « aucun succès » read on the raw faces (no hit at all, default) or on the
    net successes once the 1s cancelled hits (``True``)."""
    orientation_difficulty: Difficulty = 4
    """VDA-ORI-02 / VDA-MINOR-04: the 2-dice orientation roll's difficulty."""
    ambush_awareness_caps_pool: bool = True
    """VDA-AMB-03: the awareness successes cap the defence pool (not replace it)."""
    ambush_opposed_difficulty: Difficulty = 6
    """VDA-AMB-02: difficulty of the Stealth and Perception rolls."""
    damage: DamageOptions = msgspec.field(default_factory=DamageOptions)
    """The damage side's readings (:class:`DamageOptions`)."""
    grapple: GrappleOptions = msgspec.field(default_factory=GrappleOptions)
    """The grapple and bite readings (:class:`GrappleOptions`)."""
    equipment: EquipmentOptions = msgspec.field(default_factory=EquipmentOptions)
    """Disarm, stake, stuck weapons, vandalism, resistance, grenades (:class:`EquipmentOptions`)."""
    tactics: TacticsOptions = msgspec.field(default_factory=TacticsOptions)
    """The gaze, the two-weapon styles and the equipment gaps (:class:`TacticsOptions`)."""
    natural_weapons: list[OwnNaturalWeapon] = []
    """The table's natural weapons (claws of Protean, Vicissitude bone blades…), defined once
    for every sheet that names its id in ``weapons`` (VDA-NAT-01, VDA-VAND-09): the seeds give
    them « per power », so a group writes its own. A sheet's own ``natural_weapons`` of the
    same id take precedence."""

    def __post_init__(self) -> None:
        ids = [w.id for w in self.natural_weapons]
        if len(ids) != len(set(ids)):
            raise ValueError("natural_weapons: each natural weapon of the table has its own id")
        for weapon_id in ids:
            if find_weapon(weapon_id) is not None:
                raise ValueError(
                    f"natural_weapons: {weapon_id!r} is already a weapon of the tables: give it another id"
                )
