"""An attack through ``decide`` with scripted dice: attack, defence, damage, soak,
health levels (VTM-ATK, VTM-DEF, VTM-HR, VTM-DMG)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Riposte
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

KNIFE_POOL = [m("VTM-ATK-02", 3, "dexterity"), m("VTM-ATK-02", 3, "melee")]
ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]
DODGE_POOL = [m("VTM-DEF-02", 2, "dexterity"), m("VTM-DEF-02", 1, "dodge")]
KNIFE_DAMAGE = [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-05", 1, "weapon")]
DAMAGE_DIFF = [m("VTM-DMG-03", 6, "damage")]


def knife_vs_dodge(duel: Table) -> None:
    duel.declare("bors", defend("dodge"))
    duel.declare("alma", attack("bors", "strike", "couteau"))


def test_vtm_def_04__each_defence_success_cancels_an_attack_success_and_none_left_misses(duel: Table) -> None:
    """VTM-DEF-04 / VTM-ATK-07: two attack successes against a three-success dodge miss;
    VTM-DEF-10: the dodge naming no one answers the first attack; VTM-DICE-05: a 1
    cancels a success."""
    knife_vs_dodge(duel)
    events = duel.resolve("alma", [8, 8, 3, 2, 1, 7, 7, 7, 2])
    assert events == [
        ev.AttackRolled(
            attacker="alma",
            target="bors",
            action=0,
            maneuver="strike",
            weapon="couteau",
            damage_type="lethal",
            pool=KNIFE_POOL,
            difficulty=ATTACK_DIFF,
            roll=roll([8, 8, 3, 2, 1, 7], 6),
        ),
        ev.DefenceRolled(
            defender="bors",
            attacker="alma",
            action=0,
            defence="dodge",
            pool=DODGE_POOL,
            difficulty=[m("VTM-DEF-03", 6, "dodge")],
            roll=roll([7, 7, 2], 6, first=6),
        ),
        ev.AttackMissed(attacker="alma", target="bors"),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_hr_03__a_hit_does_at_least_one_level_plus_one_per_three_successes(duel: Table) -> None:
    """VTM-HR-03: four successes left (no defence) floor the damage at 2 even when the
    damage roll has none; VTM-ATK-08: three extra successes add three damage dice;
    VTM-DMG-05: a mortal soaks no lethal damage without armour."""
    duel.declare("bors", OTHER)
    duel.declare("alma", attack("bors", "strike", "couteau"))
    damage_faces = [2, 3, 4, 5, 2, 3]
    events = duel.resolve("alma", [9, 9, 9, 9, 2, 3, *damage_faces])
    assert events[1:] == [
        ev.DamageRolled(
            attacker="alma",
            target="bors",
            remaining=4,
            damage_type="lethal",
            pool=[*KNIFE_DAMAGE, m("VTM-ATK-08", 3, "extra successes")],
            difficulty=DAMAGE_DIFF,
            roll=roll(damage_faces, 6, first=6, ones_cancel=False, tens_again=True),
            minimum=2,
            damage=2,
        ),
        ev.Soaked(target="bors", damage_type="lethal"),
        ev.Wounded(target="bors", damage_type="lethal", levels=2, health=Health(lethal=2)),
        ev.ActionEnded(combatant="alma", action=0),
    ]


def test_vtm_hr_01__damage_rerolls_tens_and_its_ones_cancel_nothing(duel: Table) -> None:
    """VTM-HR-01: a 10 on the damage roll adds a die and 1s take nothing away."""
    duel.declare("bors", OTHER)
    duel.declare("alma", attack("bors", "strike", "couteau"))
    events = duel.resolve("alma", [6, 2, 2, 2, 2, 2, 10, 1, 1, 7])
    damage = events[1]
    assert isinstance(damage, ev.DamageRolled)
    assert damage.roll == roll(
        [10, 1, 1, 7], 6, first=6, dice=3, ones_cancel=False, tens_again=True, botch=False
    )
    assert (damage.roll.successes, damage.damage) == (2, 2)


def test_vtm_hr_02__soak_never_rerolls_tens_and_never_botches(duel: Table) -> None:
    """VTM-HR-02 / VTM-DMG-04: a vampire soaks a punch with Stamina, a 10 adds no die and
    1s with no success are no botch; VTM-DMG-06: the bashing left is halved, rounded down."""
    duel.declare("bors", attack("alma", "punch"))
    duel.declare("alma", OTHER)
    duel.resolve("alma", [])
    events = duel.resolve("bors", [7, 7, 7, 2, 2, 9, 9, 9, 9, 10, 1])
    assert events[2:] == [
        ev.Soaked(
            target="alma",
            damage_type="bashing",
            pool=[
                m("VTM-DMG-04", 2, "stamina"),
                m("VTM-DMG-04", 0, "fortitude"),
                m("VTM-DMG-04", 0, "armour"),
            ],
            roll=roll([10, 1], 6, first=9, ones_cancel=False, botch=False),
            soaked=1,
        ),
        ev.Wounded(target="alma", damage_type="bashing", levels=1, halved=True, health=Health(bashing=1)),
        ev.ActionEnded(combatant="bors", action=0),
    ]


def test_vtm_dmg_06__a_vampire_halves_bashing_left_after_soak_rounding_down(duel: Table) -> None:
    """VTM-DMG-06: three bashing levels left after soak make one level for a vampire."""
    duel.declare("bors", attack("alma", "punch"))
    duel.declare("alma", OTHER)
    duel.resolve("alma", [])
    events = duel.resolve("bors", [7, 7, 7, 7, 2, 9, 9, 9, 9, 2, 9, 2])
    assert events[-2] == ev.Wounded(
        target="alma", damage_type="bashing", levels=1, halved=True, health=Health(bashing=1)
    )


def test_vtm_dmg_05__a_mortal_in_armour_soaks_lethal_with_armour_only() -> None:
    """VTM-DMG-05: with the table's reading, a mortal soaks lethal damage with its armour
    alone (no Stamina)."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["couteau"]))
    t.add("bors", sheet(kind="mortal", armour="gilet_kevlar"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "couteau"))
    events = t.resolve("alma", [6, 2, 2, 2, 2, 2, 6, 2, 2, 6, 6, 2])
    assert events[2] == ev.Soaked(
        target="bors",
        damage_type="lethal",
        pool=[m("VTM-DMG-05", 3, "armour only")],
        roll=roll([6, 6, 2], 6, first=9, ones_cancel=False),
        soaked=2,
    )
    assert events[3] == ev.Wounded(target="bors", damage_type="lethal", levels=0, health=Health())


def test_vtm_dmg_07__a_ghoul_with_vitae_soaks_lethal_at_difficulty_8() -> None:
    """VTM-DMG-07: a ghoul with blood left rolls Stamina against lethal at difficulty 8."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["couteau"]))
    t.add("gus", sheet(kind="ghoul", blood=2))
    t.start()
    t.initiative("alma", 9)
    t.initiative("gus", 1)
    t.declare("gus", OTHER)
    t.declare("alma", attack("gus", "strike", "couteau"))
    events = t.resolve("alma", [6, 2, 2, 2, 2, 2, 6, 2, 2, 8, 7])
    soaked = events[2]
    assert isinstance(soaked, ev.Soaked)
    assert (soaked.difficulty, soaked.soaked) == (8, 1)


def test_vtm_dmg_08__a_vampire_soaks_aggravated_with_fortitude_alone() -> None:
    """VTM-DMG-08: claws of Griffes de fauve do aggravated damage (VTM-MEL-04), which a
    vampire soaks with Endurance (Fortitude) only."""
    t = Table()
    t.add("alma", sheet(brawl=3, claws="aggravated"))
    t.add("vic", sheet(stamina=4, fortitude=1))
    t.start()
    t.initiative("alma", 9)
    t.initiative("vic", 1)
    t.declare("vic", OTHER)
    t.declare("alma", attack("vic", "claws"))
    events = t.resolve("alma", [6, 2, 2, 2, 2, 2, 6, 2, 2, 8])
    assert events[1].damage_type == "aggravated"
    assert events[2] == ev.Soaked(
        target="vic",
        damage_type="aggravated",
        pool=[m("VTM-DMG-08", 1, "fortitude")],
        roll=roll([8], 6, first=9, ones_cancel=False),
        soaked=1,
    )


def test_vtm_mel_04__claws_need_the_power_that_grows_them(duel: Table) -> None:
    """VTM-MEL-04: Alma has no claws: the declaration is refused."""
    duel.declare("bors", OTHER)
    refusal = duel.refuse(c.DeclareActions(combatant="alma", actions=[attack("bors", "claws")]))
    assert refusal.rule == "VTM-MEL-04"


def test_vtm_mel_05__a_weapon_strike_needs_a_carried_melee_weapon(duel: Table) -> None:
    """VTM-MEL-05: Alma carries no épée, and a revolver is no melee weapon."""
    duel.declare("bors", OTHER)
    for weapon in ("epee", "couteau_de_lancer"):
        refusal = duel.refuse(c.DeclareActions(combatant="alma", actions=[attack("bors", "strike", weapon)]))
        assert refusal.rule == "VTM-MEL-05"
    duel.declare("alma", OTHER)
    duel.resolve("alma", [])


def test_vtm_mel_02__a_kick_is_at_plus_one_and_does_strength_plus_one(duel: Table) -> None:
    """VTM-MEL-02: a kick rolls Dex + Brawl at difficulty 7 and does Strength + 1 bashing."""
    duel.declare("bors", OTHER)
    duel.declare("alma", attack("bors", "kick"))
    events = duel.resolve("alma", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-MEL-02", 1, "kick")]
    assert events[1].pool == [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-02", 1, "kick")]


def test_vtm_atk_03__a_shot_rolls_dex_plus_firearms_for_the_weapons_dice(duel: Table) -> None:
    """VTM-ATK-03: Bors shoots with Dex + Firearms; the revolver does its own 4 dice."""
    duel.declare("bors", attack("alma", "shoot", "revolver"))
    duel.declare("alma", OTHER)
    duel.resolve("alma", [])
    events = duel.resolve("bors", [7, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    assert events[0].pool == [m("VTM-ATK-03", 2, "dexterity"), m("VTM-ATK-03", 2, "firearms")]
    assert events[1].pool == [m("VTM-MEL-05", 4, "weapon")]


def test_vtm_def_07__a_block_does_not_stop_a_lethal_blow(duel: Table) -> None:
    """VTM-DEF-07: Bors's block answers only bashing close attacks: against the knife it
    is not rolled."""
    duel.declare("bors", defend("block", "alma"))
    duel.declare("alma", attack("bors", "strike", "couteau"))
    events = duel.resolve("alma", [2, 2, 2, 2, 2, 2])
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_06__a_willpower_point_turns_the_next_action_into_a_defence(duel: Table) -> None:
    """VTM-DEF-06: Bors gives up his attack for a dodge by spending a Willpower point; the
    dodge then answers Alma's attack at the place of the action it replaced."""
    duel.declare("bors", attack("alma", "punch"))
    duel.declare("alma", attack("bors", "strike", "couteau"))
    events = duel.send(c.AbortForDefence(combatant="bors", defence="dodge", spend=True))
    assert events == [
        ev.InterruptAttempted(combatant="bors", action=0, defence="dodge", spent=True, succeeded=True)
    ]
    assert duel.state.fighters["bors"].willpower_spent == 1
    resolved = duel.resolve("alma", [2, 2, 2, 2, 2, 2, 2, 2, 2])
    assert isinstance(resolved[1], ev.DefenceRolled)


def test_vtm_def_06__a_failed_willpower_roll_keeps_the_declared_action(duel: Table) -> None:
    """VTM-DEF-06: a Willpower roll (difficulty 6) without success leaves the action."""
    duel.declare("bors", attack("alma", "punch"))
    duel.declare("alma", OTHER)
    events = duel.send(c.AbortForDefence(combatant="bors", defence="dodge"), dice=[2, 2, 2, 2, 5])
    assert events[0].succeeded is False
    assert duel.state.fighters["bors"].declared == [attack("alma", "punch")]


def test_vtm_def_13__a_desperate_defence_loses_a_die_per_defence_after_the_first() -> None:
    """VTM-DEF-13: Cleo defends all turn: full pool against the first attack, one die
    less against the second, whatever the attackers."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(brawl=2))
    t.add("cleo", sheet(dodge=3))
    t.start()
    for cid, die in (("alma", 9), ("bors", 8), ("cleo", 1)):
        t.initiative(cid, die)
    t.declare("cleo", defend("dodge"), desperate=True)
    t.declare("bors", attack("cleo", "punch"))
    t.declare("alma", attack("cleo", "punch"))
    first = t.resolve("alma", [2] * 5 + [2] * 6)
    second = t.resolve("bors", [2] * 5 + [2] * 5)
    assert first[1].pool == [m("VTM-DEF-02", 3, "dexterity"), m("VTM-DEF-02", 3, "dodge")]
    assert second[1].pool == [*first[1].pool, m("VTM-DEF-13", -1, "defence 2")]


def test_vtm_def_13__the_table_may_keep_a_desperate_defence_to_one_kind() -> None:
    """VTM-DEF-13: « à l'aide d'une manœuvre défensive »: a dodge then a block is a desperate
    defence by default; with ``desperate_defence_single_type`` it is refused, two dodges are
    not."""
    for single in (False, True):
        t = Table(VtmOptions(desperate_defence_single_type=single))
        t.add("alma", sheet(brawl=2))
        t.add("cleo", sheet(dodge=3, brawl=1))
        t.start()
        t.initiative("alma", 9)
        t.initiative("cleo", 1)
        mixed = c.DeclareActions(combatant="cleo", actions=[defend("dodge"), defend("block")], desperate=True)
        if single:
            assert t.refuse(mixed).rule == "VTM-DEF-13"
            t.declare("cleo", defend("dodge"), defend("dodge"), desperate=True)
        else:
            t.send(mixed)
        assert t.state.fighters["cleo"].desperate


def test_vtm_cpx_05__more_levels_than_stamina_daze_for_the_next_turn() -> None:
    """VTM-CPX-05: four lethal levels on a mortal of Stamina 2 daze him: next turn he
    declares nothing and the turn resolves without him."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "epee"))
    events = t.resolve("alma", [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 2, 2, 2, 2])
    assert (
        ev.ConditionChanged(combatant="bors", condition="dazed", on=True, until=2, rule="VTM-CPX-05")
        in events
    )
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    assert t.state.phase == "declaration"
    refusal = t.refuse(c.DeclareActions(combatant="bors", actions=[OTHER]))
    assert refusal.rule == "VTM-INIT-03"
    t.declare("alma", OTHER)
    assert t.state.phase == "resolution"


def test_vtm_atk_04__a_thrown_weapon_rolls_dex_plus_athletics() -> None:
    """VTM-ATK-04: a throwing knife is rolled with Dex + Athlétisme and does its own dice."""
    t = Table()
    t.add("alma", sheet(athletics=2, weapons=["couteau_de_lancer"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "throw", "couteau_de_lancer"))
    events = t.resolve("alma", [7, 2, 2, 2, 2, 2])
    assert events[0].pool == [m("VTM-ATK-04", 3, "dexterity"), m("VTM-ATK-04", 2, "athletics")]
    assert events[1].pool == [m("VTM-MEL-05", 1, "weapon")]


def test_vtm_def_12__a_winning_parry_allows_a_riposte_with_the_extra_successes_as_dice() -> None:
    """VTM-DEF-12: Alma's parry (3) beats Bors's punch (1): she may strike back at once with
    her épée, two more dice; VTM-DEF-11: so a blade hurts a bare-handed attacker."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(brawl=2))
    t.start()
    t.initiative("alma", 1)
    t.initiative("bors", 9)
    assert t.refuse(c.Riposte(combatant="alma")).rule == "VTM-DEF-12"
    t.declare("alma", defend("parry", "bors"))
    t.declare("bors", attack("alma"))
    events = t.resolve("bors", [6, 2, 2, 2] + [7, 7, 7, 2, 2, 2])  # a die lost closing in (VTM-MEL-14)
    assert events[-2:] == [
        ev.ActionEnded(combatant="bors", action=0),
        ev.RipostePermitted(combatant="alma", riposte=Riposte(target="bors", weapon="epee", bonus=2)),
    ]
    struck = t.send(c.Riposte(combatant="alma"), dice=[2] * 8)
    assert struck[0] == ev.AttackRolled(
        attacker="alma",
        target="bors",
        action=-1,
        maneuver="strike",
        weapon="epee",
        damage_type="lethal",
        pool=[*KNIFE_POOL, m("VTM-DEF-12", 2, "riposte")],
        difficulty=ATTACK_DIFF,
        roll=roll([2] * 8, 6),
        riposte=True,
    )
    assert t.state.fighters["alma"].riposte is None


def test_vtm_def_02__a_parry_needs_a_melee_weapon(duel: Table) -> None:
    """VTM-DEF-02: Bors carries only a revolver: he cannot declare a parry."""
    refusal = duel.refuse(c.DeclareActions(combatant="bors", actions=[defend("parry", "alma")]))
    assert refusal.rule == "VTM-DEF-02"


def test_vtm_def_12__a_riposte_not_taken_lapses_with_the_turn() -> None:
    """VTM-DEF-12: the riposte is immediate; the next turn does not keep it."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(brawl=2))
    t.start()
    t.initiative("alma", 1)
    t.initiative("bors", 9)
    t.declare("alma", defend("parry", "bors"))
    t.declare("bors", attack("alma"))
    t.resolve("bors", [6, 2, 2, 2] + [7, 7, 7, 2, 2, 2])
    t.start()
    assert t.refuse(c.Riposte(combatant="alma")).rule == "VTM-DEF-12"
