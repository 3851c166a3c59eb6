"""The situational modifiers every physical roll goes through (``handlers/situation.py``),
through ``decide`` with fixed dice: the exact terms of the attack, the defence or the
actor's own state (prone, under water, terrain, cover, outnumbering, a shield, a G weapon,
a ¤ parry, a thrown weapon's range...). Written against the mutants that survived the
mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge, Circumstances, Item, Mount
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, resolve, scripted
from tests.systems.vda.test_facts import charge, charger
from tests.systems.vda.test_mutants_grenades import deafened
from tests.systems.vda.test_mutants_rules_stake import stuck_in_bors
from tests.systems.vda.test_mutants_surprise import unseen

DEX = Modifier(rule="A-6", value=3, why="dexterity")
DECLARED = Modifier(rule="A-7", value=6, why="difficulté déclarée")


def base(weapon: str, value: int = 6) -> Modifier:
    return Modifier(rule="A-7", value=value, why=weapon)


def ability(name: str, value: int) -> Modifier:
    return Modifier(rule="A-6", value=value, why=name)


def rolled(events: list[Any]) -> ev.ActionRolled:
    found = events[0]
    assert isinstance(found, ev.ActionRolled)
    return found


def resolution(events: list[Any]) -> AttackResolution:
    return next(e.resolution for e in events if isinstance(e, ev.AttackResolved))


def condition(t: Table, cid: str, name: str) -> None:
    t.send(c.SetCondition(combatant=cid, condition=name, reason="le MJ"))  # type: ignore[arg-type]


def rule_on(t: Table, cid: str, **ruling: Any) -> None:
    t.send(c.SetCircumstances(combatant=cid, circumstances=Circumstances(**ruling), reason="le MJ"))


def item(t: Table, cid: str, name: str, **state: Any) -> None:
    t.send(c.AdjustItem(combatant=cid, item=name, state=Item(**state), reason="le MJ"))


def attack(t: Table, weapon: str, faces: list[int] | None = None, **fields: Any) -> list[Any]:
    """Alma attacks Bors, who does nothing."""
    fields = {"skill": "melee", "target": "bors", "weapon": weapon} | fields
    t.declare("alma", act("attack", **fields))
    t.declare("bors", act("none"))
    return resolve(t, "alma", faces or [2] * 6)


# --- VDA-THROW-01, VDA-THROW-02: a thrown weapon's range ------------------------------


def javelin_at(distance: float, moving: bool = False) -> list[Any]:
    t = fight(alma=sheet(strength=5, potence=2, athletics=3, weapons=["javelot"]), bors=sheet(kind="mortal"))
    if moving:
        condition(t, "bors", "moving")
    return attack(t, "javelot", [8] * 6, skill="athletics", ranged="thrown", distance_m=distance)


def test_vda_throw_01__strength_above_3_and_potence_lengthen_a_javelins_range() -> None:
    """VDA-THROW-01: a javelin thrown standing reaches 25 m, 2 m more a point of Strength
    above 3 and of Potence: 33 m for Strength 5, Potence 2; at 33 m the throw is plain."""
    events = javelin_at(33)
    assert rolled(events).difficulty == [base("javelot")]
    assert resolution(events).halved_beyond_range is False


def test_vda_throw_02__beyond_the_thrown_range_difficulty_rises_and_damage_is_halved() -> None:
    """VDA-THROW-02: one metre beyond the 33 m is +1 difficulty (a quarter of the range
    started), on top of the moving target's +1 (VDA-MOD-02), and the damage is halved."""
    events = javelin_at(34, moving=True)
    assert rolled(events).difficulty == [
        base("javelot"),
        Modifier(rule="VDA-MOD-02", value=1),
        Modifier(rule="VDA-THROW-02", value=1),
    ]
    assert resolution(events).halved_beyond_range is True


# --- VDA-PRONE-01, VDA-MOD-04: the target's state ------------------------------------


def test_vda_prone_01__a_shot_at_a_prone_target_behind_a_shield_is_plain() -> None:
    """VDA-PRONE-01, VDA-MOD-04: lying down helps only melee and brawl attackers (by default),
    and a shield weighs on melee attacks only: a bow shot at Bors, prone with his shield, is
    at the bow's 6."""
    t = fight(alma=sheet(archery=3, weapons=["arc_court"]), bors=sheet(kind="mortal", weapons=["bouclier"]))
    condition(t, "bors", "prone")
    events = attack(t, "arc_court", skill="archery", ranged="bow")
    assert rolled(events).pool == [DEX, ability("archery", 3)]
    assert rolled(events).difficulty == [base("arc_court")]


@pytest.mark.parametrize(("location", "expected"), [("held", [1]), ("ground", []), ("destroyed", [])])
def test_vda_mod_04__only_a_shield_still_in_hand_weighs_on_the_attack(
    location: str, expected: list[int]
) -> None:
    """VDA-MOD-04: Bors's shield puts Alma's dagger at +1 while he holds it; dropped or
    broken, it no longer does."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["bouclier"]))
    item(t, "bors", "bouclier", location=location)
    difficulty = rolled(attack(t, "dague_de_chasse")).difficulty
    assert difficulty == [base("dague_de_chasse")] + [Modifier(rule="VDA-MOD-04", value=v) for v in expected]


def test_vda_melee_10__the_two_handed_axe_ignores_the_shield() -> None:
    """VDA-MOD-04, VDA-MELEE-10: the two-handed axe strikes a shield-bearer without the +1."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="mortal", weapons=["bouclier"]),
    )
    assert rolled(attack(t, "hache_a_deux_mains")).difficulty == [base("hache_a_deux_mains", 7)]


# --- VDA-COVER-01 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruling", "pool", "difficulty"),
    [
        ("dice", [Modifier(rule="VDA-COVER-01", value=2)], []),
        ("difficulty", [], [Modifier(rule="VDA-COVER-01", value=-2)]),
        (
            "dice_and_difficulty",
            [Modifier(rule="VDA-COVER-01", value=2)],
            [Modifier(rule="VDA-COVER-01", value=-2)],
        ),
    ],
)
def test_vda_cover_01__the_gms_ruling_gives_dice_difficulty_or_both(
    ruling: str, pool: list[Modifier], difficulty: list[Modifier]
) -> None:
    """VDA-COVER-01: « +1 dé et/ou −1 en difficulté » a level: medium cover (2) behind which
    Bors dodges gives him two dice, two less difficulty, or both, as the GM ruled."""
    t = fight()
    rule_on(t, "bors", cover=2, cover_ruling=ruling)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    dodge = rolled(resolve(t, "bors", [2] * 6))
    assert dodge.pool == [DEX, ability("dodge", 1), *pool]
    assert dodge.difficulty == [DECLARED, *difficulty]


# --- VDA-WATER-01, VDA-WATER-02, VDA-PRONE-01: the actor's own state --------------------


def test_vda_water_01_02__a_prone_fighter_under_water_adds_the_attribute_and_the_weapons_malus() -> None:
    """VDA-PRONE-01, VDA-WATER-01, VDA-WATER-02: Alma, on the ground under water, thrusts a
    pilum (size M): +1 on the ground, +2 for a Dexterity roll under water, +1 for the M
    weapon, all cumulative."""
    t = fight(alma=sheet(melee=3, weapons=["pilum"]))
    condition(t, "alma", "prone")
    condition(t, "alma", "under_water")
    events = attack(t, "pilum")
    assert rolled(events).difficulty == [
        base("pilum"),
        Modifier(rule="VDA-PRONE-01", value=1),
        Modifier(rule="VDA-WATER-01", value=2),
        Modifier(rule="VDA-WATER-02", value=1),
    ]


def test_vda_water_01__murky_water_adds_the_gms_turbidity_to_perception() -> None:
    """VDA-WATER-01: a Perception roll under water is +1, plus the murkiness the GM rules (2)."""
    t = fight()
    condition(t, "alma", "under_water")
    rule_on(t, "alma", turbidity=2)
    t.declare("alma", act("other", skill="alertness", attribute="perception"))
    t.declare("bors", act("none"))
    looked = rolled(resolve(t, "alma", [2] * 4))
    assert looked.pool == [ability("perception", 2), ability("alertness", 2)]
    assert looked.difficulty == [DECLARED, Modifier(rule="VDA-WATER-01", value=3)]


# --- VDA-MOD-05: outnumbered -------------------------------------------------------------


def melee_of_four(alma: Any, cole_target: str = "alma") -> Table:
    """Alma (fastest) strikes Bors with a two-handed sword; Bors, Cole and Dave (Melee 2)
    attack: Bors and Dave strike Alma, Cole strikes ``cole_target``. Alma's adversaries are
    organised (VDA-MOD-05)."""
    t = Table()
    t.add("alma", alma)
    for cid in ("bors", "cole", "dave"):
        t.add(cid, sheet(kind="mortal", melee=2))
    rule_on(t, "alma", organised_adversaries=True)
    t.start()
    t.initiative("alma", [7, 7, 7, 7, 2])
    t.initiative("bors", [7, 7, 7, 2, 2])
    t.initiative("cole", [7, 7, 2, 2, 2])
    t.initiative("dave", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="epee_a_deux_mains"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.declare("cole", act("attack", skill="melee", target=cole_target))
    t.declare("dave", act("attack", skill="melee", target="alma"))
    return t


def test_vda_melee_11__the_two_handed_sword_cancels_the_first_point_of_outnumbering() -> None:
    """VDA-MOD-05, VDA-MELEE-11, VDA-PRONE-01: three organised adversaries are +2 (no more
    than their mean Melee 2); Alma's two-handed sword cancels the first point; on the
    ground she is +1 besides."""
    t = melee_of_four(sheet(melee=3, strength=3, weapons=["epee_a_deux_mains"]))
    condition(t, "alma", "prone")
    assert rolled(resolve(t, "alma", [2] * 6)).difficulty == [
        base("epee_a_deux_mains", 7),
        Modifier(rule="VDA-PRONE-01", value=1),
        Modifier(rule="VDA-MOD-05", value=1),
    ]


def test_vda_mod_05__only_the_adversaries_attacking_the_fighter_outnumber_it() -> None:
    """VDA-MOD-05: Cole attacks Bors, not Alma: only Bors and Dave count, +1, which the
    two-handed sword cancels."""
    t = melee_of_four(sheet(melee=3, strength=3, weapons=["epee_a_deux_mains"]), cole_target="bors")
    assert rolled(resolve(t, "alma", [2] * 6)).difficulty == [base("epee_a_deux_mains", 7)]


# --- VDA-GREN-10: deafened ---------------------------------------------------------------


def deafened_next_round() -> Table:
    """Bors, deafened by Alma's grenade (+2 difficulty, −1 die) and knocked down by its blast,
    in the next round's first sequence; Alma faster."""
    t = deafened()
    t.start()
    scripted(t, c.RollInitiative(combatant="alma"), [7, 7, 7, 2, 2])
    scripted(t, c.RollInitiative(combatant="bors"), [7, 2, 2, 2, 2])
    return t


def test_vda_gren_10__deafening_weighs_on_a_perception_roll() -> None:
    """VDA-GREN-10, VDA-WATER-01: Bors, deafened and under water, listens (Perception +
    Alertness): −1 die and +2 for the deafening, after the water's +1."""
    t = deafened_next_round()
    condition(t, "bors", "under_water")
    t.declare("alma", act("none"))
    t.declare("bors", act("other", skill="alertness", attribute="perception"))
    listened = rolled(resolve(t, "bors", [2] * 3))
    assert listened.pool == [
        ability("perception", 2),
        ability("alertness", 2),
        Modifier(rule="VDA-GREN-10", value=-1),
    ]
    assert listened.difficulty == [
        DECLARED,
        Modifier(rule="VDA-WATER-01", value=1),
        Modifier(rule="VDA-GREN-10", value=2),
    ]


def test_vda_gren_10__deafening_spares_a_dexterity_roll() -> None:
    """VDA-GREN-10: deafened Bors, still on the ground, strikes: only the ground's +1."""
    t = deafened_next_round()
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    struck = rolled(resolve(t, "bors", [2] * 5))
    assert struck.pool == [DEX, ability("melee", 0)]
    assert struck.difficulty == [DECLARED, Modifier(rule="VDA-PRONE-01", value=1)]


# --- VDA-DISARM-03: a weakened grip -------------------------------------------------------


def test_vda_disarm_03__a_weakened_grip_is_plus_one_on_every_roll_with_the_weapon() -> None:
    """VDA-DISARM-03, VDA-PRONE-01: Alma's dagger, its grip weakened, strikes at +1, on top
    of her +1 on the ground."""
    t = fight()
    item(t, "alma", "dague_de_chasse", grip_weakened=True)
    condition(t, "alma", "prone")
    assert rolled(attack(t, "dague_de_chasse")).difficulty == [
        base("dague_de_chasse"),
        Modifier(rule="VDA-PRONE-01", value=1),
        Modifier(rule="VDA-DISARM-03", value=1),
    ]


def test_vda_disarm_03__regripping_in_the_action_lifts_the_malus() -> None:
    """VDA-DISARM-03: regripping (a minor act, 2 dice of the pool) spares the roll the +1."""
    t = fight()
    item(t, "alma", "dague_de_chasse", grip_weakened=True)
    struck = rolled(attack(t, "dague_de_chasse", minor_acts=["regrip"]))
    assert struck.pool == [DEX, ability("melee", 3), Modifier(rule="VDA-MINOR-02", value=-2, why="regrip")]
    assert struck.difficulty == [base("dague_de_chasse")]


# --- an attack's own terms (VDA-MELEE-08, VDA-MELEE-01, VDA-TGT-02, VDA-AIM-01) -----------------

MOVING = Modifier(rule="VDA-MOD-02", value=1)
ON_THE_GROUND = Modifier(rule="VDA-PRONE-01", value=-1)
SMALL_SPECIAL = Modifier(rule="VDA-MELEE-01", value=-1)


def test_vda_melee_08__a_dagger_striking_a_faster_lance_wielder_is_at_plus_one() -> None:
    """VDA-MELEE-08, VDA-MOD-02: Bors, ahead in initiative, strikes with a lance (G): −1 for
    him; Alma's dagger (P) striking him back while he moves is +1 for the movement and +1
    for the G weapon."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", melee=2, strength=3, weapons=["lance"]))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 2, 2])
    condition(t, "bors", "moving")
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="lance"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    lance = rolled(resolve(t, "bors", [2] * 5))
    assert lance.difficulty == [base("lance"), Modifier(rule="VDA-MELEE-08", value=-1)]
    dagger = rolled(resolve(t, "alma", [2] * 6))
    assert dagger.difficulty == [base("dague_de_chasse"), MOVING, Modifier(rule="VDA-MELEE-08", value=1)]


@pytest.mark.parametrize(
    ("fields", "own"),
    [
        ({"intent": "disarm"}, Modifier(rule="VDA-DISARM-05", value=1)),
        (
            {"intent": "vandalism", "item": "dague_de_chasse"},
            Modifier(rule="VDA-VAND-01", value=2, why="vandalisme"),
        ),
        ({"zone": "unarmoured"}, Modifier(rule="VDA-TGT-02", value=1)),
    ],
)
def test_vda_melee_01__a_small_blades_special_attack_on_a_prone_target_is_minus_one(
    fields: dict[str, Any], own: Modifier
) -> None:
    """VDA-MELEE-01, VDA-PRONE-01: a disarm, a vandalism or a targeted blow of Alma's dagger
    (P) at Bors on the ground: −1 for the ground, −1 for the small blade, then the special
    attack's own cost (VDA-DISARM-05, VDA-VAND-01, VDA-TGT-02)."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    condition(t, "bors", "prone")
    struck = rolled(attack(t, "dague_de_chasse", **fields))
    assert struck.difficulty == [base("dague_de_chasse"), ON_THE_GROUND, SMALL_SPECIAL, own]


@pytest.mark.parametrize(
    ("fields", "own"), [({"intent": "disarm"}, "VDA-DISARM-05"), ({"zone": "heart"}, "VDA-TGT-02")]
)
def test_vda_melee_01__a_small_blades_plain_blow_or_a_larger_weapons_special_attack_has_no_bonus(
    fields: dict[str, Any], own: str
) -> None:
    """VDA-MELEE-01: only a size-P weapon's special attack gets the −1 against a prone target:
    nothing for Alma's lance disarming or targeting Bors on the ground."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["lance"]),
        bors=sheet(kind="mortal", weapons=["dague_de_chasse"]),
    )
    condition(t, "bors", "prone")
    struck = rolled(attack(t, "lance", **fields))
    assert struck.difficulty == [base("lance"), ON_THE_GROUND, Modifier(rule=own, value=1)]


def test_vda_tgt_02__a_destroyed_armour_adds_nothing_to_the_targeted_zone() -> None:
    """VDA-TGT-02, VDA-RES-02: Bors's mail destroyed, a bare zone costs only its +1 (after
    the moving target's +1)."""
    t = fight(bors=sheet(kind="mortal", melee=2, armour="maille"))
    item(t, "bors", "maille", location="destroyed")
    condition(t, "bors", "moving")
    struck = rolled(attack(t, "dague_de_chasse", zone="unarmoured"))
    assert struck.difficulty == [base("dague_de_chasse"), MOVING, Modifier(rule="VDA-TGT-02", value=1)]


def test_vda_aim_01__an_aimed_shot_at_a_zone_adds_perception_and_keeps_the_zones_cost() -> None:
    """VDA-AIM-01, VDA-TGT-02: Alma aims her short bow at a bare zone of still Bors:
    + Perception (2, no more than Archery 3) dice, +1 difficulty for the zone."""
    t = fight(alma=sheet(archery=3, weapons=["arc_court"]))
    shot = rolled(attack(t, "arc_court", skill="archery", ranged="bow", aim=True, zone="unarmoured"))
    assert shot.pool == [DEX, ability("archery", 3), Modifier(rule="VDA-AIM-01", value=2)]
    assert shot.difficulty == [base("arc_court"), Modifier(rule="VDA-TGT-02", value=1)]


def test_vda_aim_01__a_target_that_started_moving_since_takes_the_aim_away() -> None:
    """VDA-AIM-01: « on ne vise qu'une cible immobile »: Bors, still when Alma declared her
    aimed shot, moves by the GM's ruling before it: she shoots all the same, without the
    aim's Perception dice, and with the moving target's +1 (the round goes on); aiming at
    him now is refused at the declaration."""
    t = fight(alma=sheet(archery=3, weapons=["arc_court"]))
    aimed = act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow", aim=True)
    t.declare("alma", aimed)
    t.declare("bors", act("none"))
    condition(t, "bors", "moving")
    shot = rolled(t.send(c.ResolveAction(combatant="alma"), [2] * 6))
    assert shot.pool == [DEX, ability("archery", 3)]
    assert shot.difficulty == [base("arc_court"), MOVING]
    t = fight(alma=sheet(archery=3, weapons=["arc_court"]))
    condition(t, "bors", "moving")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=aimed))
    assert (refused.rule, refused.message) == ("VDA-AIM-01", "on ne vise qu'une cible immobile")


# --- the damage side (VDA-CHARGE-05, VDA-CHARGE-06, VDA-CHARGE-07, VDA-TGT-03) ------------------------


def charged(**fields: Any) -> AttackResolution:
    mount = fields.pop("mount", None)
    t = charger(run_up=True, **({"mount": mount} if mount else {}))
    t.declare("alma", charge(**fields), as_="ann")
    t.declare("bors", act("none"))
    return resolution(resolve(t, "alma", [8] * 6, pad=8))


def test_vda_charge_05__a_charge_on_foot_adds_one_bashing() -> None:
    """VDA-CHARGE-05: Alma's lance charge on foot: her own Strength, +1 bashing."""
    hit = charged()
    assert (hit.strength, hit.charge_bashing) == (2, 1)


def test_vda_charge_06__a_mounted_charge_adds_two_bashing() -> None:
    """VDA-CHARGE-06: on horseback, without her mount's Strength: her own Strength, +2 bashing."""
    hit = charged(mount=Mount(strength=4, potence=1))
    assert (hit.strength, hit.charge_bashing) == (2, 2)


def test_vda_charge_07__a_mounted_charge_may_strike_with_the_horses_strength() -> None:
    """VDA-CHARGE-06, VDA-CHARGE-07: striking with her mount's Strength 4 and Potence 1."""
    hit = charged(mount=Mount(strength=4, potence=1), use_mount_strength=True)
    assert (hit.strength, hit.potence_automatic, hit.charge_bashing) == (4, 1, 2)


def test_vda_tgt_03__a_blow_at_a_bare_zone_is_soaked_without_the_armour() -> None:
    """VDA-TGT-03: Alma's dagger at a zone Bors's mail leaves bare: his 2 armour dice do not
    soak it; a plain blow meets them."""
    t = fight(bors=sheet(kind="mortal", melee=2, armour="maille"))
    bare = resolution(attack(t, "dague_de_chasse", [8] * 6, zone="unarmoured"))
    assert (bare.armour_dice, bare.armour_dice_effective) == (2, 0)
    t = fight(bors=sheet(kind="mortal", melee=2, armour="maille"))
    plain = resolution(attack(t, "dague_de_chasse", [8] * 6))
    assert (plain.armour_dice, plain.armour_dice_effective) == (2, 2)


# --- a defence's terms (VDA-COVER-01, VDA-MELEE-03, VDA-VAND-02, VDA-MELEE-08) -----------------


def defended(
    bors_weapons: list[str],
    defence: str = "parry",
    weapon: str | None = None,
    alma: str = "dague_de_chasse",
    **attack_fields: Any,
) -> ev.ActionRolled:
    """Alma (faster) attacks Bors with ``alma``; Bors defends (a parry with ``weapon``, or a
    dodge); his defence roll."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=[alma]),
        bors=sheet(kind="mortal", melee=2, dodge=1, weapons=bors_weapons),
    )
    return defend(t, defence, weapon, alma, **attack_fields)


def defend(t: Table, defence: str, weapon: str | None, alma: str, **attack_fields: Any) -> ev.ActionRolled:
    t.declare("alma", act("attack", skill="melee", target="bors", weapon=alma, **attack_fields))
    skill = "dodge" if defence == "dodge" else "melee"
    t.declare("bors", act("defend", skill=skill, defence=defence, weapon=weapon))
    return rolled(resolve(t, "bors", [2] * 6))


PARRY_POOL = [DEX, ability("melee", 2)]
DODGE_POOL = [DEX, ability("dodge", 1)]
LIGHT_COVER = Modifier(rule="VDA-COVER-01", value=1), Modifier(rule="VDA-COVER-01", value=-1)
SMALL_PARRY = Modifier(rule="VDA-MELEE-03", value=1)
LARGE = Modifier(rule="VDA-MELEE-08", value=1)


def test_vda_melee_03__a_knife_parrying_a_dagger_is_plus_one_after_the_cover() -> None:
    """VDA-MELEE-03, VDA-COVER-01: Bors, behind light cover, parries Alma's hunting dagger
    (no ¤) with his knife (¤): the cover's die and −1, then +1 for the ¤ parry."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"]))
    rule_on(t, "bors", cover=1)
    parry = defend(t, "parry", "couteau", "dague_de_chasse")
    assert parry.pool == [*PARRY_POOL, LIGHT_COVER[0]]
    assert parry.difficulty == [DECLARED, LIGHT_COVER[1], SMALL_PARRY]


def test_vda_melee_03__a_knife_parrying_another_small_blade_is_plain() -> None:
    """VDA-MELEE-03: against Alma's stiletto (¤ too), Bors's knife parries plainly."""
    parry = defended(["couteau"], weapon="couteau", alma="stylet")
    assert (parry.pool, parry.difficulty) == (PARRY_POOL, [DECLARED])


def three(order: tuple[str, str, str], **sheets: Any) -> Table:
    """Alma, Bors and Cole (Melee 3, Dodge 1, their ``sheets``' weapons), initiative in
    ``order``, best first."""
    t = Table()
    for cid in ("alma", "bors", "cole"):
        t.add(cid, sheet(melee=3, strength=3, dodge=1, weapons=sheets.get(cid, [])))
    t.start()
    for cid, faces in zip(order, ([7, 7, 7, 7, 2], [7, 7, 2, 2, 2], [7, 2, 2, 2, 2]), strict=True):
        t.initiative(cid, faces)
    return t


def test_vda_melee_03__only_the_attacks_at_the_parrier_weigh_on_its_parry() -> None:
    """VDA-MELEE-03: Cole's stiletto strikes Alma, not Bors: Bors's knife parrying Alma's
    hunting dagger is at +1 as if Cole were not there."""
    t = three(("alma", "cole", "bors"), alma=["dague_de_chasse"], bors=["couteau"], cole=["stylet"])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("cole", act("attack", skill="melee", target="alma", weapon="stylet"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="couteau"))
    assert rolled(resolve(t, "bors", [2] * 6)).difficulty == [DECLARED, SMALL_PARRY]


def test_vda_melee_03__one_small_blade_among_the_attacks_spares_the_parry() -> None:
    """VDA-MELEE-03: Alma's hunting dagger and Cole's stiletto (¤) both strike Bors: his
    knife's parry is not at +1 against every weapon it meets, so it is plain."""
    t = three(("alma", "cole", "bors"), alma=["dague_de_chasse"], bors=["couteau"], cole=["stylet"])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("cole", act("attack", skill="melee", target="bors", weapon="stylet"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="couteau"))
    assert rolled(resolve(t, "bors", [2] * 6)).difficulty == [DECLARED]


def test_vda_vand_02__a_small_weapon_struck_at_is_easier_to_save() -> None:
    """VDA-VAND-02, VDA-COVER-01: Alma strikes at Bors's knife (size P): his dodge, behind
    light cover, is at −1 more."""
    t = fight(bors=sheet(kind="mortal", melee=2, dodge=1, weapons=["couteau"]))
    rule_on(t, "bors", cover=1)
    dodge = defend(t, "dodge", None, "dague_de_chasse", intent="vandalism", item="couteau")
    assert dodge.pool == [*DODGE_POOL, LIGHT_COVER[0]]
    assert dodge.difficulty == [
        DECLARED,
        LIGHT_COVER[1],
        Modifier(rule="VDA-VAND-02", value=-1, why="arme de taille P"),
    ]


def test_vda_vand_02__disarming_a_small_weapon_is_no_vandalism() -> None:
    """VDA-VAND-02: Alma's disarm naming Bors's knife strikes no item: his dodge is plain."""
    dodge = defended(["couteau"], defence="dodge", intent="disarm", item="couteau")
    assert (dodge.pool, dodge.difficulty) == (DODGE_POOL, [DECLARED])


# --- VDA-MELEE-08 on a defence (option damage.large_weapon_malus_on_parries) ----------------


def test_vda_melee_08__a_medium_weapons_parry_against_the_lance_is_plain() -> None:
    """VDA-MELEE-08: Bors parries Alma's lance with a pilum (M): no small weapon, no +1."""
    parry = defended(["pilum"], weapon="pilum", alma="lance")
    assert (parry.pool, parry.difficulty) == (PARRY_POOL, [DECLARED])


def test_vda_melee_08__the_parry_is_judged_by_the_weapon_it_uses() -> None:
    """VDA-MELEE-08: Bors holds a hunting dagger and a pilum; parrying the lance with the
    dagger, he fights with a P weapon: +1."""
    parry = defended(["dague_de_chasse", "pilum"], weapon="dague_de_chasse", alma="lance")
    assert parry.difficulty == [DECLARED, LARGE]


@pytest.mark.parametrize(
    ("weapons", "dropped", "expected"),
    [
        (["dague_de_chasse", "pilum"], None, []),
        (["dague_de_chasse", "pilum"], "pilum", [LARGE]),
        ([], None, [LARGE]),
    ],
)
def test_vda_melee_08__a_dodge_is_judged_by_the_largest_weapon_in_hand(
    weapons: list[str], dropped: str | None, expected: list[Modifier]
) -> None:
    """VDA-MELEE-08: Bors dodges Alma's lance: with a pilum (M) in hand beside his dagger he
    is no small fighter; with the pilum on the ground, his dagger is the largest: +1; bare
    hands (fists) are small too."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["lance"]),
        bors=sheet(kind="mortal", melee=2, dodge=1, weapons=weapons),
    )
    if dropped:
        item(t, "bors", dropped, location="ground")
    dodge = defend(t, "dodge", None, "lance")
    assert (dodge.pool, dodge.difficulty) == (DODGE_POOL, [DECLARED, *expected])


def test_vda_melee_08__a_lance_behind_in_initiative_gives_the_parry_no_malus() -> None:
    """VDA-MELEE-08: Bors, ahead of Alma, parries her lance with his dagger: the G wielder
    does not hold the initiative, no +1."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=3, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 2, 2])
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="lance"))
    parry = rolled(resolve(t, "bors", [2] * 5))
    assert parry.difficulty == [DECLARED]


def test_vda_melee_08__only_a_lance_striking_the_defender_weighs_on_its_defence() -> None:
    """VDA-MELEE-08: Cole, fastest, strikes Alma with a lance; Bors parries Alma's hunting
    dagger with his own: the lance is not aimed at him, no +1."""
    t = three(("cole", "alma", "bors"), alma=["dague_de_chasse"], bors=["dague_de_chasse"], cole=["lance"])
    t.declare("cole", act("attack", skill="melee", target="alma", weapon="lance"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
    resolve(t, "cole", [2] * 6)
    assert rolled(resolve(t, "bors", [2] * 6)).difficulty == [DECLARED]


def test_vda_melee_08__a_bystander_does_not_hide_the_lance_striking_the_defender() -> None:
    """VDA-MELEE-08: Cole, fastest, does nothing; Alma's lance strikes Bors, who parries with
    his dagger: +1."""
    t = three(("cole", "alma", "bors"), alma=["lance"], bors=["dague_de_chasse"])
    t.declare("cole", act("none"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="lance"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
    assert rolled(resolve(t, "bors", [2] * 6)).difficulty == [DECLARED, LARGE]


# --- the declaration's guards (require_declarable) -----------------------------------------


def refused_declaration(t: Table, cid: str, action: Any) -> tuple[str, str]:
    refused = t.refuse(c.DeclareAction(combatant=cid, action=action))
    return refused.rule, refused.message


def declared(t: Table, cid: str, action: Any) -> bool:
    return t.declare(cid, action)[0] == ev.ActionDeclared(combatant=cid, sequence=1, action=action)


def test_vda_nat_03__only_a_vampire_parries_with_its_fangs() -> None:
    """VDA-NAT-03: Alma, a vampire, may parry with her fangs; Bors, a mortal, has none."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    fangs = act("defend", skill="brawl", defence="parry", weapon="morsure")
    assert declared(t, "alma", fangs)
    assert refused_declaration(t, "bors", fangs) == (
        "VDA-NAT-03",
        "'bors' has no 'morsure': only a vampire has fangs",
    )


def test_vda_melee_07__a_weapon_without_numbers_cannot_defend_against_a_grapple() -> None:
    """VDA-MELEE-07, VDA-GRAP-01: Bors's sword has no damage or difficulty in the seeds: his
    armed defence against Alma's grapple is refused before any die."""
    t = fight(alma=sheet(melee=3, brawl=3), bors=sheet(kind="mortal", melee=2, weapons=["epee"]))
    t.declare("alma", act("attack", skill="brawl", target="bors", grapple="contact"))
    armed = act(
        "defend", defence="parry", skill="melee", weapon="epee", grapple="weapon_defence", target="alma"
    )
    assert refused_declaration(t, "bors", armed) == (
        "VDA-MELEE-07",
        "Épée: les graines ne donnent ni dommages ni difficulté / "
        "the seeds give no damage or difficulty; supply campaign data",
    )


def test_vda_mod_03__only_a_lance_is_anchored() -> None:
    """VDA-MOD-03: Alma's hunting dagger cannot be anchored against the ground."""
    anchored = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", anchored=True)
    assert refused_declaration(fight(), "alma", anchored) == (
        "VDA-MOD-03",
        "only a lance attack is anchored against the ground",
    )


def test_vda_charge_02__a_charge_names_its_weapon() -> None:
    """VDA-CHARGE-02: a charge without a weapon is refused."""
    bare = act("attack", skill="melee", target="bors", charge=Charge())
    assert refused_declaration(fight(), "alma", bare) == ("VDA-CHARGE-02", "a charge names its weapon")


def test_vda_aim_01__only_a_ranged_weapon_aims() -> None:
    """VDA-AIM-01: Alma cannot aim her hunting dagger."""
    aimed = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", aim=True)
    assert refused_declaration(fight(), "alma", aimed) == ("VDA-AIM-01", "on vise avec une arme à distance")


def test_vda_disarm_01__the_named_weapon_in_hand_is_disarmed() -> None:
    """VDA-DISARM-01: Alma may disarm Bors of the dagger he holds, named."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    named = act(
        "attack",
        skill="melee",
        target="bors",
        weapon="dague_de_chasse",
        intent="disarm",
        item="dague_de_chasse",
    )
    assert declared(t, "alma", named)


def test_vda_disarm_01__a_weapon_on_the_ground_is_not_disarmed() -> None:
    """VDA-DISARM-01, VDA-DISARM-04: Bors's only dagger lies on the ground: nothing to disarm."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    item(t, "bors", "dague_de_chasse", location="ground")
    disarm = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm")
    assert refused_declaration(t, "alma", disarm) == ("VDA-DISARM-01", "'bors' holds no weapon to disarm")


def test_vda_vand_01__a_vandalism_names_an_item_of_its_target() -> None:
    """VDA-VAND-01: a vandalism names the item it strikes, one its target has."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    blow = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism")
    assert refused_declaration(t, "alma", blow) == ("VDA-VAND-01", "a vandalism names the item it strikes")
    lance = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism", item="lance"
    )
    assert refused_declaration(t, "alma", lance) == ("VDA-VAND-01", "'bors' has no 'lance'")


def test_vda_vand_01__an_item_out_of_hand_is_not_struck_at() -> None:
    """VDA-VAND-01, VDA-DISARM-04: Bors's dagger lies on the ground: Alma cannot strike at it."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    item(t, "bors", "dague_de_chasse", location="ground")
    blow = act(
        "attack",
        skill="melee",
        target="bors",
        weapon="dague_de_chasse",
        intent="vandalism",
        item="dague_de_chasse",
    )
    assert refused_declaration(t, "alma", blow) == (
        "VDA-DISARM-04",
        "'bors' no longer holds 'dague_de_chasse' (ground)",
    )


def test_vda_stuck_04__working_loose_names_the_stuck_weapon() -> None:
    """VDA-STUCK-04: Alma's stake is stuck in Bors, not her dagger: a removal naming the
    dagger is refused."""
    t = stuck_in_bors()
    dagger = act("other", skill="melee", target="bors", intent="unstick", item="dague_de_chasse")
    assert refused_declaration(t, "alma", dagger) == ("VDA-STUCK-04", "no weapon is stuck in 'bors'")


def test_vda_stuck_04__two_dice_work_loose_the_weapon_stuck_in_the_actor() -> None:
    """VDA-STUCK-04: Bors, Alma's stake stuck in him, strikes her and spends 2 dice working
    it loose from his own body."""
    t = stuck_in_bors()
    t.declare("alma", act("none"))
    blow = act("attack", skill="brawl", target="alma", minor_acts=["unstick"])
    assert declared(t, "bors", blow)


def test_vda_melee_01__a_small_blades_special_attack_in_an_ambush_is_minus_one() -> None:
    """VDA-MELEE-01, VDA-AMB-01: Alma's surprise attack from ambush, her hunting dagger (P) at
    a bare zone of Bors (standing): −1 for the small blade in an ambush, +1 for the zone."""
    t = unseen()
    strike = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", zone="unarmoured")
    surprise = scripted(t, c.SurpriseAttack(combatant="alma", action=strike), [2] * 5)[0]
    assert isinstance(surprise, ev.SurpriseAttackRolled)
    assert surprise.difficulty == [
        base("dague_de_chasse"),
        SMALL_SPECIAL,
        Modifier(rule="VDA-TGT-02", value=1),
    ]


@pytest.mark.parametrize(("against_natural", "expected"), [(True, [SMALL_PARRY]), (False, [])])
def test_vda_melee_03__a_knife_parrying_fists_follows_the_tables_option(
    against_natural: bool, expected: list[Modifier]
) -> None:
    """VDA-MELEE-03: Bors's knife (¤) parries Alma's fists: +1 as against any weapon without
    ¤, unless the table's option ``damage.small_parry_against_natural`` is off."""
    options = VdaOptions(damage=DamageOptions(small_parry_against_natural=against_natural))
    t = fight(
        alma=sheet(melee=3, brawl=3), bors=sheet(kind="mortal", melee=2, weapons=["couteau"]), options=options
    )
    t.declare("alma", act("attack", skill="brawl", target="bors"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="couteau"))
    assert rolled(resolve(t, "bors", [2] * 5)).difficulty == [DECLARED, *expected]
