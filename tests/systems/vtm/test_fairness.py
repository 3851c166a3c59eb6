"""Nobody chooses their dice: from random states reached by legal play, every
``vtm`` command type (and the table's own), drawn from its type with random
fields and sent by the GM or a player, is refused by the same rule or accepted
whatever its dice, and never refused once a die was drawn."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.base import GM, Viewer
from domain.commands import RollDice, UpdateCombatant
from domain.systems.vtm import commands as c
from domain.systems.vtm.data import ARMOURS, WEAPONS
from domain.systems.vtm.decide import MOVES
from domain.systems.vtm.state import Action, VtmSheet
from domain.systems.wod import Attributes
from tests.fairness import FairnessDriver, assert_dice_tell_nothing
from tests.strategies import structs
from tests.systems.vtm.conftest import SEED, Table, options_for
from tests.systems.vtm.test_properties import IDS, READINGS, command_for, new_table

WORDS = [
    *IDS,
    *WEAPONS,
    *ARMOURS,
    "brawl",
    "melee",
    "dodge",
    "firearms",
    "athletics",
    "fortitude",
    "willpower",
]
ids = st.sampled_from(IDS)
FIELDS = {
    "combatant": ids,
    "target": ids,
    "attacker": ids,
    "weapon": st.sampled_from([None, *WEAPONS]),
    "reason": st.just("ruling"),
}
ANN = Viewer(role="player", id="ann")
DRIVER = FairnessDriver(
    ids=IDS,
    progress={"vtm.RollInitiative", "vtm.DeclareActions", "vtm.ResolveAction"},
    command_for=command_for,
    offered=options_for,
    fallback=[c.StartRound(), c.SkipAction(reason="on")],
    fuzzed=[*MOVES.command_types, RollDice, UpdateCombatant],
    structs=lambda kind: structs(kind, WORDS, fields=FIELDS),
    sheet_type=VtmSheet,
    senders=[GM, GM, ANN],
    seed=SEED,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_command_is_refused_after_a_die_and_no_nonce_changes_an_answer(data: st.DataObject) -> None:
    DRIVER.play(data, new_table(data.draw(READINGS)))


def test_the_largest_sheets_never_need_more_dice_than_a_roll_may_draw() -> None:
    """Every trait at 10: a whole turn of attacks, defences, damage and soak draws within
    the dice's limits, whatever the nonces."""
    attributes = Attributes(**dict.fromkeys(Attributes.__struct_fields__, 10))
    big = VtmSheet(
        attributes=attributes,
        abilities=dict.fromkeys(["brawl", "melee", "dodge", "firearms"], 10),
        disciplines={"fortitude": 10},
        weapons=["hache"],
        armour="tenue_anti_emeute",
    )
    t = Table()
    t.add("alma", big)
    t.add("bors", big)
    t.start()
    for cid in ("alma", "bors"):
        t.emitted(c.RollInitiative(combatant=cid))
    other = {"alma": "bors", "bors": "alma"}
    for _ in range(2):
        cid = next(cid for cid in other if "vtm.DeclareActions" in options_for(t.timeline.head, cid))
        strike = Action(kind="attack", maneuver="strike", target=other[cid], weapon="hache")
        t.emitted(
            c.DeclareActions(
                combatant=cid, actions=[strike, Action(kind="defend", defence="parry", target=other[cid])]
            )
        )
    for _ in range(2):
        cid = next(cid for cid in other if "vtm.ResolveAction" in options_for(t.timeline.head, cid))
        command = c.ResolveAction(combatant=cid)
        assert assert_dice_tell_nothing(t.timeline.head, command, GM, SEED) == "accepted"
        t.emitted(command)


def test_a_pool_past_the_dice_limit_is_cut_down_before_the_first_die() -> None:
    """The GM's overrides pile up on Bors's dodge past what one roll may draw: the pool
    is cut to the limit, as a term in the log, instead of failing after Alma's dice."""
    t = Table()
    t.add("alma", VtmSheet(abilities={"brawl": 2}))
    t.add("bors", VtmSheet(abilities={"dodge": 2}))
    t.start()
    t.emitted(c.RollInitiative(combatant="alma"), dice=[9])
    t.emitted(c.RollInitiative(combatant="bors"), dice=[1])
    t.emitted(c.DeclareActions(combatant="bors", actions=[Action(kind="defend", defence="dodge")]))
    t.emitted(
        c.DeclareActions(combatant="alma", actions=[Action(kind="attack", maneuver="punch", target="bors")])
    )
    for _ in range(4):
        t.emitted(c.AdjustRoll(combatant="bors", dice=20, reason="un miracle"))
    command = c.ResolveAction(combatant="alma")
    assert assert_dice_tell_nothing(t.timeline.head, command, GM, SEED) == "accepted"
    defence = t.emitted(command)[1].event
    assert defence.pool[-1].rule == "dice.pool-size" and defence.roll.dice == 60
