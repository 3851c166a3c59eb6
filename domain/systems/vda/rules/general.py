"""General roll rules (VDA-GEN). The difficulty bounds (A-2) and pool totals (A-5)
are the World of Darkness's, in ``domain.systems.wod.pool``."""

from __future__ import annotations

from domain.dice import PoolRoll, Roller
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import Fighter
from domain.systems.wod import Modifier, PoolSpec, plain_pool_roll


def skill_repeat_malus(fighter: Fighter, skill: str, every_reuse: bool) -> Modifier | None:
    """VDA-GEN-01: each earlier use of the same skill this round adds +1 difficulty.

    Seed 000 « Règles de combat »; 001 « Augmentation de la difficulté ». The
    catalogue's default counts every reuse in the round (``every_reuse``); the
    alternative counts a single +1 once the skill was used before.
    """
    uses = fighter.skill_uses.get(skill, 0) if skill else 0
    if uses == 0:
        return None
    value = uses if every_reuse else 1
    return Modifier(rule="VDA-GEN-01", value=value, why=f"{skill} déjà utilisé {uses}×")


def is_critical_failure(roll: PoolRoll, offensive: bool, on_net_successes: bool = False) -> bool:
    """VDA-GEN-02: an offensive roll with no success and at least one 1 is a critical failure.

    Seed 000 « Règles de combat ». Read on the raw faces (no hit at all), as the
    catalogue says; ``on_net_successes`` (option ``critical_on_net_successes``) reads
    « aucun succès » after the 1s cancelled the hits.
    """
    none = roll.successes == 0 if on_net_successes else roll.hits == 0
    return offensive and none and roll.ones > 0


def plain_roll(roller: Roller, spec: PoolSpec, options: VdaOptions) -> PoolRoll:
    """A-3: a plain ``RollDice`` at a ``vda`` table reads the table's ``ones_cancel`` like
    every roll of the round does."""
    return plain_pool_roll(roller, spec, ones_cancel=options.ones_cancel)
