"""The GM's rulings on the Kiss and on equipment through ``decide``: what each accepts,
with its exact events, and what each refuses, with the rule and the words of the refusal.
Written against the mutants that survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, sheet
from tests.systems.vda.test_bite_rules import DRINK, bitten
from tests.systems.vda.test_equipment_round import fight
from tests.systems.vda.test_grapple_rules import NOTHING


def in_ecstasy() -> Table:
    """Alma drinks from Bors, a mortal, who falls into the Kiss's ecstasy (VDA-BITE-05)."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    assert "bors" in t.state.ecstasy
    return t


def test_the_gm_ends_the_ecstasy_with_a_reason() -> None:
    """VDA-BITE-06: the GM ends the Kiss's ecstasy (the victim feels the thirst): one event
    naming the victim and the reason, and the victim is free of it."""
    t = in_ecstasy()
    assert t.send(c.EndEcstasy(combatant="bors", reason="ressent la soif")) == [
        ev.KissEcstasyEnded(victim="bors", reason="ressent la soif")
    ]
    assert t.state.ecstasy == {}


def test_ending_the_ecstasy_needs_a_reason_and_a_victim_in_it() -> None:
    """VDA-BITE-06: the GM's ending says why (a blank reason is refused) and names a
    combatant in the ecstasy; a refusal changes nothing."""
    t = in_ecstasy()
    blank = t.refuse(c.EndEcstasy(combatant="bors", reason="  "))
    assert (blank.rule, blank.message) == ("vda.reason", "a GM override says why")
    unknown = t.refuse(c.EndEcstasy(combatant="alma", reason="ressent la soif"))
    assert (unknown.rule, unknown.message) == ("vda.ecstasy-unknown", "'alma' is in no ecstasy")
    assert "bors" in t.state.ecstasy


def worn(loss: int, item: str = "epee", **fields: object) -> list[object]:
    t = fight(alma=sheet(melee=3, weapons=["epee", "matraque_courte"], armour="maille"))
    return t.send(c.WearItem(combatant="alma", item=item, loss=loss, reason="Puissance", **fields))


def test_a_supernatural_wear_of_one_point_is_the_least() -> None:
    """VDA-RES-08: the GM's supernatural wear takes at least 1 point; 1 comes off the
    sword's resistance (3), with the source and the reason in the term."""
    t = fight(alma=sheet(melee=3, weapons=["epee"]))
    wear = c.WearItem(combatant="alma", item="epee", loss=1, source="potence", reason="Puissance")
    assert t.send(wear) == [
        ev.ResistanceReduced(
            combatant="alma",
            item="epee",
            loss=[Modifier(rule="VDA-RES-08", value=1, why="potence: Puissance")],
            resistance=2,
            max_resistance=3,
            destroyed=False,
        )
    ]
    refused = t.refuse(c.WearItem(combatant="alma", item="epee", loss=0, reason="Puissance"))
    assert (refused.rule, refused.message) == ("VDA-RES-08", "a supernatural wear takes at least 1 point")


def test_a_wooden_item_worn_by_a_power_loses_one_more() -> None:
    """VDA-RES-08, VDA-RES-05: the short club (resistance 4), being wooden, loses the ruled
    points and 1 more."""
    assert worn(2, "matraque_courte") == [
        ev.ResistanceReduced(
            combatant="alma",
            item="matraque_courte",
            loss=[
                Modifier(rule="VDA-RES-08", value=2, why="other: Puissance"),
                Modifier(rule="VDA-RES-05", value=1, why="bois"),
            ],
            resistance=1,
            max_resistance=4,
            destroyed=False,
        )
    ]


def test_the_worn_armour_can_be_damaged_too() -> None:
    """VDA-RES-08: the item may be the armour worn (mail, resistance 7) as well as a weapon of
    the sheet."""
    [reduced] = worn(1, "maille")
    assert isinstance(reduced, ev.ResistanceReduced)
    assert (reduced.item, reduced.resistance, reduced.max_resistance) == ("maille", 6, 7)


def test_wearing_an_item_says_why_and_names_what_the_sheet_has() -> None:
    """VDA-RES-08: the GM's wear says why (a blank reason is refused), and an item that is
    neither a weapon of the sheet nor its armour is refused by name."""
    t = fight(alma=sheet(melee=3, weapons=["epee"]))
    blank = t.refuse(c.WearItem(combatant="alma", item="epee", loss=1, reason=" "))
    assert (blank.rule, blank.message) == ("vda.reason", "a GM ruling says why")
    unknown = t.refuse(c.WearItem(combatant="alma", item="lance", loss=1, reason="Puissance"))
    assert (unknown.rule, unknown.message) == ("vda.item-unknown", "'alma' has no 'lance'")


def test_a_destroyed_item_cannot_be_worn_again() -> None:
    """VDA-RES-02: once its resistance reaches 0 the item is destroyed, and a further wear of
    it is refused by name."""
    t = fight(alma=sheet(melee=3, weapons=["epee"]))
    [reduced] = t.send(c.WearItem(combatant="alma", item="epee", loss=3, reason="Puissance"))
    assert isinstance(reduced, ev.ResistanceReduced) and reduced.destroyed and reduced.resistance == 0
    again = t.refuse(c.WearItem(combatant="alma", item="epee", loss=1, reason="Puissance"))
    assert (again.rule, again.message) == ("VDA-RES-02", "'epee' is already destroyed")


def test_a_ruling_is_recorded_as_given() -> None:
    """VDA-MOD-01: the GM records a ruling where the seed leaves it to the Storyteller (here
    the terrain's): one event with the rule, the ruling and the combatant it concerns (or
    none)."""
    t = fight()
    ruling = c.GiveRuling(rule="VDA-MOD-01", ruling="pente: +1", combatant="alma")
    assert t.send(ruling) == [ev.RulingGiven(rule="VDA-MOD-01", ruling="pente: +1", combatant="alma")]
    assert t.send(c.GiveRuling(rule="VDA-MOD-01", ruling="brume")) == [
        ev.RulingGiven(rule="VDA-MOD-01", ruling="brume", combatant=None)
    ]


def test_a_ruling_says_what_was_decided_about_a_combatant_of_the_table() -> None:
    """VDA-MOD-01: a blank ruling on the terrain is refused, and so is one about a combatant
    not at the table."""
    t = fight()
    blank = t.refuse(c.GiveRuling(rule="VDA-MOD-01", ruling=" ", combatant="alma"))
    assert (blank.rule, blank.message) == ("vda.reason", "a ruling says what was decided")
    stranger = t.refuse(c.GiveRuling(rule="VDA-MOD-01", ruling="pente", combatant="zora"))
    assert stranger.rule == "table.combatant-unknown"


def test_the_gm_moves_an_initiative_score() -> None:
    """VDA-INIT-10: the GM's change of a score names the new score (Bors: 1 + 2), the GM as
    its rule and the reason; a blank reason or an unknown combatant is refused."""
    t = fight()
    assert t.send(c.AdjustInitiative(combatant="bors", delta=2, reason="se relève vite")) == [
        ev.InitiativeAdjusted(combatant="bors", delta=2, score=3, rule="gm", reason="se relève vite")
    ]
    blank = t.refuse(c.AdjustInitiative(combatant="bors", delta=2, reason=""))
    assert (blank.rule, blank.message) == ("vda.reason", "a GM override says why")
    assert (
        t.refuse(c.AdjustInitiative(combatant="zora", delta=2, reason="x")).rule == "table.combatant-unknown"
    )


def test_a_pool_may_be_moved_to_its_bounds_and_no_further() -> None:
    """A-10: the GM moves a pool between 0 and the sheet's maximum, both included (Alma's
    Willpower 5); one step beyond is refused, naming the pool and what is left."""
    t = fight(alma=sheet(melee=3, willpower=5))
    down = c.AdjustPool(combatant="alma", pool="willpower", delta=-5, reason="épuisée")
    assert t.send(down) == [ev.PoolAdjusted(combatant="alma", pool="willpower", delta=-5, reason="épuisée")]
    below = t.refuse(c.AdjustPool(combatant="alma", pool="willpower", delta=-1, reason="encore"))
    assert (below.rule, below.message) == ("vda.pool", "'alma' has 0 willpower of 5: -1 leaves that range")
    up = c.AdjustPool(combatant="alma", pool="willpower", delta=5, reason="repos")
    assert t.send(up) == [ev.PoolAdjusted(combatant="alma", pool="willpower", delta=5, reason="repos")]
    above = t.refuse(c.AdjustPool(combatant="alma", pool="willpower", delta=1, reason="encore"))
    assert (above.rule, above.message) == ("vda.pool", "'alma' has 5 willpower of 5: +1 leaves that range")
