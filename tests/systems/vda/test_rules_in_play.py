"""Rules that once had a tested function the round never called, now played through
``decide``: a firearm's initiative (VDA-FIRE-05), its reloading and its 1s (VDA-FIRE-06, VDA-FIRE-07,
VDA-BOW-06), the blunderbuss's spread (VDA-FIRE-04), the moving horse (VDA-MOD-03), the
club's knock-out (VDA-MELEE-05) and the initiative every fall costs (VDA-PRONE-03, VDA-PRONE-04).
Fixed dice; whole events or the refusal's rule ID."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.commands import RollDice
from domain.events import DiceRolled
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances, Item
from domain.systems.vda.options import DamageOptions, EquipmentOptions, VdaOptions
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.wod import Modifier, PoolSpec
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import of, scripted
from tests.systems.vda.test_grapple_rules import begin, finish, held
from tests.systems.vda.test_grapple_rules import fight as grapple_fight

A_INIT = [7, 7, 7, 2, 2]  # Alma: 3 successes
B_INIT = [7, 2, 2, 2, 2]  # Bors: 1
BASE_INIT = Modifier(rule="VDA-INIT-01", value=4, why="Réagir + Vigilance")


def pair(alma: Any = None, bors: Any = None, options: VdaOptions | None = None) -> Table:
    t = Table(options)
    t.add("alma", alma or sheet(melee=3, dodge=2, archery=3), player="ann")
    t.add("bors", bors or sheet(kind="mortal", melee=2, dodge=1))
    return t


def rolled_both(t: Table) -> Table:
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    return t


# --- VDA-FIRE-05: the firearm's « Initiative 6 » ----------------------------------------


def test_vda_fire_05__a_pistol_named_for_sequence_1_rolls_initiative_at_6() -> None:
    """VDA-FIRE-05: « Initiative : normalement 6 »: by default the initiative roll's
    difficulty of whoever names a firearm for sequence 1 is 6, not 4."""
    t = pair(sheet(archery=3, weapons=["pistolet"]))
    t.start()
    [rolled] = t.initiative("alma", [6, 6, 5, 5, 5], weapon="pistolet")
    assert rolled.difficulty == [Modifier(rule="VDA-FIRE-05", value=6, why="pistolet")]
    assert rolled.roll == roll([6, 6, 5, 5, 5], 6)
    assert rolled.score == 2  # at 4 the three 5s would count too


def test_vda_fire_05__the_named_firearm_binds_sequence_1_to_its_shot() -> None:
    """VDA-FIRE-05 with VDA-INIT-05: the firearm whose « Initiative 6 » set the roll binds
    sequence 1 to it: a dodge instead is refused, the shot is declared."""
    t = pair(sheet(archery=3, dodge=2, weapons=["pistolet"]))
    t.start()
    [rolled] = t.initiative("alma", [7, 7, 7, 2, 2], weapon="pistolet")
    assert rolled.bound_weapon == "pistolet"
    t.initiative("bors", B_INIT)
    dodge = act("defend", skill="dodge", defence="dodge")
    assert t.refuse(c.DeclareAction(combatant="alma", action=dodge)).rule == "VDA-INIT-05"
    shot = act("attack", skill="archery", target="bors", weapon="pistolet", ranged="firearm")
    assert t.declare("alma", shot)[0] == ev.ActionDeclared(combatant="alma", sequence=1, action=shot)


def test_vda_fire_05__read_as_the_attack_difficulty_the_initiative_stays_at_4() -> None:
    """VDA-FIRE-05: the other reading (option ``firearm_initiative_reading``) leaves the
    initiative roll at 4."""
    options = VdaOptions(damage=DamageOptions(firearm_initiative_reading="attack_difficulty"))
    t = pair(sheet(archery=3, weapons=["pistolet"]), options=options)
    t.start()
    [rolled] = t.initiative("alma", [6, 6, 5, 5, 5], weapon="pistolet")
    assert rolled.difficulty == [BASE_INIT]
    assert rolled.score == 5


# --- VDA-PRONE-03, VDA-PRONE-04, VDA-PRONE-05: falling ------------------------------------------------------


def test_vda_prone_03__a_round_begun_on_the_ground_rolls_initiative_at_plus_two() -> None:
    """VDA-PRONE-03: whoever begins the round « Au sol » rolls initiative at +2."""
    t = pair()
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="renversé"))
    t.start()
    [rolled] = t.initiative("alma", [6, 5, 5, 5, 5])
    assert rolled.difficulty == [
        BASE_INIT,
        Modifier(rule="VDA-PRONE-03", value=2, why="au sol en début de round"),
    ]
    assert rolled.score == 1


def test_vda_prone_04__the_gms_fall_during_a_round_costs_one_initiative_point() -> None:
    """VDA-PRONE-04: « Tomber réduit généralement l'initiative de 1 point pour le round en
    cours »: a fall the GM rules in a round costs 1 point; the same ruling before any
    initiative roll costs none."""
    t = pair()
    assert t.send(c.SetCondition(combatant="bors", condition="prone", reason="glisse")) == [
        ev.ConditionChanged(combatant="bors", condition="prone", on=True, rule="gm", reason="glisse")
    ]
    t = rolled_both(pair())
    assert t.send(c.SetCondition(combatant="alma", condition="prone", reason="glisse")) == [
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="gm", reason="glisse"),
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=2, rule="VDA-PRONE-04", reason="fall"),
    ]
    assert t.state.fighters["alma"].initiative == 2
    # Already on the ground: no second fall.
    assert t.send(c.SetCondition(combatant="alma", condition="prone", reason="encore")) == [
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="gm", reason="encore")
    ]
    assert t.state.fighters["alma"].initiative == 2


def test_vda_prone_04__the_dives_fall_costs_one_initiative_point() -> None:
    """VDA-PRONE-04 with VDA-DIVE-04: a 1 on the diver's dodge throws it down, 1 point lost."""
    t = pair()
    t.start()
    t.send(c.DiveForCover(combatant="alma"))
    t.initiative("alma", [7, 7, 2, 2, 2, 2, 2])
    t.initiative("bors", B_INIT)
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [9, 9, 1, 2, 2])
    assert events[1:3] == [
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="VDA-DIVE-04", reason="dived"),
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=1, rule="VDA-PRONE-04", reason="fall"),
    ]


def test_vda_prone_04__a_takedown_costs_the_target_one_initiative_point() -> None:
    """VDA-PRONE-04 with VDA-GRAP-20: thrown down by its grappler, Bors loses 1 point."""
    t = held(4)
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [])
    assert events[1:3] == [
        ev.ConditionChanged(
            combatant="bors", condition="prone", on=True, rule="VDA-GRAP-20", reason="takedown"
        ),
        ev.InitiativeAdjusted(combatant="bors", delta=-1, score=0, rule="VDA-PRONE-04", reason="fall"),
    ]


def test_vda_prone_04__a_grenades_blast_costs_one_initiative_point() -> None:
    """VDA-PRONE-04 with VDA-GREN-06: the lethal zone throws Bors down, 1 point lost."""
    t = rolled_both(pair(sheet(athletics=2, weapons=["grenade"]), sheet(kind="mortal", dodge=1)))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.send(c.StartRound())
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}), [8] * 4)
    assert of(events, ev.InitiativeAdjusted) == [
        ev.InitiativeAdjusted(combatant="bors", delta=-1, score=0, rule="VDA-PRONE-04", reason="fall")
    ]


def test_vda_prone_05__a_botch_costs_one_point_per_1_even_on_the_ground() -> None:
    """VDA-PRONE-05: the fall of a critical failure costs as many points as 1s; already on
    the ground, the botch still costs them."""
    t = rolled_both(pair())
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="glisse"))
    t.declare("alma", act("attack", skill="melee", target="bors"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [1, 1, 3, 4, 5, 2])
    assert events[1:3] == [
        ev.CriticalFailure(combatant="alma", ones=2),
        ev.InitiativeAdjusted(combatant="alma", delta=-2, score=0, rule="VDA-PRONE-05", reason="botch_fall"),
    ]


# --- VDA-FIRE-06 / VDA-BOW-06 / VDA-FIRE-07: reloading and the firearm's 1s --------------

PISTOL_SHOT = act("attack", skill="archery", target="bors", weapon="pistolet", ranged="firearm")
RELOAD = act("other", weapon="pistolet", intent="reload")


def gunner(celerity: int = 2, options: VdaOptions | None = None) -> Table:
    """Alma (Dex 3, Archery 3, a pistol, Celerity active: 1 + ``celerity`` actions) against
    Bors (1 action), both rolled initiative."""
    t = pair(sheet(archery=3, celerity=celerity, generation=7, weapons=["pistolet"]), options=options)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma", dots=celerity))
    return _rolled(t)


def _rolled(t: Table) -> Table:
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    return t


def test_vda_fire_06__a_pistol_owes_two_actions_of_reloading_after_a_shot() -> None:
    """VDA-FIRE-06: « 2 actions pour recharger »: after a shot the pistol cannot fire on the
    next physical action; two ``reload`` actions (no roll) make it ready again."""
    t = gunner()
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    events = t.resolve("alma", [2] * 6)
    assert events[1] == ev.ItemChanged(
        combatant="alma",
        item="pistolet",
        state=Item(unready=2),
        rule="VDA-FIRE-06",
        reason="shot",
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=PISTOL_SHOT)).rule == "VDA-FIRE-06"
    t.declare("alma", RELOAD)
    assert t.resolve("alma", [])[0] == ev.WeaponReloaded(
        combatant="alma", sequence=2, item="pistolet", unready=1, rule="VDA-FIRE-06"
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=PISTOL_SHOT)).rule == "VDA-FIRE-06"
    t.declare("alma", RELOAD)
    assert t.resolve("alma", [])[0] == ev.WeaponReloaded(
        combatant="alma", sequence=3, item="pistolet", unready=0, rule="VDA-FIRE-06"
    )
    t.start()
    _rolled(t)
    assert t.declare("alma", PISTOL_SHOT)[0] == ev.ActionDeclared(
        combatant="alma", sequence=1, action=PISTOL_SHOT
    )


def test_vda_fire_06__a_ready_weapon_has_nothing_to_reload() -> None:
    """VDA-FIRE-06: a reload needs a weapon of the sheet that owes reloading actions."""
    t = gunner()
    assert t.refuse(c.DeclareAction(combatant="alma", action=RELOAD)).rule == "VDA-FIRE-06"


def test_vda_fire_06__with_cartridges_one_action_reloads() -> None:
    """VDA-FIRE-06: « 1 avec cartouche » (option ``equipment.firearm_cartridges``)."""
    t = gunner(options=VdaOptions(equipment=EquipmentOptions(firearm_cartridges=True)))
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    assert t.resolve("alma", [2] * 6)[1].state == Item(unready=1)


def test_vda_bow_06__a_long_bow_shoots_once_per_two_actions() -> None:
    """VDA-BOW-06: « Arc long : 1 tir par 2 actions »: one action of reloading after a shot;
    a short bow (« 1 tir par action ») owes none."""
    t = pair(sheet(archery=3, celerity=1, weapons=["arc_long", "arc_court"]))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    _rolled(t)
    long_shot = act("attack", skill="archery", target="bors", weapon="arc_long", ranged="bow")
    t.declare("alma", long_shot)
    t.declare("bors", act("none"))
    events = t.resolve("alma", [2] * 6)
    assert events[1] == ev.ItemChanged(
        combatant="alma",
        item="arc_long",
        state=Item(unready=1),
        rule="VDA-BOW-06",
        reason="shot",
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=long_shot)).rule == "VDA-BOW-06"
    short_shot = act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow")
    t.declare("alma", short_shot)
    assert not of(t.resolve("alma", [2] * 6), ev.ItemChanged)


def test_vda_fire_07__a_firearms_1s_accumulate_and_count_on_its_later_rolls() -> None:
    """VDA-FIRE-07: « les 1 s'accumulent en cas d'utilisation continue »: the shot's 1 stays
    with the pistol; the next shot counts it, so a roll without a hit and without a 1 of its
    own is a critical failure (VDA-GEN-02); the GM's cleaning clears it."""
    t = gunner()
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    events = t.resolve("alma", [7, 1, 2, 2, 2, 2])
    assert events[1] == ev.ItemChanged(
        combatant="alma",
        item="pistolet",
        state=Item(unready=2, ones=1),
        rule="VDA-FIRE-06",
        reason="shot",
    )
    for _ in range(2):
        t.declare("alma", RELOAD)
        t.resolve("alma", [])
    t.start()
    _rolled(t)
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    events = t.resolve("alma", [2] * 6)
    assert events[1:3] == [
        ev.AccumulatedOnesCounted(combatant="alma", item="pistolet", accumulated=1, ones=1, successes=0),
        ev.CriticalFailure(combatant="alma", ones=1),
    ]
    cleaned = c.AdjustItem(combatant="alma", item="pistolet", state=Item(unready=2), reason="nettoyé")
    t.send(cleaned)
    assert t.state.fighters["alma"].items["pistolet"] == Item(unready=2)


# --- VDA-FIRE-04: the blunderbuss's spread ----------------------------------------------


def crowd(**shot: Any) -> tuple[Table, Any]:
    """Alma (Dex 3, Archery 3, a blunderbuss) shoots Bors; Cole and Dan, mortals, stand
    near. Everyone rolled initiative, Alma declared, the others do nothing."""
    t = pair(sheet(archery=3, weapons=["tromblon", "pistolet"]))
    t.add("cole", sheet(kind="mortal"))
    t.add("dan", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.initiative("cole", [2] * 5)
    t.initiative("dan", [2] * 5)
    action = act("attack", skill="archery", target="bors", weapon="tromblon", distance_m=8, **shot)
    return t, action


def declare_and_pass(t: Table, action: Any) -> None:
    t.declare("alma", action)
    t.declare("bors", act("none"))
    t.send(c.DeclareAction(combatant="cole", action=act("none")))
    t.send(c.DeclareAction(combatant="dan", action=act("none")))


def test_vda_fire_04__each_9_or_10_hits_one_more_person_up_to_three() -> None:
    """VDA-FIRE-04: « le nombre de dés avec un résultat de 9 ou 10 donne le nombre de
    personnes touchées, jusqu'à 3 »: two such dice, Bors and Cole are hit with the same 3
    successes; Dan is not."""
    t, shot = crowd(also=["cole", "dan"])
    declare_and_pass(t, shot)
    events = scripted(t, c.ResolveAction(combatant="alma"), [10, 9, 7, 2, 2, 2])
    assert of(events, ev.SpreadHit) == [
        ev.SpreadHit(combatant="alma", targets=["cole"], mode="nines_and_tens", successes=3)
    ]
    resolved = of(events, ev.AttackResolved)
    assert [(e.target, e.resolution.attack_successes) for e in resolved] == [("bors", 3), ("cole", 3)]


def test_vda_fire_04__or_two_successes_pay_for_each_more_person_twice_at_most() -> None:
    """VDA-FIRE-04: « on retire 2 succès pour toucher 1 personne de plus, 2 fois maximum »:
    5 successes pay for Cole and Dan, 1 is left for each of the three."""
    t, shot = crowd(also=["cole", "dan"], spread="spend_successes")
    declare_and_pass(t, shot)
    events = scripted(t, c.ResolveAction(combatant="alma"), [8, 8, 8, 8, 8, 2])
    assert of(events, ev.SpreadHit) == [
        ev.SpreadHit(combatant="alma", targets=["cole", "dan"], mode="spend_successes", successes=1)
    ]
    assert [e.target for e in of(events, ev.AttackResolved)] == ["bors", "cole", "dan"]


def test_vda_fire_04__spent_successes_pay_only_for_what_the_hit_leaves() -> None:
    """VDA-FIRE-04: 4 successes pay for one more person (Cole), not two: a success is left
    for each, and no refusal comes after the dice (Dan, named, is simply not reached)."""
    t, shot = crowd(also=["cole", "dan"], spread="spend_successes")
    declare_and_pass(t, shot)
    events = scripted(t, c.ResolveAction(combatant="alma"), [8, 8, 8, 8, 2, 2])
    assert of(events, ev.SpreadHit) == [
        ev.SpreadHit(combatant="alma", targets=["cole"], mode="spend_successes", successes=2)
    ]
    resolved = of(events, ev.AttackResolved)
    assert [(e.target, e.resolution.attack_successes) for e in resolved] == [("bors", 2), ("cole", 2)]


def test_vda_fire_04__two_more_people_at_most_named_once_each() -> None:
    """VDA-FIRE-04: « jusqu'à 3 personnes à la fois »: three more people are refused, and so
    is a person named twice, at the declaration."""
    t, shot = crowd(also=["cole", "dan"])
    t.add("eva", sheet(kind="mortal"))
    assert str(
        t.refuse(c.DeclareAction(combatant="alma", action=replace(shot, also=["cole", "dan", "eva"])))
    ) == ("VDA-FIRE-04: « jusqu'à 3 personnes à la fois »: two more at most")
    assert str(t.refuse(c.DeclareAction(combatant="alma", action=replace(shot, also=["cole", "cole"])))) == (
        "VDA-FIRE-04: the other people hit are distinct, and neither the shooter nor its target"
    )


def test_vda_fire_04__only_a_blunderbuss_under_10_metres_spreads() -> None:
    """VDA-FIRE-04: « si elles sont à moins de 10 mètres » (seed 000): at 10 m the shot no
    longer spreads; and only the blunderbuss spreads."""
    t, shot = crowd(also=["cole"])
    refused = t.refuse(c.DeclareAction(combatant="alma", action=replace(shot, distance_m=10)))
    assert str(refused) == "VDA-FIRE-04: the blunderbuss spreads under 10 m: the shot says its distance"
    pistol = replace(shot, weapon="pistolet")
    assert t.refuse(c.DeclareAction(combatant="alma", action=pistol)).rule == "VDA-FIRE-04"
    crowded = replace(shot, also=["cole", "dan", "alma"])
    assert t.refuse(c.DeclareAction(combatant="alma", action=crowded)).rule == "VDA-FIRE-04"


# --- VDA-MOD-03: a moving horse -----------------------------------------------------------


def horseback(weapon: str, speed: int = 0) -> Table:
    """Alma (a lance and a dagger) strikes Bors's horse, which moves."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=3, weapons=["lance", "dague_de_chasse"]), player="ann")
    t.add("cheval", sheet(kind="animal", horse=True))
    t.send(c.SetCondition(combatant="cheval", condition="moving", reason="galope"))
    if speed:
        ruling = Circumstances(horse_speed_dice=speed)
        t.send(c.SetCircumstances(combatant="cheval", circumstances=ruling, reason="au galop"))
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("cheval", B_INIT)
    return t


def strike_terms(t: Table, action: Any) -> tuple[list[Modifier], list[Modifier]]:
    t.declare("alma", action)
    t.declare("cheval", act("none"))
    rolled = scripted(t, c.ResolveAction(combatant="alma"), [])[0]
    return [m for m in rolled.pool if m.rule.startswith("VDA-MOD")], [
        m for m in rolled.difficulty if m.rule.startswith("VDA-MOD")
    ]


def test_vda_mod_03__a_moving_horse_is_plus_two_and_its_speed_costs_dice() -> None:
    """VDA-MOD-03: « Contre un cheval en déplacement, les deux malus précédents se cumulent :
    +2 à la difficulté, avec éventuellement −2 dés selon la vitesse du cheval »: +2 in place
    of VDA-MOD-02's +1, and the dice the GM's ruling gives its speed."""
    lance = act("attack", skill="melee", target="cheval", weapon="lance")
    assert strike_terms(horseback("lance", speed=1), lance) == (
        [Modifier(rule="VDA-MOD-03", value=-1)],
        [Modifier(rule="VDA-MOD-03", value=2)],
    )


def test_vda_mod_03__a_dagger_is_at_plus_two_and_minus_two_dice() -> None:
    """VDA-MOD-03: « un coup de poignard impose +2 à la difficulté et −2 dés »."""
    dagger = act("attack", skill="melee", target="cheval", weapon="dague_de_chasse")
    assert strike_terms(horseback("dague_de_chasse"), dagger) == (
        [Modifier(rule="VDA-MOD-03", value=-2)],
        [Modifier(rule="VDA-MOD-03", value=2)],
    )


def test_vda_mod_03__an_anchored_lance_suffers_nothing() -> None:
    """VDA-MOD-03: « Une lance de taille G bien ancrée au sol ne subit aucun malus »; only an
    anchorable weapon is anchored."""
    t = horseback("lance", speed=2)
    anchored = act("attack", skill="melee", target="cheval", weapon="lance", anchored=True)
    assert strike_terms(t, anchored) == ([], [])
    t = horseback("dague_de_chasse")
    dagger = act("attack", skill="melee", target="cheval", weapon="dague_de_chasse", anchored=True)
    assert t.refuse(c.DeclareAction(combatant="alma", action=dagger)).rule == "VDA-MOD-03"


def test_vda_mod_03__the_gm_rules_zero_to_two_dice_of_speed() -> None:
    """VDA-MOD-03: the speed's dice are 0 to 2."""
    t = horseback("lance")
    ruling = c.SetCircumstances(
        combatant="cheval", circumstances=Circumstances(horse_speed_dice=3), reason="x"
    )
    assert t.refuse(ruling).rule == "VDA-MOD-03"


# --- VDA-MELEE-05: the club's knock-out ------------------------------------------------


def clubbed(kind: str = "mortal", armour: str | None = None) -> Table:
    """Alma (Strength 3, a short club) ambushes Bors (Stamina 1), who saw nothing coming."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, strength=3, melee=3, weapons=["matraque_courte"]))
    t.add("bors", sheet(kind=kind, perception=1, wits=2, alertness=1, armour=armour))
    scripted(t, c.Ambush(ambusher="alma", target="bors"), [6, 2, 7], pad=3)
    assert t.state.ambush is not None and not t.state.ambush.detected
    return t


CLUB = act("attack", skill="melee", target="bors", weapon="matraque_courte")


def test_vda_melee_05__a_clubbed_mortal_failing_stamina_at_8_falls_unconscious() -> None:
    """VDA-MELEE-05: « sur une embuscade l'attaquant à la matraque peut assommer son
    adversaire, si sa (Force +1) est supérieure à la (Constitution + dés d'armure) […] en cas
    d'échec il sombre dans l'inconscience »: Strength 3 + 1 > Stamina 1; the hit lands, Bors
    rolls Stamina at 8, fails, and declares nothing more."""
    t = clubbed()
    events = scripted(t, c.SurpriseAttack(combatant="alma", action=CLUB), [8, 8, 2, 2, 2, 2, 2, 2])
    assert of(events, ev.KnockoutRolled) == [
        ev.KnockoutRolled(attacker="alma", target="bors", roll=roll([2], 8, first=8), unconscious=True)
    ]
    assert of(events, ev.ConditionChanged)[-1] == ev.ConditionChanged(
        combatant="bors", condition="unconscious", on=True, rule="VDA-MELEE-05", reason="knocked_out"
    )
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [7, 2, 2])
    t.declare("alma", act("none"))
    refused = t.refuse(
        c.DeclareAction(combatant="bors", action=act("defend", skill="dodge", defence="dodge"))
    )
    assert refused.rule == "VDA-MELEE-05"


def test_vda_melee_05__a_vampire_is_immune_and_armour_can_protect() -> None:
    """VDA-MELEE-05: « un vampire est immunisé »; Stamina 1 + 4 armour dice is not below
    Strength 3 + 1: no Stamina roll either."""
    for t in (clubbed(kind="vampire"), clubbed(armour="plaque")):
        events = scripted(t, c.SurpriseAttack(combatant="alma", action=CLUB), [8, 8, 2, 2, 2, 2])
        assert of(events, ev.KnockoutRolled) == []


def test_vda_melee_05__a_ghoul_spends_willpower_to_stay_awake() -> None:
    """VDA-MELEE-05: « Une goule a le droit de dépenser 1 point de volonté pour réussir son
    jet »: the engine spends it in the ghoul's favour, no roll."""
    t = clubbed(kind="ghoul")
    events = scripted(t, c.SurpriseAttack(combatant="alma", action=CLUB), [8, 8, 2, 2, 2, 2])
    assert of(events, ev.KnockoutRolled) == [
        ev.KnockoutRolled(attacker="alma", target="bors", willpower=True, unconscious=False)
    ]
    assert of(events, ev.ResourceSpent)[-1].rule == "VDA-MELEE-05"


# --- VDA-STUCK-04: one copy of « a weapon is stuck there » -------------------------------


def test_vda_stuck_04__a_full_action_at_5_takes_a_success_off_the_pool_each() -> None:
    """VDA-STUCK-04: « une action complète sur un jet de Dextérité + Mêlée difficulté 5,
    chaque succès réduit la réserve de 1 »: Alma's stake stuck in Bors (pool 3); two
    successes leave 1. With nothing stuck in its target the action is refused."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=4, weapons=["pieu"]), player="ann")
    t.add("bors", sheet(kind="vampire", melee=1, fortitude=3, armour="maille"))
    rolled_both(t)
    unstick = act("other", skill="melee", target="bors", intent="unstick")
    assert t.refuse(c.DeclareAction(combatant="alma", action=unstick)).rule == "VDA-STUCK-04"
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [9, 9, 9, 9, 2, 2] + [9] * 4 + [1])
    assert of(events, ev.WeaponStuck) == [
        ev.WeaponStuck(owner="alma", item="pieu", target="bors", pool=3, projectile=False)
    ]
    rolled_both(t)
    t.declare("alma", unstick)
    t.declare("bors", act("none"))
    events = t.resolve("alma", [5, 5, 4, 2, 2, 2])
    assert events[0].difficulty == [Modifier(rule="A-7", value=5, why="VDA-STUCK-04")]
    assert events[1] == ev.StuckPoolReduced(
        combatant="alma",
        owner="alma",
        item="pieu",
        target="bors",
        roll=roll([5, 5, 4, 2, 2, 2], 5),
        pool=1,
        freed=False,
    )


# --- once tested alone, now guards of the round ------------------------------------------


def test_vda_nat_01__only_a_vampire_has_fangs() -> None:
    """VDA-NAT-01: everyone fights with head, fists and feet; « morsure » is a vampire's:
    a mortal naming it is refused at the declaration."""
    t = rolled_both(pair())
    t.declare("alma", act("none"))
    bite = act("attack", skill="brawl", weapon="morsure", target="alma")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=bite))
    assert (refused.rule, refused.message) == ("VDA-PHYS-02", "'bors' carries no 'morsure'")
    fists = act("attack", skill="brawl", weapon="poings", target="alma")
    assert t.declare("bors", fists)[0] == ev.ActionDeclared(combatant="bors", sequence=1, action=fists)


def test_vda_disarm_01__a_disarm_needs_a_weapon_in_the_defenders_hand() -> None:
    """VDA-DISARM-01: « désarmer » needs a weapon the defender still holds; the declaration
    of a disarm against empty hands, or naming a weapon it does not hold, is refused."""
    t = rolled_both(
        pair(sheet(melee=3, weapons=["dague_de_chasse"]), sheet(kind="mortal", weapons=["couteau"]))
    )
    named = act(
        "attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm", item="lance"
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=named)).rule == "VDA-DISARM-01"
    disarm = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm")
    assert t.declare("alma", disarm)[0] == ev.ActionDeclared(combatant="alma", sequence=1, action=disarm)
    bare = rolled_both(pair(sheet(melee=3, weapons=["dague_de_chasse"])))
    assert bare.refuse(c.DeclareAction(combatant="alma", action=disarm)).rule == "VDA-DISARM-01"


def test_vda_prone_02__standing_up_takes_two_initiative_dice() -> None:
    """VDA-PRONE-02: « Se relever prendra 2 dés sur la prochaine action ou bien sur
    l'initiative du prochain round »: the minor act ``stand_up`` (VDA-MINOR-03)."""
    t = pair()
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="renversé"))
    t.start()
    events = t.initiative("alma", [7, 7, 7], minor_acts=["stand_up"])
    assert events[0].pool[-1] == Modifier(rule="VDA-MINOR-02", value=-2, why="stand_up")
    assert events[1] == ev.ConditionChanged(
        combatant="alma", condition="prone", on=False, rule="VDA-MINOR-03", reason="stands_up"
    )


# --- options every path reads --------------------------------------------------------


def test_a_3__a_plain_roll_reads_the_tables_ones_cancel() -> None:
    """A-3: « each 1 cancels a success » is a table option (``ones_cancel``); a plain
    ``RollDice`` at a vda table reads it like the round's rolls."""
    spec = PoolSpec(dice=3, difficulty=6)
    assert of(pair().send(RollDice(spec=spec), [1, 7, 8]), DiceRolled)[0].roll.successes == 1
    literal = pair(options=VdaOptions(ones_cancel=False))
    assert of(literal.send(RollDice(spec=spec), [1, 7, 8]), DiceRolled)[0].roll.successes == 2


NET = VdaOptions(critical_on_net_successes=True)


def test_vda_gen_02__by_option_a_grapple_contact_with_no_net_success_is_a_critical_failure() -> None:
    """VDA-GEN-02 (option ``critical_on_net_successes``): a grapple's contact whose only hit
    a 1 cancels is a critical failure; by default (raw reading) it is none."""
    for options, critical in ((None, False), (NET, True)):
        t = grapple_fight(options)
        begin(t)
        t.declare("alma", act("attack", skill="brawl", target="bors", grapple="contact"))
        t.declare("bors", act("none"))
        events = scripted(t, c.ResolveAction(combatant="alma"), [8, 1, 2, 2, 2, 2])
        assert bool(of(events, ev.CriticalFailure)) is critical


def test_vda_gen_02__by_option_a_bite_with_no_net_success_is_a_critical_failure() -> None:
    """VDA-GEN-02 (option ``critical_on_net_successes``) on the bite: Alma holds Bors and
    bites with one hit and one 1."""
    for options, critical in ((None, False), (NET, True)):
        t = grapple_fight(options)
        begin(t)
        t.declare("alma", act("attack", skill="brawl", target="bors", grapple="contact"))
        t.declare("bors", act("none"))
        t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
        finish(t)
        begin(t)
        t.declare("alma", act("attack", skill="brawl", weapon="morsure", target="bors"))
        t.declare("bors", act("none"))
        events = scripted(t, c.ResolveAction(combatant="alma"), [8, 1, 2, 2, 2, 2])
        assert bool(of(events, ev.CriticalFailure)) is critical


def test_vda_gren_06__by_option_the_moderate_zones_bashing_is_soaked() -> None:
    """VDA-GREN-06 (option ``equipment.grenade_moderate_bashing_soaked``): the moderate
    zone's « 1 dommage de contusion » is soaked (Stamina at 6) instead of automatic."""
    soaked = VdaOptions(equipment=EquipmentOptions(grenade_moderate_bashing_soaked=True))
    for options, faces, bashing in ((None, [], 1), (soaked, [7], 0)):
        t = rolled_both(pair(sheet(athletics=2, weapons=["grenade"]), sheet(kind="mortal", dodge=1), options))
        t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
        t.declare("bors", act("none"))
        t.resolve("alma", [8, 8, 2, 2, 2])
        t.start()
        t.initiative("alma", A_INIT)
        t.initiative("bors", B_INIT)
        t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
        t.declare("alma", act("defend", skill="dodge", defence="dodge"))
        t.declare("bors", act("none"))
        events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), faces)
        assert [e.bashing for e in of(events, ev.HealthAdjusted)] == [bashing]
        if options is soaked:
            [blast] = of(events, ev.BlastSoaked)
            assert blast.soak is not None and (blast.soak.faces, blast.soaked) == ([7], 1)


def test_vda_conc_01__the_gm_has_a_weapon_hidden_or_searched_for() -> None:
    """VDA-CONC-01: « On peut cacher une arme sur soi avec jet de (Dextérité + Discrétion), le
    score en dissimulation d'une arme est ajouté à la difficulté du jet et retiré de la
    difficulté de celui qui tente de trouver des armes »: the stiletto (−2) hides at 4 and is
    found at 8; a lance cannot be hidden."""
    t = pair(sheet(dex=3, stealth=2, weapons=["stylet", "lance"]), sheet(kind="mortal", perception=2))
    [hidden] = t.send(c.RollConcealment(combatant="alma", weapon="stylet"), [4, 3, 2, 2, 2])
    assert hidden == ev.ConcealmentRolled(
        combatant="alma",
        weapon="stylet",
        pool=[
            Modifier(rule="VDA-CONC-01", value=3, why="dexterity"),
            Modifier(rule="VDA-CONC-01", value=2, why="stealth"),
        ],
        difficulty=[Modifier(rule="VDA-CONC-01", value=4, why="stylet")],
        roll=roll([4, 3, 2, 2, 2], 4),
    )
    search = c.RollConcealment(combatant="alma", weapon="stylet", searcher="bors")
    [found] = t.send(search, [8, 7, 2, 2])
    assert (found.searcher, found.difficulty[0].value, found.roll.successes) == ("bors", 8, 1)
    assert t.refuse(c.RollConcealment(combatant="alma", weapon="lance")).rule == "VDA-CONC-01"
    assert t.refuse(c.RollConcealment(combatant="alma", weapon="pistolet")).rule == "vda.item-unknown"


# --- rulings --------------------------------------------------------------------------

VOLLEY = Modifier(rule="VDA-RDEF-04", value=1, why="la cible s'est déjà défendue")


def test_vda_rdef_04__the_plus_1_spares_the_attack_the_defence_answers() -> None:
    """VDA-RDEF-04 (ruling): « dès qu'il réalise une action défensive il obtient un bonus de
    +1 en difficulté contre toutes les attaques à distance jusqu'à la fin de la séquence »:
    Cleo's dodge is split to Alma's arrow; Bob's arrow, which it does not answer, is at +1,
    Alma's is not."""
    t = Table()
    t.add("alma", sheet(archery=3, weapons=["arc_court"]))
    t.add("bob", sheet(archery=3, weapons=["arc_court"]))
    t.add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("cleo", [7, 7, 7, 2, 2])
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bob", [7, 2, 2, 2, 2])
    t.declare("cleo", act("defend", skill="dodge", defence="dodge"))
    t.declare("alma", act("attack", skill="archery", target="cleo", weapon="arc_court"))
    t.declare("bob", act("attack", skill="archery", target="cleo", weapon="arc_court"))
    t.resolve("cleo", [8, 8, 2, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bob": 0}))
    assert VOLLEY not in t.resolve("alma", [2] * 6)[0].difficulty
    assert t.resolve("bob", [2] * 6)[0].difficulty[-1] == VOLLEY


LARGE = Modifier(rule="VDA-MELEE-08", value=1)


def lance_against_dagger(options: VdaOptions | None = None) -> Table:
    """Alma (a lance, size G, initiative 3) attacks Bors (a hunting dagger, size P,
    initiative 1), who parries."""
    t = pair(
        sheet(melee=3, strength=3, weapons=["lance"]),
        sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]),
        options,
    )
    rolled_both(t)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="lance"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
    return t


def test_vda_melee_08__the_small_fighters_parry_against_the_g_wielder_is_at_plus_1() -> None:
    """VDA-MELEE-08 (ruling): « se battent à +1 en difficulté » covers every roll of the
    dagger's fighter against the lance's wielder who holds the initiative, its parry
    included; option ``damage.large_weapon_malus_on_parries`` off: attacks only."""
    parry = lance_against_dagger().resolve("bors", [2] * 5)[0]
    assert LARGE in parry.difficulty
    options = VdaOptions(damage=DamageOptions(large_weapon_malus_on_parries=False))
    parry = lance_against_dagger(options).resolve("bors", [2] * 5)[0]
    assert LARGE not in parry.difficulty


def test_vda_melee_08__the_small_fighters_dodge_against_the_g_wielder_is_at_plus_1() -> None:
    """VDA-MELEE-08 (ruling): « every roll » of the fighter whose weapon in hand is a dagger,
    its dodge included."""
    t = pair(
        sheet(melee=3, strength=3, weapons=["lance"]),
        sheet(kind="mortal", dodge=2, weapons=["dague_de_chasse"]),
    )
    rolled_both(t)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="lance"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    assert LARGE in t.resolve("bors", [2] * 5)[0].difficulty


ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")


def test_vda_grap_08__the_grapplers_opposition_is_a_reaction_paid_with_an_action_to_come() -> None:
    """VDA-GRAP-08, VDA-GRAP-09 (ruling): Alma, holding Bors at 3, declared nothing against his
    escape; with a second action bought (Anger), she opposes in reaction with her larger
    pool (Strength + Brawl + Potence), keeps the successes for the round, and loses that
    second action."""
    t = held(3)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", act("none"))
    t.declare("bors", ESCAPE)
    events = t.resolve("bors", [8, 8, 8, 2] + [8, 2, 2, 2, 2, 2])
    assert of(events, ev.GrappleSuccessesKept) == [
        ev.GrappleSuccessesKept(
            grappler="alma",
            target="bors",
            side="grappler",
            successes=2,
            pair="strength+brawl",
            check=GrappleRoll(
                pool=[
                    Modifier(rule="VDA-GRAP-08", value=3, why="strength"),
                    Modifier(rule="VDA-GRAP-08", value=3, why="brawl"),
                ],
                difficulty=[Modifier(rule="A-7", value=6, why="difficulté de base")],
                roll=roll([8, 2, 2, 2, 2, 2], 6, first=4),
                automatic=1,
                successes=2,
            ),
            action_spent=True,
        )
    ]
    [changed] = of(events, ev.GrappleValueChanged)
    assert (changed.opposition, changed.value) == (2, 2)
    assert t.state.fighters["alma"].physical == 1
    assert t.state.phase == "between"  # Alma's second action went to the opposition


def test_vda_grap_09__the_kept_opposition_meets_the_next_escape_without_an_action() -> None:
    """VDA-GRAP-09 (ruling): « sans dépenser d'action supplémentaire »: Bors's second escape
    of the round meets the 2 kept successes; no new roll, no action spent."""
    t = held(3, anger=1, dominate=1)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", act("none"))
    t.declare("bors", ESCAPE)
    t.resolve("bors", [8, 8, 8, 2] + [8, 2, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", ESCAPE)
    events = t.resolve("bors", [8, 8, 8, 8])
    assert of(events, ev.GrappleSuccessesKept) == []
    assert of(events, ev.GrappleValueChanged)[0].opposition == 2
    assert t.state.fighters["alma"].physical == 2


def test_vda_mod_01__terrain_weighs_on_the_grapplers_reaction_opposition() -> None:
    """VDA-MOD-01, VDA-GRAP-08 (ruling): the opposition rolled in reaction is a roll of the
    fight like the declared one: Alma's terrain (−2 dice) weighs on it."""
    t = held(3)
    t.send(
        c.SetCircumstances(
            combatant="alma", circumstances=Circumstances(terrain="minus_two_dice"), reason="pente"
        )
    )
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", act("none"))
    t.declare("bors", ESCAPE)
    events = t.resolve("bors", [8, 8, 8, 2] + [8, 2, 2, 2])
    [kept] = of(events, ev.GrappleSuccessesKept)
    assert kept.check is not None
    assert kept.check.pool[-1] == Modifier(rule="VDA-MOD-01", value=-2)
    assert kept.check.roll == roll([8, 2, 2, 2], 6, first=4)  # Strength 3 + Brawl 3 − 2
    assert (kept.successes, of(events, ev.GrappleValueChanged)[0].opposition) == (2, 2)


def test_vda_grap_08__with_no_action_left_the_opposition_is_0() -> None:
    """VDA-GRAP-08 (ruling): Alma's only action is this sequence's: no reaction, 0."""
    t = held(3)
    t.declare("alma", act("none"))
    t.declare("bors", ESCAPE)
    events = t.resolve("bors", [8, 8, 2, 2])
    assert of(events, ev.GrappleSuccessesKept) == []
    assert of(events, ev.GrappleValueChanged)[0].opposition == 0


def test_vda_grap_12__the_held_characters_opposition_to_control_is_a_reaction() -> None:
    """VDA-GRAP-12, VDA-GRAP-13 (ruling): « au prix d'une action défensive »: Bors, with an action to
    come, opposes Alma's control in reaction and loses that action."""
    t = held(3, anger=1, dominate=1)
    t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2] + [8, 2, 2, 2])
    [kept] = of(events, ev.GrappleSuccessesKept)
    assert (kept.side, kept.successes, kept.action_spent) == ("target", 1, True)
    assert of(events, ev.GrappleValueChanged)[0].value == 3 + 3 - 1
    assert t.state.fighters["bors"].physical == 1


def test_a_3__the_ambush_and_orientation_rolls_read_the_tables_ones_cancel() -> None:
    """A-3: with ``ones_cancel`` off, a 1 cancels nothing on the ambush's Stealth roll or on
    the 2-dice orientation gesture either."""
    literal = VdaOptions(ones_cancel=False)
    for options, stealth in ((None, 1), (literal, 2)):
        t = Table(options).add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=2, alertness=1))
        resolved = scripted(t, c.Ambush(ambusher="alma", target="bors"), [6, 1, 7, 7, 2, 2])[0]
        assert resolved.stealth.successes == stealth
    for options, answers in ((None, 0), (literal, 1)):
        t = pair(options=options)
        t.start()
        events = t.initiative("alma", [7, 7, 7, 1, 4], minor_acts=["orientation"])
        assert of(events, ev.OrientationRolled)[0].answers == answers
