"""What the World of Darkness systems (``vda``, ``vtm``) share: the engine pieces of
a d10 pool game that are no rule of one system.

``vda`` was written first; these pieces were lifted out of it so that a second
d10 system builds on them instead of copying them, and so that each system's
package keeps only its own rules. Nothing here reads a system's state or
options: a system passes its readings in (do 1s cancel, which kinds soak lethal
with Stamina, which pools its sheet has).

    traits.py   the sheet's common parts: ``Kind``, ``Attributes``
    terms.py    ``Modifier`` (one pool or difficulty term, its rule ID and why) and
                ``Terms`` (what a situational rule adds to a roll)
    pool.py     the pool roll from its terms and options (``roll_terms``, A-2/A-3/A-5,
                VTM-DICE-01/02/05/06), the plain roll of a ``PoolSpec``
    health.py   damage types, the three health tracks, levels lost, Stamina's soak
    scene.py    ``Scene``: the ``SystemView`` with ``sheet()``, ``trait()``,
                ``pool_left()`` and ``roll()``

Import from ``domain.systems.wod``: the names below are its public surface.
"""

from __future__ import annotations

from domain.systems.wod.health import DamageType, Health, HealthLoss, stamina_soaks, wounded
from domain.systems.wod.pool import PoolSpec, clamped_difficulty, dice, plain_pool_roll, roll_terms
from domain.systems.wod.scene import Scene
from domain.systems.wod.terms import NONE, Modifier, Terms, terms, total, total_dice, total_difficulty
from domain.systems.wod.traits import Attributes, Difficulty, Dots, Kind, Levels, Points

__all__ = [
    "Difficulty",
    "Dots",
    "Levels",
    "Points",
    "NONE",
    "Attributes",
    "DamageType",
    "Health",
    "HealthLoss",
    "Kind",
    "Modifier",
    "PoolSpec",
    "Scene",
    "Terms",
    "clamped_difficulty",
    "dice",
    "plain_pool_roll",
    "roll_terms",
    "stamina_soaks",
    "terms",
    "total",
    "total_dice",
    "total_difficulty",
    "wounded",
]
