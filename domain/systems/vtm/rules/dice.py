"""Rolls of seed 003 « Les jets de dès », « Comment définir si un jet est réussi ou
non ? » and « Règles particulières » (the house rules on damage and soak)."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from domain.dice import MAX_DICE, PoolRoll, Roller
from domain.errors import require
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import VtmSheet
from domain.systems.wod import Modifier, dice, roll_terms, total
from domain.systems.wod.pool import DIFFICULTY_MAX


def has_specialty(sheet: VtmSheet, trait: str) -> bool:
    """VTM-DICE-06: a specialty in the trait rolled re-rolls its 10s (the 10 stays a
    success and adds a die, again and again; a 1 on the new die cancels as usual)."""
    return any(specialty.split(":", 1)[0] == trait for specialty in sheet.specialties)


def require_specialties_allowed(sheet: VtmSheet, ratings: dict[str, int]) -> None:
    """VTM-DICE-07: one specialty in a trait rated 4, two in a trait rated 5 or more,
    none below 4."""
    for trait in {specialty.split(":", 1)[0] for specialty in sheet.specialties}:
        count = sum(1 for s in sheet.specialties if s.split(":", 1)[0] == trait)
        rating = ratings.get(trait, 0)
        allowed = 2 if rating >= 5 else 1 if rating == 4 else 0
        require(
            count <= allowed,
            "VTM-DICE-07",
            f"{count} specialties in {trait} rated {rating}: a 4 allows one, a 5 two",
        )


def passed(successes: int, threshold: int) -> bool:
    """VTM-DICE-04: a test with a success threshold (Seuil de Réussite) passes with at
    least that many successes; without one, the threshold is 1 (the catalogue's
    reading: every combat rule of the seed treats one success as success)."""
    return successes >= threshold


def require_dice(options: VtmOptions, pool: Iterable[Modifier], what: str) -> None:
    """VTM-ACT-04: an action whose penalties leave no die cannot be attempted (VTM-DICE-01:
    a pool is a count of dice, so there is nothing to roll, to succeed or to botch); by
    the table's ``zero_pool_means_no_action=false`` it is attempted, rolls no die and fails."""
    require(
        dice(pool) >= 1 or not options.zero_pool_means_no_action,
        "VTM-ACT-04",
        f"{what}: the penalties leave no die to roll",
    )


def within_limit(pool: list[Modifier]) -> list[Modifier]:
    """No rule of the seed: one roll takes at most ``MAX_DICE`` dice, so a pool the GM's
    overrides and a specialty's extra successes pushed past it is cut down, as a term
    the log shows, instead of failing after the attack's dice were drawn."""
    excess = total(pool) - MAX_DICE
    return (
        [*pool, Modifier(rule="dice.pool-size", value=-excess, why=f"at most {MAX_DICE} dice")]
        if excess > 0
        else pool
    )


def read_roll(
    options: VtmOptions, roll: PoolRoll, difficulty: Iterable[Modifier], ones_cancel: bool
) -> PoolRoll:
    """VTM-DICE-06, VTM-DICE-02: the table's readings of a rolled pool. A re-rolled 10 keeps its
    success (``explode_keeps_original=false``: the new die replaces it, so the 10s count
    for nothing). A difficulty past 10 is rolled at 10
    (``difficulty_cap=extra_successes``: each point past 10 takes a success away)."""
    hits = roll.hits
    if roll.tens_again and not options.explode_keeps_original:
        hits -= roll.faces.count(10)
    successes = max(0, hits - roll.ones) if ones_cancel else hits
    surplus = total(difficulty) - DIFFICULTY_MAX
    if options.difficulty_cap == "extra_successes" and surplus > 0:
        successes = max(0, successes - surplus)
    botch = roll.botch if not ones_cancel else hits == 0 and roll.ones > 0
    return replace(roll, hits=hits, successes=successes, botch=botch)


def action_roll(
    options: VtmOptions,
    roller: Roller,
    pool: Iterable[Modifier],
    difficulty: Iterable[Modifier],
    *,
    specialty: bool,
) -> PoolRoll:
    """VTM-DICE-05: every die at or above the difficulty is a success and every 1 takes
    one away; VTM-DICE-08: no success and a 1 is a botch (one success and four 1s is a
    plain failure); VTM-DICE-06 with a specialty."""
    difficulty = list(difficulty)
    roll = roll_terms(roller, pool, difficulty, ones_cancel=True, tens_again=specialty)
    return read_roll(options, roll, difficulty, ones_cancel=True)


def damage_roll(
    options: VtmOptions, roller: Roller, pool: Iterable[Modifier], difficulty: Iterable[Modifier]
) -> PoolRoll:
    """VTM-HR-01: damage always re-rolls its 10s, its 1s cancel nothing, and it never
    botches once an attack hit."""
    difficulty = list(difficulty)
    roll = roll_terms(roller, pool, difficulty, ones_cancel=False, tens_again=True)
    return replace(read_roll(options, roll, difficulty, ones_cancel=False), botch=False)


def soak_roll(roller: Roller, pool: Iterable[Modifier], difficulty: Iterable[Modifier]) -> PoolRoll:
    """VTM-HR-02: soak never re-rolls its 10s, its 1s cancel nothing, it never botches."""
    roll = roll_terms(roller, pool, difficulty, ones_cancel=False, tens_again=False)
    return replace(roll, botch=False)
