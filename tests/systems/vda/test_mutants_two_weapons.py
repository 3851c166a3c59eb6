"""The two-weapon stance's refusals through ``decide``, each with its rule ID and whole
message, and the twin glaives' prerequisites one at a time. Written against the mutants
that survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import fight, resolve
from tests.systems.vda.test_gaze_two_weapons import duelist

ARMOURY = ["dague_de_chasse", "epee", "bouclier", "couteau", "glaive", "arc_court", "lance"]


def refusal(stance: list[str], **traits: Any) -> str:
    """Alma (Dexterity 4, Melee 3 unless ``traits`` say otherwise) takes the stance."""
    traits = {"dex": 4, "melee": 3, "weapons": ARMOURY} | traits
    t = fight(alma=sheet(**traits))
    return str(t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=stance)))


@pytest.mark.parametrize(
    ("weapons", "message"),
    [
        (["epee"], "VDA-TWO-01: the two-weapon option names two weapons"),
        (["epee", "couteau", "dague_de_chasse"], "VDA-TWO-01: the two-weapon option names two weapons"),
        (["epee", "pistolet"], "VDA-TWO-01: 'alma' does not carry 'pistolet'"),
        (["epee", "arc_court"], "VDA-TWO-01: 'arc_court' is no hand weapon"),
        (
            ["epee", "bouclier"],
            "VDA-TWO-01: 'bouclier' is the normal style's defensive weapon, not an offensive one",
        ),
    ],
)
def test_the_stance_needs_two_carried_offensive_hand_weapons(weapons: list[str], message: str) -> None:
    """VDA-TWO-01: two hand weapons the fighter carries, both offensive (a shield is the
    normal style's defensive weapon); the refusal names the weapon at fault."""
    assert refusal(weapons, two_weapon_styles=["small_medium"]) == message


def test_no_style_fights_with_two_medium_weapons_other_than_glaives() -> None:
    """VDA-TWO-02: two size-M weapons other than the glaives make no style."""
    message = refusal(["epee", "glaive"], two_weapon_styles=["small_medium", "twin_glaives"])
    assert message == "VDA-TWO-02: no two-weapon style fights with epee + glaive"


def test_the_style_must_be_bought() -> None:
    """VDA-TWO-02: the style the two weapons need is bought on the sheet."""
    message = refusal(["dague_de_chasse", "epee"], two_weapon_styles=["small_pair"])
    assert message == "VDA-TWO-02: 'alma' has not bought the 'small_medium' style"


# A pair of small weapons keeps the stance open (``check_any_stance``), so that the refusal
# is the one of the glaives sent.
GLAIVES: dict[str, Any] = {
    "weapons": [*ARMOURY, "glaive"],
    "two_weapon_styles": ["twin_glaives", "small_pair"],
}
READY: dict[str, Any] = {"dex": 4, "melee": 4, "specialties": {"melee": ["glaive"]}}


@pytest.mark.parametrize(
    "lacking",
    [{"dex": 3}, {"melee": 3}, {"specialties": {}}, {"specialties": {"melee": ["epee"]}}],
)
def test_the_twin_glaives_need_dexterity_4_melee_4_and_the_specialty(lacking: dict[str, Any]) -> None:
    """VDA-TWO-02: the twin glaives also need Dexterity 4, Melee 4 and the glaive specialty:
    each one missing refuses the stance."""
    message = refusal(["glaive", "glaive"], **GLAIVES | READY | lacking)
    assert message == "VDA-TWO-02: the twin glaives need Dexterity 4, Melee 4 and the glaive specialty"


def test_the_twin_glaives_with_every_prerequisite() -> None:
    """VDA-TWO-02: with Dexterity 4, Melee 4 and the glaive specialty, two glaives take the
    twin glaives' stance."""
    t = fight(alma=sheet(**GLAIVES | READY))
    events = t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["glaive", "glaive"]))
    assert events == [
        ev.TwoWeaponStanceChanged(
            combatant="alma", on=True, weapons=["glaive", "glaive"], style="twin_glaives", round=1, sequence=1
        )
    ]


def test_the_twin_glaives_need_melee_on_the_sheet() -> None:
    """VDA-TWO-02: a sheet without Melee at all lacks the twin glaives' Melee 4."""
    t = fight(alma=sheet(dex=4, weapons=GLAIVES["weapons"], two_weapon_styles=GLAIVES["two_weapon_styles"]))
    refused = t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=["glaive", "glaive"]))
    assert str(refused) == "VDA-TWO-02: the twin glaives need Dexterity 4, Melee 4 and the glaive specialty"


def test_two_2s_cancel_no_hit_at_a_table_where_1s_do_not_cancel() -> None:
    """VDA-TWO-04, A-3: at a table where 1s do not cancel successes, Alma's two 2s count as
    a 1 that takes none of her two hits: two successes."""
    t = fight(alma=duelist(two_weapon_styles=["small_medium"]), options=VdaOptions(ones_cancel=False))
    t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [2, 2, 8, 8, 4, 4, 4])
    assert events[1] == ev.TwosCountedAsOnes(combatant="alma", twos=2, ones=1, successes=2)
