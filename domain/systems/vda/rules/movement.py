"""Being on the ground, charging on foot or mounted, and horses.

Chapters VDA-PRONE, VDA-CHARGE and VDA-HORSE of ``rules/vda.md``, from seed
000 « Au sol », « Charger à pied ou à cheval », « Armes de taille G › Note »
and « Chevaux ».
"""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.data import COUNTER_CHARGE, MeleeWeapon, Size, Weapon
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules.damage import bashing_taken
from domain.systems.wod import NONE, Kind, Terms, terms

# --- VDA-PRONE ----------------------------------------------------------------

PRONE_SKILLS = frozenset({"brawl", "melee", "dodge"})


def prone_actor_modifiers(prone: bool, skill: str) -> Terms:
    """VDA-PRONE-01: a combatant on the ground is at +1 on Brawl, Melee and Dodge.

    000 « Au sol »."""
    if not prone or skill not in PRONE_SKILLS:
        return NONE
    return terms("VDA-PRONE-01", difficulty=1)


def prone_target_modifiers(target_prone: bool, ranged: bool, options: DamageOptions) -> Terms:
    """VDA-PRONE-01: the adversaries of a combatant on the ground are at −1.

    Melee and brawl only, ranged by table option.

    000 « Au sol »."""
    if not target_prone or (ranged and not options.prone_helps_ranged_attackers):
        return NONE
    return terms("VDA-PRONE-01", difficulty=-1)


def prone_initiative_modifiers(prone_at_round_start: bool) -> Terms:
    """VDA-PRONE-03: starting a round on the ground puts the initiative roll at +2.

    000 « Au sol »."""
    if not prone_at_round_start:
        return NONE
    return terms("VDA-PRONE-03", difficulty=2, why="au sol en début de round")


def initiative_lost_on_fall() -> int:
    """VDA-PRONE-04: a fall generally costs 1 initiative point this round.

    000 « Au sol »."""
    return 1


def initiative_lost_on_critical_fall(ones: int) -> int:
    """VDA-PRONE-05: a fall from a critical failure costs one initiative point per 1 rolled.

    000 « Au sol »."""
    return ones


# --- VDA-CHARGE ---------------------------------------------------------------


def require_charge_run_up(
    full_rounds_moved: int, straight_line_successes: int, options: DamageOptions
) -> None:
    """VDA-CHARGE-01: a charge needs a round of movement or a long enough straight run.

    The run: 5 successes (25 m) by default (``charge_straight_line_successes``).

    000 « Charger à pied ou à cheval › Conditions »; « Armes de taille G › Note »."""
    require(
        full_rounds_moved >= 1 or straight_line_successes >= options.charge_straight_line_successes,
        "VDA-CHARGE-01",
        "une charge demande un round de déplacement ou une course en ligne droite "
        f"de {options.charge_straight_line_successes} succès",
    )


def require_charge_weapon(weapon: Weapon, mounted: bool) -> None:
    """VDA-CHARGE-02: a charge needs a size M or G weapon mounted, size G on foot.

    000 « Charger à pied ou à cheval › Conditions »."""
    size = weapon.size if isinstance(weapon, MeleeWeapon) else None
    allowed: tuple[Size, ...] = ("M", "G") if mounted else ("G",)
    require(
        size in allowed,
        "VDA-CHARGE-02",
        f"charger {'à cheval' if mounted else 'à pied'} demande une arme de taille {' ou '.join(allowed)}",
    )


_SIZE_ORDER: dict[Size, int] = {"P": 0, "M": 1, "G": 2}


def larger_weapon(first: Weapon, second: Weapon) -> Literal["first", "second"] | None:
    """VDA-CHARGE-09: the larger weapon is the larger size, then the higher initiative bonus.

    A tie gives nobody the bonus.

    000 « Armes de taille G › Note » (« consulter le bonus d'initiative de l'arme.
    En cas d'égalité, personne n'a de bonus »)."""

    def rank(weapon: Weapon) -> tuple[int, int]:
        size = weapon.size if isinstance(weapon, MeleeWeapon) else None
        return (_SIZE_ORDER[size] if size else -1, weapon.initiative)

    if rank(first) == rank(second):
        return None
    return "first" if rank(first) > rank(second) else "second"


def mid_round_charge_bonus(weapon: MeleeWeapon, options: DamageOptions) -> int:
    """VDA-CHARGE-04: a mid-round charge adds the weapon's bonus to the initiative score.

    Its initiative bonus by default (``charge_initiative_bonus``).

    000 « Charger à pied ou à cheval › Avantages »."""
    if options.charge_initiative_bonus == "damage":
        return max(0, weapon.damage_bonus or 0)
    return max(0, weapon.initiative)


def require_mid_round_charge(sequence: int, mine: Weapon, theirs: list[Weapon]) -> None:
    """VDA-CHARGE-04: the initiative bonus of a charge is claimed mid-round (a charge begun
    after sequence 1, whose charge was known at the initiative roll, VDA-CHARGE-03), and only
    by the holder of the larger weapon (VDA-CHARGE-09) against every weapon the target holds.

    000 « Charger à pied ou à cheval › Avantages » (« En cours de round, le bonus en dés de
    l'arme peut aussi être ajouté au score d'initiative courant »): « peut », the charger's
    choice (``Charge.initiative_bonus``).
    """
    require(sequence >= 2, "VDA-CHARGE-04", "in sequence 1 the charge's advantage was the initiative roll's")
    require(
        all(larger_weapon(mine, other) == "first" for other in theirs),
        "VDA-CHARGE-04",
        "only the larger weapon (size, then initiative bonus) adds its bonus",
    )


def charge_bashing_on_foot(kind: Kind) -> int:
    """VDA-CHARGE-05: a charge on foot adds 1 bashing after soak, still 1 against a vampire.

    000 « Charger à pied ou à cheval › Avantages »."""
    return bashing_taken(1, kind)


def charge_bashing_mounted(kind: Kind) -> int:
    """VDA-CHARGE-06: a mounted charge adds 2 bashing after soak, 1 against a vampire.

    000 « Charger à pied ou à cheval › Avantages »."""
    return bashing_taken(2, kind)


def charge_strength(
    rider_strength: int, rider_potence: int, mount: Mount | None, options: DamageOptions
) -> tuple[int, int]:
    """VDA-CHARGE-07: a mounted rider may strike with the mount's Strength and Potence.

    Returns (Strength, Potence) for the damage pool; whose Potence is ``mounted_potence``.

    000 « Charger à pied ou à cheval › Avantages »."""
    if mount is None:
        return rider_strength, rider_potence
    potence = mount.potence if options.mounted_potence == "mount" else rider_potence
    return mount.strength, potence


def counter_charge(defender_weapon: Weapon, charger_qualified: bool) -> bool:
    """VDA-CHARGE-08: a lance or boar spear gets the charge's advantages against a charger.

    The charger must meet a charge's conditions (VDA-CHARGE-01).

    000 « Armes de taille G › Note »."""
    return (
        charger_qualified
        and isinstance(defender_weapon, MeleeWeapon)
        and COUNTER_CHARGE in defender_weapon.tags
    )


# --- VDA-HORSE ----------------------------------------------------------------
