"""The catalogue's readings of seed 003's ambiguous points, each a table option fixed in
the table's first event: the default and the other reading, both played through
``decide`` with fixed dice (VTM-DICE-01/02/06/11, VTM-ACT-03/04, VTM-DEF-11, VTM-GRP-04,
VTM-FIRE-11)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Weapon
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, sheet

ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]
UZI = Weapon(kind="firearm", damage=4, short_range=50, rate=3, capacity=4, burst=True, full_auto=True)


def duel(options: VtmOptions | None = None, **alma: Any) -> Table:
    """Alma (Dex 3, Brawl 2 unless told, a stake and a revolver) acts before Bors, a mortal
    who does nothing this turn unless told."""
    t = Table(options)
    traits = {"brawl": 2, "melee": 3, "firearms": 2, "weapons": ["pieu", "revolver"]}
    t.add("alma", sheet(**(traits | alma)))
    t.add("bors", sheet(kind="mortal", stamina=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_act_04__by_the_tables_option_an_empty_pool_is_attempted_and_fails() -> None:
    """VTM-ACT-04 / VTM-DICE-01: three punches leave the third without a die. By default the
    plan is refused; with ``zero_pool_means_no_action=false`` it stands, and the third
    punch rolls no die: a miss, no botch."""
    plan = [attack("bors"), attack("bors"), attack("bors")]
    refusing = duel()
    refusing.declare("bors", OTHER)
    assert refusing.refuse(c.DeclareActions(combatant="alma", actions=plan)).rule == "VTM-ACT-04"
    t = duel(VtmOptions(zero_pool_means_no_action=False))
    t.declare("bors", OTHER)
    t.declare("alma", *plan)
    t.resolve("alma", [2, 2])
    t.resolve("bors", [])
    t.resolve("alma", [2])
    events = t.resolve("alma", [])
    assert events[0].pool[-1] == m("VTM-ACT-02", -5, "action 3 of 3")
    assert (events[0].roll.dice, events[0].roll.faces, events[0].roll.botch) == (0, [], False)
    assert events[1:] == [
        ev.AttackMissed(attacker="alma", target="bors", botch=False),
        ev.ActionEnded(combatant="alma", action=2),
    ]


def test_vtm_dice_02__by_the_tables_option_each_point_past_ten_takes_a_success() -> None:
    """VTM-DICE-02: good cover (+3) and a precise part (+3) put a shot at 12, rolled at 10.
    Three 10s are three successes by default; with ``difficulty_cap=extra_successes`` the
    two points past 10 take two of them away."""
    # damage: the revolver's 4 dice, the precise part's 2 and the extra successes beyond
    # the first; Bors, a mortal without armour, rolls no soak against lethal damage
    for reading, successes, damage in (("ten", 3, 8), ("extra_successes", 1, 6)):
        t = duel(VtmOptions(difficulty_cap=reading))  # type: ignore[arg-type]
        t.send(c.SetCover(combatant="bors", cover="good", reason="seule la tête dépasse"))
        t.declare("bors", OTHER)
        t.declare(
            "alma", Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver", aim="precise")
        )
        events = t.resolve("alma", [10, 10, 10, 2, 2] + [2] * damage)
        assert sum(term.value for term in events[0].difficulty) == 12
        assert (events[0].roll.difficulty, events[0].roll.successes) == (10, successes), reading


def test_vtm_dice_06__by_the_tables_option_a_rerolled_ten_is_replaced() -> None:
    """VTM-DICE-06: with a Brawl specialty, seven dice show one 10, re-rolled to a 7. By
    default the 10 stays a success beside the 7 (two); with
    ``explode_keeps_original=false`` the 7 replaces it (one)."""
    faces = [10, 2, 2, 2, 2, 2, 2, 7]
    for keeps, successes in ((True, 2), (False, 1)):  # then Str 2 + extra damage, 1 soak die
        t = duel(VtmOptions(explode_keeps_original=keeps), brawl=4, specialties=["brawl:coups de poing"])
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors"))
        events = t.resolve("alma", faces + [2] * (2 + successes - 1) + [2])
        assert (events[0].roll.faces, events[0].roll.successes) == (faces, successes), keeps


def test_vtm_hr_01__a_damage_rolls_tens_follow_the_explode_reading() -> None:
    """VTM-HR-01 with VTM-DICE-06's reading: a punch's damage (Str 2, one extra success:
    three dice) shows a 10 re-rolled to a 7: three successes by default, two when the
    new die replaces the 10."""
    for keeps, dealt in ((True, 3), (False, 2)):
        t = duel(VtmOptions(explode_keeps_original=keeps))
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors"))
        events = t.resolve("alma", [9, 9, 2, 2, 2] + [10, 7, 7, 2] + [2])
        assert isinstance(events[1], ev.DamageRolled)
        assert (events[1].roll.faces, events[1].damage) == ([10, 7, 7, 2], dealt), keeps


def test_vtm_dice_11__by_the_tables_option_darkness_adds_to_blindness() -> None:
    """VTM-DICE-11 / VTM-GEN-04: blind in total darkness, a close attack is at +2 once by
    default; with ``dedupe_same_circumstance=false`` darkness's +2 adds to blindness's."""
    for dedupe, more in ((True, []), (False, [m("VTM-GEN-04", 2, "total darkness")])):
        t = duel(VtmOptions(dedupe_same_circumstance=dedupe))
        t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
        t.send(c.SetCondition(combatant="alma", condition="darkness", reason="panne"))
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors", "strike", "pieu"))
        events = t.resolve("alma", [2] * 6)
        assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-CPX-04", 2, "blinded"), *more], dedupe


def test_vtm_dice_11__by_the_tables_option_the_heart_adds_to_the_precise_part() -> None:
    """VTM-DICE-11 / VTM-CPX-08: a stake aimed at the heart is the precise part's +3 once by
    default; with ``dedupe_same_circumstance=false`` the heart's own +3 adds to it."""
    for dedupe, more in ((True, []), (False, [m("VTM-CPX-08", 3, "heart")])):
        t = duel(VtmOptions(dedupe_same_circumstance=dedupe))
        t.declare("bors", OTHER)
        t.declare(
            "alma", Action(kind="attack", maneuver="strike", target="bors", weapon="pieu", aim="precise")
        )
        events = t.resolve("alma", [2] * 6)
        assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-GEN-02", 3, "precise"), *more], dedupe


def test_vtm_act_03__by_the_tables_option_each_makes_its_actions_in_a_row() -> None:
    """VTM-ACT-03: Alma (faster) declares two actions, Bors one. By default Alma's second
    comes after Bors's first (passes); with ``multi_action_scheduling=consecutive`` Alma
    makes both before Bors acts."""
    passes = duel()
    passes.declare("bors", OTHER)
    passes.declare("alma", OTHER, OTHER)
    passes.resolve("alma", [])
    assert passes.refuse(c.ResolveAction(combatant="alma")).rule == "VTM-INIT-04"
    assert passes.resolve("bors", []) == [ev.ActionEnded(combatant="bors", action=0)]
    t = duel(VtmOptions(multi_action_scheduling="consecutive"))
    t.declare("bors", OTHER)
    t.declare("alma", OTHER, OTHER)
    t.resolve("alma", [])
    assert t.refuse(c.ResolveAction(combatant="bors")).rule == "VTM-INIT-04"
    assert t.resolve("alma", []) == [ev.ActionEnded(combatant="alma", action=1)]
    assert t.resolve("bors", []) == [ev.ActionEnded(combatant="bors", action=0)]


def parried(
    options: VtmOptions | None = None, blow: list[int] | None = None, parry: int = 3
) -> tuple[Table, list[Any]]:
    """Bors punches (one success), Alma parries with her épée (``parry`` successes): the
    table and the events."""
    t = Table(options)
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(kind="mortal", brawl=2, stamina=1))
    t.start()
    t.initiative("alma", 1)
    t.initiative("bors", 9)
    t.declare("alma", defend("parry", "bors"))
    t.declare("bors", attack("alma"))
    # 4 dice (a die lost closing in, VTM-MEL-14), 6 parry dice, then ``blow``
    return t, t.resolve("bors", [6, 2, 2, 2] + [7] * parry + [2] * (6 - parry) + (blow or []))


def test_vtm_def_11__a_lethal_parry_hurts_a_brawler_only_by_the_tables_option() -> None:
    """VTM-DEF-11: a punch parried with a blade: by default the blade hurts only through
    the riposte (VTM-DEF-12); with ``parry_brawl_injures=weapon_damage`` the parry also
    deals the épée's damage to Bors (lethal, soaked as usual), before the miss."""
    assert [type(e) for e in parried()[1]] == [
        ev.AttackRolled,
        ev.DistanceSet,
        ev.DefenceRolled,
        ev.AttackMissed,
        ev.ActionEnded,
        ev.RipostePermitted,
    ]
    # the épée's 4 damage dice (Str 2 + 2) on Bors, a mortal: no soak against lethal
    _, events = parried(VtmOptions(parry_brawl_injures="weapon_damage"), [7, 2, 2, 2])
    assert [type(e) for e in events] == [
        ev.AttackRolled,
        ev.DistanceSet,
        ev.DefenceRolled,
        ev.DamageRolled,
        ev.Soaked,
        ev.Wounded,
        ev.AttackMissed,
        ev.ActionEnded,
        ev.RipostePermitted,
    ]
    assert (events[3].attacker, events[3].target, events[3].damage_type) == ("alma", "bors", "lethal")
    assert events[3].pool == [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-05", 2, "weapon")]
    assert (events[5].target, events[5].levels) == ("bors", 1)


def held(punch: int, options: VtmOptions | None = None) -> list[Any]:
    """Round 1 Alma holds Bors; round 2 she punches him with ``punch`` dice and misses:
    her attack's pool."""
    t = Table(options)
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", brawl=1))
    for round_ in (1, 2):
        t.start()
        t.initiative("alma", 9)
        t.initiative("bors", 1)
        t.declare("bors", OTHER)
        t.declare("alma", attack("bors", "hold" if round_ == 1 else "punch"))
        events = t.resolve("alma", [9] * 4 if round_ == 1 else [2] * punch)
        t.resolve("bors", [])
    return events[0].pool


def test_vtm_grp_04__keeping_a_hold_costs_the_holder_an_action_only_by_the_tables_option() -> None:
    """VTM-GRP-04: by default keeping a hold costs the holder no action, so her one punch
    loses nothing; with ``hold_costs_holder_action=true`` the hold is her first action
    and the punch, her second of two, loses three dice (VTM-ACT-02)."""
    free = held(7)  # Dex 3 + Brawl 2, two dice on one held (VTM-GRP-05)
    assert not any(term.rule == "VTM-ACT-02" for term in free)
    costly = held(4, VtmOptions(hold_costs_holder_action=True))
    assert costly == [*free[:2], m("VTM-ACT-02", -3, "action 2 of 2"), *free[2:]]


def test_vtm_fire_11__full_auto_needs_the_tables_share_of_the_magazine() -> None:
    """VTM-FIRE-11: after a three-round burst one round is left in the four-round magazine.
    By default full auto fires it with its ten dice; with
    ``full_auto_min_rounds_fraction=0.5`` two rounds are needed: refused."""
    for fraction in (0.0, 0.5):
        t = Table(VtmOptions(full_auto_min_rounds_fraction=fraction))
        t.add("alma", sheet(firearms=2, weapons=["uzi"], own_weapons={"uzi": UZI}))
        t.add("bors", sheet(kind="mortal"))
        for round_ in (1, 2):
            t.start()
            t.initiative("alma", 9)
            t.initiative("bors", 1)
            t.declare("bors", OTHER)
            mode = "burst" if round_ == 1 else "auto"
            fire = c.DeclareActions(
                combatant="alma",
                actions=[Action(kind="attack", maneuver="shoot", target="bors", weapon="uzi", fire=mode)],
            )
            if round_ == 2 and fraction:
                assert t.refuse(fire).rule == "VTM-FIRE-11"
                return
            t.send(fire)
            events = t.resolve("alma", [2] * (7 if round_ == 1 else 15))  # all miss
            t.resolve("bors", [])
        assert events[0].rounds == 1
        assert events[0].pool[-1] == m("VTM-FIRE-11", 10, "auto")


def test_vtm_def_11__a_lethal_parry_that_does_not_win_asks_the_storyteller() -> None:
    """VTM-DEF-11: « probablement blessé »: by the catalogue's reading a blade's parry that
    only ties a punch asks the Storyteller whether Bors is hurt, and play goes on (he is
    not held up waiting); with ``parry_brawl_injures=weapon_damage`` the tying parry deals
    the épée's damage instead, and nobody is asked."""
    t, events = parried(parry=1)
    assert events[2:] == [
        events[2],
        ev.RulingRequested(rule="VTM-DEF-11", combatant="bors", question="epee"),
        ev.AttackMissed(attacker="bors", target="alma", botch=False),
        ev.ActionEnded(combatant="bors", action=0),
    ]
    assert isinstance(events[2], ev.DefenceRolled) and events[2].roll.successes == 1
    assert t.state.fighters["bors"].awaiting == ""
    assert t.send(c.StartRound()) == [ev.RoundStarted(round=2, combatants=["alma", "bors"])]
    _, wounding = parried(VtmOptions(parry_brawl_injures="weapon_damage"), [7, 2, 2, 2], parry=1)
    assert not any(isinstance(e, ev.RulingRequested) for e in wounding)
    assert any(isinstance(e, ev.Wounded) and e.target == "bors" for e in wounding)


def test_vtm_act_04__by_the_tables_option_a_defence_without_dice_is_spent_failing() -> None:
    """VTM-ACT-04: Bors's dodge, his third action, is left without a die (Dex 2 + Dodge 1
    less 5). With ``zero_pool_means_no_action=false`` the plan stands and the dodge is
    rolled with no die when Alma's punch comes: no success, and the punch lands."""
    t = Table(VtmOptions(zero_pool_means_no_action=False))
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal", dexterity=2, dodge=1, stamina=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER, OTHER, defend("dodge"))
    t.declare("alma", attack("bors"))
    # Alma's 5 dice (two successes), Bors's dodge of no die, 3 damage dice, 1 soak die
    events = t.resolve("alma", [9, 9, 2, 2, 2] + [2, 2, 2] + [2])
    assert isinstance(events[1], ev.DefenceRolled)
    assert (events[1].defender, events[1].roll.dice, events[1].roll.successes) == ("bors", 0, 0)
    assert isinstance(events[2], ev.DamageRolled) and events[2].target == "bors"
