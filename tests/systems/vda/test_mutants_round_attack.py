"""The numbers of an attack's two sides in the damage pipeline, through ``decide``: the
tokens of Fortitude (from the striker's own armour) and of Potence that remove a 1 from the
damage roll once per combat (VDA-FORPOT-02), Strength unless a disarm names Dexterity
(VDA-DISARM-01), and only the armour and shield the target still has (VDA-RES-02). Written
against the mutants of ``handlers/attack`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve

STAB = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
HIT_THEN_A_1 = [8, 8, 8, 2, 2, 2, 1, 8, 8, 8, 8, 8, 8]


def armoured(worn: bool = True) -> Table:
    """Alma (Strength 4), Fortitude 2 in her mail (2 armour dice: both lost to Fortitude, one token)."""
    t = fight(alma=sheet(melee=3, strength=4, fortitude=2, armour="maille", weapons=["dague_de_chasse"]))
    if not worn:
        t.send(c.AdjustItem(combatant="alma", item="maille", state=Item(location="ground"), reason="ôtée"))
    return t


def stab(t: Table) -> ev.AttackResolved:
    t.declare("alma", STAB)
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", HIT_THEN_A_1), ev.AttackResolved)
    return resolved


def test_vda_forpot_02__the_strikers_own_armour_gives_one_token_once_per_combat() -> None:
    """VDA-FORPOT-02: the two mail dice Fortitude takes give Alma one token: her first
    damage roll loses its 1; the token spent, the next keeps it."""
    t = armoured()
    first = stab(t)
    assert first.resolution.damage_ones_removed_by_fortitude == 1
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert stab(t).resolution.damage_ones_removed_by_fortitude == 0


def test_vda_forpot_02__an_armour_taken_off_gives_no_token() -> None:
    """VDA-FORPOT-02, VDA-RES-02: with her mail off, Alma has no armour dice for Fortitude to
    take: no token, the 1 stays."""
    assert stab(armoured(worn=False)).resolution.damage_ones_removed_by_fortitude == 0


def test_vda_res_02__a_target_soaks_with_no_armour_it_took_off() -> None:
    """VDA-RES-02, VDA-ARMOR-01: Bors's mail, taken off, gives him no armour die: the stab's 3
    lethal levels go unsoaked."""
    t = fight(bors=sheet(kind="mortal", melee=2, armour="maille"))
    t.send(c.AdjustItem(combatant="bors", item="maille", state=Item(location="ground"), reason="ôtée"))
    resolution = stab(t).resolution
    assert (
        resolution.armour_dice,
        resolution.soak_from_armour_malus,
        resolution.soak,
        resolution.unsoaked,
    ) == (
        0,
        0,
        0,
        3,
    )


def test_vda_disarm_01__only_a_disarm_strikes_with_dexterity() -> None:
    """VDA-DISARM-01: Dexterity may replace Strength for a disarm only; Alma's wounding thrust
    that names Dexterity (4) still deals damage with her Strength (1)."""
    t = fight(alma=sheet(melee=3, dex=4, strength=1, weapons=["dague_de_chasse"]))
    thrust = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", damage_attribute="dexterity"
    )
    t.declare("alma", thrust)
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [8, 8, 8] + [2] * 12), ev.AttackResolved)
    assert resolved.resolution.strength == 1


def test_vda_res_02__a_shield_on_the_ground_lends_no_armour_die() -> None:
    """VDA-RES-02, VDA-DISARM-04: Bors's shield lends him an armour die while he holds it;
    dropped, none: the stab's 3 levels go unsoaked."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["bouclier"]))
    t.send(c.AdjustItem(combatant="bors", item="bouclier", state=Item(location="ground"), reason="lâché"))
    resolution = stab(t).resolution
    assert (resolution.armour_dice, resolution.unsoaked) == (0, 3)


def test_vda_forpot_02__potences_token_removes_a_damage_1_once_per_combat() -> None:
    """VDA-FORPOT-02, VDA-FORPOT-03: Potence 2 takes the hunting knife's 2 bonus dice, giving
    Alma a token: her first damage roll loses its 1; the token spent, the next keeps it."""
    t = fight(alma=sheet(melee=3, strength=5, potence=2, weapons=["dague_de_chasse"]))
    assert stab(t).resolution.damage_ones_removed == 1
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert stab(t).resolution.damage_ones_removed == 0
