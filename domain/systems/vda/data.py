"""The ``vda`` equipment tables of seed 000, as data.

Every entry copies the numbers the seed gives. Where the seed leaves a value out,
the entry holds the catalogue default (``rules/vda.md``) and names that field in
``defaults``, so a reader can tell what the seed says from what we assumed. Where
neither gives a number (size-M melee weapons, VDA-MELEE-07), the field is ``None``
and the attack pipeline refuses to guess (``require_weapon_stats``).

    MELEE_WEAPONS    VDA-MELEE   « Armes de corps à corps » (tailles P, M, G)
    NATURAL_WEAPONS  VDA-NAT     « Armes naturelles »
    RANGED_WEAPONS   VDA-THROW, VDA-BOW, VDA-FIRE (and the grenade of VDA-GREN)
    ARMOURS          VDA-ARMOR   « Armures »

Seed 001 has no equipment table: everything here is from 000.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.systems.wod import DamageType

Size = Literal["P", "M", "G"]
"""Petite, moyenne, grande."""

Wound = Literal["piercing", "slashing", "crushing"]
"""Perforation, tranchant, contusion: how the weapon wounds (VDA-DMG-07)."""

MarginClass = Literal["thrown_or_bow", "crossbow", "firearm"]
"""Which nested ranged margins a weapon uses (VDA-RMAR-01)."""

RangedKind = Literal["thrown", "bow", "crossbow", "firearm", "grenade"]

# Tags a weapon may carry; the rules that read them say why.
SMALL_PARRY = "small_parry"  # ¤: parries non-¤ weapons at +1 (VDA-MELEE-03)
PARRYING = "parrying"  # arme de parade: +1 to the adversary like a shield (VDA-MELEE-04)
SHIELD = "shield"  # bouclier (VDA-MOD-04, VDA-ARMOR-07)
IGNORES_SHIELD = "ignores_shield"  # two-handed axe and sword (VDA-MELEE-10, VDA-MELEE-11)
FIRST_OUTNUMBERING = "cancels_first_outnumbering"  # two-handed sword (VDA-MELEE-11)
AUTO_VANDALISM = "auto_vandalism"  # VDA-VAND-07
COUNTER_CHARGE = "counter_charge"  # lance, épieu (VDA-CHARGE-08)
IMPALING = "impaling"  # lance, épieu, arrows, bolts (VDA-STAKE-02)
ANCHORABLE = "anchorable"  # lance: no malus against a horse when anchored (VDA-MOD-03)
WOODEN = "wooden"  # +1 to every resistance loss (VDA-RES-05)
KNOCKOUT = "knockout"  # matraque: knock-out in an ambush (VDA-MELEE-05)
MULTI_ACTION_MALUS = "multi_action_malus"  # « Malus multi-action (¤) », undefined (VDA-MELEE-10)
NO_STEALTH_MALUS = "no_stealth_malus"  # glaive, kopesh (VDA-CONC-02)
MULTI_TARGET = "multi_target"  # tromblon (VDA-FIRE-04)


class MeleeWeapon(msgspec.Struct, frozen=True, kw_only=True, tag="melee"):
    """A hand weapon of the P/M/G tables. ``damage_bonus`` is added to Strength."""

    id: str
    name: str
    """French name as the seed writes it."""
    name_en: str
    size: Size
    damage_bonus: int | None
    """« Force +N »; ``None`` when the seed gives no number (size M, VDA-MELEE-07)."""
    difficulty: int | None
    damage_type: DamageType = "lethal"
    wound: Wound | None = None
    """``None``: the seed does not say (size G; catalogue default standard lethal)."""
    initiative: int = 0
    """Initiative modifier, in dice (VDA-INIT-09)."""
    concealment: int | None = None
    """Dissimulation rating (VDA-CONC-01); ``None`` when the seed gives none."""
    concealable: bool = True
    """Size G: « pas de dissimulation possible »."""
    stealth_malus: int = 0
    """Stealth dice lost while carried (VDA-CONC-02)."""
    resources: int = 3
    resistance_modifier: int = 0
    """Added to (bonus + maker's Crafts) (VDA-RES-01)."""
    vandalism_bonus: int = 0
    """Added to a deliberate vandalism's loss (VDA-VAND-08)."""
    armour_bonus: int | None = 0
    """Soak dice of a shield; ``None`` when the seed never gives it (VDA-ARMOR-07)."""
    tags: frozenset[str] = frozenset()
    defaults: frozenset[str] = frozenset()
    """Fields holding a catalogue default rather than a number of the seed."""


class NaturalWeapon(msgspec.Struct, frozen=True, kw_only=True, tag="natural"):
    """A body weapon everyone has (VDA-NAT-01), or a vampire's fangs (VDA-NAT-03).
    Claws and other appendages come from powers: a sheet or the table defines them, and
    ``arsenal.as_weapon`` builds them as this class."""

    id: str
    name: str
    name_en: str
    damage_bonus: int
    difficulty: int
    damage_type: DamageType = "bashing"
    wound: Wound | None = "crushing"
    initiative: int = 0
    """Initiative modifier in dice when striking with it."""
    initiative_grappling: int | None = None
    """Initiative dice instead of ``initiative`` while in a grapple (VDA-NAT-02)."""
    first_level_aggravated: bool = False
    """The bite: the first level inflicted is aggravated (VDA-BITE-01)."""
    requires_grapple: bool = False
    vampire_only: bool = False
    aggravated_capacity: int = 0
    """Aggravated levels the weapon can inflict (claws by power, VDA-VAND-10)."""
    defaults: frozenset[str] = frozenset()
    discipline: str | None = None
    """The discipline a power-grown weapon comes from (claws: ``protean``, bone blades:
    ``vicissitude``): its score counts in the weapon's resistance (VDA-VAND-09)."""


class RangedWeapon(msgspec.Struct, frozen=True, kw_only=True, tag="ranged"):
    """A thrown weapon, bow, crossbow, firearm or grenade.

    Damage is either ``damage_bonus`` added to Strength (thrown) or to the bow's own
    strength (bows, VDA-BOW-03), or a fixed ``damage_dice`` (crossbows, firearms,
    grenade)."""

    id: str
    name: str
    name_en: str
    kind: RangedKind
    margin_class: MarginClass
    difficulty: int
    range_m: int
    """Maximum range in metres (standing, for the javelin)."""
    damage_bonus: int | None = None
    damage_dice: int | None = None
    size: Size | None = None
    """Thrown weapons only; the seed sizes nothing else."""
    range_run_up_m: int | None = None
    """Javelin and pilum thrown with a run-up (VDA-THROW-01)."""
    range_per_point_m: int = 0
    """Metres per point of Strength above 3 and per Potence dot (VDA-THROW-01)."""
    range_medium_m: int | None = None
    """The grenade's medium band (VDA-THROW-05)."""
    damage_type: DamageType = "lethal"
    wound: Wound | None = None
    initiative: int = 0
    concealment: int | None = None
    concealable: bool = True
    stealth_malus: int = 0
    resources: int = 3
    armour_cancel: int = 0
    """Armour dice the shot cancels, never Fortitude (VDA-RMAR-06)."""
    actions_per_shot: int = 1
    """« 1 tir par N actions » (VDA-BOW-06)."""
    reload_actions: int = 0
    """Firearms: actions to reload after a shot (VDA-FIRE-06)."""
    reload_actions_cartridge: int | None = None
    """Firearms once cartridges are used (VDA-FIRE-06)."""
    initiative_difficulty: int | None = None
    """Firearms: « Initiative 6 », 5 with a lock (VDA-FIRE-05)."""
    initiative_difficulty_lock: int | None = None
    lock_resources: int | None = None
    tags: frozenset[str] = frozenset()
    defaults: frozenset[str] = frozenset()


class Armour(msgspec.Struct, frozen=True, kw_only=True, tag="armour"):
    """A worn armour (VDA-ARMOR-01)."""

    id: str
    name: str
    name_en: str
    category: Literal["light", "medium", "rich", "heavy"]
    """Légère, moyenne, riche, lourde."""
    soak_dice: int
    malus: int
    """Dice off Stealth and Perception (VDA-ARMOR-04); also the targeted-attack
    difficulty (VDA-ARMOR-05) and the auto-soak against P and natural weapons
    (VDA-ARMOR-06)."""
    resources: int
    resistance_modifier: int = 0
    """Added to (2 × soak dice + maker's Crafts) (VDA-RES-04)."""
    restricted: bool = False
    """Damascus mail: Resources 4, the Arab world, gone from the 16th century (VDA-ARMOR-02)."""


Weapon = MeleeWeapon | NaturalWeapon | RangedWeapon


def _table(*entries: MeleeWeapon) -> dict[str, MeleeWeapon]:
    return {entry.id: entry for entry in entries}


# --- VDA-MELEE-02: taille P -------------------------------------------------
# « Les armes de type P font des dommages de type perforation, sauf la matraque. »
# Resources default to 3 where missing (« la plupart des armes sont à 3 », VDA-MELEE-13).

_P = [
    MeleeWeapon(
        id="dague_de_chasse",
        name="Dague de chasse",
        name_en="Hunting dagger",
        size="P",
        damage_bonus=2,
        difficulty=6,
        wound="piercing",
        initiative=1,
        concealment=1,
        resources=3,
    ),
    MeleeWeapon(
        id="dague_de_parade",
        name="Dague de parade",
        name_en="Parrying dagger",
        size="P",
        damage_bonus=1,
        difficulty=6,
        wound="piercing",
        resources=3,
        tags=frozenset({PARRYING}),
        concealment=0,
        defaults=frozenset({"initiative", "concealment"}),
    ),
    MeleeWeapon(
        id="couteau",
        name="Couteaux",
        name_en="Knife",
        size="P",
        damage_bonus=1,
        difficulty=5,
        wound="piercing",
        concealment=-1,
        resources=1,
        tags=frozenset({SMALL_PARRY}),
        defaults=frozenset({"initiative"}),
    ),
    MeleeWeapon(
        id="stylet",
        name="Stylet",
        name_en="Stiletto",
        size="P",
        damage_bonus=0,
        difficulty=5,
        wound="piercing",
        concealment=-2,
        tags=frozenset({SMALL_PARRY}),
        defaults=frozenset({"initiative", "resources"}),
    ),
    MeleeWeapon(
        id="simple_pointe",
        name="Simple pointe",
        name_en="Simple spike",
        size="P",
        damage_bonus=0,
        difficulty=6,
        wound="piercing",
        initiative=-1,
        concealment=-3,
        tags=frozenset({SMALL_PARRY}),
        defaults=frozenset({"resources"}),
    ),
    MeleeWeapon(
        id="matraque_courte",
        name="Matraque courte",
        name_en="Short club",
        size="P",
        damage_bonus=1,
        difficulty=7,
        damage_type="bashing",
        wound="crushing",
        initiative=-1,
        concealment=-2,
        tags=frozenset({SMALL_PARRY, KNOCKOUT, WOODEN}),
        defaults=frozenset({"resources"}),
    ),
    # VDA-STAKE-05: « pieu à main » is named as an impaling weapon with no numbers; the
    # catalogue's provisional stats mirror the knife and the hunting dagger.
    MeleeWeapon(
        id="pieu",
        name="Pieu à main",
        name_en="Hand stake",
        size="P",
        damage_bonus=1,
        difficulty=6,
        wound="piercing",
        concealment=0,
        tags=frozenset({IMPALING, WOODEN}),
        defaults=frozenset({"damage_bonus", "difficulty", "wound", "initiative", "concealment", "resources"}),
    ),
]

# --- VDA-MELEE-06, VDA-MELEE-07: taille M ------------------------------------------------
# The seed names these weapons and gives no damage, difficulty, initiative,
# concealment or Resources for them: those stay unknown (None) or take the
# catalogue default named in ``defaults``. Campaign data must supply the rest.
_M_UNSTATED = frozenset({"initiative", "resources"})

_M = [
    MeleeWeapon(
        id="glaive",
        name="Glaive",
        name_en="Gladius-type short sword",
        size="M",
        damage_bonus=None,
        difficulty=None,
        wound="slashing",
        resistance_modifier=3,
        stealth_malus=0,
        tags=frozenset({NO_STEALTH_MALUS}),
        defaults=_M_UNSTATED,
    ),
    MeleeWeapon(
        id="kopesh",
        name="Kopesh",
        name_en="Khopesh",
        size="M",
        damage_bonus=None,
        difficulty=None,
        wound="slashing",
        resistance_modifier=3,
        stealth_malus=0,
        tags=frozenset({NO_STEALTH_MALUS}),
        defaults=_M_UNSTATED,
    ),
    MeleeWeapon(
        id="rapiere",
        name="Rapière",
        name_en="Rapier",
        size="M",
        damage_bonus=None,
        difficulty=None,
        wound="piercing",
        resistance_modifier=-3,
        stealth_malus=1,
        defaults=_M_UNSTATED,
    ),
    # The melee pilum takes the thrown pilum's numbers (catalogue VDA-MELEE-07).
    MeleeWeapon(
        id="pilum",
        name="Pilum",
        name_en="Pilum",
        size="M",
        damage_bonus=3,
        difficulty=6,
        wound="piercing",
        initiative=1,
        stealth_malus=1,
        defaults=frozenset({"damage_bonus", "difficulty", "initiative", "resources"}),
    ),
    MeleeWeapon(
        id="masse",
        name="Masse",
        name_en="Mace",
        size="M",
        damage_bonus=None,
        difficulty=None,
        damage_type="bashing",
        wound="crushing",
        stealth_malus=1,
        defaults=_M_UNSTATED,
    ),
    MeleeWeapon(
        id="fleau",
        name="Fléau",
        name_en="Flail",
        size="M",
        damage_bonus=None,
        difficulty=None,
        damage_type="bashing",
        wound="crushing",
        stealth_malus=1,
        defaults=_M_UNSTATED,
    ),
    MeleeWeapon(
        id="bouclier",
        name="Bouclier",
        name_en="Shield",
        size="M",
        damage_bonus=None,
        difficulty=None,
        damage_type="bashing",
        wound="crushing",
        stealth_malus=1,
        resistance_modifier=6,
        armour_bonus=None,
        tags=frozenset({SHIELD}),
        defaults=_M_UNSTATED,
    ),
    # Only the initiative example names the scimitar (+2 binds it to sequence 1).
    MeleeWeapon(
        id="cimeterre",
        name="Cimeterre",
        name_en="Scimitar",
        size="M",
        damage_bonus=None,
        difficulty=None,
        wound="slashing",
        initiative=2,
        stealth_malus=1,
        defaults=frozenset({"size", "resources"}),
    ),
    MeleeWeapon(
        id="epee",
        name="Épée",
        name_en="Sword",
        size="M",
        damage_bonus=None,
        difficulty=None,
        wound="slashing",
        stealth_malus=1,
        defaults=frozenset({"size", "initiative", "resources"}),
    ),
]

# --- VDA-MELEE-09: taille G ---------------------------------------------------
# « Défaut : pas de dissimulation possible et donne -2 dés de discrétion. »
# The seed gives no damage type for G weapons: standard lethal (catalogue VDA-DMG-07).

_G = [
    MeleeWeapon(
        id="hache_a_deux_mains",
        name="Hache à 2 mains",
        name_en="Two-handed axe",
        size="G",
        damage_bonus=6,
        difficulty=7,
        initiative=-1,
        resources=2,
        stealth_malus=2,
        concealable=False,
        resistance_modifier=-3,
        vandalism_bonus=3,
        tags=frozenset({IGNORES_SHIELD, AUTO_VANDALISM, WOODEN, MULTI_ACTION_MALUS, SMALL_PARRY}),
        # « Malus multi-action (¤) (voir ci-dessus) » read as the ¤ parry malus.
        defaults=frozenset({"tags"}),
    ),
    MeleeWeapon(
        id="epee_a_deux_mains",
        name="Épée à 2 mains",
        name_en="Two-handed sword",
        size="G",
        damage_bonus=5,
        difficulty=7,
        initiative=0,
        resources=3,
        stealth_malus=2,
        concealable=False,
        resistance_modifier=5,
        vandalism_bonus=2,
        tags=frozenset({IGNORES_SHIELD, FIRST_OUTNUMBERING, AUTO_VANDALISM}),
    ),
    # VDA-MELEE-12: the lance and the boar spear counter a charge, impale, and the lance
    # anchors against a horse (their polearm advantages, VDA-MOD-06).
    MeleeWeapon(
        id="lance",
        name="Lance",
        name_en="Lance",
        size="G",
        damage_bonus=3,
        difficulty=6,
        initiative=3,
        resources=1,
        stealth_malus=2,
        concealable=False,
        tags=frozenset({COUNTER_CHARGE, IMPALING, ANCHORABLE, WOODEN}),
    ),
    MeleeWeapon(
        id="epieu",
        name="Épieu (à sanglier)",
        name_en="Boar spear",
        size="G",
        damage_bonus=4,
        difficulty=6,
        initiative=1,
        stealth_malus=2,
        concealable=False,
        tags=frozenset({COUNTER_CHARGE, IMPALING, WOODEN}),
        defaults=frozenset({"resources", "tags"}),
    ),
]

MELEE_WEAPONS: dict[str, MeleeWeapon] = _table(*_P, *_M, *_G)


# --- VDA-NAT-01, VDA-NAT-03: armes naturelles -------------------------------------------

NATURAL_WEAPONS: dict[str, NaturalWeapon] = {
    weapon.id: weapon
    for weapon in (
        NaturalWeapon(
            id="tete",
            name="Tête",
            name_en="Head",
            damage_bonus=0,
            difficulty=6,
            initiative=-2,
            initiative_grappling=2,
            defaults=frozenset({"difficulty"}),
        ),
        NaturalWeapon(
            id="poings",
            name="Poings",
            name_en="Fists",
            damage_bonus=0,
            difficulty=6,
            initiative=-2,
            initiative_grappling=2,
            defaults=frozenset({"difficulty"}),
        ),
        NaturalWeapon(
            id="pieds",
            name="Pieds",
            name_en="Feet",
            damage_bonus=1,
            difficulty=7,
            initiative=1,
        ),
        NaturalWeapon(
            id="morsure",
            name="Morsure",
            name_en="Bite",
            damage_bonus=1,
            difficulty=5,
            damage_type="lethal",
            wound=None,
            first_level_aggravated=True,
            requires_grapple=True,
            vampire_only=True,
            aggravated_capacity=1,
            defaults=frozenset({"initiative"}),
        ),
    )
}


# --- VDA-THROW-04, VDA-BOW-03, VDA-BOW-04, VDA-BOW-07, VDA-FIRE-01, VDA-FIRE-02, VDA-FIRE-03, VDA-FIRE-04,
# VDA-FIRE-05: armes
# à distance

_THROWN = [
    # « Dard couteau fléchette » share a range line; the dart row stands for both.
    RangedWeapon(
        id="dard",
        name="Dard",
        name_en="Dart",
        kind="thrown",
        margin_class="thrown_or_bow",
        size="P",
        damage_bonus=0,
        difficulty=6,
        concealment=-2,
        wound="piercing",
        range_m=10,
        range_per_point_m=1,
        defaults=frozenset({"initiative", "resources", "wound"}),
    ),
    RangedWeapon(
        id="couteau_de_lancer",
        name="Couteau",
        name_en="Throwing knife",
        kind="thrown",
        margin_class="thrown_or_bow",
        size="P",
        damage_bonus=1,
        difficulty=6,
        concealment=-1,
        wound="piercing",
        range_m=10,
        range_per_point_m=1,
        resources=1,
        defaults=frozenset({"initiative", "resources", "wound"}),
    ),
    RangedWeapon(
        id="hachette",
        name="Hachette",
        name_en="Hatchet",
        kind="thrown",
        margin_class="thrown_or_bow",
        size="M",
        damage_bonus=2,
        difficulty=6,
        concealment=2,
        wound="slashing",
        range_m=15,
        range_per_point_m=1,
        tags=frozenset({WOODEN}),
        defaults=frozenset({"initiative", "resources", "wound", "tags"}),
    ),
    RangedWeapon(
        id="javelot",
        name="Javelot",
        name_en="Javelin",
        kind="thrown",
        margin_class="thrown_or_bow",
        size="M",
        damage_bonus=3,
        difficulty=6,
        initiative=1,
        concealable=False,
        wound="piercing",
        range_m=25,
        range_run_up_m=50,
        range_per_point_m=2,
        defaults=frozenset({"resources", "wound"}),
    ),
    RangedWeapon(
        id="pilum_de_jet",
        name="Pilum",
        name_en="Pilum (thrown)",
        kind="thrown",
        margin_class="thrown_or_bow",
        size="M",
        damage_bonus=3,
        difficulty=6,
        initiative=1,
        concealable=False,
        wound="piercing",
        range_m=25,
        range_run_up_m=50,
        range_per_point_m=2,
        defaults=frozenset({"resources"}),
    ),
]

_BOWS = [
    # A bow's « Force + N » is the bow's own strength + N (VDA-BOW-03).
    # VDA-BOW-04: ranges 30, 60, 60 and 90 m; the crossbows cancel 1 and 3 armour dice.
    RangedWeapon(
        id="arc_court",
        name="Arc court",
        name_en="Short bow",
        kind="bow",
        margin_class="thrown_or_bow",
        damage_bonus=0,
        difficulty=6,
        range_m=30,
        actions_per_shot=1,
        resources=1,
        tags=frozenset({IMPALING}),
        defaults=frozenset({"initiative"}),
    ),
    RangedWeapon(
        id="arc_long",
        name="Arc long",
        name_en="Long bow",
        kind="bow",
        margin_class="thrown_or_bow",
        damage_bonus=2,
        difficulty=6,
        range_m=60,
        actions_per_shot=2,
        resources=2,
        tags=frozenset({IMPALING}),
        defaults=frozenset({"initiative"}),
    ),
    RangedWeapon(
        id="arbalete_legere",
        name="Arbalète légère",
        name_en="Light crossbow",
        kind="crossbow",
        margin_class="crossbow",
        damage_dice=4,
        difficulty=6,
        range_m=60,
        armour_cancel=1,
        actions_per_shot=2,
        resources=2,
        tags=frozenset({IMPALING}),
        defaults=frozenset({"initiative"}),
    ),
    RangedWeapon(
        id="arbalete_lourde",
        name="Arbalète lourde",
        name_en="Heavy crossbow",
        kind="crossbow",
        margin_class="crossbow",
        damage_dice=6,
        difficulty=7,
        range_m=90,
        armour_cancel=3,
        actions_per_shot=3,
        resources=3,
        tags=frozenset({IMPALING}),
        defaults=frozenset({"initiative"}),
    ),
    # No difficulty, range or class in the seed: provisional (catalogue VDA-BOW-07).
    RangedWeapon(
        id="serpentine",
        name="Serpentine",
        name_en="Serpentine",
        kind="firearm",
        margin_class="firearm",
        damage_dice=3,
        difficulty=6,
        range_m=30,
        armour_cancel=2,
        actions_per_shot=3,
        resources=4,
        defaults=frozenset({"kind", "margin_class", "difficulty", "range_m", "initiative"}),
    ),
]

# « Pour la guerre de 30 ans ». Attack difficulty is not stated (6, A-7); the
# « Initiative 6, 5 avec platine (Ressource 4) » is read as the initiative
# roll's difficulty (catalogue VDA-FIRE-05). Reloading: 2 actions, 1 with
# cartridges.
_FIREARMS = [
    # VDA-FIRE-01: the pistol.
    RangedWeapon(
        id="pistolet",
        name="Pistolet",
        name_en="Pistol",
        kind="firearm",
        margin_class="firearm",
        damage_dice=2,
        difficulty=6,
        range_m=15,
        armour_cancel=1,
        stealth_malus=0,
        resources=3,
        defaults=frozenset({"difficulty"}),
        reload_actions=2,
        reload_actions_cartridge=1,
        initiative_difficulty=6,
        initiative_difficulty_lock=5,
        lock_resources=4,
    ),
    # VDA-FIRE-02: the musket, 30 m, 3 dice, cancels 3 armour dice, Stealth malus 1.
    RangedWeapon(
        id="fusil",
        name="Fusil",
        name_en="Musket",
        kind="firearm",
        margin_class="firearm",
        damage_dice=3,
        difficulty=6,
        range_m=30,
        armour_cancel=3,
        stealth_malus=1,
        defaults=frozenset({"difficulty", "resources"}),
        reload_actions=2,
        reload_actions_cartridge=1,
        initiative_difficulty=6,
        initiative_difficulty_lock=5,
        lock_resources=4,
    ),
    # VDA-FIRE-03: « Tromblon (et autres fusils ?) : ? portée 15 mètres » — the range carries
    # a "?"; no armour cancellation is given (0, catalogue default).
    RangedWeapon(
        id="tromblon",
        name="Tromblon",
        name_en="Blunderbuss",
        kind="firearm",
        margin_class="firearm",
        damage_dice=2,
        difficulty=6,
        range_m=15,
        stealth_malus=1,
        tags=frozenset({MULTI_TARGET}),
        defaults=frozenset({"difficulty", "resources", "armour_cancel"}),
        reload_actions=2,
        reload_actions_cartridge=1,
        initiative_difficulty=6,
        initiative_difficulty_lock=5,
        lock_resources=4,
    ),
]

# « Armes spéciales › Grenades »: 4 dice, firearm margins, a fire rider (VDA-GREN).
_GRENADE = RangedWeapon(
    id="grenade",
    name="Grenade",
    name_en="Grenade",
    kind="grenade",
    margin_class="firearm",
    damage_dice=4,
    difficulty=6,
    range_m=50,
    range_medium_m=30,
    defaults=frozenset({"difficulty", "range_m", "range_medium_m", "resources"}),
)

RANGED_WEAPONS: dict[str, RangedWeapon] = {
    weapon.id: weapon for weapon in (*_THROWN, *_BOWS, *_FIREARMS, _GRENADE)
}


# --- VDA-ARMOR-01: armures ------------------------------------------------------

ARMOURS: dict[str, Armour] = {
    armour.id: armour
    for armour in (
        Armour(
            id="cuir",
            name="Armure légère (cuir)",
            name_en="Leather",
            category="light",
            soak_dice=1,
            malus=0,
            resources=1,
        ),
        Armour(
            id="maille",
            name="Armure moyenne (maille)",
            name_en="Mail",
            category="medium",
            soak_dice=2,
            malus=1,
            resources=2,
        ),
        Armour(
            id="maille_de_damas",
            name="Armure riche (maille de Damas)",
            name_en="Damascus mail",
            category="rich",
            soak_dice=3,
            malus=1,
            resources=4,
            resistance_modifier=-3,
            restricted=True,
        ),
        Armour(
            id="plaque",
            name="Armure lourde (plaque)",
            name_en="Plate",
            category="heavy",
            soak_dice=4,
            malus=2,
            resources=3,
            resistance_modifier=4,
        ),
    )
}


def find_weapon(weapon_id: str) -> Weapon | None:
    """The melee, natural or ranged weapon with this id, if any."""
    return MELEE_WEAPONS.get(weapon_id) or NATURAL_WEAPONS.get(weapon_id) or RANGED_WEAPONS.get(weapon_id)
