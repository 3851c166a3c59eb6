"""Equipment rules through ``decide``: which parries wear the parrying item, and the
refusals of concealment with what they name. Written against the mutants that survived
the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve
from tests.systems.vda.test_natural_weapons import CLAWS, xin_tao
from tests.systems.vda.test_rules_in_play import rolled_both


def parried_with(item: str) -> list[ev.ResistanceReduced]:
    """Alma's dagger (no automatic vandalism) on Bors, who parries it entirely with ``item``."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=[item]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon=item, target="alma"))
    t.resolve("bors", [9, 9, 9, 2, 2])
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2])
    [resolved] = of(events, ev.AttackResolved)
    assert not resolved.resolution.hit
    return of(events, ev.ResistanceReduced)


def test_a_shield_that_parries_loses_a_point_in_play() -> None:
    """VDA-VAND-06: a shield that parries an attack loses 1 resistance (of its 11)."""
    assert parried_with("bouclier") == [
        ev.ResistanceReduced(
            combatant="bors",
            item="bouclier",
            loss=[Modifier(rule="VDA-VAND-06", value=1, why="parade au bouclier")],
            resistance=10,
            max_resistance=11,
            destroyed=False,
        )
    ]


def test_a_sword_that_parries_loses_nothing() -> None:
    """VDA-VAND-06: only a shield wears on a parry; a sword parrying a dagger keeps its
    resistance (VDA-VAND-07 wears it only under a two-handed axe or sword)."""
    assert parried_with("epee") == []


@pytest.mark.parametrize(
    ("weapon", "message"),
    [
        ("lance", "Lance: pas de dissimulation possible"),
        ("rapiere", "Rapière: les graines ne donnent pas sa dissimulation"),
    ],
)
def test_a_weapon_without_a_concealment_rating_cannot_be_hidden(weapon: str, message: str) -> None:
    """VDA-CONC-01: a size-G weapon cannot be hidden, and one whose rating the seeds do not
    give cannot either; the refusal names the weapon."""
    t = fight(alma=sheet(dex=3, stealth=2, weapons=[weapon]))
    refused = t.refuse(c.RollConcealment(combatant="alma", weapon=weapon))
    assert refused.rule == "VDA-CONC-01"
    assert message in str(refused)


def test_striking_an_item_is_plus_two_in_the_rolled_difficulty() -> None:
    """VDA-VAND-01: striking Bors's knife rather than Bors is at +2, a term of the attack's
    difficulty that says why."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"]))
    strike = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism", item="couteau"
    )
    t.declare("alma", strike)
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [2] * 6)[0]
    assert rolled.difficulty == [
        Modifier(rule="A-7", value=6, why="dague_de_chasse"),
        Modifier(rule="VDA-VAND-01", value=2, why="vandalisme"),
    ]
    assert rolled.roll.difficulty == 8


BASE_LOSS = Modifier(rule="VDA-VAND-03", value=2, why="base")
STRENGTH_LOSS = Modifier(rule="VDA-VAND-04", value=1, why="Force + Potence")


@pytest.mark.parametrize(
    ("weapon", "loss"),
    [
        (
            "matraque_courte",
            [BASE_LOSS, STRENGTH_LOSS, Modifier(rule="VDA-VAND-05", value=1, why="arme contondante")],
        ),
        (
            "hache_a_deux_mains",
            [BASE_LOSS, STRENGTH_LOSS, Modifier(rule="VDA-VAND-08", value=3, why="hache_a_deux_mains")],
        ),
    ],
)
def test_a_deliberate_strike_at_an_item_wears_it_term_by_term(weapon: str, loss: list[Modifier]) -> None:
    """VDA-VAND-03, VDA-VAND-04, VDA-VAND-05, VDA-VAND-08: Alma (Strength 4 + Potence 3: one
    point of loss per 5) strikes Bors's knife deliberately: base 2, +1 for Strength +
    Potence, +1 for a bashing club, or +3 for the two-handed axe."""
    t = fight(
        alma=sheet(melee=3, strength=4, potence=3, weapons=[weapon]),
        bors=sheet(kind="mortal", melee=2, weapons=["couteau"]),
    )
    strike = act("attack", skill="melee", target="bors", weapon=weapon, intent="vandalism", item="couteau")
    t.declare("alma", strike)
    t.declare("bors", act("none"))
    [reduced] = of(resolve(t, "alma", [9, 9, 9, 2, 2, 2]), ev.ResistanceReduced)
    assert reduced.loss == loss
    assert (reduced.combatant, reduced.item, reduced.resistance, reduced.destroyed) == (
        "bors",
        "couteau",
        0,
        True,
    )


def test_concealment_is_refused_for_an_item_not_carried_or_no_weapon() -> None:
    """VDA-CONC-01: only a weapon of the sheet is hidden: an item Alma does not carry is
    refused by name, and so are her fists, a natural weapon with no concealment."""
    t = fight(alma=sheet(dex=3, stealth=2, weapons=["epee", "poings"]))
    unknown = t.refuse(c.RollConcealment(combatant="alma", weapon="lance"))
    assert (unknown.rule, unknown.message) == ("vda.item-unknown", "'alma' has no 'lance'")
    fists = t.refuse(c.RollConcealment(combatant="alma", weapon="poings"))
    assert (fists.rule, fists.message) == ("VDA-CONC-01", "'poings' is no weapon to hide")


def working_the_stake_loose(faces: list[int]) -> tuple[Table, list[object]]:
    """Alma's stake sticks in Bors (pool 3, VDA-STUCK-02); the next round she works it loose
    by a full action at 5 (``faces``): the table and the events of that action."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=4, weapons=["pieu"]), player="ann")
    t.add("bors", sheet(kind="vampire", melee=1, fortitude=3, armour="maille"))
    rolled_both(t)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("bors", act("none"))
    t.resolve("alma", [9, 9, 9, 9, 2, 2] + [9] * 4 + [1])
    rolled_both(t)
    t.declare("alma", act("other", skill="melee", target="bors", intent="unstick"))
    t.declare("bors", act("none"))
    return t, t.resolve("alma", faces)


def test_two_dice_of_an_attack_free_the_last_point_of_a_stuck_stake() -> None:
    """VDA-STUCK-04: Alma's stake stuck in Bors (pool 3) is worked down to 1 by a full
    action, then freed by the 2 dice a later attack takes: one success leaves 0, and the
    stake comes free."""
    t, events = working_the_stake_loose([5, 5, 4, 2, 2, 2])
    assert of(events, ev.StuckPoolReduced)[0].pool == 1
    rolled_both(t)
    t.declare("alma", act("attack", skill="brawl", target="bors", minor_acts=["unstick"]))
    t.declare("bors", act("none"))
    assert of(t.resolve("alma", [2, 5, 2]), ev.StuckPoolReduced) == [
        ev.StuckPoolReduced(
            combatant="alma",
            owner="alma",
            item="pieu",
            target="bors",
            roll=roll([5, 2], 5, first=1),
            pool=0,
            freed=True,
        )
    ]


def test_a_botched_blow_with_a_wooden_club_costs_one_more() -> None:
    """VDA-RES-07, VDA-RES-05: Alma botches with her short club (wooden, resistance 4): one
    point for her single 1, and one more for the wood."""
    t = fight(alma=sheet(melee=3, weapons=["matraque_courte"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="matraque_courte"))
    t.declare("bors", act("none"))
    assert of(resolve(t, "alma", [1, 2, 2, 2, 2, 2]), ev.ResistanceReduced) == [
        ev.ResistanceReduced(
            combatant="alma",
            item="matraque_courte",
            loss=[
                Modifier(rule="VDA-RES-07", value=1, why="échec critique"),
                Modifier(rule="VDA-RES-05", value=1, why="bois"),
            ],
            resistance=2,
            max_resistance=4,
        )
    ]


def test_a_full_action_frees_a_stake_whose_pool_it_empties() -> None:
    """VDA-STUCK-04: Alma's stake stuck in Bors (pool 3); a full action with three
    successes empties the pool, and the stake comes free."""
    _, events = working_the_stake_loose([5, 5, 5, 2, 2, 2])
    [reduced] = of(events, ev.StuckPoolReduced)
    assert (reduced.pool, reduced.freed) == (0, True)


def test_claws_that_lose_nothing_to_the_axe_hurt_nobody() -> None:
    """VDA-VAND-10: Xin Tao's claws, aggravated enough (4) to take the whole loss of the axe
    (2 + 2), lose no resistance, and so he takes no bashing for parrying with them."""
    claws = msgspec.structs.replace(CLAWS, aggravated_capacity=4)
    t = xin_tao(VdaOptions(natural_weapons=[claws]), weapons=["griffes"])
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    events = resolve(t, "nosf", [9, 9])
    assert of(events, ev.ResistanceReduced) == [] and of(events, ev.NaturalParryHurt) == []


def test_working_a_weapon_loose_takes_the_one_in_the_target() -> None:
    """VDA-STUCK-04: two stakes are stuck, Alma's in Cole, then Dan's in Bors; working loose
    the one in Bors, by a full action (Alma) or by 2 dice of an attack (Dan), reduces Dan's
    stake in Bors, not the first one stuck."""
    t = Table()
    for cid in ("alma", "dan"):
        t.add(cid, sheet(melee=3, strength=4, weapons=["pieu"]))
    for cid in ("cole", "bors"):
        t.add(cid, sheet(kind="vampire", melee=1, fortitude=3, armour="maille"))

    def rolled() -> None:
        t.start()
        for cid, faces in (("alma", 4), ("dan", 3), ("cole", 1), ("bors", 0)):
            t.initiative(cid, [7] * faces + [2] * (5 - faces))

    rolled()
    t.declare("alma", act("attack", skill="melee", target="cole", weapon="pieu", zone="heart"))
    t.declare("dan", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("cole", act("none"))
    t.declare("bors", act("none"))
    for cid in ("alma", "dan"):
        t.resolve(cid, [9, 9, 9, 9, 2, 2] + [9] * 4 + [1])
    while (seq := t.state.sequence) is not None and seq.step == "power":
        t.send(c.SkipPower(combatant=seq.acting[0]))
    rolled()
    t.declare("alma", act("other", skill="melee", target="bors", intent="unstick"))
    t.declare("dan", act("attack", skill="brawl", target="bors", minor_acts=["unstick"]))
    t.declare("cole", act("none"))
    t.declare("bors", act("none"))
    full = of(t.resolve("alma", [5, 2, 2, 2, 2, 2]), ev.StuckPoolReduced)
    minor = of(resolve(t, "dan", [2, 5, 2]), ev.StuckPoolReduced)
    assert [(e.combatant, e.owner, e.target, e.pool) for e in full + minor] == [
        ("alma", "dan", "bors", 2),
        ("dan", "dan", "bors", 1),
    ]
