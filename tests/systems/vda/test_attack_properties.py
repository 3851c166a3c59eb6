"""Invariants of ``resolve_attack`` over any weapon, target and dice (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dice import ScriptedRoller
from domain.systems.vda.data import ARMOURS, MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS
from domain.systems.vda.gear import Mount
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules.attack import Situation, Striker, Target, resolve_attack

WEAPONS = [
    *(w for w in MELEE_WEAPONS.values() if w.damage_bonus is not None),
    *NATURAL_WEAPONS.values(),
    *RANGED_WEAPONS.values(),
]

strikers = st.builds(
    Striker,
    strength=st.integers(1, 6),
    potence=st.integers(0, 5),
    bow_strength=st.integers(0, 6),
    potence_tokens_used=st.integers(0, 3),
)
targets = st.builds(
    Target,
    kind=st.sampled_from(["vampire", "ghoul", "mortal", "animal"]),
    stamina=st.integers(1, 6),
    fortitude=st.integers(0, 6),
    armour=st.one_of(st.none(), st.sampled_from(list(ARMOURS.values()))),
    shield=st.booleans(),
    fortitude_tokens_used=st.integers(0, 3),
)
situations = st.builds(
    Situation,
    charge=st.sampled_from(["none", "on_foot", "mounted"]),
    mount=st.one_of(st.none(), st.builds(Mount, strength=st.integers(3, 7), potence=st.integers(0, 2))),
    vulnerable_zone=st.booleans(),
    beyond_range=st.booleans(),
)


def _run(faces: list[int], **kwargs: object) -> tuple[AttackResolution, ScriptedRoller]:
    roller = ScriptedRoller(faces)
    return resolve_attack(roller, **kwargs), roller  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    striker=strikers,
    target=targets,
    weapon=st.sampled_from(WEAPONS),
    attack=st.integers(0, 10),
    defence=st.integers(0, 10),
    situation=situations,
    faces=st.lists(st.integers(1, 10), min_size=60, max_size=60),
)
def test_resolve_attack_accounts_for_every_level(
    striker: Striker,
    target: Target,
    weapon: object,
    attack: int,
    defence: int,
    situation: Situation,
    faces: list[int],
) -> None:
    kwargs = dict(
        striker=striker,
        target=target,
        weapon=weapon,
        attack_successes=attack,
        defence_successes=defence,
        situation=situation,
    )
    result, roller = _run(faces * 2, **kwargs)

    # VDA-DEF-02: a cancelled attack draws no die and costs nothing.
    assert result.hit == (attack - defence > 0)
    if not result.hit:
        assert roller.drawn == 0 and result.health.bashing + result.health.lethal == 0
        return
    assert result.damage_roll is not None and result.soak_roll is not None
    assert roller.drawn == len(result.damage_roll.faces) + len(result.soak_roll.faces)
    assert result.soak_roll.first_draw == len(result.damage_roll.faces)
    assert result.unsoaked == max(0, result.damage - result.soak)

    health = result.health
    assert min(health.bashing, health.lethal, health.aggravated) >= 0
    assert result.aggravated_from_zone <= result.unsoaked
    through = health.lethal + health.aggravated + health.bashing - result.charge_bashing
    if target.kind == "vampire" and weapon.damage_type == "bashing":  # type: ignore[attr-defined]
        assert through <= result.unsoaked  # VDA-GEN-03 halves what is left
    else:
        assert through == result.unsoaked

    # The same dice give the same resolution (replay equals live).
    again, _ = _run(faces * 2, **kwargs)
    assert again == result
