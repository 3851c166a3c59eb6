"""The ambush's surprise through ``decide``: the target's answer (the exact event of a
defence or of letting the attack come, the cap of its pool, its situation), the
ambusher's attack and the club's knock-out, and the refusals with their words. Written
against the mutants that survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import scripted

DODGE = act("defend", skill="dodge", defence="dodge")


def ambushed(**bors: int) -> Table:
    """Alma ambushes Bors (Dexterity 3, Dodge 3 unless given), who sees it coming with 2
    awareness successes (Wits 2 + Alertness 1: 8, 9, 3)."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    traits = {"dex": 3, "dodge": 3} | bors
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1, weapons=["couteau"], **traits))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 9, 3])
    return t


def test_the_surprise_dodge_is_rolled_with_its_whole_pool_and_difficulty() -> None:
    """VDA-AMB-03: Bors dodges the surprise with Dexterity 3 + Dodge 3, capped to his 2
    awareness successes, at the declared 6: one event with every term and the roll."""
    t = ambushed()
    pool = [
        Modifier(rule="A-6", value=3, why="dexterity"),
        Modifier(rule="A-6", value=3, why="dodge"),
        Modifier(rule="VDA-AMB-03", value=-4, why="surprise: succès de vigilance"),
    ]
    assert t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [8, 3]) == [
        ev.SurpriseDefenceRolled(
            combatant="bors",
            kind="defend",
            pool=pool,
            difficulty=[Modifier(rule="A-7", value=6, why="difficulté déclarée")],
            roll=roll([8, 3], 6),
        )
    ]


def test_a_target_may_let_the_surprise_come() -> None:
    """VDA-AMB-03: the target answers the surprise with no defence: one event, no roll, and
    the ambusher may strike."""
    t = ambushed()
    assert t.send(c.SurpriseDefence(combatant="bors", action=act("none"))) == [
        ev.SurpriseDefenceRolled(combatant="bors", kind="none")
    ]
    ambush = t.state.ambush
    assert ambush is not None and ambush.defence == 0


def test_the_surprise_allows_a_defence_and_nothing_else() -> None:
    """VDA-AMB-03: an attack (or any action but a defence) in answer to the surprise is
    refused, with its rule and why."""
    t = ambushed()
    strike = act("attack", skill="melee", target="alma", weapon="couteau")
    refused = t.refuse(c.SurpriseDefence(combatant="bors", action=strike))
    assert (refused.rule, refused.message) == ("VDA-AMB-03", "the surprise allows a defence, nothing else")


def test_a_pool_no_larger_than_the_awareness_is_not_cut() -> None:
    """VDA-AMB-03: the awareness successes cap the pool: Bors's 2 dice (Dexterity 1 + Dodge
    1) against 2 successes keep their two terms, with no surprise term."""
    t = ambushed(dex=1, dodge=1)
    [rolled] = t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [8, 3])
    assert rolled.pool == [
        Modifier(rule="A-6", value=1, why="dexterity"),
        Modifier(rule="A-6", value=1, why="dodge"),
    ]


def test_the_surprise_defence_meets_the_targets_situation() -> None:
    """VDA-AMB-03, VDA-PRONE-01, VDA-MOD-01: Bors, on the ground on a slope only he suffers,
    dodges at +1 and with a die less, before the cap."""
    t = ambushed()
    t.send(c.SetCondition(combatant="bors", condition="prone", reason="trébuche"))
    slope = Circumstances(terrain="minus_one_die")
    t.send(c.SetCircumstances(combatant="bors", circumstances=slope, reason="pente"))
    [rolled] = t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [8, 3])
    assert rolled.pool == [
        Modifier(rule="A-6", value=3, why="dexterity"),
        Modifier(rule="A-6", value=3, why="dodge"),
        Modifier(rule="VDA-MOD-01", value=-1, why=""),
        Modifier(rule="VDA-AMB-03", value=-3, why="surprise: succès de vigilance"),
    ]
    assert [(m.rule, m.value) for m in rolled.difficulty] == [("A-7", 6), ("VDA-PRONE-01", 1)]


def test_a_surprise_parry_needs_a_weapon_the_target_carries() -> None:
    """VDA-PHYS-02: Bors cannot parry the surprise with a sword he does not carry."""
    t = ambushed()
    parry = act("defend", skill="melee", defence="parry", weapon="epee")
    refused = t.refuse(c.SurpriseDefence(combatant="bors", action=parry))
    assert (refused.rule, refused.message) == ("VDA-PHYS-02", "'bors' carries no 'epee'")


STRIKE = c.SurpriseAttack(
    combatant="alma", action=act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
)


def test_the_surprise_refusals_name_the_rule_and_the_fault() -> None:
    """VDA-AMB-01, VDA-AMB-03: only the ambusher strikes, only its target answers, once; the
    refusals say who did what wrong."""
    t = ambushed()
    stranger = t.refuse(c.SurpriseDefence(combatant="alma", action=DODGE))
    assert (stranger.rule, stranger.message) == ("VDA-AMB-03", "'alma' is not the ambush's target")
    early = t.refuse(STRIKE, [8] * 5)
    assert (early.rule, early.message) == (
        "VDA-AMB-03",
        "'bors' first rolls its defence (or lets the attack come)",
    )
    t.send(c.SurpriseDefence(combatant="bors", action=act("none")))
    again = t.refuse(c.SurpriseDefence(combatant="bors", action=DODGE))
    assert (again.rule, again.message) == ("VDA-AMB-03", "'bors' already answered the surprise")
    wrong = t.refuse(c.SurpriseAttack(combatant="bors", action=act("attack", skill="melee", target="alma")))
    assert (wrong.rule, wrong.message) == ("VDA-AMB-01", "'bors' did not set the ambush")
    resolve_surprise(t)
    twice = t.refuse(STRIKE, [8] * 5)
    assert (twice.rule, twice.message) == ("VDA-AMB-01", "the surprise attack was already made")


def resolve_surprise(t: Table) -> None:
    scripted(t, STRIKE, [8, 8, 8, 2, 2, 7, 7, 7])


def test_no_surprise_once_the_first_round_began() -> None:
    """VDA-AMB-01: the surprise comes before the first round; once it began, its answer is
    refused."""
    t = ambushed()
    t.start()
    refused = t.refuse(c.SurpriseDefence(combatant="bors", action=DODGE))
    assert (refused.rule, refused.message) == (
        "VDA-AMB-01",
        "a surprise attack follows an undetected ambush, before the first round",
    )


def test_a_single_awareness_success_is_enough_to_react() -> None:
    """VDA-AMB-06, VDA-AMB-03: one awareness success lets Bors react: the ambusher waits for
    his answer, and he defends with a single die."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1, dodge=3, dex=3))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 3, 3])
    assert t.refuse(STRIKE, [8] * 5).rule == "VDA-AMB-03"
    [rolled] = t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [8])
    assert rolled.pool[-1] == Modifier(rule="VDA-AMB-03", value=-5, why="surprise: succès de vigilance")


def test_an_unaware_target_is_told_why_it_cannot_react() -> None:
    """VDA-AMB-06: Bors saw nothing coming: his answer is refused, saying so."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 3, 3, 3])
    refused = t.refuse(c.SurpriseDefence(combatant="bors", action=DODGE))
    assert (refused.rule, refused.message) == ("VDA-AMB-06", "'bors' saw nothing coming and cannot react")


def unseen() -> Table:
    """Alma ambushes Bors, who saw nothing coming; Cole stands by."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1))
    t.add("cole", sheet(kind="mortal"))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 3, 3, 3])
    return t


def test_the_surprise_is_an_attack_on_the_ambushed_target() -> None:
    """VDA-AMB-01: the ambusher's surprise is an attack, and on the target of the ambush."""
    t = unseen()
    dodge = t.refuse(c.SurpriseAttack(combatant="alma", action=DODGE))
    assert (dodge.rule, dodge.message) == ("VDA-AMB-01", "the surprise is an attack")
    other = act("attack", skill="melee", target="cole", weapon="dague_de_chasse")
    wrong = t.refuse(c.SurpriseAttack(combatant="alma", action=other))
    assert (wrong.rule, wrong.message) == ("VDA-AMB-01", "the ambush is on 'bors'")


def test_the_surprise_attack_is_rolled_with_its_whole_pool_and_situation() -> None:
    """VDA-AMB-01, VDA-PRONE-01, VDA-MOD-01: Alma, on the ground on a slope only she
    suffers, strikes Bors by surprise: one event with every term of her pool and difficulty."""
    t = unseen()
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="rampe"))
    slope = Circumstances(terrain="minus_one_die")
    t.send(c.SetCircumstances(combatant="alma", circumstances=slope, reason="pente"))
    rolled = scripted(t, STRIKE, [2, 2, 2, 2])[0]
    assert rolled == ev.SurpriseAttackRolled(
        combatant="alma",
        target="bors",
        action=rolled.action,
        pool=[
            Modifier(rule="A-6", value=2, why="dexterity"),
            Modifier(rule="A-6", value=3, why="melee"),
            Modifier(rule="VDA-MOD-01", value=-1, why=""),
        ],
        difficulty=rolled.difficulty,
        roll=roll([2, 2, 2, 2], 7),
    )
    assert rolled.action.weapon == "dague_de_chasse" and rolled.action.target == "bors"
    assert [(m.rule, m.value) for m in rolled.difficulty] == [("A-7", 6), ("VDA-PRONE-01", 1)]


def test_a_botched_surprise_attack_is_a_fall() -> None:
    """VDA-GEN-02, VDA-AMB-01: Alma's surprise attack botches (no success, a 1): a critical
    failure, and no damage."""
    t = unseen()
    events = scripted(t, STRIKE, [1, 2, 2, 2, 2])
    assert ev.CriticalFailure(combatant="alma", ones=1) in events
    assert not [e for e in events if isinstance(e, ev.AttackResolved)]


def test_a_ghoul_with_one_willpower_left_spends_it_to_stay_awake() -> None:
    """VDA-MELEE-05: Bors, a ghoul with a single Willpower point, is clubbed by surprise: the
    engine spends that point for him, exactly one, and he stays awake."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, strength=3, melee=3, weapons=["matraque_courte"]))
    t.add("bors", sheet(kind="ghoul", perception=1, wits=2, alertness=1, willpower=1))
    scripted(t, c.Ambush(ambusher="alma", target="bors"), [6, 2, 7], pad=3)
    club = act("attack", skill="melee", target="bors", weapon="matraque_courte")
    events = scripted(t, c.SurpriseAttack(combatant="alma", action=club), [8, 8, 2, 2, 2, 2])
    assert events[-2:] == [
        ev.ResourceSpent(
            combatant="bors", pool="willpower", amount=1, purpose="résiste à l'assommoir", rule="VDA-MELEE-05"
        ),
        ev.KnockoutRolled(attacker="alma", target="bors", willpower=True, unconscious=False),
    ]


@pytest.mark.parametrize(("answer", "faces", "met"), [(act("none"), None, 0), (DODGE, [8, 3], 1)])
def test_the_surprise_defence_meets_an_attack_from_behind(
    answer: PhysicalAction, faces: list[int] | None, met: int
) -> None:
    """VDA-AMB-01, VDA-AMB-03, VDA-PHYS-05: Alma's surprise comes from behind; Bors's answer
    meets it with what it rolled (one success of 8, or nothing when he let it come), in the
    sequence before round 1."""
    t = ambushed()
    t.send(c.SurpriseDefence(combatant="bors", action=answer), faces)
    behind = c.SurpriseAttack(
        combatant="alma",
        action=act("attack", skill="melee", target="bors", weapon="dague_de_chasse", from_behind=True),
    )
    [resolved] = [
        e for e in scripted(t, behind, [8, 8, 8, 2, 2, 7, 7, 7]) if isinstance(e, ev.AttackResolved)
    ]
    assert (resolved.sequence, resolved.resolution.defence_successes) == (0, met)


def test_only_the_surprise_defences_dice_of_8_or_more_meet_an_attack_from_behind() -> None:
    """VDA-PHYS-05, VDA-AMB-03: Bors's surprise dodge rolls 7 and 8, two successes; Alma's
    surprise comes from behind, so only the 8 may meet it, and from the front both do."""
    met = {}
    for from_behind in (True, False):
        t = ambushed()
        t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [7, 8])
        strike = act(
            "attack", skill="melee", target="bors", weapon="dague_de_chasse", from_behind=from_behind
        )
        events = scripted(t, c.SurpriseAttack(combatant="alma", action=strike), [8, 8, 8, 2, 2, 7, 7, 7])
        [resolved] = [e for e in events if isinstance(e, ev.AttackResolved)]
        met[from_behind] = resolved.resolution.defence_successes
    assert met == {True: 1, False: 2}


CLUB = act("attack", skill="melee", target="bors", weapon="matraque_courte")


def clubbing(
    faces: list[int], weapon: str = "matraque_courte", options: VdaOptions | None = None, **bors: Any
) -> list[object]:
    """Alma (Strength 3) strikes Bors, who saw nothing coming, by surprise with ``weapon``;
    the knock-out events that follow."""
    t = Table(options)
    t.add("alma", sheet(dex=2, stealth=1, strength=3, melee=3, weapons=[weapon]))
    stamina = bors.pop("stamina", 1)
    target = sheet(perception=1, wits=2, alertness=1, **({"kind": "mortal"} | bors))
    t.add("bors", replace(target, attributes=replace(target.attributes, stamina=stamina)))
    scripted(t, c.Ambush(ambusher="alma", target="bors"), [6, 2, 7], pad=3)
    strike = c.SurpriseAttack(combatant="alma", action=replace(CLUB, weapon=weapon))
    events = scripted(t, strike, faces)
    return [e for e in events if isinstance(e, ev.KnockoutRolled | ev.ResourceSpent)]


def test_a_ghoul_without_willpower_left_is_knocked_out_like_a_mortal() -> None:
    """VDA-MELEE-05: Bors, a ghoul with no Willpower to spend, fails his Stamina roll at 8
    and falls unconscious."""
    assert clubbing([8, 8, 2, 2, 2, 2, 2, 2], kind="ghoul", willpower=0) == [
        ev.KnockoutRolled(attacker="alma", target="bors", roll=roll([2], 8, first=8), unconscious=True)
    ]


def test_a_single_net_success_is_enough_to_knock_out() -> None:
    """VDA-MELEE-05: the club's hit lands by one success: Bors rolls his Stamina."""
    assert [type(e) for e in clubbing([8, 2, 2, 2, 2, 2, 2])] == [ev.KnockoutRolled]


def test_only_the_club_knocks_out() -> None:
    """VDA-MELEE-05: Alma's hunting dagger hits Bors by surprise, but only a club knocks out."""
    assert clubbing([8, 8, 2, 2, 2, 2, 2, 2], weapon="dague_de_chasse") == []


def test_strength_plus_one_must_exceed_stamina_without_armour() -> None:
    """VDA-MELEE-05: Strength 3 + 1 against Stamina 3 and no armour dice: 4 > 3, the knock-out
    is possible."""
    assert [type(e) for e in clubbing([8, 8, 2, 2, 2, 2, 2, 2, 2, 2], stamina=3)] == [ev.KnockoutRolled]


@pytest.mark.parametrize(("ones_cancel", "unconscious"), [(True, True), (False, False)])
def test_the_stamina_roll_against_the_club_follows_the_tables_1s(
    ones_cancel: bool, unconscious: bool
) -> None:
    """VDA-MELEE-05, A-3: Bors (Stamina 2) rolls 8 and 1 at 8 against the club: the 1
    cancels the success at a table where 1s cancel (he falls), not at the other."""
    [rolled] = clubbing(
        [8, 8, 2, 2, 2, 2, 2, 2, 2, 8, 1], stamina=2, options=VdaOptions(ones_cancel=ones_cancel)
    )
    assert isinstance(rolled, ev.KnockoutRolled) and rolled.roll is not None
    assert (rolled.roll.faces, rolled.unconscious) == ([8, 1], unconscious)


def test_no_surprise_without_an_undetected_ambush() -> None:
    """VDA-AMB-01: before any ambush, or once the target detected it, there is no surprise to
    answer or to strike."""
    t = Table().add("alma", sheet(melee=3)).add("bors", sheet(kind="mortal", dodge=1))
    refused = t.refuse(c.SurpriseDefence(combatant="bors", action=DODGE))
    assert (refused.rule, refused.message) == (
        "VDA-AMB-01",
        "a surprise attack follows an undetected ambush, before the first round",
    )
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", perception=3, wits=2, alertness=3))
    [ambush] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 2, 9, 9, 9, 2, 2, 2])[:1]
    assert ambush.detected
    assert t.refuse(STRIKE, [8] * 5).rule == "VDA-AMB-01"


def test_a_surprise_attack_with_no_net_success_botches_under_the_option() -> None:
    """VDA-GEN-02: at a table where a critical failure is judged on net successes, Alma's
    surprise attack with one hit and one 1 is a critical failure."""
    t = Table(VdaOptions(critical_on_net_successes=True))
    t.add("alma", sheet(dex=2, stealth=1, melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 3, 3, 3])
    events = scripted(t, STRIKE, [8, 1, 2, 2, 2])
    assert ev.CriticalFailure(combatant="alma", ones=1) in events


def test_a_club_blow_the_defence_cancels_knocks_nobody_out() -> None:
    """VDA-MELEE-05: Bors saw it coming and dodges the club with 2 successes, as many as
    Alma's: the blow does not land, no Stamina roll."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, strength=3, melee=3, weapons=["matraque_courte"]))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1, dodge=3, dex=3))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 9, 3])
    t.send(c.SurpriseDefence(combatant="bors", action=DODGE), [8, 8])
    events = scripted(t, c.SurpriseAttack(combatant="alma", action=CLUB), [8, 8, 2, 2, 2])
    assert [e for e in events if isinstance(e, ev.KnockoutRolled)] == []
