"""Rounds, sequences and initiative (VDA-SEQ, VDA-INIT), through ``domain.table.decide``."""

from __future__ import annotations

from domain.base import GM_ONLY, PUBLIC, Viewer, gm_and
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.state import Rank
from domain.systems.vda.view import redact
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet

WITS = Modifier(rule="VDA-INIT-01", value=3, why="wits")
ALERTNESS = Modifier(rule="VDA-INIT-01", value=2, why="alertness")
DIFF_4 = Modifier(rule="VDA-INIT-01", value=4, why="Réagir + Vigilance")


def both_rolled(t: Table, alma: list[int], bors: list[int]) -> None:
    t.start()
    t.initiative("alma", alma)
    t.initiative("bors", bors)


def test_vda_seq_03__a_round_opens_and_cannot_open_twice(duel: Table) -> None:
    """VDA-SEQ-03: a round opens and cannot open twice."""
    full = {"blood": 10, "willpower": 5, "anger": 0, "rage": 0}
    pools = {"alma": full, "bors": full}  # what each starts the round with, beside the maximums
    assert duel.start() == [ev.RoundStarted(round=1, combatants=["alma", "bors"], pools=pools)]
    assert duel.refuse(c.StartRound()).rule == "VDA-SEQ-03"


def test_vda_seq_01__no_action_outside_a_sequence(duel: Table) -> None:
    """VDA-SEQ-01: no action outside a sequence."""
    duel.start()
    refusal = duel.refuse(c.DeclareAction(combatant="alma", action=act("none")))
    assert refusal.rule == "VDA-SEQ-01"


def test_vda_init_01__wits_plus_alertness_at_4_successes_are_the_score(duel: Table) -> None:
    """VDA-INIT-01: wits plus alertness at 4 successes are the score."""
    duel.start()
    events = duel.send(c.RollInitiative(combatant="alma"), dice=[7, 4, 3, 1, 9], as_="ann")
    assert events == [
        ev.InitiativeRolled(
            combatant="alma",
            pool=[WITS, ALERTNESS],
            difficulty=[DIFF_4],
            roll=roll([7, 4, 3, 1, 9], 4),
            score=2,
        )
    ]


def test_vda_init_01__once_everyone_rolled_the_order_is_set_and_sequence_1_opens(duel: Table) -> None:
    """VDA-INIT-01: once everyone rolled the order is set and sequence 1 opens."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    events = duel.initiative("bors", [5, 3, 3, 2, 2])
    assert events[1:] == [
        ev.InitiativeOrderSet(order=[Rank(combatant="alma", score=3), Rank(combatant="bors", score=1)]),
        ev.OrientationSet(levels={"alma": "full", "bors": "partial"}),
        ev.ActionsGranted(combatant="alma", physical=1, cap=4, sources=["base"]),
        ev.ActionsGranted(combatant="bors", physical=1, cap=4, sources=["base"]),
        ev.SequenceStarted(
            round=1, sequence=1, declaring=[["alma"], ["bors"]], resolving=[["alma"], ["bors"]]
        ),
    ]


def test_vda_init_01__one_roll_per_round(duel: Table) -> None:
    """VDA-INIT-01: one roll per round."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    assert duel.refuse(c.RollInitiative(combatant="alma"), dice=[1] * 5).rule == "VDA-INIT-01"


def test_vda_init_01__a_player_rolls_only_for_their_combatant(duel: Table) -> None:
    """VDA-INIT-01: a player rolls only for their combatant."""
    duel.start()
    assert (
        duel.refuse(c.RollInitiative(combatant="bors"), dice=[1] * 5, as_="ann").rule
        == "role.not-your-combatant"
    )


def test_vda_init_08__last_rounds_holder_rolls_at_plus_one(duel: Table) -> None:
    """VDA-INIT-08: last rounds holder rolls at plus one."""
    both_rolled(duel, [7, 7, 7, 2, 2], [5, 3, 3, 2, 2])
    duel.declare("alma", act("none"))
    assert duel.declare("bors", act("none"))[-1] == ev.RoundEnded(round=1, holders=["alma"])
    duel.start()
    rolled = duel.initiative("alma", [7, 7, 7, 2, 2])[0]
    assert rolled.difficulty == [
        DIFF_4,
        Modifier(rule="VDA-INIT-08", value=1, why="avait l'initiative au round précédent"),
    ]
    assert rolled.roll.difficulty == 5
    assert duel.initiative("bors", [5, 3, 3, 2, 2])[0].difficulty == [DIFF_4]


def test_vda_init_09__a_weapon_adds_or_removes_initiative_dice() -> None:
    """VDA-INIT-09: a weapon adds or removes initiative dice."""
    t = Table().add("alma", sheet(weapons=["hache_a_deux_mains"]))
    t.start()
    rolled = t.initiative("alma", [7, 7, 7, 7], weapon="hache_a_deux_mains")[0]
    assert rolled.pool == [WITS, ALERTNESS, Modifier(rule="VDA-INIT-09", value=-1, why="hache_a_deux_mains")]
    assert rolled.roll.dice == 4


def test_vda_init_09__fists_roll_initiative_with_two_dice_less() -> None:
    """VDA-INIT-09: fists roll initiative with two dice less."""
    t = Table().add("alma", sheet())
    t.start()
    assert t.initiative("alma", [7, 7, 7], weapon="poings")[0].roll.dice == 3


def test_vda_init_09__only_a_carried_weapon() -> None:
    """VDA-INIT-09: only a carried weapon."""
    t = Table().add("alma", sheet())
    t.start()
    assert t.refuse(c.RollInitiative(combatant="alma", weapon="lance"), dice=[7] * 8).rule == "VDA-INIT-09"


def test_vda_init_05__the_scimitar_bonus_binds_sequence_1() -> None:
    """VDA-INIT-05: the scimitar bonus binds sequence 1."""
    t = Table().add("alma", sheet(weapons=["cimeterre", "dague_de_chasse"]))
    t.start()
    rolled = t.initiative("alma", [7] * 7, weapon="cimeterre")[0]
    assert rolled.bound_weapon == "cimeterre"
    other = c.DeclareAction(combatant="alma", action=act("other", skill="melee", weapon="dague_de_chasse"))
    assert t.refuse(other).rule == "VDA-INIT-05"
    assert t.declare("alma", act("other", skill="melee", weapon="cimeterre"))[0].action.weapon == "cimeterre"


def test_vda_init_06__a_malus_binds_nothing() -> None:
    """VDA-INIT-06: a malus binds nothing."""
    t = Table().add("alma", sheet(weapons=["hache_a_deux_mains"]))
    t.start()
    assert t.initiative("alma", [7] * 4, weapon="hache_a_deux_mains")[0].bound_weapon is None
    assert t.declare("alma", act("move", skill="athletics"))[0].action.kind == "move"


LARGER = Modifier(rule="VDA-INIT-07", value=-1, why="charge, arme la plus grande")


def charge_table(alma_weapon: str, bors_weapon: str) -> Table:
    """Alma, who moved a whole round, announces a charge on Bors (VDA-CHARGE-03)."""
    t = Table().add("alma", sheet(weapons=[alma_weapon])).add("bors", sheet(weapons=[bors_weapon]))
    t.moving_round("alma", [2] * 3)
    t.start()
    assert t.send(c.AnnounceCharge(combatant="alma", target="bors", weapon=alma_weapon)) == [
        ev.ChargeAnnounced(combatant="alma", target="bors", weapon=alma_weapon)
    ]
    return t


def test_vda_init_07__the_larger_weapon_in_a_charge_rolls_at_minus_one() -> None:
    """VDA-INIT-07: Alma charges with a lance (G, +3) against Bors's sword (M): she rolls at
    −1, computed from the weapons; Bors cannot claim it."""
    t = charge_table("lance", "epee")
    rolled = t.initiative("alma", [3] * 5)[0]
    assert LARGER in rolled.difficulty
    claim = c.RollInitiative(combatant="bors", larger_weapon_charge=True)
    assert t.refuse(claim, dice=[7] * 5).rule == "VDA-INIT-07"
    assert LARGER not in t.initiative("bors", [7] * 5)[0].difficulty


def test_vda_init_07__the_charged_defender_with_the_larger_weapon_rolls_at_minus_one() -> None:
    """VDA-INIT-07: « qu'il soit l'assaillant ou le défenseur »: Bors's lance (G, +3) is larger
    than Alma's two-handed sword (G, 0)."""
    t = charge_table("epee_a_deux_mains", "lance")
    assert LARGER not in t.initiative("alma", [7] * 5)[0].difficulty
    assert LARGER in t.initiative("bors", [7] * 5)[0].difficulty


def test_vda_init_02__the_best_initiative_announces_first(duel: Table) -> None:
    """VDA-INIT-02: the best initiative announces first."""
    both_rolled(duel, [7, 7, 7, 2, 2], [5, 3, 3, 2, 2])
    refusal = duel.refuse(c.DeclareAction(combatant="bors", action=act("none")))
    assert refusal.rule == "VDA-INIT-02"
    assert duel.declare("alma", act("none"), as_="ann") == [
        ev.ActionDeclared(combatant="alma", sequence=1, action=act("none"))
    ]


def test_vda_init_03__attacking_a_faster_opponent_gives_up_defending_against_them(duel: Table) -> None:
    """VDA-INIT-03: attacking a faster opponent gives up defending against them."""
    both_rolled(duel, [7, 7, 7, 2, 2], [5, 3, 3, 2, 2])
    duel.declare("alma", act("attack", skill="melee", target="bors"))
    events = duel.declare("bors", act("attack", skill="melee", target="alma"))
    assert events[:2] == [
        ev.ActionDeclared(combatant="bors", sequence=1, action=act("attack", skill="melee", target="alma")),
        ev.DefenceRenounced(combatant="bors", opponent="alma", scope="sequence"),
    ]
    assert duel.state.fighters["bors"].renounced == ["alma"]


def test_vda_init_03__attacking_a_slower_opponent_costs_nothing(duel: Table) -> None:
    """VDA-INIT-03: attacking a slower opponent costs nothing."""
    both_rolled(duel, [7, 7, 7, 2, 2], [5, 3, 3, 2, 2])
    assert duel.declare("alma", act("attack", skill="melee", target="bors")) == [
        ev.ActionDeclared(combatant="alma", sequence=1, action=act("attack", skill="melee", target="bors"))
    ]


def test_vda_init_04__fewer_actions_announces_first() -> None:
    """VDA-INIT-04: fewer actions announces first."""
    t = Table().add("alma", sheet(celerity=1)).add("bors", sheet())
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 2, 2, 2])
    started = t.initiative("bors", [7, 7, 2, 2, 2])[-1]
    assert started == ev.SequenceStarted(
        round=1, sequence=1, declaring=[["bors"], ["alma"]], resolving=[["alma", "bors"]]
    )
    assert t.refuse(c.DeclareAction(combatant="alma", action=act("none"))).rule == "VDA-INIT-02"


def test_vda_init_04__equal_initiative_and_actions_declare_sealed(duel: Table) -> None:
    """VDA-INIT-04: equal initiative and actions declare sealed."""
    both_rolled(duel, [7, 7, 2, 2, 2], [7, 7, 2, 2, 2])
    attack = act("attack", skill="melee", target="bors")
    first = duel.emitted(c.DeclareAction(combatant="alma", action=attack), as_="ann")
    assert [(e.event, e.audience) for e in first] == [
        (
            ev.DeclarationSealed(combatant="alma", sequence=1, action=attack, audience=gm_and("ann")),
            gm_and("ann"),
        )
    ]
    # Nobody but Ann and the GM sees Alma's sealed choice in the state.
    assert redact(duel.state, PUBLIC).sequence.sealed == {}
    assert redact(duel.state, Viewer(role="player", id="bob")).sequence.sealed == {}
    assert list(redact(duel.state, Viewer(role="player", id="ann")).sequence.sealed) == ["alma"]
    dodge = act("defend", skill="dodge", defence="dodge")
    second = duel.emitted(c.DeclareAction(combatant="bors", action=dodge))
    assert [(e.event, e.audience) for e in second][:2] == [
        (ev.DeclarationSealed(combatant="bors", sequence=1, action=dodge, audience=GM_ONLY), GM_ONLY),
        (ev.DeclarationsRevealed(sequence=1, actions={"bors": dodge, "alma": attack}), "all"),
    ]
    assert duel.state.sequence.declared == {"alma": attack, "bors": dodge}


def test_vda_init_04__a_sealed_declaration_shows_no_effect_until_revealed(duel: Table) -> None:
    """VDA-INIT-04: whether a sealed declaration is an action does not show in
    the state others see (``physical_used``) until the declarations are revealed."""
    both_rolled(duel, [7, 7, 2, 2, 2], [7, 7, 2, 2, 2])
    before = duel.state.fighters["alma"].physical_used
    duel.emitted(
        c.DeclareAction(combatant="alma", action=act("attack", skill="melee", target="bors")), as_="ann"
    )
    assert duel.state.fighters["alma"].physical_used == before + 1  # the GM's view: the truth
    assert redact(duel.state, Viewer(role="player", id="ann")).fighters["alma"].physical_used == before + 1
    for outsider in (PUBLIC, Viewer(role="player", id="bob")):
        assert redact(duel.state, outsider).fighters["alma"].physical_used == before
    duel.emitted(c.DeclareAction(combatant="bors", action=act("defend", skill="dodge", defence="dodge")))
    assert redact(duel.state, PUBLIC).fighters["alma"].physical_used == before + 1  # revealed


def test_vda_init_10__a_score_change_reorders_from_the_next_sequence() -> None:
    """VDA-INIT-10: a score change reorders from the next sequence."""
    t = Table().add("alma", sheet(celerity=1)).add("bors", sheet(celerity=1))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.send(c.ActivateCelerity(combatant="bors"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.AdjustInitiative(combatant="bors", delta=5, reason="charge en cours de round"))
    assert t.state.sequence.resolving == [["alma"], ["bors"]]
    t.declare("alma", act("none"))
    events = t.declare("bors", act("none"))
    assert events[-1] == ev.SequenceStarted(
        round=1, sequence=2, declaring=[["bors"], ["alma"]], resolving=[["bors"], ["alma"]]
    )
