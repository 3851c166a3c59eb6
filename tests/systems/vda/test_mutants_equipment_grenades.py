"""Grenades through ``decide`` with fixed dice and whole events: dodges before the blast
(VDA-GREN-04), reaction dodges (VDA-GREN-05), the blast zone by zone (VDA-GREN-06 to
VDA-GREN-11) and the deafening's weight on the next initiative (VDA-GREN-10)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import PoolRoll
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Deafness
from domain.systems.vda.options import DamageOptions, EquipmentOptions, TacticsOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution, MarginTiers
from domain.systems.wod import Modifier
from domain.systems.wod.health import HealthLoss
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve, scripted
from tests.systems.vda.test_gaze_two_weapons import grenade_round_two
from tests.systems.vda.test_grapple_rules import CONTACT, finish

AT_9 = [
    Modifier(rule="A-7", value=6, why="esquive"),
    Modifier(rule="VDA-GREN-05", value=3, why="en réaction à l'explosion"),
]
ORDER = (("alma", 4), ("cole", 3), ("bors", 2), ("dan", 1))


def initiatives(t: Table) -> None:
    t.start()
    for cid, faces in ORDER:
        t.initiative(cid, [7] * faces + [2] * (5 - faces))


def four_around_a_grenade() -> tuple[Table, list[Any], list[Any]]:
    """Round 1: Alma (Fortitude 1) throws a grenade at Bors (4 hits); Cole dodges 5 of
    them, Bors 3 (VDA-GREN-04). Round 2: the grenade goes off first (d10: 10): the
    events of Cole's and Bors's dodges, then of the blast."""
    t = Table()
    t.add("alma", sheet(athletics=2, fortitude=1, weapons=["grenade"]), player="ann")
    t.add("cole", sheet(kind="mortal", dex=5, dodge=5))
    t.add("bors", sheet(kind="vampire", dodge=3, brawl=1))
    t.add("dan", sheet(kind="mortal", dodge=1))
    initiatives(t)
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("cole", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.declare("dan", act("none"))
    t.resolve("alma", [8, 8, 8, 8, 2])
    dodges = of(resolve(t, "cole", [9] * 5) + resolve(t, "bors", [9, 9, 9]), ev.GrenadeDodged)
    initiatives(t)
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("cole", act("none"))
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    t.declare("dan", act("none"))
    blast = c.DetonateGrenade(
        grenade="alma-1-1",
        zones={"dan": "out", "bors": "lethal", "alma": "grave", "cole": "moderate"},
        dodging=["bors", "dan"],
    )
    # Bors's and Dan's reaction dodges, the grave zone's damage and Alma's soak
    return t, dodges, scripted(t, blast, [9, 9, 9, 3, 3, 3] + [9, 3, 3, 3] + [8, 8, 2, 2])


def test_a_dodge_before_the_blast_counts_against_the_grenade_of_another() -> None:
    """VDA-GREN-04: Cole, whom the grenade was not thrown at, and Bors, whom it was, both
    dodged in the sequence of the throw: their successes come off its hits."""
    _, dodges, _ = four_around_a_grenade()
    assert dodges == [
        ev.GrenadeDodged(grenade="alma-1-1", combatant="cole", successes=5),
        ev.GrenadeDodged(grenade="alma-1-1", combatant="bors", successes=3),
    ]


def test_the_blast_zone_by_zone_after_two_reaction_dodges() -> None:
    """VDA-GREN-05, VDA-GREN-06, VDA-GREN-08, VDA-GREN-09, VDA-GREN-11: Bors gives up his
    attack to dodge the blast at 9 (3 more: 6 in all, out of range); Dan, out of the
    blast, dodges too; Alma in the grave zone takes the 4 hits' damage, half of it, and
    falls; Cole, whose 5 earlier successes leave him in the moderate zone, takes 1 bashing;
    both in range are deafened, Alma's Fortitude taking a point off each malus."""
    _, _, events = four_around_a_grenade()
    [resolved] = of(events, ev.AttackResolved)
    assert [e for e in events if not isinstance(e, ev.AttackResolved)] == [
        ev.ActionLost(combatant="bors", sequence=1, rule="VDA-GREN-05", reason="reaction_dodge"),
        ev.GrenadeDodged(
            grenade="alma-1-1",
            combatant="bors",
            successes=3,
            reaction=True,
            pool=[Modifier(rule="A-6", value=3, why="dexterity"), Modifier(rule="A-6", value=3, why="dodge")],
            difficulty=AT_9,
            roll=roll([9, 9, 9, 3, 3, 3], 9),
        ),
        ev.GrenadeDodged(
            grenade="alma-1-1",
            combatant="dan",
            successes=1,
            reaction=True,
            pool=[Modifier(rule="A-6", value=3, why="dexterity"), Modifier(rule="A-6", value=1, why="dodge")],
            difficulty=AT_9,
            roll=roll([9, 3, 3, 3], 9, first=6),
        ),
        ev.GrenadeExploded(
            grenade="alma-1-1",
            zones={"dan": "out", "bors": "out", "alma": "grave", "cole": "moderate"},
            net_hits={"dan": 3, "bors": 0, "alma": 4, "cole": 0},
        ),
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="VDA-GREN-06", reason="blast"),
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=3, rule="VDA-PRONE-04", reason="fall"),
        ev.Deafened(combatant="alma", deafness=Deafness(difficulty=1, dice=0), reason="grenade"),
        ev.HealthAdjusted(combatant="cole", bashing=1, reason="moderate_zone"),
        ev.Deafened(combatant="cole", deafness=Deafness(difficulty=2, dice=1), reason="grenade"),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=2, holders=["alma"]),
    ]
    assert (resolved.attacker, resolved.target, resolved.sequence) == ("alma", "alma", 0)
    assert resolved.resolution == GRAVE_ZONE


GRAVE_ZONE = AttackResolution(
    weapon_id="grenade",
    attack_successes=4,
    defence_successes=0,
    margin=4,
    hit=True,
    damage_type="lethal",
    strength=0,
    weapon_bonus=0,
    weapon_dice_lost=0,
    base_dice=4,
    halved_beyond_range=False,
    divisor=1,
    tiers=MarginTiers(first=4, second=0, third=0),
    margin_automatic=4,
    damage_roll=roll([8, 8, 2, 2], 6, first=10),
    damage=6,
    soak_roll=roll([2, 2], 6, first=14),
    unsoaked=3,
    fire_aggravated=1,
    health=HealthLoss(bashing=0, lethal=2, aggravated=1),
)


def test_deafening_weighs_on_the_next_initiative_by_its_own_terms() -> None:
    """VDA-GREN-10: next round, Cole (deafened +2, −1 die) rolls his initiative with one
    die less and 2 more difficulty; Alma (+1, no die) only with 1 more difficulty."""
    t, _, _ = four_around_a_grenade()
    t.start()
    [cole] = scripted(t, c.RollInitiative(combatant="cole"), [7])
    assert (cole.pool[-1:], cole.difficulty[-1:]) == (
        [Modifier(rule="VDA-GREN-10", value=-1, why="assourdi")],
        [Modifier(rule="VDA-GREN-10", value=2, why="assourdi")],
    )
    [alma] = scripted(t, c.RollInitiative(combatant="alma"), [7])
    assert [m.rule for m in alma.pool] == ["VDA-INIT-01", "VDA-INIT-01"]
    assert alma.difficulty[-1] == Modifier(rule="VDA-GREN-10", value=1, why="assourdi")


def test_deafening_bought_down_to_its_die_leaves_no_difficulty_term() -> None:
    """VDA-GREN-09, VDA-GREN-10: Bors (a vampire) deafened at +2 and −1 die buys the
    difficulty off with 2 blood: his next initiative has the die's term only."""
    t = grenade_round_two(bors=sheet(dodge=1, generation=8))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), [])
    t.send(c.ClearDeafness(combatant="bors", points=2))
    t.start()
    [rolled] = scripted(t, c.RollInitiative(combatant="bors"), [7])
    assert rolled.pool[-1] == Modifier(rule="VDA-GREN-10", value=-1, why="assourdi")
    assert [m.rule for m in rolled.difficulty] == ["VDA-INIT-01"]


def blast_on_bors(options: VdaOptions | None, faces: list[int], **bors: Any) -> list[Any]:
    """Round 2 of Alma's grenade thrown at Bors (2 hits); nobody acts before it."""
    t = grenade_round_two(bors=sheet(kind="mortal", dodge=1, **bors))
    if options is not None:
        t = Table(options)
        t.add("alma", sheet(athletics=2, weapons=["grenade"]), player="ann")
        t.add("bors", sheet(kind="mortal", dodge=1, **bors))
        t.start()
        t.initiative("alma", [7, 7, 7, 2, 2])
        t.initiative("bors", [7, 2, 2, 2, 2])
        t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
        t.declare("bors", act("none"))
        t.resolve("alma", [8, 8, 2, 2, 2])
        t.start()
        t.initiative("alma", [7, 7, 7, 2, 2])
        t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    return scripted(t, NEXT_BLAST, faces)


NEXT_BLAST = c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}, dodging=["bors"])


def test_a_blast_whose_hits_are_all_dodged_rolls_its_damage_on_no_success() -> None:
    """VDA-GREN-05, VDA-GREN-06: Bors dodges both hits in reaction but stays in the lethal
    zone: the blast's damage has no hit to add (0 successes), only its 4 dice."""
    events = blast_on_bors(None, [9, 9, 3, 3] + [2, 2, 2, 2] + [2])
    [resolved] = of(events, ev.AttackResolved)
    assert resolved.resolution.attack_successes == 0
    assert of(events, ev.GrenadeExploded)[0].net_hits == {"bors": 0}


def test_the_blast_damage_follows_the_tables_damage_options() -> None:
    """VDA-GREN-06, A-3: at a table where 1s do not cancel damage successes, the blast's
    damage roll [8, 8, 1, 2] keeps its 2 successes."""
    options = VdaOptions(damage=DamageOptions(ones_cancel_on_damage_and_soak=False))
    events = blast_on_bors(options, [3, 3, 3, 3] + [8, 8, 1, 2] + [2])
    [resolved] = of(events, ev.AttackResolved)
    damage_roll = resolved.resolution.damage_roll
    assert isinstance(damage_roll, PoolRoll)
    assert (damage_roll.faces, damage_roll.successes) == ([8, 8, 1, 2], 2)


SOAKED = VdaOptions(equipment=EquipmentOptions(grenade_moderate_bashing_soaked=True))


def moderate(options: VdaOptions, faces: list[int], stamina: int = 1, **bors: Any) -> list[Any]:
    """Alma's grenade goes off by Bors (Stamina ``stamina``), in the moderate zone."""
    t = Table(options)
    t.add("alma", sheet(athletics=2, weapons=["grenade"]), player="ann")
    found = sheet(kind="mortal", dodge=1, **bors)
    attributes = msgspec.structs.replace(found.attributes, stamina=stamina)
    t.add("bors", msgspec.structs.replace(found, attributes=attributes))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    return scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), faces)


def test_fortitude_soaks_the_moderate_zones_bashing_without_a_roll() -> None:
    """VDA-GREN-06 (option ``grenade_moderate_bashing_soaked``), VDA-FORPOT-06: Bors's
    Fortitude 1 soaks the moderate zone's 1 bashing automatically: no Stamina roll."""
    events = moderate(SOAKED, [], fortitude=1)
    assert of(events, ev.BlastSoaked) == [
        ev.BlastSoaked(combatant="bors", automatic_soak=1, soak=None, soaked=1)
    ]
    assert of(events, ev.HealthAdjusted) == [
        ev.HealthAdjusted(combatant="bors", bashing=0, reason="moderate_zone")
    ]


def test_a_one_cancels_the_stamina_soak_of_the_moderate_zone() -> None:
    """VDA-GREN-06 (option ``grenade_moderate_bashing_soaked``), A-3: without Fortitude,
    Bors rolls Stamina at 6; his 1 cancels his success: the bashing goes through."""
    events = moderate(SOAKED, [8, 1], stamina=2)
    soak = PoolRoll(
        dice=2, difficulty=6, faces=[8, 1], hits=1, ones=1, successes=0, botch=False, scripted=True
    )
    assert of(events, ev.BlastSoaked) == [
        ev.BlastSoaked(combatant="bors", automatic_soak=0, soak=soak, soaked=0)
    ]
    assert of(events, ev.HealthAdjusted) == [
        ev.HealthAdjusted(combatant="bors", bashing=1, reason="moderate_zone")
    ]


def test_a_grenades_own_thrower_dodging_gains_nothing_against_it() -> None:
    """VDA-GREN-04: Alma, who threw the grenade at Bors, dodges before it goes off (her 3
    beats its 2): her successes count against no grenade of hers aimed at another."""
    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [2])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    assert of(resolve(t, "alma", [9, 9, 9]), ev.GrenadeDodged) == []


def test_an_attack_before_the_blast_is_no_dodge_of_it() -> None:
    """VDA-GREN-04: only a dodge or a move counts against a grenade's hits: Bors's
    successful punch, made while Alma's grenade is pending, takes none off."""
    t = grenade_round_two(bors=sheet(kind="mortal", dodge=1, brawl=2))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [1])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    assert of(resolve(t, "bors", [9, 9, 9]), ev.GrenadeDodged) == []


def test_a_reaction_dodge_needs_a_declared_unspent_action() -> None:
    """VDA-GREN-05: a reaction dodge gives up the dodger's physical action of the sequence:
    Bors has declared none yet (the blast comes during the declarations, at a table
    without the grenade's d10), and Alma has already spent hers."""
    options = VdaOptions(tactics=TacticsOptions(grenade_initiative_d10=False))
    t = Table(options)
    t.add("alma", sheet(athletics=2, weapons=["grenade"]), player="ann")
    t.add("bors", sheet(kind="mortal", dodge=1))
    for _ in range(2):
        t.start()
        t.initiative("alma", [7, 7, 7, 2, 2])
        t.initiative("bors", [7, 2, 2, 2, 2])
        if t.state.round == 1:
            throw = act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown")
            t.declare("alma", throw)
            t.declare("bors", act("none"))
            t.resolve("alma", [8, 8, 2, 2, 2])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    undeclared = t.refuse(
        c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}, dodging=["bors"]), dice=[9]
    )
    assert (undeclared.rule, undeclared.message) == (
        "VDA-GREN-05",
        "'bors' has declared no action of sequence 1 to give up for a reaction dodge",
    )
    t.declare("bors", act("none"))
    resolve(t, "alma", [2])
    spent = t.refuse(
        c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}, dodging=["alma"]), dice=[9]
    )
    assert (spent.rule, spent.message) == (
        "VDA-GREN-05",
        "'alma' already spent its physical action of sequence 1",
    )


def test_a_table_where_ones_do_not_cancel_soaks_the_moderate_zone_with_one_success() -> None:
    """VDA-GREN-06 (option ``grenade_moderate_bashing_soaked``), A-3: where 1s do not cancel
    soak successes, Bors's Stamina [8, 1] soaks the moderate zone's bashing."""
    options = VdaOptions(
        equipment=EquipmentOptions(grenade_moderate_bashing_soaked=True),
        damage=DamageOptions(ones_cancel_on_damage_and_soak=False),
    )
    events = moderate(options, [8, 1], stamina=2)
    [soaked] = of(events, ev.BlastSoaked)
    assert (soaked.soak is not None and soaked.soak.successes, soaked.soaked) == (1, 1)
    assert of(events, ev.HealthAdjusted) == [
        ev.HealthAdjusted(combatant="bors", bashing=0, reason="moderate_zone")
    ]


def test_a_single_dodge_success_before_the_blast_counts() -> None:
    """VDA-GREN-04: Bors dodges after Alma's throw with a single success: it comes off the
    grenade's hits."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    assert of(resolve(t, "bors", [9]), ev.GrenadeDodged) == [
        ev.GrenadeDodged(grenade="alma-1-1", combatant="bors", successes=1)
    ]


def test_a_staked_vampire_cannot_dodge_the_blast() -> None:
    """VDA-GREN-05, VDA-STAKE-04: Bors declared nothing, then the GM rules a stake through
    his heart: paralysed, he cannot dodge Alma's grenade in reaction."""
    t = grenade_round_two(bors=sheet(dodge=1))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu"))
    refused = t.refuse(
        c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}, dodging=["bors"]), dice=[9]
    )
    assert (refused.rule, refused.message) == (
        "VDA-STAKE-04",
        "'bors' has a stake through the heart: paralysed",
    )


def test_the_gms_adjustment_weighs_on_the_blast_dodge() -> None:
    """VDA-GREN-05: the GM's difficulty adjustment on Bors (smoke, +1) is one of the terms
    his reaction dodge meets: 6 + 3 + 1."""
    t = grenade_round_two(bors=sheet(kind="mortal", dodge=1))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.AdjustDifficulty(combatant="bors", delta=1, reason="fumée"))
    [dodged] = of(scripted(t, NEXT_BLAST, [9, 9], pad=3), ev.GrenadeDodged)
    assert dodged.difficulty == [*AT_9, Modifier(rule="gm", value=1, why="fumée")]


def test_a_held_fighter_dodges_the_blast_under_the_grapples_malus() -> None:
    """VDA-GREN-05, VDA-GRAP-19: Cole grappled Bors in the round of Alma's throw, at a hold
    of his Strength: Bors's reaction dodge to the blast takes the +2 of one holder."""
    t = Table()
    t.add("alma", sheet(athletics=2, weapons=["grenade"]), player="ann")
    t.add("cole", sheet(brawl=3))
    t.add("bors", sheet(kind="mortal", dodge=1))

    def rolled() -> None:
        t.start()
        for cid, faces in (("alma", 4), ("cole", 3), ("bors", 1)):
            t.initiative(cid, [7] * faces + [2] * (5 - faces))

    rolled()
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("cole", CONTACT)
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    resolve(t, "cole", [8, 8, 8, 2, 2, 2, 8, 8, 8])
    finish(t)
    rolled()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    for cid in ("alma", "cole", "bors"):
        t.declare(cid, act("none"))
    blast = c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}, dodging=["bors"])
    [dodged] = of(scripted(t, blast, [9, 9], pad=3), ev.GrenadeDodged)
    assert dodged.difficulty == [*AT_9, Modifier(rule="VDA-GRAP-19", value=2, why="agrippé par 1")]
