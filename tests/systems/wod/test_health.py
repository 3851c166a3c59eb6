"""The World of Darkness health tracks and what Stamina soaks (``domain.systems.wod.health``)."""

from __future__ import annotations

import pytest

from domain.systems.wod import DamageType, Health, Kind, stamina_soaks, wounded


def test_wounded__adds_levels_on_each_track() -> None:
    assert wounded(Health(bashing=1), bashing=2, lethal=1, aggravated=3) == Health(
        bashing=3, lethal=1, aggravated=3
    )


def test_wounded__healing_never_leaves_a_track_below_zero() -> None:
    assert wounded(Health(bashing=1, lethal=2), bashing=-3, lethal=-1) == Health(lethal=1)


@pytest.mark.parametrize(
    ("damage", "kind", "soaks"),
    [
        ("bashing", "mortal", True),
        ("bashing", "vampire", True),
        ("lethal", "vampire", True),
        ("lethal", "mortal", False),
        ("lethal", "ghoul", False),
        ("aggravated", "vampire", False),
    ],
)
def test_a_6__stamina_soaks_bashing_and_lethal_only_for_the_kinds_listed(
    damage: DamageType, kind: Kind, soaks: bool
) -> None:
    assert stamina_soaks(damage, kind, frozenset({"vampire"})) is soaks
