"""A blow at an item (VDA-VAND-01), through ``decide`` with exact events: a dodge's
successes come off it, a held weapon it does not destroy is also struck from the hand
(table option ``vandalism_also_disarms``), a destroyed one is not; a disarm names its
attacker; a weakened grip is regained (VDA-DISARM-03). Written against the mutants of
``handlers/attack`` and ``handlers/resolve`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve


def at_the(item: str, weapon: str = "dague_de_chasse") -> object:
    return act("attack", skill="melee", target="bors", weapon=weapon, intent="vandalism", item=item)


def lancer() -> Table:
    return fight(
        alma=sheet(melee=3, strength=5, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", melee=2, dodge=2, weapons=["lance"]),
    )


def test_vda_vand_01__a_held_lance_struck_but_whole_is_also_struck_from_the_hand() -> None:
    """VDA-VAND-01, VDA-VAND-03, VDA-DISARM-02: Alma's blow takes 4 points off Bors's lance
    (2 left); the lance he holds is then to be disarmed: his reflex roll fails, it is
    weakened."""
    t = lancer()
    t.declare("alma", at_the("lance"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9] + [2] * 17)
    [reduced] = of(events, ev.ResistanceReduced)
    assert (reduced.resistance, reduced.destroyed) == (2, False)
    [disarm] = of(events, ev.DisarmResolved)
    assert (disarm.attacker, disarm.defender, disarm.item, disarm.net, disarm.result) == (
        "alma",
        "bors",
        "lance",
        2,
        "weakened",
    )


def test_vda_vand_01__a_destroyed_knife_is_not_disarmed_too() -> None:
    """VDA-VAND-01, VDA-RES-02: the two-handed axe destroys Bors's knife: nothing left to
    strike from his hand."""
    t = fight(
        alma=sheet(melee=3, strength=4, potence=3, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="mortal", melee=2, weapons=["couteau"]),
    )
    t.declare("alma", at_the("couteau", "hache_a_deux_mains"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 9, 2, 2, 2])
    assert [e.destroyed for e in of(events, ev.ResistanceReduced)] == [True]
    assert of(events, ev.DisarmResolved) == []


def test_vda_vand_01__a_dodge_as_good_as_the_blow_saves_the_item() -> None:
    """VDA-VAND-01, VDA-PHYS-03: Bors dodges with 2 successes, Alma's blow at his lance has 2:
    nothing left, the lance is untouched."""
    t = lancer()
    t.declare("alma", at_the("lance"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    resolve(t, "bors", [8, 8, 2, 2, 2])
    events = resolve(t, "alma", [9, 9] + [2] * 17)
    assert of(events, ev.ResistanceReduced) == []
    assert of(events, ev.DisarmResolved) == []


def test_vda_disarm_02__a_disarm_names_who_struck_the_weapon_away() -> None:
    """VDA-DISARM-01, VDA-DISARM-02: Alma's disarming blow (3 successes) knocks Bors's knife
    away; the disarm names her as the attacker."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"]))
    t.declare(
        "alma",
        act(
            "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm", item="couteau"
        ),
    )
    t.declare("bors", act("none"))
    [disarm] = of(resolve(t, "alma", [8, 8, 8] + [2] * 20), ev.DisarmResolved)
    assert (disarm.attacker, disarm.defender, disarm.item, disarm.result) == (
        "alma",
        "bors",
        "couteau",
        "disarmed",
    )


def test_vda_disarm_03__a_weakened_grip_is_regained_as_the_actions_minor_act() -> None:
    """VDA-DISARM-03, VDA-MINOR-02: Bors's grip on his lance was weakened; in the next round
    his thrust regains it as a minor act (2 dice): the lance is held firmly again."""
    t = lancer()
    t.declare("alma", at_the("lance"))
    t.declare("bors", act("none"))
    resolve(t, "alma", [9, 9] + [2] * 17)
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="lance", minor_acts=["regrip"]))
    [changed] = of(resolve(t, "bors", [2] * 3), ev.ItemChanged)
    assert changed == ev.ItemChanged(
        combatant="bors",
        item="lance",
        state=Item(resistance=2, max_resistance=6, location="held", grip_weakened=False),
        rule="VDA-DISARM-03",
        reason="regrip",
    )


def test_vda_tgt_02__a_disarm_aimed_at_a_bare_zone_meets_no_armour() -> None:
    """VDA-TGT-02, VDA-DISARM-02: Bors, a vampire in plate (Fortitude 2): Alma's disarm aimed
    at an unarmoured zone converts her margin with his Fortitude alone (divisor 2, not 4),
    and so does the disarm that follows her blow at his lance."""
    plate = sheet(kind="vampire", melee=2, fortitude=2, armour="plaque", weapons=["couteau", "lance"])
    for intent, item in (("disarm", "couteau"), ("vandalism", "lance")):
        t = fight(alma=sheet(melee=3, strength=5, weapons=["dague_de_chasse"]), bors=plate)
        aimed = act(
            "attack",
            skill="melee",
            target="bors",
            weapon="dague_de_chasse",
            intent=intent,
            item=item,
            zone="unarmoured",
        )
        t.declare("alma", aimed)
        t.declare("bors", act("none"))
        [disarm] = of(resolve(t, "alma", [10] * 6 + [8] * 20), ev.DisarmResolved)
        assert (disarm.item, disarm.damage.divisor) == (item, 2)
