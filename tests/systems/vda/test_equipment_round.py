"""Issue 3's gaps and issue 4's equipment side through the round: situational modifiers
on the attack roll, the ambush's surprise attack, disarm, the stake, stuck weapons,
vandalism and resistance, grenades and deafening. Fixed dice; whole events or the
RuleViolation with the rule's ID."""

from __future__ import annotations

from typing import Any

from domain.errors import CheckFailed
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import NaturalWeapon
from domain.systems.vda.gear import Charge, Circumstances, Deafness, Item
from domain.systems.vda.options import EquipmentOptions, VdaOptions
from domain.systems.vda.rules import grenades as gren
from domain.systems.vda.rules import resistance, stake
from domain.systems.vda.rules.general import is_critical_failure
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet


def scripted(t: Table, command: Any, faces: list[int], pad: int = 2) -> list[Any]:
    """Send ``command`` with ``faces`` cut or padded (with ``pad``) to exactly the dice the
    rules draw: the first faces are the ones that matter, the rest fail."""
    for n in range(0, 80):
        script = (faces + [pad] * 80)[:n]
        try:
            return t.send(command, script)
        except CheckFailed as refused:
            if refused.rule in ("dice.script-exhausted", "dice.script-unused"):
                continue
            raise
    raise AssertionError("no script length fits")


def resolve(t: Table, cid: str, faces: list[int], pad: int = 2) -> list[Any]:
    return scripted(t, c.ResolveAction(combatant=cid), faces, pad)


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def fight(
    alma: Any = None, bors: Any = None, options: VdaOptions | None = None, run_up: bool = False
) -> Table:
    """Alma (Dex 3, Melee 3) faster than Bors; both rolled initiative (after a round in which
    Alma only moved, with ``run_up``: a charge's run-up, VDA-CHARGE-01)."""
    t = Table(options)
    t.add("alma", alma or sheet(melee=3, weapons=["dague_de_chasse"]), player="ann")
    t.add("bors", bors or sheet(kind="mortal", melee=2, dodge=1))
    if run_up:
        t.moving_round("alma", [2] * 3)
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def rules(terms: list[Modifier]) -> dict[str, int]:
    return {m.rule: m.value for m in terms}


# --- A1: the damage side's modifiers on the round's rolls ------------------------------


def test_vda_tgt_02__the_targeted_zone_costs_one_plus_the_armour_malus_on_the_roll() -> None:
    """VDA-TGT-02: the targeted zone costs one plus the armour malus on the roll."""
    t = fight(bors=sheet(kind="mortal", melee=2, armour="maille"))
    t.declare(
        "alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse", zone="unarmoured")
    )
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [2, 2, 2, 2, 2, 2])[0]
    assert isinstance(rolled, ev.ActionRolled)
    assert rolled.difficulty == [
        Modifier(rule="A-7", value=6, why="dague_de_chasse"),
        Modifier(rule="VDA-TGT-02", value=2),
    ]


def test_vda_stake_01__the_heart_is_a_zone_a_declaration_may_aim_at() -> None:
    """VDA-STAKE-01: the heart is a zone a declaration may aim at."""
    t = fight()
    heart = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", zone="heart")
    assert [type(e) for e in t.declare("alma", heart)] == [ev.ActionDeclared]


def test_vda_prone_01__a_prone_attacker_is_at_plus_one_its_prone_target_gives_minus_one() -> None:
    """VDA-PRONE-01: a prone attacker is at plus one its prone target gives minus one."""
    t = fight()
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="test"))
    t.send(c.SetCondition(combatant="bors", condition="prone", reason="test"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [2] * 6)[0]
    assert rolled.difficulty[1:] == [
        Modifier(rule="VDA-PRONE-01", value=1),
        Modifier(rule="VDA-PRONE-01", value=-1),
    ]


def test_vda_mod_04__a_shield_in_the_targets_hand_puts_the_attacker_at_plus_one() -> None:
    """VDA-MOD-04: a shield in the targets hand puts the attacker at plus one."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_parade"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    assert rules(t.resolve("alma", [2] * 6)[0].difficulty)["VDA-MOD-04"] == 1


def test_vda_mod_01__the_gms_terrain_ruling_weighs_unless_everyone_suffers_it() -> None:
    """VDA-MOD-01: the gms terrain ruling weighs unless everyone suffers it."""
    t = fight()
    t.send(
        c.SetCircumstances(
            combatant="alma", circumstances=Circumstances(terrain="minus_two_dice"), reason="pente"
        )
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    assert rules(t.resolve("alma", [2] * 4)[0].pool)["VDA-MOD-01"] == -2


def test_vda_cover_01__cover_helps_a_defence_by_the_gms_ruling() -> None:
    """VDA-COVER-01: cover helps a defence by the gms ruling."""
    t = fight()
    t.send(c.SetCircumstances(combatant="bors", circumstances=Circumstances(cover=2), reason="muret"))
    t.declare("alma", act("none"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    rolled = resolve(t, "bors", [2] * 5)[0]
    assert rules(rolled.pool)["VDA-COVER-01"] == 2 and rules(rolled.difficulty)["VDA-COVER-01"] == -2


def test_vda_aim_01__no_aiming_at_a_moving_target() -> None:
    """VDA-AIM-01: no aiming at a moving target."""
    t = fight(alma=sheet(archery=2, weapons=["arc_court"]))
    t.send(c.SetCondition(combatant="bors", condition="moving", reason="court"))
    aimed = act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow", aim=True)
    assert t.refuse(c.DeclareAction(combatant="alma", action=aimed)).rule == "VDA-AIM-01"


def test_vda_aim_01__aiming_adds_perception_up_to_archery_on_the_roll() -> None:
    """VDA-AIM-01: aiming adds perception up to archery on the roll."""
    t = fight(alma=sheet(archery=1, perception=3, weapons=["arc_court"]))
    t.declare(
        "alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow", aim=True)
    )
    t.declare("bors", act("none"))
    assert rules(t.resolve("alma", [2] * 5)[0].pool)["VDA-AIM-01"] == 1


def test_vda_throw_02__beyond_range_each_quarter_adds_one_and_halves_the_damage() -> None:
    """VDA-THROW-02: beyond range each quarter adds one and halves the damage."""
    t = fight(alma=sheet(archery=2, weapons=["arc_court"]))
    shot = act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow", distance_m=1000)
    t.declare("alma", shot)
    t.declare("bors", act("none"))
    assert "VDA-THROW-02" in rules(t.resolve("alma", [2] * 5)[0].difficulty)


def test_vda_charge_02__a_charge_on_foot_needs_a_size_g_weapon() -> None:
    """VDA-CHARGE-02: a charge on foot needs a size g weapon."""
    t = fight(run_up=True)
    charge = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", charge=Charge(rounds_moved=1)
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=charge)).rule == "VDA-CHARGE-02"


def test_vda_charge_01__a_charge_needs_its_run_up() -> None:
    """VDA-CHARGE-01: a charge needs its run up."""
    t = fight(alma=sheet(melee=3, weapons=["lance"]))
    charge = act(
        "attack", skill="melee", target="bors", weapon="lance", charge=Charge(straight_line_successes=3)
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=charge)).rule == "VDA-CHARGE-01"


def test_vda_charge_05__a_charge_on_foot_adds_one_bashing_through_the_round() -> None:
    """VDA-CHARGE-05: a charge on foot adds one bashing through the round."""
    t = fight(alma=sheet(melee=3, strength=1, weapons=["lance"]), run_up=True)
    t.declare(
        "alma", act("attack", skill="melee", target="bors", weapon="lance", charge=Charge(rounds_moved=1))
    )
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    [resolved] = of(events, ev.AttackResolved)
    assert resolved.resolution.charge_bashing == 1


def test_vda_disarm_05__a_pure_disarm_is_only_plus_one() -> None:
    """VDA-DISARM-05: a pure disarm is only plus one."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm"))
    t.declare("bors", act("none"))
    assert rules(t.resolve("alma", [2] * 6)[0].difficulty)["VDA-DISARM-05"] == 1


def test_vda_vand_01__striking_an_item_is_plus_two() -> None:
    """VDA-VAND-01: striking an item is plus two."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"]))
    t.declare(
        "alma",
        act(
            "attack",
            skill="melee",
            target="bors",
            weapon="dague_de_chasse",
            intent="vandalism",
            item="couteau",
        ),
    )
    t.declare("bors", act("none"))
    assert rules(t.resolve("alma", [2] * 6)[0].difficulty)["VDA-VAND-01"] == 2


def test_vda_vand_01__vandalism_names_an_item_the_target_has() -> None:
    """VDA-VAND-01: vandalism names an item the target has."""
    t = fight()
    bad = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism", item="lance"
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=bad)).rule == "VDA-VAND-01"


# --- A2: the ambush's surprise attack --------------------------------------------------


def ambushed() -> Table:
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1, dodge=3, dex=3))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 9, 3])  # awareness 2
    return t


def test_vda_amb_03__the_surprise_defence_has_no_more_dice_than_the_awareness_successes() -> None:
    """VDA-AMB-03: the surprise defence has no more dice than the awareness successes."""
    t = ambushed()
    events = t.send(
        c.SurpriseDefence(combatant="bors", action=act("defend", skill="dodge", defence="dodge")), [8, 3]
    )
    [rolled] = events
    assert rolled.pool[-1] == Modifier(rule="VDA-AMB-03", value=-4, why="surprise: succès de vigilance")
    assert rolled.roll == roll([8, 3], 6)
    assert t.state.ambush is not None and t.state.ambush.defence == 1


def test_vda_amb_03__the_ambusher_waits_for_the_targets_answer() -> None:
    """VDA-AMB-03: the ambusher waits for the targets answer."""
    t = ambushed()
    strike = c.SurpriseAttack(
        combatant="alma", action=act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
    )
    assert t.refuse(strike, [8] * 5).rule == "VDA-AMB-03"


def test_vda_amb_01__the_surprise_attack_meets_the_capped_defence_and_wounds() -> None:
    """VDA-AMB-01: the surprise attack meets the capped defence and wounds."""
    t = ambushed()
    t.send(c.SurpriseDefence(combatant="bors", action=act("defend", skill="dodge", defence="dodge")), [8, 3])
    strike = c.SurpriseAttack(
        combatant="alma", action=act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
    )
    events = scripted(t, strike, [8, 8, 8, 2, 2, 7, 7, 7])
    rolled, resolved = events[0], events[1]
    assert isinstance(rolled, ev.SurpriseAttackRolled) and rolled.roll.successes == 3
    assert isinstance(resolved, ev.AttackResolved) and resolved.resolution.defence_successes == 1
    assert t.state.ambush is not None and t.state.ambush.attacked
    assert t.refuse(strike, [8] * 5).rule == "VDA-AMB-01"


def test_vda_amb_06__an_unaware_target_cannot_defend_the_surprise() -> None:
    """VDA-AMB-06: an unaware target cannot defend the surprise."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 3, 3, 3])
    refused = t.refuse(
        c.SurpriseDefence(combatant="bors", action=act("defend", skill="dodge", defence="dodge"))
    )
    assert refused.rule == "VDA-AMB-06"


# --- A5: VDA-GEN-02 on net successes -----------------------------------------------------


def test_vda_gen_02__by_option_no_net_success_with_a_1_is_a_critical_failure() -> None:
    """VDA-GEN-02: by option no net success with a 1 is a critical failure."""
    cancelled = roll([8, 1, 3], 6)
    assert not is_critical_failure(cancelled, offensive=True)
    assert is_critical_failure(cancelled, offensive=True, on_net_successes=True)


# --- VDA-RES / VDA-VAND --------------------------------------------------------------------


def test_vda_res_01__weapon_resistance_is_bonus_plus_crafts_plus_its_modifier() -> None:
    """VDA-RES-01: weapon resistance is bonus plus crafts plus its modifier."""
    options = VdaOptions().damage
    assert resistance.max_resistance("dague_de_chasse", 3, options) == 5
    assert resistance.max_resistance("epee_a_deux_mains", 3, options) == 13
    assert resistance.max_resistance("hache_a_deux_mains", 3, options) == 6 + 3 - 3


def test_vda_res_04__armour_and_shields_are_twice_their_dice_plus_crafts_plus_modifier() -> None:
    """VDA-RES-04: armour and shields are twice their dice plus crafts plus modifier."""
    options = VdaOptions().damage
    assert resistance.max_resistance("plaque", 3, options) == 2 * 4 + 3 + 4
    assert resistance.max_resistance("maille", 3, options) == 2 * 2 + 3
    assert resistance.max_resistance("bouclier", 3, options) == 2 * 1 + 3 + 6


def test_vda_res_05__wood_loses_one_more() -> None:
    """VDA-RES-05: wood loses one more."""
    assert resistance.wooden_loss("lance") == [Modifier(rule="VDA-RES-05", value=1, why="bois")]
    assert resistance.wooden_loss("dague_de_chasse") == []


def test_vda_res_07__a_botched_attack_costs_the_weapon_one_resistance_per_1() -> None:
    """VDA-RES-07: a botched attack costs the weapon one resistance per 1."""
    t = fight()
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [1, 1, 2, 2, 2, 2])
    [reduced] = of(events, ev.ResistanceReduced)
    assert reduced == ev.ResistanceReduced(
        combatant="alma",
        item="dague_de_chasse",
        loss=[Modifier(rule="VDA-RES-07", value=2, why="échec critique")],
        resistance=3,
        max_resistance=5,
    )
    assert t.state.fighters["alma"].items["dague_de_chasse"] == Item(resistance=3, max_resistance=5)


def test_vda_res_03__a_damaged_weapons_bonus_is_capped_by_its_resistance() -> None:
    """VDA-RES-03: a damaged weapons bonus is capped by its resistance."""
    t = fight()
    t.send(
        c.AdjustItem(
            combatant="alma",
            item="dague_de_chasse",
            state=Item(resistance=1, max_resistance=5),
            reason="ébréchée",
        )
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]), ev.AttackResolved)
    assert resolved.resolution.weapon_bonus == 1


def test_vda_res_02__a_destroyed_weapon_cannot_be_used() -> None:
    """VDA-RES-02: a destroyed weapon cannot be used."""
    t = fight()
    t.send(
        c.AdjustItem(
            combatant="alma",
            item="dague_de_chasse",
            state=Item(resistance=1, max_resistance=5),
            reason="test",
        )
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    [reduced] = of(t.resolve("alma", [1, 2, 2, 2, 2, 2]), ev.ResistanceReduced)
    assert reduced.destroyed and t.state.fighters["alma"].items["dague_de_chasse"].location == "destroyed"
    t.send(c.StartRound())
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    again = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
    assert t.refuse(c.DeclareAction(combatant="alma", action=again)).rule == "VDA-RES-02"


def test_vda_vand_03__a_successful_vandalism_takes_two_plus_the_strength_terms() -> None:
    """VDA-VAND-03: a successful vandalism takes two plus the strength terms."""
    t = fight(
        alma=sheet(melee=3, strength=5, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", melee=2, weapons=["lance"]),
    )
    t.declare(
        "alma",
        act(
            "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="vandalism", item="lance"
        ),
    )
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    [reduced] = of(events, ev.ResistanceReduced)
    assert reduced.loss == [
        Modifier(rule="VDA-VAND-03", value=2, why="base"),
        Modifier(rule="VDA-VAND-04", value=1, why="Force + Potence"),
        Modifier(rule="VDA-RES-05", value=1, why="bois"),
    ]
    assert (reduced.resistance, reduced.max_resistance) == (2, 6)


def test_vda_vand_04_05_08_10__the_loss_formula_term_by_term() -> None:
    """VDA-VAND-04, VDA-VAND-05, VDA-VAND-08, VDA-VAND-10: the loss formula term by term."""
    options = EquipmentOptions()
    axe = resistance.find_weapon("hache_a_deux_mains")
    assert axe is not None
    terms = resistance.vandalism_loss(
        "griffes", 5, 5, axe, deliberate=True, options=options, aggravated_capacity=2
    )
    assert rules(terms) == {"VDA-VAND-03": 2, "VDA-VAND-04": 2, "VDA-VAND-08": 3, "VDA-VAND-10": -2}
    club = resistance.find_weapon("matraque_courte")
    assert club is not None
    assert rules(resistance.vandalism_loss("epee", 2, 0, club, deliberate=False, options=options)) == {
        "VDA-VAND-03": 2,
        "VDA-VAND-05": 1,
    }


def test_vda_vand_09__natural_weapon_resistance() -> None:
    """VDA-VAND-09: natural weapon resistance."""
    claws = resistance.find_weapon("poings")
    assert resistance.natural_weapon_resistance(4, 5, claws) == 9  # type: ignore[arg-type]


def test_vda_vand_02__avoiding_vandalism_on_a_small_weapon_is_minus_one() -> None:
    """VDA-VAND-02: avoiding vandalism on a small weapon is minus one."""
    assert resistance.small_item_avoidance("couteau") == [
        Modifier(rule="VDA-VAND-02", value=-1, why="arme de taille P")
    ]
    assert resistance.small_item_avoidance("lance") == []


def test_vda_vand_06__a_shield_that_parries_loses_a_point() -> None:
    """VDA-VAND-06: a shield that parries loses a point."""
    assert resistance.parry_wear("bouclier", EquipmentOptions()) == [
        Modifier(rule="VDA-VAND-06", value=1, why="parade au bouclier")
    ]
    assert resistance.parry_wear("bouclier", EquipmentOptions(shield_wears_on_parry=False)) == []


def test_vda_vand_07__the_two_handed_axe_wears_the_armour_it_hits() -> None:
    """VDA-VAND-07: the two handed axe wears the armour it hits."""
    t = fight(
        alma=sheet(melee=3, strength=3, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="mortal", melee=2, armour="maille"),
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="hache_a_deux_mains"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 9, 2, 2, 2] + [2] * 20)
    [reduced] = of(events, ev.ResistanceReduced)
    # Mail 2 × 2 + 3 = 7; the axe's loss: 2 (Strength 3 adds nothing).
    assert (reduced.combatant, reduced.item, reduced.resistance) == ("bors", "maille", 7 - 2)


def test_vda_vand_10__parrying_an_axe_with_the_fists_hurts_the_parrier_in_bashing() -> None:
    """VDA-VAND-10: parrying an axe with the fists hurts the parrier in bashing."""
    t = fight(
        alma=sheet(melee=3, strength=5, potence=5, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="vampire", brawl=2, dex=2, fortitude=1),
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="hache_a_deux_mains"))
    t.declare("bors", act("defend", skill="brawl", defence="parry", weapon="poings", target="alma"))
    t.resolve("bors", [9, 9, 9, 2])  # three successes parry the axe entirely
    events = t.resolve("alma", [9, 9, 2, 2, 2, 2] + [8])  # two hits; then Stamina 1 soaks
    [resolved] = of(events, ev.AttackResolved)
    assert not resolved.resolution.hit
    [reduced] = of(events, ev.ResistanceReduced)
    # VDA-VAND-07: the axe wears the fists that parried it: 2 + (5 + 5) / 5 = 4.
    assert (reduced.combatant, reduced.item, resistance.total_loss(reduced.loss)) == ("bors", "poings", 4)
    [hurt] = of(events, ev.NaturalParryHurt)
    # 4 bashing: Fortitude 1 soaks one, the Stamina die one more, the vampire halves 2 to 1.
    assert hurt == ev.NaturalParryHurt(
        combatant="bors", item="poings", levels=4, automatic_soak=1, soak=roll([8], 6, first=6), bashing=1
    )
    assert t.state.fighters["bors"].health.bashing == 1


def test_vda_vand_10__a_natural_weapons_aggravated_levels_reduce_its_loss() -> None:
    """VDA-VAND-10: a natural weapons aggravated levels reduce its loss."""
    claws = NaturalWeapon(
        id="griffes", name="Griffes", name_en="Claws", damage_bonus=1, difficulty=6, aggravated_capacity=2
    )
    axe = resistance.find_weapon("hache_a_deux_mains")
    assert axe is not None
    terms = resistance.vandalism_loss(
        "griffes", 5, 5, axe, False, EquipmentOptions(), claws.aggravated_capacity
    )
    # Xin Tao: 4 points of loss, 2 soaked by the claws' aggravated levels; he takes 2 bashing,
    # which his Fortitude 5 soaks automatically.
    assert resistance.total_loss(terms) == 2
    assert resistance.natural_parry_bashing(claws, 2) == 2
    assert resistance.natural_parry_soak(2, 5) == (2, 0)
    assert resistance.natural_parry_bashing(axe, 2) == 0


def test_vda_stuck_03__a_stuck_weapons_pool_lowers_the_stake_thresholds_down_to_1() -> None:
    """VDA-STUCK-03: a stuck weapons pool lowers the stake thresholds down to 1."""
    assert stake.thresholds("targeted", 3, 0, 1) == (3, 3)
    assert stake.thresholds("targeted", 3, 1, 1) == (2, 2)
    assert stake.thresholds("targeted", 3, 5, 1) == (1, 1)
    assert stake.thresholds("targeted", 3, 5, 2) == (2, 2)


# --- VDA-DISARM --------------------------------------------------------------------------


def disarm_fight() -> Table:
    return fight(
        alma=sheet(melee=3, strength=4, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", melee=1, strength=1, dex=1, weapons=["couteau"]),
    )


def test_vda_disarm_04__three_net_successes_drop_the_weapon() -> None:
    """VDA-DISARM-04: three net successes drop the weapon."""
    t = disarm_fight()
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 2, 2, 2, 2] + [8] * 6 + [2, 2])
    [disarm] = of(events, ev.DisarmResolved)
    assert disarm.result == "disarmed" and disarm.net >= 3
    assert of(events, ev.AttackResolved) == []  # VDA-DISARM-01: no wound by default
    assert t.state.fighters["bors"].items["couteau"].location == "ground"


def test_vda_disarm_03__one_or_two_net_successes_weaken_the_grip() -> None:
    """VDA-DISARM-03: one or two net successes weaken the grip."""
    from domain.systems.vda.rules.disarm import disarm_result

    assert [disarm_result(n) for n in (0, 1, 2, 3)] == ["none", "weakened", "weakened", "disarmed"]


def test_vda_disarm_02__fortitude_lowers_the_reflexive_difficulty_and_potence_adds() -> None:
    """VDA-DISARM-02: fortitude lowers the reflexive difficulty and potence adds."""
    from domain.systems.vda.rules import disarm

    assert disarm.defender_difficulty(2, EquipmentOptions()) == [
        Modifier(rule="A-7", value=6, why="jet réflexe"),
        Modifier(rule="VDA-DISARM-02", value=-2, why="Fortitude"),
    ]
    assert disarm.potence_automatic("strength", 2) == 2 and disarm.potence_automatic("dexterity", 2) == 0
    assert disarm.defender_attribute(2, 3, EquipmentOptions()) == "dexterity"


def test_vda_disarm_01__the_disarms_damage_may_use_dexterity() -> None:
    """VDA-DISARM-01: the disarms damage may use dexterity."""
    t = fight(
        alma=sheet(melee=3, dex=4, strength=1, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", weapons=["couteau"]),
    )
    t.declare(
        "alma",
        act(
            "attack",
            skill="melee",
            target="bors",
            weapon="dague_de_chasse",
            intent="disarm",
            damage_attribute="dexterity",
        ),
    )
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 2, 2, 2, 2, 2, 2] + [2] * 10)
    [disarm] = of(events, ev.DisarmResolved)
    assert disarm.damage.strength == 4


# --- VDA-STAKE / VDA-STUCK -------------------------------------------------------------


def test_vda_stake_01__a_heart_shot_with_3_successes_and_enough_unsoaked_damage_stakes() -> None:
    """VDA-STAKE-01: a heart shot with 3 successes and enough unsoaked damage stakes."""
    t = fight(alma=sheet(melee=3, strength=4, weapons=["pieu"]), bors=sheet(kind="vampire", melee=1))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [9, 9, 9, 9, 2, 2] + [9] * 5 + [2] * 4)
    [checked] = of(events, ev.StakeChecked)
    assert checked.mode == "targeted" and checked.success
    assert t.state.fighters["bors"].staked


def test_vda_stake_02_03__lucky_strike_thresholds() -> None:
    """VDA-STAKE-02, VDA-STAKE-03: lucky strike thresholds."""
    assert stake.thresholds("lucky4", 2, 0, 1) == (4, 4)
    assert stake.thresholds("lucky5", 6, 0, 1) == (5, 6)
    assert stake.thresholds("targeted", 1, 2, 1) == (1, 1)  # VDA-STUCK-03
    lance = resistance.find_weapon("lance")
    assert stake.stake_modes(None, lance, "vampire") == ["lucky4", "lucky5"]
    assert stake.stake_modes(None, lance, "mortal") == []


def test_vda_stake_05__the_hand_stake_has_provisional_stats() -> None:
    """VDA-STAKE-05: the hand stake has provisional stats."""
    pieu = resistance.find_weapon("pieu")
    assert pieu is not None and pieu.damage_bonus == 1 and "damage_bonus" in pieu.defaults


def test_vda_stuck_01_02__soaked_with_a_1_the_weapon_stays_in_with_its_pool() -> None:
    """VDA-STUCK-01, VDA-STUCK-02: soaked with a 1 the weapon stays in with its pool."""
    check = stake.check_stake("targeted", roll([9, 9, 9], 6), 3, 5, 2, 3, roll([1, 8, 8], 6), 0, 0, 1)
    assert (check.success, check.stuck) == (False, True)
    assert stake.stuck_pool(2, 3) == 3


def test_vda_stuck_04__working_the_weapon_loose() -> None:
    """VDA-STUCK-04: working the weapon loose."""
    assert stake.pool_after_removal(3, roll([5, 6, 2], 5)) == 1


# --- VDA-GREN --------------------------------------------------------------------------------


def test_vda_gren_01_02__the_throw_sets_the_hits_and_explodes_next_round() -> None:
    """VDA-GREN-01, VDA-GREN-02: the throw sets the hits and explodes next round."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [8, 8, 2, 2, 2])
    assert of(events, ev.GrenadeThrown) == [
        ev.GrenadeThrown(grenade="alma-1-1", thrower="alma", target="bors", hits=2, explodes_round=2)
    ]
    assert t.state.grenades[0].hits == 2


def test_vda_gren_03__two_1s_make_a_problem_the_gm_rules() -> None:
    """VDA-GREN-03: two 1s make a problem the gm rules."""
    assert gren.has_problem(roll([8, 1, 1, 9], 6))
    assert not gren.has_problem(roll([8, 1, 9], 6))


def test_vda_gren_04_05__dodges_take_off_hits_and_more_than_5_leave_the_blast() -> None:
    """VDA-GREN-04, VDA-GREN-05: dodges take off hits and more than 5 leave the blast."""
    grenade = gren.PendingGrenade(id="g", thrower="a", target="b", hits=4, explodes_round=2, dodged={"b": 3})
    assert gren.net_hits(grenade, "b") == 1
    assert gren.zone_after_dodge("lethal", grenade, "b", reaction=3) == "out"
    assert sum(m.value for m in gren.reaction_dodge_difficulty()) == 9


def test_vda_gren_08__fire_makes_one_level_in_two_aggravated_at_most_two() -> None:
    """VDA-GREN-08: fire makes one level in two aggravated at most two."""
    assert [gren.fire_aggravated(n, "lethal") for n in (1, 2, 5, 9)] == [0, 1, 2, 2]
    assert gren.fire_aggravated(5, "grave") == 1


def test_vda_gren_09_11__deafening_by_auspex_less_fortitude() -> None:
    """VDA-GREN-09, VDA-GREN-11: deafening by auspex less fortitude."""
    assert gren.deafness(0, 0) == Deafness(difficulty=2, dice=1)
    assert gren.deafness(2, 1) == Deafness(difficulty=2, dice=1)
    assert gren.deafness(7, 0) == Deafness(difficulty=5, dice=4)
    assert gren.deafness_after_blood(Deafness(difficulty=2, dice=1), 2) == Deafness(difficulty=0, dice=1)


def test_vda_gren_06__the_blast_by_zone_then_deafening() -> None:
    """VDA-GREN-06: the blast by zone then deafening."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.send(c.StartRound())
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])  # VDA-GREN-01: before everyone
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = scripted(
        t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal", "alma": "moderate"}), [8] * 4
    )
    [exploded] = of(events, ev.GrenadeExploded)
    assert exploded.zones == {"bors": "lethal", "alma": "moderate"}
    assert t.state.grenades == []
    assert "prone" in t.state.fighters["bors"].conditions
    assert t.state.fighters["alma"].health.bashing == 1
    assert t.state.fighters["bors"].deafness == Deafness(difficulty=2, dice=1)


def test_vda_gren_01__no_blast_before_its_round() -> None:
    """VDA-GREN-01: no blast before its round."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    assert t.refuse(c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"})).rule == "VDA-GREN-01"
