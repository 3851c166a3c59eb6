"""The resistance of weapons, armour and natural weapons, and vandalism.

Chapters VDA-RES and VDA-VAND of ``rules/vda.md``, from seed 000 « Résistance »,
« Vandalisme », « Vandalisme automatique » and « Vandalisme contre les armes
naturelles ». The state of an item in a fight is a :class:`~domain.systems.vda.gear.Item`
in its owner's ``Fighter.items``; an item that never changed is in hand and whole.
"""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.data import (
    ARMOURS,
    AUTO_VANDALISM,
    SHIELD,
    WOODEN,
    Armour,
    MeleeWeapon,
    NaturalWeapon,
    Weapon,
    find_weapon,
)
from domain.systems.vda.gear import Item
from domain.systems.vda.options import DamageOptions, EquipmentOptions
from domain.systems.vda.state import Fighter
from domain.systems.vda.tactics import MagicItem
from domain.systems.wod import Modifier

NO_ITEM = Item()


def item_state(fighter: Fighter, item: str) -> Item:
    return fighter.items.get(item, NO_ITEM)


def in_hand(fighter: Fighter, item: str) -> bool:
    """Whether an item of the sheet is still usable: not dropped, stuck or destroyed."""
    return item_state(fighter, item).location == "held"


def require_in_hand(fighter: Fighter, combatant: str, item: str) -> None:
    """VDA-DISARM-04, VDA-STUCK-01, VDA-RES-02: a weapon on the ground, stuck in a body or
    destroyed cannot be used.

    000 « Désarmement », « Arme coincée », « Résistance »."""
    where = item_state(fighter, item).location
    rule = {"destroyed": "VDA-RES-02", "stuck": "VDA-STUCK-01"}.get(where, "VDA-DISARM-04")
    require(where == "held", rule, f"{combatant!r} no longer holds {item!r} ({where})")


# --- VDA-RES ------------------------------------------------------------------


def weapon_resistance(weapon: Weapon, crafts: int) -> int:
    """VDA-RES-01: a weapon's resistance is its damage bonus plus its maker's Crafts, plus
    the weapon's modifier (glaive and khopesh +3, two-handed sword +5, axe and rapier −3).

    A size-M weapon without a bonus in the seed counts 0. 000 « Résistance »."""
    bonus = weapon.damage_bonus or 0
    modifier = weapon.resistance_modifier if isinstance(weapon, MeleeWeapon) else 0
    return max(0, bonus + crafts + modifier)


def armour_resistance(soak_dice: int, modifier: int, crafts: int) -> int:
    """VDA-RES-04: armour and defensive weapons have (armour dice × 2) + Crafts, plus the
    item's modifier (shield +6, plate +4, Damascus mail −3).

    000 « Résistance »."""
    return max(0, 2 * soak_dice + crafts + modifier)


def natural_weapon_resistance(discipline: int, body_crafting: int, weapon: NaturalWeapon) -> int:
    """VDA-VAND-09: a natural weapon's resistance is Discipline + Body crafting + its damage bonus.

    000 « Vandalisme contre les armes naturelles »."""
    return discipline + body_crafting + weapon.damage_bonus


def max_resistance(
    item: str, crafts: int, options: DamageOptions, discipline: int = 0, body_crafting: int = 0
) -> int:
    """An item's full resistance by its kind: armour and shields (VDA-RES-04), natural
    weapons (VDA-VAND-09), other weapons including the parrying dagger (VDA-RES-01,
    the catalogue's default for it)."""
    if item in ARMOURS:
        armour: Armour = ARMOURS[item]
        return armour_resistance(armour.soak_dice, armour.resistance_modifier, crafts)
    weapon = find_weapon(item)
    require(weapon is not None, "VDA-RES-01", f"unknown item {item!r}")
    assert weapon is not None
    if isinstance(weapon, NaturalWeapon):
        return natural_weapon_resistance(discipline, body_crafting, weapon)
    if isinstance(weapon, MeleeWeapon) and SHIELD in weapon.tags:
        dice = weapon.armour_bonus if weapon.armour_bonus is not None else options.shield_armour_dice
        return armour_resistance(dice, weapon.resistance_modifier, crafts)
    return weapon_resistance(weapon, crafts)


def is_wooden(item: str) -> bool:
    weapon = find_weapon(item)
    return weapon is not None and not isinstance(weapon, NaturalWeapon) and WOODEN in weapon.tags


def wooden_loss(item: str) -> list[Modifier]:
    """VDA-RES-05: wooden items (axe, lance, club, some shields) lose 1 more on every loss.

    000 « Résistance » (« la perte de point de résistance est augmentée de 1 »)."""
    return [Modifier(rule="VDA-RES-05", value=1, why="bois")] if is_wooden(item) else []


def destroyed(resistance: int) -> bool:
    """VDA-RES-02: at 0 resistance the item is destroyed.

    000 « Résistance » (« Quand cette valeur atteint 0, l'arme est détruite »)."""
    return resistance <= 0


def critical_failure_loss(item: str, ones: int) -> list[Modifier]:
    """VDA-RES-07: a botched attack strikes the hardest thing near: the weapon loses 1 per 1.

    Wood adds its point (VDA-RES-05). 000 « Résistance » › « Utilisation classique »."""
    return [Modifier(rule="VDA-RES-07", value=ones, why="échec critique"), *wooden_loss(item)]


# --- VDA-VAND ------------------------------------------------------------------


def vandalism_difficulty() -> list[Modifier]:
    """VDA-VAND-01: striking an item instead of its owner is at +2 difficulty.

    000 « Vandalisme »."""
    return [Modifier(rule="VDA-VAND-01", value=2, why="vandalisme")]


def small_item_avoidance(item: str) -> list[Modifier]:
    """VDA-VAND-02: avoiding a vandalism aimed at a size-P weapon is at −1 difficulty.

    000 « Vandalisme » (« couteau, stylet, simple pointe étant vraiment très petite »)."""
    weapon = find_weapon(item)
    small = isinstance(weapon, MeleeWeapon) and weapon.size == "P"
    return [Modifier(rule="VDA-VAND-02", value=-1, why="arme de taille P")] if small else []


def vandalism_loss(
    item: str,
    strength: int,
    potence: int,
    weapon: Weapon,
    deliberate: bool,
    options: EquipmentOptions,
    aggravated_capacity: int = 0,
) -> list[Modifier]:
    """VDA-VAND-03, VDA-VAND-04, VDA-VAND-05, VDA-VAND-08, VDA-VAND-10: the resistance a successful vandalism
    takes, term by term.

    Base 2 (VDA-VAND-03, « A tester ? »), +1 per 5 of Strength + Potence (VDA-VAND-04), +1 for a
    bashing weapon (VDA-VAND-05), the two-handed axe +3 and sword +2 when deliberate
    (VDA-VAND-08), +1 for wood (VDA-RES-05), − the aggravated levels a natural weapon inflicts
    (VDA-VAND-10). 000 « Vandalisme », « Vandalisme automatique », « … armes naturelles »."""
    terms = [Modifier(rule="VDA-VAND-03", value=options.vandalism_base_loss, why="base")]
    if (strength + potence) // 5:
        terms.append(Modifier(rule="VDA-VAND-04", value=(strength + potence) // 5, why="Force + Potence"))
    if weapon.damage_type == "bashing":
        terms.append(Modifier(rule="VDA-VAND-05", value=1, why="arme contondante"))
    if deliberate and isinstance(weapon, MeleeWeapon) and weapon.vandalism_bonus:
        terms.append(Modifier(rule="VDA-VAND-08", value=weapon.vandalism_bonus, why=weapon.id))
    terms += wooden_loss(item)
    if aggravated_capacity:
        terms.append(Modifier(rule="VDA-VAND-10", value=-aggravated_capacity, why="arme naturelle aggravée"))
    return terms


def natural_parry_bashing(weapon: Weapon | None, loss: int) -> int:
    """VDA-VAND-10: who parries with a natural weapon takes its resistance loss as bashing damage.

    Every natural weapon, not only the aggravated ones (the catalogue's default); the
    damage is then soaked like any bashing (:func:`natural_parry_soak`). 000 « Vandalisme
    contre les armes naturelles » (« Celui qui pare avec de telles armes prend aussi en
    dommage de type contusion les dommages en résistance infligés à l'arme »)."""
    return max(0, loss) if isinstance(weapon, NaturalWeapon) else 0


def natural_parry_soak(levels: int, fortitude: int) -> tuple[int, int]:
    """VDA-VAND-10: Fortitude soaks the parrier's bashing automatically (VDA-FORPOT-06).

    Returns (automatic soak, levels left for the Stamina soak roll).
    000 « … armes naturelles » (Xin Tao: « avec son 5 en Fortitude il encaisse
    automatiquement ces dommages »)."""
    automatic = min(levels, max(0, fortitude))
    return automatic, levels - automatic


def total_loss(terms: list[Modifier]) -> int:
    return max(0, sum(term.value for term in terms))


def automatic_vandalism(weapon: Weapon) -> bool:
    """VDA-VAND-07: the two-handed axe and sword wear the armour or the parrying weapon they meet.

    000 « Vandalisme automatique »."""
    return isinstance(weapon, MeleeWeapon) and AUTO_VANDALISM in weapon.tags


def parry_wear(item: str, options: EquipmentOptions) -> list[Modifier]:
    """VDA-VAND-06 (« A tester ? »): a shield loses 1 resistance on each successful parry.

    000 « Vandalisme »."""
    weapon = find_weapon(item)
    shield = isinstance(weapon, MeleeWeapon) and SHIELD in weapon.tags
    if not (shield and options.shield_wears_on_parry):
        return []
    return [Modifier(rule="VDA-VAND-06", value=1, why="parade au bouclier"), *wooden_loss(item)]


def magic_resistance(item: MagicItem | None) -> int:
    """VDA-RES-06: a magic item adds its creator's level in the magic discipline to its
    resistance.

    000 « Résistance » (« au score de résistance est ajouté le niveau dans la discipline
    magique du créateur »)."""
    return item.creator_level if item is not None else 0


def magic_loss_reduction(item: MagicItem | None) -> list[Modifier]:
    """VDA-RES-06: a magic item takes its cost in dots off every resistance loss.

    000 « Résistance » (« les objets magiques soustraient leur coût en rond d'objet
    magique de toute perte de point de résistance »)."""
    if item is None or item.dots == 0:
        return []
    return [Modifier(rule="VDA-RES-06", value=-item.dots, why="objet magique")]


def supernatural_loss(item: str, loss: int, source: str, reason: str) -> list[Modifier]:
    """VDA-RES-08: Entropy, Potence or Fortitude powers damage equipment; the seed gives no
    amount, so the GM rules it (``vda.WearItem``); wood still loses 1 more (VDA-RES-05).

    000 « Résistance » › « Effet surnaturel abîmant l'équipement »."""
    return [Modifier(rule="VDA-RES-08", value=loss, why=f"{source}: {reason}"), *wooden_loss(item)]
